import { describe, expect, it } from 'vitest';
import { nearestDevicePixel } from './pixel-snap';

describe('nearestDevicePixel', () => {
  it('rounds to the nearest whole CSS pixel at a ratio of 1, half a pixel up', () => {
    expect(nearestDevicePixel(3_999_907.6, 1)).toBe(3_999_908);
    expect(nearestDevicePixel(2_399_952.16, 1)).toBe(2_399_952);
    expect(nearestDevicePixel(1000.5, 1)).toBe(1001);
  });

  it('rounds to device pixels at fractional ratios', () => {
    expect(nearestDevicePixel(1000.2, 2)).toBe(1000);
    expect(nearestDevicePixel(1000.3, 2)).toBe(1000.5);
    expect(nearestDevicePixel(1000.5, 1.25)).toBeCloseTo(1000.8, 9);
  });

  it('leaves the offset alone without a usable ratio', () => {
    expect(nearestDevicePixel(1000.3, 0)).toBe(1000.3);
    expect(nearestDevicePixel(1000.3, Number.NaN)).toBe(1000.3);
  });
});

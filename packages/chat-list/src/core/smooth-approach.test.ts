import { describe, expect, test } from 'vitest';
import { smoothApproachOffset } from './smooth-approach';

describe('smoothApproachOffset', () => {
  test('glides the whole way to a target within two viewports, either way', () => {
    expect(smoothApproachOffset(5000, 6000, 500)).toBeNull();
    expect(smoothApproachOffset(5000, 4000, 500)).toBeNull();
    expect(smoothApproachOffset(5000, 5000, 500)).toBeNull();
  });

  test('jumps to a viewport short of a farther target, on the side it comes from', () => {
    expect(smoothApproachOffset(0, 100_000, 500)).toBe(99_500);
    expect(smoothApproachOffset(100_000, 0, 500)).toBe(500);
    expect(smoothApproachOffset(5000, 6001, 500)).toBe(5501);
  });

  test('glides all the way while the viewport has no height yet', () => {
    expect(smoothApproachOffset(0, 100_000, 0)).toBeNull();
    expect(smoothApproachOffset(0, 100_000, Number.NaN)).toBeNull();
  });
});

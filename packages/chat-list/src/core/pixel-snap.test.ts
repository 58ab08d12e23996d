import { describe, expect, it } from 'vitest';
import { snapCommandOffset } from './pixel-snap';
import type { ScrollTarget } from './scroll-owner';

const message = (align: 'start' | 'end' | 'center' | 'nearest' | undefined, offset?: number): ScrollTarget => ({
  kind: 'index',
  index: 50_000,
  align,
  offset,
});

describe('a command offset on whole device pixels', () => {
  it('rounds a message aligned at the start up, so the message above it stays out of view', () => {
    expect(snapCommandOffset(3_999_907.6, message('start'), 1)).toBe(3_999_908);
    expect(snapCommandOffset(3_999_907.2, message('start'), 1)).toBe(3_999_908);
  });

  it('rounds a message aligned at the end down, so the message below it stays out of view', () => {
    expect(snapCommandOffset(1234.8, message('end'), 1)).toBe(1234);
  });

  it('keeps an offset that misses a whole pixel by sub-pixel noise on that pixel', () => {
    expect(snapCommandOffset(1000.000_001, message('start'), 1)).toBe(1000);
    expect(snapCommandOffset(999.999_999, message('end'), 1)).toBe(1000);
  });

  it('rounds a centred message, one the list decides the edge of, and one held at an offset to the nearest pixel', () => {
    expect(snapCommandOffset(1000.4, message('center'), 1)).toBe(1000);
    expect(snapCommandOffset(1000.6, message('nearest'), 1)).toBe(1001);
    expect(snapCommandOffset(1000.6, message(undefined), 1)).toBe(1001);
    expect(snapCommandOffset(1000.6, message('start', 12), 1)).toBe(1001);
  });

  it('uses device pixels: halves of a CSS pixel at a ratio of 2', () => {
    expect(snapCommandOffset(1000.2, message('start'), 2)).toBe(1000.5);
    expect(snapCommandOffset(1000.7, message('end'), 2)).toBe(1000.5);
  });

  it('leaves the bottom and the top alone', () => {
    expect(snapCommandOffset(1000.6, { kind: 'bottom' }, 1)).toBe(1000.6);
    expect(snapCommandOffset(1000.6, { kind: 'top' }, 1)).toBe(1000.6);
    expect(snapCommandOffset(1000.6, null, 1)).toBe(1000.6);
  });
});

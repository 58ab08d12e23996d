import { describe, expect, it } from 'vitest';
import { getVisibleIndexRange, type LaidOutRow } from './visible-range';

/** Rows of the given heights laid out from 0, message indexes from `firstMessageIndex`. */
function layout(heights: readonly number[], firstMessageIndex = 0): LaidOutRow[] {
  let start = 0;
  return heights.map((height, i) => {
    const row = { messageIndex: firstMessageIndex + i, start, end: start + height };
    start += height;
    return row;
  });
}

// 10 rows of 100 px: row i spans [100 i, 100 i + 100).
const rows = layout(Array.from({ length: 10 }, () => 100));

describe('getVisibleIndexRange', () => {
  it('returns the rows intersecting the viewport', () => {
    expect(getVisibleIndexRange(rows, 250, 300)).toEqual({ firstIndex: 2, lastIndex: 5 });
  });

  it('returns the first rows at offset 0', () => {
    expect(getVisibleIndexRange(rows, 0, 250)).toEqual({ firstIndex: 0, lastIndex: 2 });
  });

  it('returns the last rows at the bottom', () => {
    expect(getVisibleIndexRange(rows, 700, 300)).toEqual({ firstIndex: 7, lastIndex: 9 });
  });

  it('does not count a row ending exactly at the viewport top as visible', () => {
    // Row 2 is [200, 300): it ends where the viewport begins.
    expect(getVisibleIndexRange(rows, 300, 200)).toEqual({ firstIndex: 3, lastIndex: 4 });
  });

  it('does not count a row starting exactly at the viewport bottom as visible', () => {
    // Viewport [300, 500): row 5 starts at 500.
    expect(getVisibleIndexRange(rows, 300, 200)?.lastIndex).toBe(4);
  });

  it('counts a row with a single pixel inside the viewport', () => {
    expect(getVisibleIndexRange(rows, 299, 202)).toEqual({ firstIndex: 2, lastIndex: 5 });
  });

  it('returns a single row when the viewport lies inside one tall row', () => {
    expect(getVisibleIndexRange(layout([100, 5000, 100]), 1000, 500)).toEqual({ firstIndex: 1, lastIndex: 1 });
  });

  it('skips the prefix and suffix rows (messageIndex -1)', () => {
    const withAffixes: LaidOutRow[] = [
      { messageIndex: -1, start: 0, end: 40 },
      { messageIndex: 0, start: 40, end: 140 },
      { messageIndex: 1, start: 140, end: 240 },
      { messageIndex: -1, start: 240, end: 280 },
    ];
    expect(getVisibleIndexRange(withAffixes, 0, 280)).toEqual({ firstIndex: 0, lastIndex: 1 });
  });

  it('returns null when only an affix row is visible', () => {
    const withPrefix: LaidOutRow[] = [
      { messageIndex: -1, start: 0, end: 200 },
      { messageIndex: 0, start: 200, end: 300 },
    ];
    expect(getVisibleIndexRange(withPrefix, 0, 150)).toBeNull();
  });

  it('skips zero-height rows', () => {
    const withEmpty: LaidOutRow[] = [
      { messageIndex: 0, start: 0, end: 100 },
      { messageIndex: 1, start: 100, end: 100 },
      { messageIndex: 2, start: 100, end: 200 },
    ];
    expect(getVisibleIndexRange(withEmpty, 100, 100)).toEqual({ firstIndex: 2, lastIndex: 2 });
  });

  it('works on a virtualized window that starts deep in the list', () => {
    const windowRows = layout([100, 100, 100, 100], 5000).map((row) => ({
      ...row,
      start: row.start + 500_000,
      end: row.end + 500_000,
    }));
    expect(getVisibleIndexRange(windowRows, 500_150, 100)).toEqual({ firstIndex: 5001, lastIndex: 5002 });
  });

  it('returns null for a viewport of 0 px', () => {
    expect(getVisibleIndexRange(rows, 0, 0)).toBeNull();
  });

  it('returns null for a negative viewport size', () => {
    expect(getVisibleIndexRange(rows, 0, -10)).toBeNull();
  });

  it('returns null when there are no rows', () => {
    expect(getVisibleIndexRange([], 0, 500)).toBeNull();
  });

  it('returns null when every row is above the viewport', () => {
    expect(getVisibleIndexRange(rows, 1000, 500)).toBeNull();
  });

  it('handles fractional offsets', () => {
    expect(getVisibleIndexRange(rows, 199.5, 100)).toEqual({ firstIndex: 1, lastIndex: 2 });
  });
});

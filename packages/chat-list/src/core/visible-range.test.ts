import { describe, expect, it } from 'vitest';
import { getVisibleIndexRange, isSameVisibleRange, type LaidOutRow } from './visible-range';

/** Rows of the given heights laid out from 0. */
function layout(heights: readonly number[]): LaidOutRow[] {
  let start = 0;
  return heights.map((height) => {
    const row = { start, end: start + height };
    start += height;
    return row;
  });
}

// 10 rows of 100 px: row i spans [100 i, 100 i + 100).
const rows = layout(Array.from({ length: 10 }, () => 100));

/** The range among `rows` of messages only, scanned from the first row. */
const visible = (laidOut: readonly LaidOutRow[], scrollOffset: number, viewportSize: number) =>
  getVisibleIndexRange({
    rows: laidOut,
    firstRowInView: 0,
    scrollOffset,
    viewportSize,
    firstMessageRow: 0,
    messageCount: laidOut.length,
  });

describe('getVisibleIndexRange', () => {
  it('returns the rows intersecting the viewport', () => {
    expect(visible(rows, 250, 300)).toEqual({ firstIndex: 2, lastIndex: 5 });
  });

  it('returns the first rows at offset 0', () => {
    expect(visible(rows, 0, 250)).toEqual({ firstIndex: 0, lastIndex: 2 });
  });

  it('returns the last rows at the bottom', () => {
    expect(visible(rows, 700, 300)).toEqual({ firstIndex: 7, lastIndex: 9 });
  });

  it('does not count a row ending exactly at the viewport top as visible', () => {
    // Row 2 is [200, 300): it ends where the viewport begins.
    expect(visible(rows, 300, 200)).toEqual({ firstIndex: 3, lastIndex: 4 });
  });

  it('does not count a row starting exactly at the viewport bottom as visible', () => {
    // Viewport [300, 500): row 5 starts at 500.
    expect(visible(rows, 300, 200)?.lastIndex).toBe(4);
  });

  it('counts a row that reaches more than a pixel into the viewport', () => {
    expect(visible(rows, 298.5, 203)).toEqual({ firstIndex: 2, lastIndex: 5 });
  });

  it('does not count a sliver of a pixel or less at either edge: the browser rounding the offset to a device pixel', () => {
    // Viewport [299, 501): row 2 ends a pixel into it, row 5 starts a pixel above its end.
    expect(visible(rows, 299, 202)).toEqual({ firstIndex: 3, lastIndex: 4 });
    // A message whose top is at 3 999 907.6 px, landed on 3 999 907 (Firefox): the row above shows 0.6 px.
    const fractional = [
      { start: 3_999_807.6, end: 3_999_907.6 },
      { start: 3_999_907.6, end: 4_000_007.6 },
    ];
    expect(visible(fractional, 3_999_907, 80)).toEqual({ firstIndex: 1, lastIndex: 1 });
  });

  it('returns the rows a viewport of under two pixels touches, which no row reaches a pixel into', () => {
    expect(visible(rows, 250, 1.5)).toEqual({ firstIndex: 2, lastIndex: 2 });
    expect(visible(rows, 299.5, 1)).toEqual({ firstIndex: 2, lastIndex: 3 });
  });

  it('returns a single row when the viewport lies inside one tall row', () => {
    expect(visible(layout([100, 5000, 100]), 1000, 500)).toEqual({ firstIndex: 1, lastIndex: 1 });
  });

  it('skips the prefix and suffix rows: row indexes shift by the prefix, rows past the messages are the suffix', () => {
    // Prefix [0, 40), messages 0 and 1, suffix [240, 280).
    const withAffixes = layout([40, 100, 100, 40]);
    expect(
      getVisibleIndexRange({
        rows: withAffixes,
        firstRowInView: 0,
        scrollOffset: 0,
        viewportSize: 280,
        firstMessageRow: 1,
        messageCount: 2,
      }),
    ).toEqual({ firstIndex: 0, lastIndex: 1 });
  });

  it('returns null when only an affix row is visible', () => {
    const withPrefix = layout([200, 100]);
    expect(
      getVisibleIndexRange({
        rows: withPrefix,
        firstRowInView: 0,
        scrollOffset: 0,
        viewportSize: 150,
        firstMessageRow: 1,
        messageCount: 1,
      }),
    ).toBeNull();
  });

  it('skips zero-height rows', () => {
    expect(visible(layout([100, 0, 100]), 100, 100)).toEqual({ firstIndex: 2, lastIndex: 2 });
  });

  it('starts at the given row and reports message indexes deep in the list', () => {
    // 10 000 rows of 100 px; the viewport [500 150, 500 250) holds rows 5001 and 5002.
    const many = layout(Array.from({ length: 10_000 }, () => 100));
    expect(
      getVisibleIndexRange({
        rows: many,
        firstRowInView: 5001,
        scrollOffset: 500_150,
        viewportSize: 100,
        firstMessageRow: 0,
        messageCount: many.length,
      }),
    ).toEqual({
      firstIndex: 5001,
      lastIndex: 5002,
    });
  });

  it('stops at the first row past the viewport instead of reading the rest', () => {
    const read: number[] = [];
    const watched = new Proxy(rows, {
      get(target, property, receiver) {
        if (typeof property === 'string' && /^\d+$/.test(property)) read.push(Number(property));
        return Reflect.get(target, property, receiver);
      },
    });
    expect(
      getVisibleIndexRange({
        rows: watched,
        firstRowInView: 2,
        scrollOffset: 250,
        viewportSize: 300,
        firstMessageRow: 0,
        messageCount: rows.length,
      }),
    ).toEqual({ firstIndex: 2, lastIndex: 5 });
    expect(read).toEqual([2, 3, 4, 5, 6]);
  });

  it('returns null for a viewport of 0 px', () => {
    expect(visible(rows, 0, 0)).toBeNull();
  });

  it('returns null for a negative viewport size', () => {
    expect(visible(rows, 0, -10)).toBeNull();
  });

  it('returns null when there are no rows', () => {
    expect(visible([], 0, 500)).toBeNull();
  });

  it('returns null when every row is above the viewport', () => {
    expect(visible(rows, 1000, 500)).toBeNull();
  });

  it('handles fractional offsets', () => {
    expect(visible(rows, 198.5, 100)).toEqual({ firstIndex: 1, lastIndex: 2 });
    expect(visible(rows, 199.5, 100)).toEqual({ firstIndex: 2, lastIndex: 2 });
  });
});

describe('isSameVisibleRange', () => {
  const range = { firstIndex: 3, lastIndex: 9, firstId: 'a', lastId: 'b' };

  it('is true for equal ranges and for nothing visible twice', () => {
    expect(isSameVisibleRange(range, { ...range })).toBe(true);
    expect(isSameVisibleRange(null, null)).toBe(true);
  });

  it('is false when an index or a key differs, or one side is empty', () => {
    expect(isSameVisibleRange(range, { ...range, lastIndex: 10 })).toBe(false);
    // A prepend: the same messages at new indexes.
    expect(isSameVisibleRange(range, { ...range, firstIndex: 13, lastIndex: 19 })).toBe(false);
    expect(isSameVisibleRange(range, { ...range, firstId: 'z' })).toBe(false);
    expect(isSameVisibleRange(range, null)).toBe(false);
    expect(isSameVisibleRange(null, range)).toBe(false);
  });
});

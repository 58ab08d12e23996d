import { describe, expect, it } from 'vitest';
import {
  findStickyHeader,
  isGroupStart,
  isGroupStartRow,
  startsGroup,
  type GroupKey,
  type GroupLayout,
} from './group-header';

/** Rows of the given heights stacked from 0; `groups[i]` is row i's group key (undefined: an affix row). */
const layoutOf = (sizes: number[], groups: Array<GroupKey | undefined>): GroupLayout => {
  const rows: Array<{ start: number; end: number }> = [];
  let start = 0;
  for (const size of sizes) {
    rows.push({ start, end: start + size });
    start += size;
  }
  const groupAt = (index: number) => groups[index];
  return {
    count: rows.length,
    rowAt: (index) => rows[index],
    isMessageRow: (index) => groups[index] !== undefined,
    isGroupStartRow: (index) => groups[index] !== undefined && isGroupStart(index, groupAt),
  };
};

describe('isGroupStart', () => {
  const keys: Array<GroupKey | undefined> = ['mon', 'mon', 'tue', undefined, 'tue', 1, '1'];
  const keyAt = (index: number) => keys[index];

  it('starts a group at the first message and wherever the key changes', () => {
    expect([0, 1, 2].map((index) => isGroupStart(index, keyAt))).toEqual([true, false, true]);
  });

  it('starts none at a message without a key, and one after it', () => {
    expect(isGroupStart(3, keyAt)).toBe(false);
    expect(isGroupStart(4, keyAt)).toBe(true);
  });

  it('tells the number 1 and the string "1" apart', () => {
    expect(isGroupStart(6, keyAt)).toBe(true);
    expect(startsGroup(1, '1')).toBe(true);
    expect(startsGroup(1, 1)).toBe(false);
  });

  it('starts a group after nothing, never without a key', () => {
    expect(startsGroup('mon', undefined)).toBe(true);
    expect(startsGroup(undefined, 'mon')).toBe(false);
  });
});

describe('isGroupStartRow', () => {
  const rows = { firstMessageRow: 1, messageCount: 3, groupKeyAt: (index: number) => ['mon', 'mon', 'tue'][index] };

  it('counts the prefix row before the first message, and no affix row starts a group', () => {
    expect([0, 1, 2, 3, 4].map((virtualIndex) => isGroupStartRow(virtualIndex, rows))).toEqual([
      false,
      true,
      false,
      true,
      false,
    ]);
    expect(isGroupStartRow(0, { ...rows, firstMessageRow: 0 })).toBe(true);
  });
});

describe('findStickyHeader', () => {
  // Rows 0–2 are Monday, 3–5 Tuesday; every row is 100 px, the header 30 px.
  const days = layoutOf([100, 100, 100, 100, 100, 100], ['mon', 'mon', 'mon', 'tue', 'tue', 'tue']);
  const at = (scrollOffset: number, firstRowInView = 0) =>
    findStickyHeader(days, { firstRowInView, scrollOffset, headerSize: 30 });

  it('sticks nothing while the group start row shows its own header at the top', () => {
    expect(at(0)).toBeNull();
    expect(at(300)).toBeNull();
    // Half a pixel of rounding still counts as in view.
    expect(at(300.4)).toBeNull();
  });

  it('sticks the group of the row at the top once its first row has left', () => {
    expect(at(1)).toEqual({ rowIndex: 0, pushOffset: 0 });
    expect(at(150)).toEqual({ rowIndex: 1, pushOffset: 0 });
    expect(at(450, 2)).toEqual({ rowIndex: 4, pushOffset: 0 });
  });

  it('takes a row that ends within half a pixel below the top for the row above the reader’s', () => {
    // A scroll that lands on a whole pixel 0.4 px above Tuesday's first row: its own header is in
    // view, no pushed-up Monday over it.
    expect(at(299.6)).toBeNull();
    const pushed = at(299.4);
    expect(pushed?.rowIndex).toBe(2);
    expect(pushed?.pushOffset).toBeCloseTo(-29.4);
  });

  it('starts the search from any row at or before the top', () => {
    expect(at(250, 0)).toEqual(at(250, 2));
  });

  it('is pushed up by the next group start within its height of the top', () => {
    expect(at(270)).toEqual({ rowIndex: 2, pushOffset: 0 });
    expect(at(280)).toEqual({ rowIndex: 2, pushOffset: -10 });
    expect(at(299)).toEqual({ rowIndex: 2, pushOffset: -29 });
  });

  it('is not pushed before it has a size', () => {
    expect(findStickyHeader(days, { firstRowInView: 0, scrollOffset: 290, headerSize: 0 })).toEqual({
      rowIndex: 2,
      pushOffset: 0,
    });
  });

  it('sticks nothing over the prefix row, and sticks again once a message spans the top', () => {
    // A 40 px "Loading..." row, then Monday.
    const withPrefix = layoutOf([40, 100, 100], [undefined, 'mon', 'mon']);
    expect(findStickyHeader(withPrefix, { firstRowInView: 0, scrollOffset: 20, headerSize: 30 })).toBeNull();
    expect(findStickyHeader(withPrefix, { firstRowInView: 0, scrollOffset: 60, headerSize: 30 })).toEqual({
      rowIndex: 1,
      pushOffset: 0,
    });
  });

  it('sticks nothing past the last row', () => {
    expect(at(700)).toBeNull();
  });

  it('follows a group that takes the whole viewport', () => {
    const long = layoutOf([100, 5000, 100], ['mon', 'tue', 'wed']);
    expect(findStickyHeader(long, { firstRowInView: 1, scrollOffset: 2000, headerSize: 30 })).toEqual({
      rowIndex: 1,
      pushOffset: 0,
    });
    expect(findStickyHeader(long, { firstRowInView: 1, scrollOffset: 5090, headerSize: 30 })).toEqual({
      rowIndex: 1,
      pushOffset: -20,
    });
  });
});

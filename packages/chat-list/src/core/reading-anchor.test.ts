import { describe, expect, it } from 'vitest';
import {
  ABOVE_VIEWPORT_TOLERANCE_PX,
  findAnchorIndex,
  findReadingAnchor,
  getAnchoredOffset,
  planAnchoredOffset,
  settleAnchoredOffset,
  shouldCompensateResize,
  shouldKeepReadingAnchor,
  type AnchorLayout,
} from './reading-anchor';

/** Rows of the given heights, keyed k0, k1…; `prefix` marks row 0 as the prefix row. */
const layoutOf = (heights: number[], prefix = false): AnchorLayout<string> => {
  let start = 0;
  const rows = heights.map((height, index) => {
    const row = { key: `k${index}`, start, end: start + height };
    start += height;
    return row;
  });
  return { count: rows.length, rowAt: (index) => rows[index], isMessageRow: (index) => !(prefix && index === 0) };
};

describe('findReadingAnchor', () => {
  const view = (scrollOffset: number, viewportSize = 250) => ({ firstRowInView: 0, scrollOffset, viewportSize });

  it('is the top fully visible row, with its distance from the viewport top', () => {
    expect(findReadingAnchor(layoutOf([100, 100, 100]), view(150))).toEqual({ key: 'k2', index: 2, distance: 50 });
  });

  it('is not a row cut by the viewport top: a message inserted under that row must not push the reader down', () => {
    expect(findReadingAnchor(layoutOf([308, 84, 40]), view(8, 450))).toEqual({ key: 'k1', index: 1, distance: 300 });
  });

  it('counts a row starting less than half a pixel above the top as fully visible', () => {
    expect(findReadingAnchor(layoutOf([100, 100, 100]), view(100.4))).toMatchObject({ key: 'k1', index: 1 });
  });

  it('is the row that spans the viewport when no row starts in it', () => {
    expect(findReadingAnchor(layoutOf([100, 1000, 100]), view(150))).toEqual({ key: 'k1', index: 1, distance: -50 });
  });

  it('is the spanning row when the row below it shows a pixel or less', () => {
    // k2 starts 0.5 px above the viewport's bottom (250 + 150 = 400): a sliver, not read.
    expect(findReadingAnchor(layoutOf([100, 299.5, 100]), view(150))).toEqual({ key: 'k1', index: 1, distance: -50 });
    expect(findReadingAnchor(layoutOf([100, 298.5, 100]), view(150))).toMatchObject({ key: 'k2', index: 2 });
  });

  it('skips a row that ends exactly at the viewport top', () => {
    expect(findReadingAnchor(layoutOf([100, 100, 100]), view(100))).toEqual({ key: 'k1', index: 1, distance: 0 });
  });

  it('never anchors on the prefix row, which comes and goes', () => {
    expect(findReadingAnchor(layoutOf([40, 100, 100], true), view(0))).toEqual({ key: 'k1', index: 1, distance: 40 });
  });

  it('is null without rows', () => {
    expect(findReadingAnchor(layoutOf([]), view(0))).toBeNull();
  });
});

describe('findAnchorIndex', () => {
  const keys =
    (count: number, shift = 0) =>
    (index: number) =>
      `k${index - shift}`;

  it('finds the row where it was when nothing moved', () => {
    expect(findAnchorIndex({ key: 'k50', index: 50, distance: 0 }, 100, keys(100), 0)).toBe(50);
  });

  it('finds the row shifted by a prepend, looking first where the prepend put it', () => {
    const looked: number[] = [];
    const keyAt = (index: number) => {
      looked.push(index);
      return `k${index - 10}`;
    };
    expect(findAnchorIndex({ key: 'k50', index: 50, distance: 0 }, 110, keyAt, 10)).toBe(60);
    expect(looked).toEqual([60]);
  });

  it('finds the row when an insert above it was not expected, searching outwards', () => {
    expect(findAnchorIndex({ key: 'k50', index: 50, distance: 0 }, 103, keys(103, 3), 0)).toBe(53);
  });

  it('is -1 when the row is gone', () => {
    expect(findAnchorIndex({ key: 'gone', index: 5, distance: 0 }, 10, keys(10), 0)).toBe(-1);
  });
});

describe('getAnchoredOffset', () => {
  it('puts the row back at its distance from the viewport top, never above the content', () => {
    expect(getAnchoredOffset({ key: 'k', index: 0, distance: -30 }, 1000)).toBe(1030);
    expect(getAnchoredOffset({ key: 'k', index: 0, distance: 40 }, 10)).toBe(0);
  });
});

describe('planAnchoredOffset and settleAnchoredOffset', () => {
  const anchor = { key: 'k', index: 1, distance: 162.5 };

  it('an anchor within the content needs nothing settled: the measured rows moved TanStack already', () => {
    const planned = planAnchoredOffset(anchor, 400, 900);
    expect(planned).toEqual({ offset: 237.5, clampedFrom: null });
    expect(settleAnchoredOffset(planned, 267.5, 900)).toBe(267.5);
  });

  it('a replaced row above the reader, at its estimate, puts the anchor above the top; its measured size brings it back', () => {
    // The row above measured 138.5 px taller than its estimate of 80 px: TanStack moved its offset by that.
    const planned = planAnchoredOffset(anchor, 80, 0);
    expect(planned).toEqual({ offset: 0, clampedFrom: -82.5 });
    expect(settleAnchoredOffset(planned, 138.5, 90)).toBe(56);
  });

  it('an anchor clamped at the top stays at the top when the rows above measured as estimated', () => {
    const planned = planAnchoredOffset(anchor, 80, 500);
    expect(settleAnchoredOffset(planned, 0, 500)).toBe(0);
  });

  it('an anchor clamped at the end reaches as far as the measured content does', () => {
    const planned = planAnchoredOffset(anchor, 1200, 900);
    expect(planned).toEqual({ offset: 900, clampedFrom: 1037.5 });
    expect(settleAnchoredOffset(planned, 927, 1000)).toBe(1000);
    expect(settleAnchoredOffset(planned, 927, 1100)).toBe(1064.5);
  });
});

describe('shouldKeepReadingAnchor', () => {
  it('keeps the anchor for every change but a prefix appearing at the very top (SPEC §2.5)', () => {
    expect(shouldKeepReadingAnchor({ scrollOffset: 0, isPrefixAppearing: true })).toBe(false);
    expect(shouldKeepReadingAnchor({ scrollOffset: 1.4, isPrefixAppearing: true })).toBe(false);
    expect(shouldKeepReadingAnchor({ scrollOffset: 40, isPrefixAppearing: true })).toBe(true);
    expect(shouldKeepReadingAnchor({ scrollOffset: 0, isPrefixAppearing: false })).toBe(true);
  });
});

describe('shouldCompensateResize', () => {
  it('compensates a row above the viewport', () => {
    expect(shouldCompensateResize({ start: 100, end: 200, isMeasured: true }, 500, 400)).toBe(true);
  });

  it('compensates a row that ends less than a pixel into the viewport (sub-pixel noise, 112 px lost under load)', () => {
    expect(shouldCompensateResize({ start: 6275.19, end: 6426.53, isMeasured: true }, 6426.42, 400)).toBe(true);
    expect(
      shouldCompensateResize({ start: 0, end: 500 + ABOVE_VIEWPORT_TOLERANCE_PX + 0.01, isMeasured: true }, 500, 0.001),
    ).toBe(false);
  });

  it('compensates a measured row spanning the top edge with rows visible below it: they are what the reader reads', () => {
    expect(shouldCompensateResize({ start: 400, end: 700, isMeasured: true }, 500, 400)).toBe(true);
  });

  it('leaves a row spanning the top alone when the row below it shows a pixel or less: the reader reads the spanning row', () => {
    // The long fuzz, seed 100013: the row ended 0.06 px inside a 300 px viewport in the DOM, and
    // a hair past it in TanStack's offsets.
    expect(shouldCompensateResize({ start: 13431.7, end: 13806.94, isMeasured: true }, 13507, 300)).toBe(false);
    expect(shouldCompensateResize({ start: 13431.7, end: 13807.1, isMeasured: true }, 13507, 300)).toBe(false);
    expect(shouldCompensateResize({ start: 13431.7, end: 13805.9, isMeasured: true }, 13507, 300)).toBe(true);
  });

  it('leaves a measured row that fills the whole viewport alone: the reader reads it, it grows downwards', () => {
    expect(shouldCompensateResize({ start: 400, end: 1000, isMeasured: true }, 500, 400)).toBe(false);
  });

  it('leaves the last message alone when it spans the top: below it is no row the reader reads', () => {
    expect(shouldCompensateResize({ start: 400, end: 700, isMeasured: true, isLastMessage: true }, 500, 400)).toBe(
      false,
    );
    // Its first measurement, and the last message above the viewport, still move the offset.
    expect(shouldCompensateResize({ start: 400, end: 700, isMeasured: false, isLastMessage: true }, 500, 400)).toBe(
      true,
    );
    expect(shouldCompensateResize({ start: 100, end: 200, isMeasured: true, isLastMessage: true }, 500, 400)).toBe(
      true,
    );
  });

  it("compensates a spanning row's first measurement: its estimate was above the reader all along", () => {
    expect(shouldCompensateResize({ start: 400, end: 700, isMeasured: false }, 500, 400)).toBe(true);
  });

  it('leaves a row that starts less than half a pixel above the top alone: it is the reader’s row, rounded', () => {
    // The fuzzer's case: scrollTop 80087 (device pixels), the row measured from 80086.5.
    expect(shouldCompensateResize({ start: 80086.5, end: 80300, isMeasured: true }, 80087, 600)).toBe(false);
    expect(shouldCompensateResize({ start: 80086.4, end: 80300, isMeasured: true }, 80087, 600)).toBe(true);
  });

  it('leaves a row below the viewport top alone', () => {
    expect(shouldCompensateResize({ start: 600, end: 700, isMeasured: false }, 500, 400)).toBe(false);
  });
});

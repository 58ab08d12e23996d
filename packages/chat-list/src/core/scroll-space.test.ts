import { describe, expect, it } from 'vitest';
import {
  MAX_SCALED_WINDOW_SIZE,
  MAX_SCROLL_SIZE,
  READER_JUMP_VIEWPORTS,
  SCALED_EDGE_MARGIN,
  SCALED_WINDOW_SIZE,
  UNSCALED_SPACE,
  hiddenBelow,
  isScaledSpace,
  planScrollSpace,
  scrollSizeIn,
  spaceAround,
  spaceForReaderJump,
  type ScrollSpace,
} from './scroll-space';

const viewportSize = 600;
const million = { contentSize: 80_000_000, viewportSize };
const maxOffset = million.contentSize - viewportSize;

/** Every space must keep the reader's offset inside the scroller, and the scroller within the cap. */
const expectHolds = (space: ScrollSpace, offset: number, contentSize = million.contentSize) => {
  const size = scrollSizeIn(space, contentSize);
  expect(size).toBeLessThanOrEqual(MAX_SCALED_WINDOW_SIZE);
  expect(offset - space.shift).toBeGreaterThanOrEqual(0);
  expect(offset - space.shift).toBeLessThanOrEqual(size - viewportSize);
  expect(Number.isInteger(space.shift)).toBe(true);
};

describe('scroll space', () => {
  it('leaves content up to MAX_SCROLL_SIZE unscaled, whatever the offset', () => {
    const geometry = { contentSize: MAX_SCROLL_SIZE, viewportSize };
    expect(spaceAround(5_000_000, geometry)).toBe(UNSCALED_SPACE);
    expect(planScrollSpace(UNSCALED_SPACE, 5_000_000, geometry)).toBe(UNSCALED_SPACE);
    expect(isScaledSpace(UNSCALED_SPACE)).toBe(false);
  });

  it('goes back to unscaled when the content shrinks below the cap (a conversation switched)', () => {
    const scaled = spaceAround(maxOffset, million);
    expect(isScaledSpace(scaled)).toBe(true);
    expect(planScrollSpace(scaled, 1000, { contentSize: 100_000, viewportSize })).toBe(UNSCALED_SPACE);
  });

  it('opens a million messages at the bottom in a window that holds the content to its end', () => {
    const space = spaceAround(maxOffset, million);
    expect(space.end).toBeNull();
    expect(space.shift).toBe(million.contentSize - SCALED_WINDOW_SIZE);
    expect(hiddenBelow(space, million.contentSize)).toBe(0);
    expectHolds(space, maxOffset);
  });

  it('reaches the first message with a window at the top', () => {
    const space = spaceAround(0, million);
    expect(space).toEqual({ shift: 0, end: SCALED_WINDOW_SIZE });
    expectHolds(space, 0);
  });

  it('places a window around any offset with room on both sides, the thumb where the offset stands', () => {
    for (const fraction of [0.001, 0.1, 0.25, 0.5, 0.75, 0.9, 0.999]) {
      const offset = fraction * maxOffset;
      const space = spaceAround(offset, million);
      expectHolds(space, offset);
      const inScroller = offset - space.shift;
      const size = scrollSizeIn(space, million.contentSize);
      if (space.shift > 0) expect(inScroller).toBeGreaterThanOrEqual(2 * SCALED_EDGE_MARGIN - 1);
      if (hiddenBelow(space, million.contentSize) > 0)
        expect(size - viewportSize - inScroller).toBeGreaterThanOrEqual(2 * SCALED_EDGE_MARGIN - 1);
      // A planned render in that space keeps it: no re-base loop.
      expect(planScrollSpace(space, offset, million)).toBe(space);
    }
  });

  it('keeps the window while the reader scrolls inside it, and moves it near an edge with content beyond', () => {
    const offset = 0.5 * maxOffset;
    const space = spaceAround(offset, million);
    const inScroller = offset - space.shift;
    expect(planScrollSpace(space, offset - (inScroller - SCALED_EDGE_MARGIN - 1), million)).toBe(space);
    const nearTop = space.shift + SCALED_EDGE_MARGIN - 1;
    const moved = planScrollSpace(space, nearTop, million);
    expect(moved.shift).toBeLessThan(space.shift);
    expectHolds(moved, nearTop);
    const size = scrollSizeIn(space, million.contentSize);
    const nearBottom = space.shift + size - viewportSize - SCALED_EDGE_MARGIN + 1;
    const movedDown = planScrollSpace(space, nearBottom, million);
    expect(movedDown.shift).toBeGreaterThan(space.shift);
    expectHolds(movedDown, nearBottom);
  });

  it('lets a window open to the live end grow with the content, and moves it once past the cap', () => {
    const space = spaceAround(maxOffset, million);
    const grown = { contentSize: million.contentSize + 500_000, viewportSize };
    expect(planScrollSpace(space, grown.contentSize - viewportSize, grown)).toBe(space);
    expect(scrollSizeIn(space, grown.contentSize)).toBe(SCALED_WINDOW_SIZE + 500_000);
    const pastCap = { contentSize: space.shift + MAX_SCALED_WINDOW_SIZE + 1, viewportSize };
    const moved = planScrollSpace(space, pastCap.contentSize - viewportSize, pastCap);
    expect(moved.end).toBeNull();
    expect(scrollSizeIn(moved, pastCap.contentSize)).toBe(SCALED_WINDOW_SIZE);
    expectHolds(moved, pastCap.contentSize - viewportSize, pastCap.contentSize);
  });

  it('keeps a window open to the end while the offset runs past the content it knows (a row grew before its measure)', () => {
    const space = spaceAround(maxOffset, million);
    expect(planScrollSpace(space, maxOffset + 45, million)).toBe(space);
  });

  it('reads a jump of the reader as the same fraction of the whole conversation', () => {
    const space = spaceAround(0.5 * maxOffset, million);
    const size = scrollSizeIn(space, million.contentSize);
    const from = 0.5 * (size - viewportSize);
    // A wheel's scroll is the browser's own: no jump.
    expect(spaceForReaderJump(space, from - 300, from, million)).toBeNull();
    const toTop = spaceForReaderJump(space, 0, from, million);
    expect(toTop).toEqual({ shift: 0, end: size });
    const toBottom = spaceForReaderJump(space, size - viewportSize, from, million) as ScrollSpace;
    expect(toBottom.end).toBeNull();
    expect(toBottom.shift + size - viewportSize).toBe(maxOffset);
    const quarter = spaceForReaderJump(space, 0.25 * (size - viewportSize), from, million) as ScrollSpace;
    expect(quarter.shift + 0.25 * (size - viewportSize)).toBeCloseTo(0.25 * maxOffset, -1);
    expect(spaceForReaderJump(UNSCALED_SPACE, 0, READER_JUMP_VIEWPORTS * viewportSize * 2, million)).toBeNull();
  });
});

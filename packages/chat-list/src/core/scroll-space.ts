/**
 * Scaled scrolling for conversations taller than a browser lets an element be.
 *
 * Browsers cap an element's height: Chromium at 33 554 432 px, Firefox at about 17 895 697 px.
 * A million messages at 80 px each are 80 000 000 px: past the cap, the newest messages could
 * never be shown. Past `MAX_SCROLL_SIZE` the list therefore scrolls a *window* of its content:
 * the scroller holds the content from `shift` to `end`, and the list's offsets (the virtual
 * ones, which TanStack, the policy and the handle speak) are the scroller's plus `shift`.
 *
 * - Within the window, scrolling is the browser's own, one pixel for one pixel: wheel, keys,
 *   touch, anchoring, following and pinning work exactly as in an unscaled list.
 * - The window moves (a *re-base*) when the reader nears one of its edges with content beyond
 *   it, when it has grown past `MAX_SCALED_WINDOW_SIZE`, or when a command aims outside it. Where it goes keeps
 *   the scrollbar's thumb where the whole conversation's position would put it.
 * - A jump by the reader (the thumb dragged, Home, End) is read as a fraction of the scrollbar:
 *   the thumb at the top is the first message, at the bottom the newest.
 *
 * Up to `MAX_SCROLL_SIZE` the space is `UNSCALED_SPACE` and nothing of this applies.
 */

/** How the scroller's offsets map onto the list's. */
export interface ScrollSpace {
  /** The list's offset at the scroller's top: the content above it is outside the scroller, px. A whole number, so offsets keep their fractions. */
  readonly shift: number;
  /** The list's offset where the scroller's content ends, or `null` when it holds the content to its end, px. */
  readonly end: number | null;
}

/** The scroller holds all of the content: its offsets are the list's. */
export const UNSCALED_SPACE: ScrollSpace = { shift: 0, end: null };

/**
 * The tallest content a scroller holds before the list scales, px: below the smallest cap of
 * current engines (Firefox's ≈ 17.9 M px), with room for growth between two renders.
 */
export const MAX_SCROLL_SIZE = 15_000_000;
/**
 * The height of the window a scaled list scrolls after a re-base, px. Small on purpose: rows
 * are placed by CSS transforms, which the compositor holds as 32-bit floats, exact to 1/4 px
 * below 4 194 304 px and only to 1 px at 10 000 000 px (the newest row of a million stood
 * 1.6 px off the bottom in a 10 M px window).
 */
export const SCALED_WINDOW_SIZE = 2_000_000;
/** A scaled window that grew at the live end past this is moved, to stay exact to 1/4 px. */
export const MAX_SCALED_WINDOW_SIZE = 3_000_000;
/** How close to a window's edge, with content beyond it, the reader may come before the window moves, px. */
export const SCALED_EDGE_MARGIN = 200_000;
/** A move of the reader's this many viewports at once is a jump (the thumb, Home, End), not a scroll. */
export const READER_JUMP_VIEWPORTS = 4;

export interface ScrollSpaceGeometry {
  /** The height of all of the content (every row, measured or estimated), px. */
  contentSize: number;
  /** The scroller's visible height, px. */
  viewportSize: number;
}

export const isScaledSpace = (space: ScrollSpace): boolean => space.shift !== 0 || space.end !== null;

/** The height of the content the scroller holds in `space`, px. */
export const scrollSizeIn = (space: ScrollSpace, contentSize: number): number =>
  Math.max(0, Math.min(space.end ?? contentSize, contentSize) - space.shift);

/** The content below the scroller's end, outside it, px. */
export const hiddenBelow = (space: ScrollSpace, contentSize: number): number =>
  space.end === null ? 0 : Math.max(0, contentSize - space.end);

const clamp = (value: number, min: number, max: number) => Math.min(Math.max(value, min), max);

const windowFrom = (shift: number, size: number, contentSize: number): ScrollSpace => {
  const whole = Math.round(clamp(shift, 0, Math.max(0, contentSize - size)));
  // A window that reaches the content's end holds it to the end, so growth at the live end
  // (streaming, arrivals) grows the scroller as it would unscaled, and the pin follows it.
  return { shift: whole, end: whole + size >= contentSize ? null : whole + size };
};

/**
 * The space that shows `offset`: its window placed so the thumb stands where `offset` stands in
 * the whole conversation, but with a margin of room on both sides of the reader (or the
 * content's edge itself), so the next re-base is a long scroll away.
 */
export const spaceAround = (offset: number, { contentSize, viewportSize }: ScrollSpaceGeometry): ScrollSpace => {
  if (contentSize <= MAX_SCROLL_SIZE) return UNSCALED_SPACE;
  const maxOffset = Math.max(0, contentSize - viewportSize);
  const target = clamp(offset, 0, maxOffset);
  const fraction = maxOffset === 0 ? 0 : target / maxOffset;
  const room = 2 * SCALED_EDGE_MARGIN;
  const proportional = fraction * (contentSize - SCALED_WINDOW_SIZE);
  return windowFrom(
    clamp(proportional, target - (SCALED_WINDOW_SIZE - viewportSize - room), target - room),
    SCALED_WINDOW_SIZE,
    contentSize,
  );
};

/**
 * The space a render lays its rows out in, the reader at `offset`: the same one unless the
 * content crossed `MAX_SCROLL_SIZE`, the window outgrew it, or the reader is near an edge of
 * the window with content beyond it.
 */
export const planScrollSpace = (space: ScrollSpace, offset: number, geometry: ScrollSpaceGeometry): ScrollSpace => {
  const { contentSize, viewportSize } = geometry;
  if (contentSize <= MAX_SCROLL_SIZE) return isScaledSpace(space) ? UNSCALED_SPACE : space;
  if (!isScaledSpace(space)) return spaceAround(offset, geometry);
  const size = scrollSizeIn(space, contentSize);
  const inScroller = offset - space.shift;
  const maxInScroller = size - viewportSize;
  // Past the end of a window that holds the content to its end the browser clamps, as unscaled:
  // a streamed row grows in the DOM a frame before its measured size reaches `contentSize`.
  const needsToMove =
    size > MAX_SCALED_WINDOW_SIZE ||
    inScroller < 0 ||
    (space.shift > 0 && inScroller < SCALED_EDGE_MARGIN) ||
    (hiddenBelow(space, contentSize) > 0 && inScroller > maxInScroller - SCALED_EDGE_MARGIN);
  return needsToMove ? spaceAround(offset, geometry) : space;
};

/**
 * Where a jump of the reader's lands: the scroller moved from `previousOffset` to `offset` (its
 * own offsets) by at least `READER_JUMP_VIEWPORTS` viewports at once. The thumb's place is read
 * as the same fraction of the whole conversation: the top is the first message, the bottom the
 * newest. Null when it was a scroll, or the list is not scaled.
 */
export const spaceForReaderJump = (
  space: ScrollSpace,
  offset: number,
  previousOffset: number,
  { contentSize, viewportSize }: ScrollSpaceGeometry,
): ScrollSpace | null => {
  if (!isScaledSpace(space) || Math.abs(offset - previousOffset) < READER_JUMP_VIEWPORTS * viewportSize) return null;
  const size = scrollSizeIn(space, contentSize);
  const maxInScroller = Math.max(0, size - viewportSize);
  const fraction = maxInScroller === 0 ? 0 : clamp(offset / maxInScroller, 0, 1);
  // The offset in the whole content at that fraction, minus where the scroller stands.
  return windowFrom(fraction * (contentSize - size), size, contentSize);
};

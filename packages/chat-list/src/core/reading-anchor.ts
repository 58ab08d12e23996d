import { EDGE_TOLERANCE_PX } from './edges';

/** A laid-out row with its identity, as the virtualizer reports it (px from the top of the content). */
export interface KeyedRow<TKey> {
  key: TKey;
  start: number;
  end: number;
}

/** The row the reader is reading, and how far its top is from the viewport's top (px, ≤ 0 when it starts above). */
export interface ReadingAnchor<TKey> {
  key: TKey;
  /** Row index in the layout the anchor was found in, where the search in the next layout starts. */
  index: number;
  distance: number;
}

/** What the anchor search reads of a layout. */
export interface AnchorLayout<TKey> {
  count: number;
  rowAt(index: number): KeyedRow<TKey> | undefined;
  /** Whether the row is a message (the prefix and suffix rows are never anchors: they come and go). */
  isMessageRow(index: number): boolean;
}

/**
 * How far into the viewport a row may end and still count as above the reader: offsets and
 * row boundaries carry sub-pixel noise (rounded writes, fractional heights), and a row that
 * shows less than a pixel is not what anyone is reading.
 */
export const ABOVE_VIEWPORT_TOLERANCE_PX = 1;

/**
 * How far above the viewport's top a row may start and still be the row the reader reads, from
 * its top: the scroller's offset is rounded to device pixels and row edges are not, so a row the
 * reader sees whole can start half a pixel above. It grows downwards like any row in view. Treated
 * as spanning the top, its growth was compensated upwards: the fuzzer saw the reader's row rise
 * 90 px when a narrower container re-wrapped it, under a throttled CPU.
 */
export const READER_ROW_TOP_TOLERANCE_PX = 0.5;

/**
 * A row that reaches this far or less into the viewport from below is not read: the row above it
 * is, as `getVisibleRange()` counts it. TanStack's offsets and the DOM's differ by fractions of a
 * pixel, so without it a row ending a hair inside the viewport's bottom, or a hair past it, was
 * read one way by the resize rule and the other by anything judging from the DOM: the row below
 * it, 0.06 px in view, moved 134 px (the long fuzz, seed 100013).
 */
export const BOTTOM_SLIVER_PX = 1;

/** Where rows stop being read at the viewport's bottom (a viewport of a few pixels reads all it shows). */
export const readingViewportEnd = (scrollOffset: number, viewportSize: number) =>
  scrollOffset + (viewportSize > 2 * BOTTOM_SLIVER_PX ? viewportSize - BOTTOM_SLIVER_PX : viewportSize);

/**
 * Whether a row that changed size must move the scroll offset by its change, so the reader's
 * row (the top fully visible one) stays still (TanStack asks on every measurement):
 * - a row above the reader, within {@link ABOVE_VIEWPORT_TOLERANCE_PX} (a row ending 0.1 px
 *   into the viewport lost a 112 px compensation for good under load);
 * - a row that spans the viewport's top (by more than {@link READER_ROW_TOP_TOLERANCE_PX}) with rows visible below it: they are what the reader
 *   reads, so they stay and the spanning row grows upwards, out of view (the fuzzer of issue #13
 *   found an image loading in a half-visible message pushing the text below down). Not the last
 *   message (`isLastMessage`): below it are the suffix and blank space, no row anyone reads, and
 *   the spanning row is the reader's (`findReadingAnchor`). A viewport made taller in the frame
 *   the rows re-wrapped showed space below the last message that the reader never saw: compensated,
 *   the message that had filled the old viewport moved 88 px down (WebKit, which kept the offset
 *   where Chromium clamped it first);
 * - the first measurement of a row that starts above the viewport top: its estimate was wrong
 *   all along, and the whole estimated block was above the reader.
 * A measured row that fills the whole viewport is what the reader reads: it grows downwards (a
 * streamed reply read from its start), no move.
 */
export const shouldCompensateResize = (
  row: { start: number; end: number; isMeasured: boolean; isLastMessage?: boolean },
  scrollOffset: number,
  viewportSize: number,
): boolean =>
  row.end <= scrollOffset + ABOVE_VIEWPORT_TOLERANCE_PX ||
  (row.start < scrollOffset - READER_ROW_TOP_TOLERANCE_PX &&
    (!row.isMeasured || (row.end < readingViewportEnd(scrollOffset, viewportSize) && row.isLastMessage !== true)));

/** Where the viewport is, for the anchor search: the first row it shows, its offset and its height. */
export interface AnchorView {
  /** A row at or before the first row in view, where the search starts. */
  firstRowInView: number;
  scrollOffset: number;
  viewportSize: number;
}

/**
 * The reader's row: the top fully visible message row (its top in the viewport, within
 * {@link READER_ROW_TOP_TOLERANCE_PX}), or, when no row starts in the viewport, the message row
 * that spans it. Whatever changes around it (a prepend, a replaced key above it, a message
 * inserted below a row cut by the viewport's top, an estimate that changed, the prefix
 * leaving), it keeps its place on screen — anchoring depends on the row, never on the count or
 * the edge keys changing. A row cut by the top is above the reader, as it is for a
 * resize ({@link shouldCompensateResize}): anchored on it, a message inserted under it pushed
 * the row the reader reads 84 px down (found by the fuzzer).
 */
export const findReadingAnchor = <TKey>(
  layout: AnchorLayout<TKey>,
  { firstRowInView, scrollOffset, viewportSize }: AnchorView,
): ReadingAnchor<TKey> | null => {
  let spanning: ReadingAnchor<TKey> | null = null;
  for (let index = Math.max(0, firstRowInView); index < layout.count; index++) {
    const row = layout.rowAt(index);
    if (row === undefined || (viewportSize > 0 && row.start >= readingViewportEnd(scrollOffset, viewportSize))) break;
    if (row.end <= scrollOffset || !layout.isMessageRow(index)) continue;
    const anchor = { key: row.key, index, distance: row.start - scrollOffset };
    if (row.start >= scrollOffset - READER_ROW_TOP_TOLERANCE_PX) return anchor;
    spanning ??= anchor;
  }
  return spanning;
};

/**
 * Finds the anchor's row in the new layout, searching outwards from where it was, shifted by
 * `expectedShift` rows (the prepended count): O(rows moved), not O(rows), for the usual changes.
 * -1 when the row is gone.
 */
export const findAnchorIndex = <TKey>(
  anchor: ReadingAnchor<TKey>,
  count: number,
  keyAt: (index: number) => TKey,
  expectedShift: number,
): number => {
  const center = Math.min(Math.max(anchor.index + expectedShift, 0), count - 1);
  for (let distance = 0; distance < count; distance++) {
    const below = center + distance;
    const above = center - distance;
    if (below >= count && above < 0) break;
    if (below < count && keyAt(below) === anchor.key) return below;
    if (distance > 0 && above >= 0 && keyAt(above) === anchor.key) return above;
  }
  return -1;
};

/** The offset that puts the anchor's row back where it was on screen; never above the content. */
export const getAnchoredOffset = (anchor: ReadingAnchor<unknown>, newStart: number): number =>
  Math.max(0, newStart - anchor.distance);

/**
 * Where a change anchored during render puts the list, whose new rows still stand at their
 * estimates: the anchored offset within the content, and the offset the anchor asked for when
 * either end of the content clamped it (null when it did not).
 */
export interface PlannedAnchorOffset {
  offset: number;
  clampedFrom: number | null;
}

/** The anchored offset of a change, clamped as the browser will clamp it (`maxOffset`: the content's end). */
export const planAnchoredOffset = (
  anchor: ReadingAnchor<unknown>,
  newStart: number,
  maxOffset: number,
): PlannedAnchorOffset => {
  const anchored = newStart - anchor.distance;
  const offset = Math.min(Math.max(0, anchored), Math.max(0, maxOffset));
  return { offset, clampedFrom: offset === anchored ? null : anchored };
};

/**
 * In the commit, once the rows above the reader's row are measured and TanStack moved its offset
 * by their growth: an anchor that an end clamped is asked for again, as far as the measured
 * content now reaches. The rows at their estimates may have clamped it either way: a replaced
 * row above the reader, at its estimate, put the reader's row above the content's top (clamped
 * to 0), and its measured size then pushed the list to the bottom, 34 px from the reader's row.
 */
export const settleAnchoredOffset = (planned: PlannedAnchorOffset, modelOffset: number, maxOffset: number): number =>
  planned.clampedFrom === null
    ? modelOffset
    : Math.min(Math.max(0, planned.clampedFrom + modelOffset - planned.offset), Math.max(0, maxOffset));

/**
 * Whether this update keeps the reader's row still. The one allowed move: a prefix
 * ("Loading...") that appears while the reader is at the very top is shown, so the rows move
 * down by its height.
 */
export const shouldKeepReadingAnchor = ({
  scrollOffset,
  isPrefixAppearing,
}: {
  scrollOffset: number;
  isPrefixAppearing: boolean;
}): boolean => !(isPrefixAppearing && scrollOffset < EDGE_TOLERANCE_PX);

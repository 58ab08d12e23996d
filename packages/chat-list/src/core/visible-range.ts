import { messageIndexOfRow } from './rows';

/** A laid-out row, as the virtualizer reports it (px from the top of the content). */
export interface LaidOutRow {
  start: number;
  end: number;
}

/** First and last message index intersecting the viewport. */
export interface VisibleIndexRange {
  firstIndex: number;
  lastIndex: number;
}

/** Where to look for the visible messages. */
export interface VisibleRangeQuery {
  /** The laid-out rows, affix rows included. */
  rows: ArrayLike<LaidOutRow>;
  /** The row at the top of the viewport, where the scan starts. */
  firstRowInView: number;
  scrollOffset: number;
  viewportSize: number;
  /** The row of the first message (`rows.ts`): 1 after a prefix row, 0 without, negative in an opening window. */
  firstMessageRow: number;
  messageCount: number;
}

/**
 * How far into the viewport a row must reach to count as visible. A scroller stands on whole
 * device pixels and row tops fall between them, so a message jumped to at the viewport's top
 * lands up to a device pixel short of it, each browser rounding its own way: Firefox took the
 * 50 000th of 100 000 messages (top at 3 999 907.6 px) to 3 999 907, and the row above, 0.6 px
 * of it in view, was reported first. A device pixel is at most a CSS pixel at the ratios of
 * screens people read on (1 and up), so a sliver thinner than that is the rounding, not a row
 * the reader sees. The reader's row already starts within this rounding of the top
 * (`READER_ROW_TOP_TOLERANCE_PX`); the visible range now agrees with it.
 */
const SLIVER_PX = 1;

/**
 * The messages that intersect `[scrollOffset, scrollOffset + viewportSize)` by more than
 * {@link SLIVER_PX}, as indexes in `messages` (row index minus `firstMessageRow`; the prefix and
 * suffix rows are no messages). The scan starts at `firstRowInView` and stops at the first row
 * past the viewport. Touching an edge is not intersecting: a row that ends at the top of the
 * viewport, or a pixel below it, is not seen. A viewport so short that no row reaches a pixel
 * into it shows the rows that touch it at all.
 */
export const getVisibleIndexRange = (query: VisibleRangeQuery): VisibleIndexRange | null => {
  if (query.viewportSize <= 0) return null;
  return findIntersecting(query, SLIVER_PX) ?? findIntersecting(query, 0);
};

const findIntersecting = (
  { rows, firstRowInView, scrollOffset, viewportSize, firstMessageRow, messageCount }: VisibleRangeQuery,
  sliver: number,
): VisibleIndexRange | null => {
  const viewportStart = scrollOffset + sliver;
  const viewportEnd = scrollOffset + viewportSize - sliver;
  let firstIndex = -1;
  let lastIndex = -1;
  for (let index = firstRowInView; index < rows.length; index++) {
    const row = rows[index] as LaidOutRow;
    if (row.start >= viewportEnd) break;
    const messageIndex = messageIndexOfRow(index, firstMessageRow, messageCount);
    if (messageIndex < 0 || row.end <= viewportStart || row.end <= row.start) continue;
    if (firstIndex === -1) firstIndex = messageIndex;
    lastIndex = messageIndex;
  }
  return firstIndex === -1 ? null : { firstIndex, lastIndex };
};

/** A visible range with the keys of its first and last message, as the handle reports it. */
export interface KeyedVisibleRange<TKey> extends VisibleIndexRange {
  firstId: TKey;
  lastId: TKey;
}

/**
 * Whether two visible ranges name the same messages (null: nothing visible). A prepend moves
 * the indexes of the same messages, which is a change: the callback reports indexes.
 */
export const isSameVisibleRange = <TKey>(
  previous: KeyedVisibleRange<TKey> | null,
  next: KeyedVisibleRange<TKey> | null,
): boolean =>
  previous === next ||
  (previous !== null &&
    next !== null &&
    previous.firstIndex === next.firstIndex &&
    previous.lastIndex === next.lastIndex &&
    previous.firstId === next.firstId &&
    previous.lastId === next.lastId);

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
 * The messages that intersect `[scrollOffset, scrollOffset + viewportSize)`, as
 * indexes in `messages` (row index minus `firstMessageRow`; the prefix and suffix
 * rows are no messages). The scan starts at `firstRowInView` and stops at the
 * first row past the viewport. Touching an edge is not intersecting: a row that
 * ends exactly at the top of the viewport is not seen.
 */
export const getVisibleIndexRange = ({
  rows,
  firstRowInView,
  scrollOffset,
  viewportSize,
  firstMessageRow,
  messageCount,
}: VisibleRangeQuery): VisibleIndexRange | null => {
  if (viewportSize <= 0) return null;
  const viewportEnd = scrollOffset + viewportSize;
  let firstIndex = -1;
  let lastIndex = -1;
  for (let index = firstRowInView; index < rows.length; index++) {
    const row = rows[index] as LaidOutRow;
    if (row.start >= viewportEnd) break;
    const messageIndex = messageIndexOfRow(index, firstMessageRow, messageCount);
    if (messageIndex < 0 || row.end <= scrollOffset || row.end <= row.start) continue;
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

/** A laid-out row, as the virtualizer reports it (px from the top of the content). */
export interface LaidOutRow {
  /** Index in `messages`, or -1 for the prefix and suffix rows. */
  messageIndex: number;
  start: number;
  end: number;
}

/** First and last message index intersecting the viewport. */
export interface VisibleIndexRange {
  firstIndex: number;
  lastIndex: number;
}

/**
 * The messages that intersect `[scrollOffset, scrollOffset + viewportSize)`.
 * Rows arrive in order, so the scan stops at the first row past the viewport.
 * Touching an edge is not intersecting: a row that ends exactly at the top of
 * the viewport is not seen.
 */
export const getVisibleIndexRange = (
  rows: readonly LaidOutRow[],
  scrollOffset: number,
  viewportSize: number,
): VisibleIndexRange | null => {
  if (viewportSize <= 0) return null;
  const viewportEnd = scrollOffset + viewportSize;
  let firstIndex = -1;
  let lastIndex = -1;
  for (const row of rows) {
    if (row.start >= viewportEnd) break;
    if (row.messageIndex < 0 || row.end <= scrollOffset || row.end <= row.start) continue;
    if (firstIndex === -1) firstIndex = row.messageIndex;
    lastIndex = row.messageIndex;
  }
  return firstIndex === -1 ? null : { firstIndex, lastIndex };
};

/** Which way the reader last scrolled: toward older messages, toward newer ones, or not yet. */
export type ScrollHeading = 'up' | 'down' | null;

/**
 * Rows rendered behind the reader's scroll (on the edge the view moves away from). The rows
 * ahead are the ones a fast scroll shows next, so they get the whole `overscan`; the rows behind
 * are leaving. Two, not zero: a row measured taller or shorter than its estimate as it comes
 * into view moves the rows behind it by a little, and they must still be there.
 */
export const OVERSCAN_BEHIND_SCROLL = 2;

/** The rows intersecting the viewport, and what to render around them. */
export interface RenderedRowsQuery {
  /** The first and last row intersecting the viewport (affix rows included). */
  firstRowInView: number;
  lastRowInView: number;
  /** Rows to render beyond an edge of the viewport (the `overscan` option). */
  overscan: number;
  /** All rows, affix rows included. */
  count: number;
  heading: ScrollHeading;
}

/** A range of rows, both ends included. */
export interface RowRange {
  first: number;
  last: number;
}

/**
 * The rows to put in the DOM: the viewport's, plus `overscan` beyond each edge before the reader
 * scrolls, and after they scrolled one way `overscan` ahead and at most
 * {@link OVERSCAN_BEHIND_SCROLL} behind. Rendering the full overscan behind a scroll kept up to
 * 22 rows beyond the viewport in the DOM at 400 px per frame, over the bar of twice the overscan
 * (BENCHMARKS.md, SPEC §5).
 */
export const getRenderedRows = ({
  firstRowInView,
  lastRowInView,
  overscan,
  count,
  heading,
}: RenderedRowsQuery): RowRange => {
  const behind = Math.min(overscan, OVERSCAN_BEHIND_SCROLL);
  const above = heading === 'down' ? behind : overscan;
  const below = heading === 'up' ? behind : overscan;
  return {
    first: Math.max(0, firstRowInView - above),
    last: Math.min(count - 1, lastRowInView + below),
  };
};

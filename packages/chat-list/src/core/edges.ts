/**
 * How far from an edge still counts as "at" it. Fractional device pixel ratios
 * leave scroll offsets a fraction of a pixel short of the edge, so an exact
 * comparison would flicker (SPEC §2.5).
 */
export const EDGE_TOLERANCE_PX = 1.5;

/** The scroller's geometry, as the DOM reports it (`scrollTop`, `scrollHeight`, `clientHeight`). */
export interface ScrollMetrics {
  scrollOffset: number;
  scrollSize: number;
  viewportSize: number;
}

/** Why the list is, or is not, at its top edge. */
export type AtTopReason = 'content-fits-viewport' | 'scrolled-to-top' | 'scrolled-away';
/** Why the list is, or is not, at its bottom edge. */
export type AtBottomReason = 'content-fits-viewport' | 'scrolled-to-bottom' | 'scrolled-away';

/**
 * Edge state with the reason that produced it, so a bug report can say why. The
 * list itself keeps only the two booleans ({@link isAtTopEdge},
 * {@link isAtBottomEdge}), so the reasons cost nothing in its bundle.
 */
export interface EdgeState {
  isAtTop: boolean;
  isAtBottom: boolean;
  atTopBecause: AtTopReason;
  atBottomBecause: AtBottomReason;
}

/** Both edges are true for an empty list or content shorter than the viewport. */
// Pure: bundlers drop it when only the boolean edges are used, as the list does.
export const EDGES_OF_EMPTY_LIST: EdgeState = /* @__PURE__ */ Object.freeze({
  isAtTop: true,
  isAtBottom: true,
  atTopBecause: 'content-fits-viewport',
  atBottomBecause: 'content-fits-viewport',
});

/** Content that does not overflow the viewport is at both edges, whatever the offset. */
export const doesContentFit = ({ scrollSize, viewportSize }: ScrollMetrics): boolean =>
  scrollSize - viewportSize < EDGE_TOLERANCE_PX;

/** Distance from the bottom edge in px, never negative. */
export const getDistanceFromBottom = ({ scrollOffset, scrollSize, viewportSize }: ScrollMetrics): number =>
  Math.max(0, scrollSize - (scrollOffset + viewportSize));

/** At the top edge: the content fits, or the offset is less than the tolerance. */
export const isAtTopEdge = (metrics: ScrollMetrics): boolean =>
  doesContentFit(metrics) || metrics.scrollOffset < EDGE_TOLERANCE_PX;

/**
 * At the bottom edge: the content fits, or the distance from the bottom is less
 * than the tolerance (SPEC §2.5's formula; clamping it at 0 would not change the comparison).
 */
export const isAtBottomEdge = (metrics: ScrollMetrics): boolean =>
  doesContentFit(metrics) || metrics.scrollSize - (metrics.scrollOffset + metrics.viewportSize) < EDGE_TOLERANCE_PX;

/** Both edges, with their reasons; see {@link EdgeState}. */
export const getEdgeState = (metrics: ScrollMetrics): EdgeState => {
  if (doesContentFit(metrics)) return EDGES_OF_EMPTY_LIST;
  const isAtTop = isAtTopEdge(metrics);
  const isAtBottom = isAtBottomEdge(metrics);
  return {
    isAtTop,
    isAtBottom,
    atTopBecause: isAtTop ? 'scrolled-to-top' : 'scrolled-away',
    atBottomBecause: isAtBottom ? 'scrolled-to-bottom' : 'scrolled-away',
  };
};

/** Which edge callbacks a move from `previous` to `next` must fire. */
export const getEdgeChanges = (
  previous: EdgeState | null,
  next: EdgeState,
): { atTop?: boolean; atBottom?: boolean } => {
  const changes: { atTop?: boolean; atBottom?: boolean } = {};
  // Without a previous state, `undefined` differs from either value: both edges are reported.
  if (previous?.isAtTop !== next.isAtTop) changes.atTop = next.isAtTop;
  if (previous?.isAtBottom !== next.isAtBottom) changes.atBottom = next.isAtBottom;
  return changes;
};

/**
 * How far from an edge still counts as "at" it. Fractional device pixel ratios
 * leave scroll offsets a fraction of a pixel short of the edge, so an exact
 * comparison would flicker.
 */
export const EDGE_TOLERANCE_PX = 1.5;

/** The scroller's geometry, as the DOM reports it (`scrollTop`, `scrollHeight`, `clientHeight`). */
export interface ScrollMetrics {
  scrollOffset: number;
  scrollSize: number;
  viewportSize: number;
}

/**
 * Content that does not overflow the viewport is at both edges, whatever the
 * offset: an elastic (iOS) overscroll can report one a short list never has.
 */
export const doesContentFit = ({ scrollSize, viewportSize }: ScrollMetrics): boolean =>
  scrollSize - viewportSize < EDGE_TOLERANCE_PX;

/** At the top edge: the content fits, or the offset is less than the tolerance. */
export const isAtTopEdge = (metrics: ScrollMetrics): boolean =>
  doesContentFit(metrics) || metrics.scrollOffset < EDGE_TOLERANCE_PX;

/**
 * At the bottom edge: the content fits, or the distance from the bottom is less
 * than `threshold` (SPEC §2.5's formula; an overscroll past the bottom makes it
 * negative, which is at the bottom too). The app may widen it (`atBottomThreshold`)
 * to mean "near the bottom"; scroll commands always land at the exact edge.
 */
export const isAtBottomEdge = (metrics: ScrollMetrics, threshold = EDGE_TOLERANCE_PX): boolean =>
  doesContentFit(metrics) || metrics.scrollSize - (metrics.scrollOffset + metrics.viewportSize) < threshold;

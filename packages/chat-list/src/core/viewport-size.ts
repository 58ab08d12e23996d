/** What the list knows of its scroller's size, px. */
export interface ViewportSizes {
  /** The scroller's visible height. */
  viewportHeight: number;
  /** The height of everything in it (all rows, measured or estimated). */
  contentHeight: number;
  /** The window's height: a list taller than the window that shows all of its content has grown with it. */
  windowHeight: number;
}

/**
 * Whether the scroller has no bounded height: it is exactly as tall as its content, and taller
 * than the window, so it grew to hold every row and nothing scrolls inside it and every row is rendered (issue #14: a parent without
 * a height). Development builds warn once about it.
 */
export const isUnboundedViewport = ({ viewportHeight, contentHeight, windowHeight }: ViewportSizes): boolean =>
  windowHeight > 0 && viewportHeight > windowHeight && Math.abs(contentHeight - viewportHeight) < 1;

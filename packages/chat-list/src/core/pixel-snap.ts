import type { ScrollTarget } from './scroll-owner';

/**
 * Added before rounding to round up: an offset within 0.01 of a device pixel above it stands on
 * that pixel (row edges are sums of fractional heights, off by millionths of a pixel).
 */
const ROUND_UP = 0.49;

/**
 * Where a command's write puts the scroller: on a whole device pixel (`pixelRatio` of them per
 * CSS px), which is all a scroller stands on. Left to the browser, a fractional offset rounds
 * each engine's own way: Firefox takes it through 32-bit floats of 1/60 px, and 3 999 907.6 px
 * landed at 3 999 907, so a message aligned at the start had the message above it 0.6 px into
 * the view (`getVisibleRange()` began there). The list rounds towards the message's aligned
 * edge instead: at the start, its top at or just above the viewport's top, the message above
 * out of view; at the end, its bottom at or just below the viewport's bottom. Other message
 * targets go to the nearest pixel; the bottom and the top are whole pixels already.
 */
export const snapCommandOffset = (offset: number, target: ScrollTarget | null, pixelRatio: number): number => {
  if (target?.kind !== 'index') return offset;
  const align = target.offset === undefined ? target.align : undefined;
  const bias = align === 'start' ? ROUND_UP : align === 'end' ? -ROUND_UP : 0;
  return Math.round(offset * pixelRatio + bias) / pixelRatio;
};

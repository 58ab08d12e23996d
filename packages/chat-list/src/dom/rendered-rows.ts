import { defaultRangeExtractor, type Range } from '@tanstack/virtual-core';
import { getRenderedRows, type ScrollHeading } from '../core/overscan';

const createRangeExtractor =
  (heading: ScrollHeading) =>
  (range: Range): number[] => {
    const { first, last } = getRenderedRows({
      firstRowInView: range.startIndex,
      lastRowInView: range.endIndex,
      overscan: range.overscan,
      count: range.count,
      heading,
    });
    // TanStack's own list of indexes from first to last, with the overscan already in them.
    return defaultRangeExtractor({ startIndex: first, endIndex: last, overscan: 0, count: range.count });
  };

/**
 * One extractor per heading, each the same function every time: TanStack picks its rows again
 * when it gets another one (it is in its memo's inputs), so the render after the reader turns
 * renders the overscan ahead of them.
 */
const RANGE_EXTRACTORS = {
  up: createRangeExtractor('up'),
  down: createRangeExtractor('down'),
  atRest: createRangeExtractor(null),
};

/** TanStack's `rangeExtractor` for a heading: the rows of the core's `getRenderedRows`. */
export const getRangeExtractor = (heading: ScrollHeading): ((range: Range) => number[]) =>
  heading === null ? RANGE_EXTRACTORS.atRest : RANGE_EXTRACTORS[heading];

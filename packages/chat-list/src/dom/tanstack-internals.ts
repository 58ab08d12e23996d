import type { VirtualItem, Virtualizer } from '@tanstack/virtual-core';
import { isTracing, traceModelOffset } from './engine-trace';

/**
 * Every use of a TanStack Virtual member that is private, or public but undocumented, lives
 * in this file. Each names the public API that would replace it; docs/upstream.md
 * asks for them. They are safe only at the exact version the catalog pins
 * (`@tanstack/react-virtual` 3.14.26 → `@tanstack/virtual-core` 3.19.11):
 * tanstack-internals.test.ts fails, naming the member, when an upgrade changes one.
 */
export type ListVirtualizer = Virtualizer<HTMLElement, HTMLElement>;

/** The private members read here, typed as 3.19.11 has them. */
interface VirtualizerInternals {
  getMeasurements(): VirtualItem[];
  getMeasurementOptions(): unknown;
  pendingMin: number | null;
  /** Counts the changes of measured sizes (and of edge keys): one per resized row. */
  itemSizeCacheVersion: number;
  /** One list's layout: `flat` holds start and size per row (2 numbers per row), `items` the keys. */
  _singleLaneMeasurements: { flat: Float64Array; items: unknown[] } | null;
  /** The scroll element's `scrollHeight − clientHeight`: the largest offset, for clamping and overscroll. */
  _elementMaxScrollOffset: () => number | null;
  /** A compensation the content's end clamped: its target, written when the content next grows. */
  _clampedAdjustment: { target: number; maxAtWrite: number } | null;
}

/**
 * How much room for more rows the layout's typed array gets when it must grow: appends then
 * copy it once per 50 % growth, not once per append.
 */
const LAYOUT_GROWTH = 1.5;

const internalsOf = (virtualizer: ListVirtualizer) => virtualizer as unknown as VirtualizerInternals;

/**
 * The laid-out rows, brought up to date (private `getMeasurements`). The public
 * `measurementsCache` lags: TanStack lays out again only when something asks, and between
 * two rows measured in one batch nothing does. Upstream: a public `getMeasurements()`.
 * The array may be a lazy view: index it, do not copy it.
 */
export const getLayout = (virtualizer: ListVirtualizer): readonly VirtualItem[] =>
  internalsOf(virtualizer).getMeasurements();

/**
 * Tells TanStack that the rows before `firstChangedRow` kept their keys and sizes, so its next
 * layout starts there (private `getMeasurementOptions` and `pendingMin`). A new count resets
 * `pendingMin` to 0 when the new options are taken in, so take them in first, then say.
 * Without it an append to 100 000 rows lays out all of them again (9.4 → 5.5 ms per append).
 * Upstream: an option or method such as `invalidateFrom(index)` that survives a count change.
 */
export const relayoutFrom = (virtualizer: ListVirtualizer, firstChangedRow: number): void => {
  const internals = internalsOf(virtualizer);
  internals.getMeasurementOptions();
  internals.pendingMin = firstChangedRow;
  reserveLayoutCapacity(internals, virtualizer.options.count);
};

/**
 * Leaves room in the layout's typed array (private `_singleLaneMeasurements.flat`) for the next
 * appended row. TanStack allocates it at exactly two numbers per row when it lays out every row
 * (the end of the opening window, a prepend), so the first append after that copied all of it:
 * at 100 000 messages, 1.6 MB in the append's render. Grown here, the copy falls in
 * the render that laid out every row, which is slow anyway. Upstream: as `reserveLayoutCapacity`.
 */
export const keepRoomToAppend = (virtualizer: ListVirtualizer): void =>
  reserveLayoutCapacity(internalsOf(virtualizer), virtualizer.options.count + 1);

/**
 * Grows the layout's typed array (private `_singleLaneMeasurements.flat`) ahead of the rows, as
 * an array list does. TanStack allocates it at exactly two numbers per row and, when the count
 * grows, allocates and copies a new one: at 100 000 messages that is 1.6 MB per appended message.
 * A longer array is reused as it is: TanStack writes and reads only the rows it has.
 * Upstream: the same growth inside `getMeasurements`.
 */
const reserveLayoutCapacity = (internals: VirtualizerInternals, count: number): void => {
  const layout = internals._singleLaneMeasurements;
  if (layout === null || layout.flat.length >= count * 2) return;
  const grown = new Float64Array(Math.ceil(count * LAYOUT_GROWTH) * 2);
  grown.set(layout.flat);
  internals._singleLaneMeasurements = { ...layout, flat: grown };
};

/**
 * Whether TanStack's layout is current: no row changed size, and no change of ours asked for a
 * layout, since it was last laid out (private `pendingMin`, null then). Upstream: an
 * `isLayoutCurrent()`, or the resized row's up-to-date start passed to
 * `shouldAdjustScrollPositionOnItemSizeChange`.
 */
export const isLayoutCurrent = (virtualizer: ListVirtualizer): boolean => internalsOf(virtualizer).pendingMin === null;

/**
 * How many size changes TanStack has made to its measured sizes (private
 * `itemSizeCacheVersion`, one per resized row, and one when the edge keys change), to tell
 * whether every change since its last layout was seen. Upstream: as `isLayoutCurrent`.
 */
export const getSizeChangeCount = (virtualizer: ListVirtualizer): number =>
  internalsOf(virtualizer).itemSizeCacheVersion;

/**
 * Whether TanStack has measured the row with `key` (public but undocumented `itemSizeCache`).
 * Upstream: `isMeasured(key)`.
 */
export const isRowMeasured = (virtualizer: ListVirtualizer, key: VirtualItem['key']): boolean =>
  virtualizer.itemSizeCache.has(key);

/**
 * TanStack's maps by row key (public but undocumented `itemSizeCache` and `elementsCache`, which
 * TanStack creates once and reads through `getItemKey`), for the engine to re-key in place: its
 * layout keys are positions that follow their messages (core `layout-keys.ts`), so
 * when rows move, their measured sizes and elements move with them. Upstream: a
 * `moveItems(from, by)` that shifts what TanStack keeps by key, or keys asked only where needed.
 */
export const getRowKeyedMaps = (virtualizer: ListVirtualizer): Array<Map<unknown, unknown>> => [
  virtualizer.itemSizeCache,
  virtualizer.elementsCache,
];

/**
 * Moves TanStack's idea of the scroll offset before the DOM is written (public but
 * undocumented `scrollOffset` field), so that the render in progress picks the rows for where
 * the list is about to be: the anchored offset of a change, or the bottom at the opening. The
 * caller writes the DOM in the commit that follows. Upstream: `setScrollOffset(offset)` that
 * also retargets a command in flight.
 */
export const setModelScrollOffset = (virtualizer: ListVirtualizer, offset: number): void => {
  if (isTracing) traceModelOffset(offset);
  virtualizer.scrollOffset = offset;
};

/**
 * Gives TanStack the list's largest offset in place of the scroll element's (private
 * `_elementMaxScrollOffset`, which reads `scrollHeight − clientHeight`). Past the browser's
 * height cap the scroller holds a window of the content and the list's offsets run past the
 * scroller's: TanStack clamped `scrollToIndex(500 000)` of a million messages to the
 * window's bottom, and took every offset past it for an overscroll. Unscaled, the two are equal.
 * Upstream: an option such as `getMaxScrollOffset`, for scroll containers that map offsets.
 */
export const replaceMaxScrollOffset = (virtualizer: ListVirtualizer, maxOffset: () => number | null): void => {
  const internals = internalsOf(virtualizer);
  if (internals._elementMaxScrollOffset !== maxOffset) internals._elementMaxScrollOffset = maxOffset;
};

/**
 * Forgets the rest of a compensation that the content's end clamped (private
 * `_clampedAdjustment`). TanStack writes that rest whenever the content next grows, however much
 * later and whatever happened in between: a viewport made taller at the bottom rightly clamped
 * the compensations of rows its new width re-wrapped, and a narrowing seconds later wrote them,
 * moving the reader's row 247 px (fuzz seed 13006). Upstream: a clamped adjustment that expires
 * with its frame, or an option to turn the retry off.
 */
export const forgetClampedAdjustment = (virtualizer: ListVirtualizer): void => {
  internalsOf(virtualizer)._clampedAdjustment = null;
};

/**
 * Measures a rendered row now, even while TanStack takes the list to be scrolling (public
 * `isScrolling`, written here for the call). Its `measureElement` skips a row within 150 ms of a
 * scroll event and leaves it to its ResizeObserver in the next frame; until then the row stands
 * at its estimate. Going through `measureElement` (not `resizeItem`) keeps the React adapter's
 * knowledge that it runs in a commit: a compensation then re-renders with the commit, where
 * `resizeItem` made it call `flushSync` from a layout effect (a React warning in development).
 * Upstream: `measureElement(node, { force: true })`.
 */
export const measureElementNow = (virtualizer: ListVirtualizer, element: HTMLElement): void => {
  const { isScrolling } = virtualizer;
  virtualizer.isScrolling = false;
  try {
    virtualizer.measureElement(element);
  } finally {
    virtualizer.isScrolling = isScrolling;
  }
};

/**
 * Lets TanStack take the scroll element its `getScrollElement` now returns, and read its size,
 * at once (public but undocumented `_willUpdate`, which the React adapter calls in every layout
 * effect). The engine hides the scroller from TanStack until its first layout: taken
 * in the first commit, its size read forced a layout there, and the range it then found was
 * rendered again before the task ended. Called in the layout's ResizeObserver callback, where
 * reading the size costs nothing, the rows of the render that follows are in range.
 * Upstream: a documented way to attach a scroll element outside a commit.
 */
export const attachScrollElement = (virtualizer: ListVirtualizer): void => virtualizer._willUpdate();

/**
 * Lets TanStack forget that `element` shows the row with `key` (public but undocumented
 * `elementsCache`), when the element goes on to show another row: else the row's next element
 * makes TanStack stop observing this one (it unobserves the element it knew for a row when the
 * row gets another), which by then is the other row's. Upstream: elements cached by element, or
 * `measureElement` that re-reads a reused element's index.
 */
export const forgetRowElement = (virtualizer: ListVirtualizer, key: VirtualItem['key'], element: HTMLElement): void => {
  if (virtualizer.elementsCache.get(key) === element) virtualizer.elementsCache.delete(key);
};

/** The names this file relies on, for the upgrade test and for docs/upstream.md. */
export const TANSTACK_INTERNALS = [
  'getMeasurements',
  'getMeasurementOptions',
  'pendingMin',
  'itemSizeCacheVersion',
  '_singleLaneMeasurements',
  'itemSizeCache',
  'elementsCache',
  'scrollOffset',
  '_elementMaxScrollOffset',
  '_clampedAdjustment',
  'isScrolling',
  '_willUpdate',
] as const;

import { Virtualizer } from '@tanstack/virtual-core';
import { describe, expect, it, vi } from 'vitest';
import {
  TANSTACK_INTERNALS,
  attachScrollElement,
  getLayout,
  getSizeChangeCount,
  isLayoutCurrent,
  isRowMeasured,
  keepRoomToAppend,
  measureElementNow,
  relayoutFrom,
  replaceMaxScrollOffset,
  setModelScrollOffset,
  type ListVirtualizer,
} from './tanstack-internals';

// Each test names the TanStack member it guards: when an upgrade of @tanstack/virtual-core
// changes one, the failure says which, and src/dom/tanstack-internals.ts says what replaces it.

const ROW = 10;

const createVirtualizer = (count: number, estimateSize = vi.fn((_index: number) => ROW)): ListVirtualizer => {
  const virtualizer = new Virtualizer<HTMLElement, HTMLElement>({
    count,
    estimateSize,
    getItemKey: (index) => `k${index}`,
    getScrollElement: () => null,
    scrollToFn: () => {},
    observeElementRect: () => {},
    observeElementOffset: () => {},
  });
  virtualizer._willUpdate();
  return virtualizer;
};

describe('the TanStack Virtual internals @chat-list/react relies on', () => {
  it('private getMeasurements() returns the up-to-date layout', () => {
    const virtualizer = createVirtualizer(100);
    const layout = getLayout(virtualizer);
    expect(layout, 'getMeasurements').toHaveLength(100);
    expect(layout[42], 'getMeasurements').toMatchObject({ key: 'k42', start: 420, end: 430, index: 42 });
  });

  it('private getMeasurementOptions() and pendingMin: after an append, only the new rows are laid out', () => {
    const estimateSize = vi.fn((_index: number) => ROW);
    const virtualizer = createVirtualizer(1000, estimateSize);
    getLayout(virtualizer);
    estimateSize.mockClear();

    virtualizer.setOptions({ ...virtualizer.options, count: 1001 });
    relayoutFrom(virtualizer, 1000);
    const layout = getLayout(virtualizer);

    expect(
      estimateSize.mock.calls.map(([index]) => index),
      'getMeasurementOptions / pendingMin',
    ).toEqual([1000]);
    expect(layout[1000], 'getMeasurementOptions / pendingMin').toMatchObject({ key: 'k1000', start: 10_000 });
  });

  it('private _singleLaneMeasurements.flat: appends reuse one grown layout array instead of copying it per append', () => {
    const virtualizer = createVirtualizer(1000);
    getLayout(virtualizer);
    const internals = virtualizer as unknown as { _singleLaneMeasurements: { flat: Float64Array } | null };
    const layoutArrays = new Set<Float64Array>();
    for (let count = 1001; count <= 1100; count++) {
      virtualizer.setOptions({ ...virtualizer.options, count });
      relayoutFrom(virtualizer, count - 1);
      const layout = getLayout(virtualizer);
      expect(layout[count - 1], '_singleLaneMeasurements').toMatchObject({
        key: `k${count - 1}`,
        start: (count - 1) * ROW,
      });
      expect(layout[count - 2], '_singleLaneMeasurements').toMatchObject({ start: (count - 2) * ROW, size: ROW });
      layoutArrays.add(internals._singleLaneMeasurements!.flat);
    }
    // 100 appends to 1 000 rows grow the array once (by half), not 100 times.
    expect(layoutArrays.size, '_singleLaneMeasurements').toBe(1);
    expect(getLayout(virtualizer), '_singleLaneMeasurements').toHaveLength(1100);
  });

  it('private _singleLaneMeasurements.flat: after a layout of every row, the first append reuses the array', () => {
    const virtualizer = createVirtualizer(1000);
    getLayout(virtualizer);
    const internals = virtualizer as unknown as { _singleLaneMeasurements: { flat: Float64Array } | null };
    expect(internals._singleLaneMeasurements!.flat.length, '_singleLaneMeasurements').toBe(2000);
    keepRoomToAppend(virtualizer);
    const layoutArray = internals._singleLaneMeasurements!.flat;
    expect(layoutArray.length, '_singleLaneMeasurements').toBeGreaterThan(2000);

    virtualizer.setOptions({ ...virtualizer.options, count: 1001 });
    relayoutFrom(virtualizer, 1000);
    const layout = getLayout(virtualizer);
    expect(internals._singleLaneMeasurements!.flat, '_singleLaneMeasurements').toBe(layoutArray);
    expect(layout[999], '_singleLaneMeasurements').toMatchObject({ start: 999 * ROW, size: ROW });
    expect(layout[1000], '_singleLaneMeasurements').toMatchObject({ key: 'k1000', start: 1000 * ROW });
  });

  it('public but undocumented itemSizeCache tells a measured row from an estimated one', () => {
    const virtualizer = createVirtualizer(10);
    getLayout(virtualizer);
    expect(isRowMeasured(virtualizer, 'k3'), 'itemSizeCache').toBe(false);
    virtualizer.resizeItem(3, 25);
    expect(isRowMeasured(virtualizer, 'k3'), 'itemSizeCache').toBe(true);
    expect(getLayout(virtualizer)[4], 'itemSizeCache').toMatchObject({ start: 55 });
  });

  it('public but undocumented itemSizeCache and elementsCache are maps by row key, kept in place, that the engine may re-key', () => {
    let base = 0;
    const virtualizer = new Virtualizer<HTMLElement, HTMLElement>({
      count: 1000,
      estimateSize: () => ROW,
      getItemKey: (index) => index + base,
      getScrollElement: () => null,
      scrollToFn: () => {},
      observeElementRect: () => {},
      observeElementOffset: () => {},
    });
    virtualizer._willUpdate();
    expect(getLayout(virtualizer)).toHaveLength(1000);
    const sizes = virtualizer.itemSizeCache;
    virtualizer.resizeItem(3, 25);
    expect(virtualizer.itemSizeCache.get(3), 'itemSizeCache').toBe(25);
    // The layout keys move (a page of 2 prepended, core layout-keys.ts): the size is read at its row's new index.
    base = -2;
    virtualizer.setOptions({ ...virtualizer.options, count: 1002, getItemKey: (index) => index + base });
    relayoutFrom(virtualizer, 0);
    expect(getLayout(virtualizer)[5], 'itemSizeCache').toMatchObject({ start: 50, size: 25 });
    // Re-keyed in place (a row removed above it): TanStack reads the map it holds, not a copy.
    sizes.set(2, sizes.get(3)!);
    sizes.delete(3);
    // A new key getter makes TanStack lay out again, as the engine's does on every change.
    virtualizer.setOptions({ ...virtualizer.options, getItemKey: (index) => index + base });
    relayoutFrom(virtualizer, 0);
    expect(virtualizer.itemSizeCache, 'itemSizeCache').toBe(sizes);
    expect(getLayout(virtualizer)[4], 'itemSizeCache').toMatchObject({ start: 40, size: 25 });
    expect(virtualizer.elementsCache, 'elementsCache').toBeInstanceOf(Map);
  });

  it('public but undocumented scrollOffset is a plain field the render reads its range from', () => {
    const virtualizer = createVirtualizer(1000);
    setModelScrollOffset(virtualizer, 5000);
    expect(virtualizer.scrollOffset, 'scrollOffset').toBe(5000);
    expect(Object.getOwnPropertyDescriptor(virtualizer, 'scrollOffset'), 'scrollOffset').toMatchObject({
      writable: true,
    });
    expect(virtualizer.getVirtualItemForOffset(virtualizer.scrollOffset ?? 0)?.index, 'scrollOffset').toBe(500);
  });

  it('private _elementMaxScrollOffset is the largest offset TanStack aims the last row at', () => {
    const virtualizer = createVirtualizer(1000);
    // Without a scroll element TanStack knows no largest offset.
    expect(virtualizer.getOffsetForIndex(999, 'end')?.[0], '_elementMaxScrollOffset').toBe(0);
    replaceMaxScrollOffset(virtualizer, () => 9_500);
    expect(virtualizer.getOffsetForIndex(999, 'end')?.[0], '_elementMaxScrollOffset').toBe(9_500);
  });

  it('private pendingMin and itemSizeCacheVersion: a resize leaves the layout stale and counts once, a layout makes it current', () => {
    const virtualizer = createVirtualizer(100);
    getLayout(virtualizer);
    expect(isLayoutCurrent(virtualizer), 'pendingMin').toBe(true);
    const before = getSizeChangeCount(virtualizer);
    virtualizer.resizeItem(5, ROW + 7);
    virtualizer.resizeItem(9, ROW + 3);
    expect(isLayoutCurrent(virtualizer), 'pendingMin').toBe(false);
    expect(getSizeChangeCount(virtualizer) - before, 'itemSizeCacheVersion').toBe(2);
    expect(getLayout(virtualizer)[10]?.start, 'pendingMin').toBe(10 * ROW + 10);
    expect(isLayoutCurrent(virtualizer), 'pendingMin').toBe(true);
  });

  it('public isScrolling: measureElement skips a row while it is true, and measureElementNow measures it and restores it', () => {
    const virtualizer = new Virtualizer<HTMLElement, HTMLElement>({
      count: 10,
      estimateSize: () => ROW,
      getItemKey: (index) => `k${index}`,
      getScrollElement: () => null,
      scrollToFn: () => {},
      observeElementRect: () => {},
      observeElementOffset: () => {},
      measureElement: () => 25,
    });
    virtualizer._willUpdate();
    getLayout(virtualizer);
    // The row element as TanStack reads it: its index attribute, and whether it is in the document.
    const row = { getAttribute: () => '3', isConnected: true } as unknown as HTMLElement;
    virtualizer.isScrolling = true;

    virtualizer.measureElement(row);
    expect(isRowMeasured(virtualizer, 'k3'), 'isScrolling').toBe(false);

    measureElementNow(virtualizer, row);
    expect(isRowMeasured(virtualizer, 'k3'), 'isScrolling').toBe(true);
    expect(getLayout(virtualizer)[4], 'isScrolling').toMatchObject({ start: 3 * ROW + 25 });
    expect(virtualizer.isScrolling, 'isScrolling').toBe(true);
  });

  it('public _willUpdate() takes the element getScrollElement returns now, and its size, outside a commit', () => {
    let element: HTMLElement | null = null;
    const observeElementRect = vi.fn(
      (_instance: ListVirtualizer, onRect: (rect: { width: number; height: number }) => void) =>
        onRect({ width: 100, height: 5 * ROW }),
    );
    const virtualizer = new Virtualizer<HTMLElement, HTMLElement>({
      count: 100,
      estimateSize: () => ROW,
      getScrollElement: () => element,
      scrollToFn: () => {},
      observeElementRect,
      observeElementOffset: (_instance, onOffset) => onOffset(0, false),
    });
    virtualizer._willUpdate();
    expect(virtualizer.getVirtualItems(), '_willUpdate: no element, no size, no rows').toEqual([]);
    element = {} as HTMLElement;
    attachScrollElement(virtualizer);
    expect(observeElementRect, '_willUpdate').toHaveBeenCalledTimes(1);
    expect(
      virtualizer.getVirtualItems().map((item) => item.index),
      '_willUpdate: the rows of the 50 px it read',
    ).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('every member named in TANSTACK_INTERNALS exists on a virtualizer', () => {
    const virtualizer = createVirtualizer(1) as unknown as Record<string, unknown>;
    for (const member of TANSTACK_INTERNALS) expect(member in virtualizer, member).toBe(true);
  });
});

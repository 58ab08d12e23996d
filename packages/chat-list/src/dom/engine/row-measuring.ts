import type { VirtualItem } from '@tanstack/virtual-core';
import { messageIndexOfRow, shouldCompensateResize, type MessageKey } from '../../core';
import {
  forgetRowElement,
  getLayout,
  getSizeChangeCount,
  isLayoutCurrent,
  isRowMeasured,
  measureElementNow,
  type ListVirtualizer,
} from '../tanstack-internals';
import type { KernelView } from './kernel-view';

/**
 * Whether a ResizeObserver callback is delivering row sizes to TanStack (on any list of the
 * page): a render inside it must wait (see `shouldRenderSynchronously`).
 */
let isDeliveringRowSizes = false;

/**
 * A row's height for TanStack. Rounded sizes drift by up to half a pixel per row; anchoring needs
 * the real, fractional height. A row laid out at zero width (a collapsed or hidden container)
 * wraps every word onto a line of its own, or has no height at all: that height says nothing of
 * the row's, and a row measured so kept it after the container widened, off screen, for good.
 * It keeps the size it has; the ResizeObserver measures it again once it has a width.
 */
export const measureRowElement = (
  element: HTMLElement,
  entry: ResizeObserverEntry | undefined,
  instance: ListVirtualizer,
): number => {
  // Only TanStack's ResizeObserver passes an entry: its callback is under way until its microtasks run.
  if (entry !== undefined && !isDeliveringRowSizes) {
    isDeliveringRowSizes = true;
    queueMicrotask(() => (isDeliveringRowSizes = false));
  }
  const box = entry?.borderBoxSize?.[0];
  const rect = box === undefined ? element.getBoundingClientRect() : undefined;
  const width = box?.inlineSize ?? rect?.width ?? 0;
  if (width > 0) return box?.blockSize ?? rect?.height ?? 0;
  const index = instance.indexFromElement(element);
  return getLayout(instance)[index]?.size ?? instance.options.estimateSize(index);
};

/** A rendered row's ref callback (see `rowRef`). */
type RowRef = (element: HTMLElement | null) => void;

/** What row measuring reads from the kernel, and the handler it calls. */
export interface RowMeasuringHost extends Pick<
  KernelView<unknown>,
  'virtualizer' | 'isMounted' | 'scroller' | 'messages' | 'firstMessageRow'
> {
  /** The layout key of a row of the render being laid out. */
  rowKeyAt: (virtualIndex: number) => MessageKey;
  /** The kernel's response to a change of the rows' layout (TanStack's `onChange`). */
  onLayoutChange: () => void;
  /** No resize moves the scroller now: the pin holds the list at the bottom, or `remeasure` puts the reader's row back itself. */
  isCompensationHeld: () => boolean;
  /** The reading anchor's say on a resized row (true: it grows upwards), if it has one. */
  compensatesAnchoredResize: (item: VirtualItem, instance: ListVirtualizer) => true | undefined;
  /** Tells TanStack of a scroll event it has yet to read: the row is judged from where the list is. */
  catchUpTanstack: () => void;
}

/**
 * Whether TanStack moves the scroller with a row it resizes (`shouldCompensate`), from where the
 * row stands: it owns the size changes TanStack made since it last laid the rows out, and which
 * of them moved the scroller with them.
 */
const createResizeCompensation = (host: RowMeasuringHost) => {
  /** The size changes TanStack made since it last laid the rows out, and its count of changes then. */
  const resizesSinceLayout: { changeCount: number; resizes: Array<{ index: number; delta: number }> } = {
    changeCount: 0,
    resizes: [],
  };
  /**
   * The changes that moved the scroller with them in this task: one batch of resizes (a
   * ResizeObserver callback, a commit's rows) is one frame to the reader. TanStack may lay the
   * rows out between two of them, so they are not kept with `resizesSinceLayout`.
   */
  let compensatedThisTask: Array<{ index: number; delta: number }> = [];
  /**
   * The viewport's height in the last frame painted, null until it is known: a row is judged
   * against what the reader saw. The viewport and the rows resize in the same frame (a window
   * made taller and wider re-wraps the rows): judged against the new height, the row the reader
   * was reading, which spanned their 300 px viewport and ended inside the new 450 px one, was
   * taken for a row above them, kept its bottom as it re-wrapped shorter, and moved 198 px
   * (WebKit, long fuzz seed 920089).
   */
  const seenViewport: { size: number | null; isUpdateQueued: boolean } = { size: null, isUpdateQueued: false };

  /**
   * Where a row TanStack is resizing stands now, and records its change. TanStack passes the row
   * as it was last laid out; rows above it resized since then moved it by their changes. Bringing
   * the layout up to date instead (as this did) lays out every row after it again, per resized
   * row: 200 ms at 100 000 messages and 2.3 s at 1 000 000 when the reader dragged the thumb to
   * the top and the first rows were measured.
   *
   * `compensatedBelow` is how far the rows below it, resized in the same batch, moved the
   * scroller: a row is judged where it stood in the frame the reader saw, and a row cut by the
   * top that kept its bottom as it shrank brought the rows above it into the viewport only in
   * the model. Judged from there, the row just above it was taken for one in view, kept its top,
   * and the reader's row moved 22 px when a wider viewport re-wrapped them (the long fuzz, seed
   * 100032).
   */
  const placeResizedRow = (item: VirtualItem, delta: number, instance: ListVirtualizer) => {
    const changeCount = getSizeChangeCount(instance);
    let { start, size } = item;
    if (isLayoutCurrent(instance)) {
      resizesSinceLayout.changeCount = changeCount;
      resizesSinceLayout.resizes = [];
    } else if (changeCount !== resizesSinceLayout.changeCount + resizesSinceLayout.resizes.length) {
      // Changes this was not told of (made during a smooth scroll, which asks nothing): the
      // layout itself, brought up to date, knows.
      ({ start, size } = getLayout(instance)[item.index] ?? item);
      resizesSinceLayout.changeCount = changeCount;
      resizesSinceLayout.resizes = [];
    }
    for (const resize of resizesSinceLayout.resizes) {
      if (resize.index < item.index) start += resize.delta;
      else if (resize.index === item.index) size += resize.delta;
    }
    resizesSinceLayout.resizes.push({ index: item.index, delta });
    let compensatedBelow = 0;
    for (const resize of compensatedThisTask) if (resize.index > item.index) compensatedBelow += resize.delta;
    return { start, end: start + size, compensatedBelow };
  };

  /**
   * TanStack skips compensating a row above the viewport that resizes while the reader scrolls
   * up; a chat must not move then either (a late image, SPEC §2.4). A list held at the bottom
   * is held there by the pin instead: a compensation computed from TanStack's last known offset
   * would pull it up.
   */
  /** Whether the row is the last message's: no message row follows it (the suffix, or nothing). */
  const isLastMessageRow = (index: number) => {
    const count = host.messages().length;
    const firstRow = host.firstMessageRow();
    return messageIndexOfRow(index, firstRow, count) === count - 1;
  };

  const shouldCompensate = (item: VirtualItem, delta: number, instance: ListVirtualizer): boolean => {
    host.catchUpTanstack();
    const row = placeResizedRow(item, delta, instance);
    if (host.isCompensationHeld()) return false;
    const isCompensated =
      host.compensatesAnchoredResize(item, instance) ??
      shouldCompensateResize(
        { ...row, isMeasured: isRowMeasured(instance, item.key), isLastMessage: isLastMessageRow(item.index) },
        (instance.scrollOffset ?? 0) - row.compensatedBelow,
        seenViewport.size ?? host.scroller()?.clientHeight ?? 0,
      );
    if (isCompensated) {
      if (compensatedThisTask.length === 0)
        queueMicrotask(() => {
          compensatedThisTask = [];
        });
      compensatedThisTask.push({ index: item.index, delta });
    }
    return isCompensated;
  };
  /** The viewport resized: the reader sees its new height from the next frame on. */
  const noteViewportResize = () => {
    if (seenViewport.isUpdateQueued) return;
    seenViewport.isUpdateQueued = true;
    requestAnimationFrame(() => {
      seenViewport.isUpdateQueued = false;
      seenViewport.size = host.scroller()?.clientHeight ?? null;
    });
  };
  return { shouldCompensate, noteViewportResize };
};

/**
 * The bridge to TanStack's measurements: the rows' ref callbacks, rows measured now rather than
 * at the next ResizeObserver, and where a row TanStack resizes stands. A commit's rows are
 * measured one ref callback at a time; the layout change they make is handled once, after the
 * last. It owns whether rows are being measured, the ref callbacks, and the resizes since
 * TanStack's last layout.
 */
export const createRowMeasuring = (host: RowMeasuringHost) => {
  /**
   * Rows being measured by their ref callbacks (`measureRowRef`), and whether that changed the
   * layout: a commit's rows are measured one callback at a time, and the layout change is
   * handled once after the last.
   */
  const rowMeasuring = { isActive: false, hasChangedLayout: false };
  /**
   * The rows' ref callbacks (`rowRef`) by layout key, those handed out in this render and in the
   * one before: a row rendered again keeps its callback, and those of rows gone are dropped.
   */
  const rowRefs = {
    ofThisRender: new Map<MessageKey, RowRef>(),
    ofLastRender: new Map<MessageKey, RowRef>(),
    /** The layout key of the row each element last showed. */
    rowOfElement: new WeakMap<HTMLElement, MessageKey>(),
  };
  /**
   * Whether TanStack's change, which asks for a synchronous render (`isSync`: a scroll, or a
   * compensation of a resized row), gets one. Not while the commit's rows are measured (React is
   * committing), and not inside TanStack's ResizeObserver callback: React 19 renders every
   * pending update in a synchronous render, the app's too, and a row that the app's update
   * resizes there has had its size delivered already: "ResizeObserver loop completed with
   * undelivered notifications" (an image loading above the reader while a reply streams; fuzz
   * seed 20828). The rows need no render there: they are in the flow, and the compensation is
   * written; the render TanStack asked for comes in the next task.
   */
  const shouldRenderSynchronously = (isSync: boolean) => isSync && !rowMeasuring.isActive && !isDeliveringRowSizes;

  /** The layout change of the rows measured since the last flush, if any. */
  const flushRowLayoutChange = () => {
    if (!rowMeasuring.hasChangedLayout) return;
    rowMeasuring.hasChangedLayout = false;
    if (host.isMounted()) host.onLayoutChange();
  };

  /**
   * The ref callback of every row: TanStack measures it, and the layout change waits for the
   * commit's other rows. TanStack skips a new row within 150 ms of a scroll event and leaves it
   * to its ResizeObserver; without one (jsdom, the testing kit) nothing measured it later, and a
   * row the reader scrolled into stood at its estimate until an anchored change measured it and
   * moved the reader (the kit's reader at 1000 px went to 940 px when a message arrived).
   */
  const measureRowRef = (element: HTMLElement | null, isNow = false) => {
    rowMeasuring.isActive = true;
    try {
      if (element !== null && (isNow || typeof ResizeObserver === 'undefined'))
        measureElementNow(host.virtualizer(), element);
      else host.virtualizer().measureElement(element);
    } finally {
      rowMeasuring.isActive = false;
    }
  };

  /**
   * The ref callback of the rendered row at `virtualIndex`: one per row (its layout key), so
   * that React calls it again when an element goes on to show another row. Rows that share a
   * message key (bad input, SPEC §2.8) share React keys from one render to the next: React
   * handed the element of one such row to another without calling a callback that stayed the
   * same, the ResizeObserver, which already observed the element, said nothing when both rows
   * were as tall, and TanStack kept the new row at its estimate until the scroll ended:
   * getVisibleRange() a row off the DOM (a CI run of stop 41, in the duplicate-keys test).
   */
  const rowRef = (virtualIndex: number): RowRef => {
    const key = host.rowKeyAt(virtualIndex);
    let ref = rowRefs.ofThisRender.get(key) ?? rowRefs.ofLastRender.get(key);
    if (ref === undefined) {
      ref = (element) => {
        const previousKey = element === null ? undefined : rowRefs.rowOfElement.get(element);
        if (element !== null) rowRefs.rowOfElement.set(element, key);
        if (element === null || previousKey === undefined || previousKey === key) return measureRowRef(element);
        // Measured now: TanStack observes it already, so no first observation will report it.
        forgetRowElement(host.virtualizer(), previousKey, element);
        measureRowRef(element, true);
      };
    }
    rowRefs.ofThisRender.set(key, ref);
    return ref;
  };

  /** Measures `measure`'s rows as a commit's rows are measured: their layout change is handled once, after. */
  const whileMeasuring = (measure: () => void) => {
    rowMeasuring.isActive = true;
    try {
      measure();
    } finally {
      rowMeasuring.isActive = false;
    }
  };

  return {
    ...createResizeCompensation(host),
    shouldRenderSynchronously,
    flushRowLayoutChange,
    rowRef,
    whileMeasuring,

    /**
     * TanStack's `onChange` while rows are being measured: sizing the content and reading the
     * scroller after each row forced a layout of the page and a relayout of every row per row (18
     * of each at the opening of 100 000 messages). Once, after the last row: in the commit's
     * layout effects, or in a microtask (before the paint) when only rows committed. True when it
     * was deferred so.
     */
    deferLayoutChange(): boolean {
      if (!rowMeasuring.isActive) return false;
      if (!rowMeasuring.hasChangedLayout) queueMicrotask(flushRowLayoutChange);
      rowMeasuring.hasChangedLayout = true;
      return true;
    },

    /** A new render: the ref callbacks it hands out, kept from the last render for rows that stay. */
    startRender() {
      rowRefs.ofLastRender = rowRefs.ofThisRender;
      rowRefs.ofThisRender = new Map();
    },

    /** Measures every rendered row now (they were left at stale sizes: a smooth scroll measures only some). */
    measureRendered(element: HTMLElement) {
      const virtualizer = host.virtualizer();
      for (const row of element.children) {
        const index = Number((row as HTMLElement).dataset.virtualIndex);
        if (Number.isInteger(index))
          virtualizer.resizeItem(index, measureRowElement(row as HTMLElement, undefined, virtualizer));
      }
    },
  };
};

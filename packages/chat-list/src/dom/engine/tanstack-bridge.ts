import { observeElementOffset as observeTanstackOffset } from '@tanstack/virtual-core';
import { isScaledSpace } from '../../core';
import {
  attachScrollElement,
  getLayout,
  keepRoomToAppend,
  relayoutFrom,
  replaceMaxScrollOffset,
  type ListVirtualizer,
} from '../tanstack-internals';
import type { LaidOutInputs, RenderInputs } from './inputs';
import type { EngineParts } from './parts';

/**
 * What the hook's render and TanStack's options hand the engine, and what the engine asks of
 * TanStack: a render's inputs (`update`), the virtualizer (`adoptVirtualizer`), the scroller's
 * size and offset (TanStack's `observeElementRect` and `observeElementOffset`), and the rows
 * measured again. It owns the scroller's size report and whether a remeasure is under way.
 */
export const createTanstackBridge = <TMessage>(parts: EngineParts<TMessage>) => {
  const { fromReact: host } = parts;
  /** Tells TanStack the scroller's size: set by its `observeElementRect` (see there). */
  let reportScrollerRect: (() => void) | null = null;
  /** True while `remeasure` measures the rendered rows: it anchors the reader's row itself. */
  let isRemeasuring = false;

  /**
   * While a smooth scroll runs, TanStack measures only the rows near its target
   * (`shouldMeasureDuringScroll`), and the ResizeObserver of the others does not fire again: once
   * it is over, the rendered rows are measured, or the layout keeps their stale sizes (a visible
   * range that disagrees with the DOM, rows laid out past the content, blank strips).
   */
  const remeasureRenderedRows = () => {
    if (!host.isListMounted || host.contentElement === null) return;
    // TanStack neither compensates nor retargets during its own smooth scroll: end it first.
    host.listVirtualizer.cancelScroll();
    parts.rowMeasuring.measureRendered(host.contentElement);
  };

  /**
   * `remeasure()`: forgets every measured size and measures the rendered rows again,
   * in one synchronous step, so no frame shows them at their estimates. Rows out of view go back
   * to `estimateSize` until they render. Compensating each row as TanStack would moves the list
   * once per row, from offsets that are all stale: instead the reader's row is found before and
   * put back after, once. A list held at the bottom is held there by the pin, and a command
   * under way keeps its target (it corrects itself every frame).
   */
  const remeasure = () => {
    const { scrollerElement: scroller, contentElement: content, listVirtualizer: virtualizer } = host;
    if (!host.isListMounted || scroller === null || content === null) return;
    const anchor = parts.ownership.current.kind === 'reader' ? parts.readingAnchor.findCurrent() : null;
    isRemeasuring = true;
    try {
      virtualizer.measure();
      parts.rowMeasuring.measureRendered(content);
    } finally {
      isRemeasuring = false;
    }
    parts.listGeometry.fitSizer();
    const offset = anchor === null ? null : parts.readingAnchor.anchoredOffsetNow(anchor);
    if (offset !== null) {
      parts.scrollWriter.setModelOffset(virtualizer, parts.scrollWriter.write(scroller, offset, 'anchor'));
    }
    // Written here, not left to `pinToBottom`: the shorter content clamped the scroller, and the
    // pin leaves an offset it did not write to the scroll event. The long fuzz run found a list
    // pinned at the bottom left 83 px above it after a prepend of 1 000 and a remeasure.
    if (parts.ownership.current.kind === 'pinned-to-bottom') {
      parts.scrollWriter.setModelOffset(virtualizer, parts.bottomPin.writeNow(scroller));
    }
    // New sizes can change what is in view without a scroll event (the browser fires none for an
    // offset it already reported): the fuzzer found the current turn left on the one shown before
    // the remeasure.
    if (parts.commitCycle.isReportable()) parts.reporting.reportVisible();
    // The offsets above are the new layout's, but the rows stand where React last put them, at
    // the sizes just forgotten, until it renders again: WebKit under load painted a frame before
    // React's render, with the reader's row 120 px off. Rendered in a microtask, before any
    // paint, and after the commit of an effect that called this, where `flushSync` cannot render.
    queueMicrotask(() => {
      if (host.isListMounted) host.renderInputs.requestRender(true);
    });
  };

  return {
    get isRemeasuring() {
      return isRemeasuring;
    },
    remeasureRenderedRows,
    remeasure,
    /** Tells TanStack the scroller's size now, if it observes it. */
    reportScrollerRect: () => reportScrollerRect?.(),
    /**
     * TanStack's `observeElementRect`: the scroller's size, read now and then whenever the
     * scroller's own ResizeObserver (`onViewportResize`) fires. TanStack's default creates an
     * observer of the scroller when it takes it, which is in the scroller's first ResizeObserver
     * callback (`attachScroller`): a new observation there, at the depth being delivered, is left
     * undelivered ("ResizeObserver loop completed with undelivered notifications").
     */
    observeElementRect(
      instance: ListVirtualizer,
      onRect: (rect: { width: number; height: number }) => void,
    ): (() => void) | undefined {
      const element = instance.scrollElement;
      if (element === null) return undefined;
      const report = () => onRect({ width: element.clientWidth, height: element.clientHeight });
      report();
      reportScrollerRect = report;
      return () => {
        if (reportScrollerRect === report) reportScrollerRect = null;
      };
    },
    /** TanStack's `observeElementOffset`: it is told the list's offsets, not the scroller's. */
    observeElementOffset: (
      instance: ListVirtualizer,
      notify: (offset: number, isScrolling: boolean) => void,
    ): (() => void) | undefined =>
      observeTanstackOffset(instance, (offset, isScrolling) => {
        parts.scrollerEvents.noteTanstackRead();
        if (instance.scrollElement !== null) parts.scaledSpace.readScrollerMove(instance.scrollElement);
        notify(offset + parts.scaledSpace.state.appliedSpace.shift, isScrolling);
      }),
    /**
     * Gives TanStack the scroller, once it is laid out (or there is no layout to wait for), and
     * lets it read the size now, so that the render that follows has its rows in range. Until
     * then the list renders no rows, and TanStack would only have forced a layout.
     */
    attachScroller() {
      host.isScrollerAttached = true;
      attachScrollElement(host.listVirtualizer);
    },
    update: (render: RenderInputs<TMessage>) => update(parts, render),
    adoptVirtualizer: (instance: ListVirtualizer) => adoptVirtualizer(parts, instance),
  };
};

/**
 * The render's inputs, before TanStack lays it out: the anchor is found in the last layout.
 * Returns TanStack's `getItemKey` for this render (see `engine/row-keys.ts`).
 */
const update = <TMessage>(parts: EngineParts<TMessage>, render: RenderInputs<TMessage>) => {
  const { fromReact: host } = parts;
  const previous = host.renderInputs as LaidOutInputs<TMessage> | undefined;
  const { listVirtualizer: virtualizer, scrollerElement: scroller } = host;
  if (virtualizer !== undefined) {
    parts.scrollerEvents.catchUpTanstack();
    // TanStack lays out lazily, when next asked. Asked once the row keys below have moved (the
    // reading anchor reads the last layout), a row resized since the last layout put the old
    // rows' sizes under the new keys: at their estimates. Firefox's ResizeObserver reports rows a
    // few millionths of a pixel off the size their ref callbacks measured, so a row is often so
    // resized there: a page of history moved the reader 74 px. Laid out now, under the old keys.
    getLayout(virtualizer);
  }
  parts.featureSet.sync(render.options.features);
  parts.rowMeasuring.startRender();
  parts.openingWindow.planHiddenCount(previous, render);
  const { hiddenCount } = parts.openingWindow;
  const next: LaidOutInputs<TMessage> = {
    ...render,
    firstMessageRow: hiddenCount > 0 ? -hiddenCount : render.hasPrefix ? 1 : 0,
  };
  parts.rowKeys.planRender(previous, next);
  // A reader's jump across a scaled list that its scroll event has not reported yet lands at
  // its fraction of the conversation now: this render plans its anchor and space from there.
  // Only then: reading scrollTop may force a layout, in every render of a streamed token.
  // TanStack learns the move at its event, after this render: told now, this render lays out
  // the rows where the reader landed. Left to the event, the render laid out the rows of the
  // old offset, 1 400 000 px below the view in the jump's new space (a blank frame), and their
  // measurements compensated from that old offset, which wrote the reader back there: a
  // thumb dragged to the top of a million messages under a 4x-throttled CPU never arrived.
  const scaling = parts.scaledSpace.state;
  const hasMoved =
    scroller !== null &&
    scaling.isReaderDriving &&
    isScaledSpace(scaling.appliedSpace) &&
    parts.scaledSpace.readScrollerMove(scroller);
  if (hasMoved && virtualizer !== undefined) {
    parts.scrollWriter.setModelOffset(virtualizer, parts.listGeometry.offsetNow());
  }
  const isRowsChange =
    previous !== undefined &&
    virtualizer !== undefined &&
    (next.messages !== previous.messages || next.firstMessageRow !== previous.firstMessageRow);
  if (isRowsChange) parts.readingAnchor.plan(previous, next);
  else parts.readingAnchor.planNone();
  host.renderInputs = next;
  return parts.rowKeys.getter;
};

/** TanStack's virtualizer, once this render's options are set. */
const adoptVirtualizer = <TMessage>(parts: EngineParts<TMessage>, instance: ListVirtualizer) => {
  const { fromReact: host } = parts;
  host.listVirtualizer = instance;
  replaceMaxScrollOffset(instance, parts.listGeometry.maxListOffset);
  instance.shouldAdjustScrollPositionOnItemSizeChange = parts.rowMeasuring.shouldCompensate;
  // TanStack redoes the layout from the first changed row only: on a new count it would redo
  // all of it (9 ms per append at 100 000 messages).
  const { firstChangedRow } = parts.rowKeys;
  if (firstChangedRow !== null && firstChangedRow > 0) relayoutFrom(instance, firstChangedRow);
  parts.readingAnchor.keep(instance);
  // Where the commit leaves the list: the anchored offset it will write, or where the scroller
  // is (TanStack's offset lags it until the scroll event of a write made since the last render).
  parts.scaledSpace.planRendered(() =>
    parts.readingAnchor.hasOffsetToWrite || host.scrollerElement === null
      ? (instance.scrollOffset ?? 0)
      : parts.listGeometry.offsetNow(),
  );
  keepRoomToAppend(instance);
};

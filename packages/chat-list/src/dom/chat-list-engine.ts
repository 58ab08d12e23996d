import { getRangeExtractor } from './rendered-rows';
import { assemblePosition } from './engine/assemble-position';
import { assembleReporting } from './engine/assemble-reporting';
import { createCommitCycle } from './engine/commit-cycle';
import { createGeometry } from './engine/geometry';
import type { MessageKey } from '../core';
import type { RenderInputs } from './engine/inputs';
import type { StuckGroupHeader } from './features';
import { createKernelView } from './engine/kernel-view';
import { createEngineHost, type EngineParts } from './engine/parts';
import { measureRowElement } from './engine/row-measuring';
import { observeResize } from './engine/scroller-events';
import { createTanstackBridge } from './engine/tanstack-bridge';
import type { ListVirtualizer } from './tanstack-internals';

export type { ListVirtualizer, RenderInputs };
export { measureRowElement };

/**
 * The chat policy's memory and the DOM listeners that feed it, created once per list and free
 * of React: the hook hands it each render's inputs (`update`) and TanStack's virtualizer
 * (`adoptVirtualizer`), and calls `commit` / `afterRender` from layout effects.
 *
 * One owner of the scroll position (engine/owner.ts): the reader, a command, or the pin,
 * changed only through `dispatch`; anchoring and TanStack's compensations correct the position
 * for whoever owns it. Every write goes through the scroll writer (`engine/scroll-writer.ts`).
 * The modules are listed in `engine/parts.ts`; ARCHITECTURE.md draws them.
 */
export const createChatListEngine = <TMessage>() => {
  const parts = { fromReact: createEngineHost<TMessage>() } as EngineParts<TMessage>;
  const { fromReact: host } = parts;
  parts.view = createKernelView(parts);
  parts.listGeometry = createGeometry(parts);
  assemblePosition(parts);
  assembleReporting(parts);
  parts.commitCycle = createCommitCycle(parts);
  parts.tanstackBridge = createTanstackBridge(parts);
  const { commitCycle, tanstackBridge: tanstack, rowMeasuring, afterPaint, scrollerEvents } = parts;

  const mount = () => {
    host.isListMounted = true;
    return () => {
      host.isListMounted = false;
      // A remount (StrictMode's rehearsal, <Activity>) must open at the bottom again: forget
      // what was committed, so the next commit is an `opened` change.
      commitCycle.forgetCommitted();
      scrollerEvents.stop();
      parts.reporting.stop();
      parts.followGlide.stop();
      parts.openingWindow.cancelEnd();
      parts.scrollWriter.stop();
      parts.edgeLoaders.unmount();
      parts.listState.reset();
      // A watch frame still scheduled finds no command and stops.
      parts.ownership.dispatch({ type: 'unmounted' });
      // Unmounted, a waiting command resolves false at once, as any command on an unmounted list.
      parts.openingWindow.runWaitingCommands();
    };
  };

  return {
    handle: parts.listHandle,
    scrollerRef(element: HTMLElement | null) {
      host.scrollerElement = element;
      scrollerEvents.attach(element);
    },
    /**
     * Calls `onLaidOut` once, in the scroller's first layout: a ResizeObserver's first callback,
     * which runs before the first paint. Returns its cleanup, or undefined when there is nothing
     * to observe (no scroller, no ResizeObserver): the caller goes on at once.
     */
    whenScrollerLaidOut(onLaidOut: () => void): (() => void) | undefined {
      if (host.scrollerElement === null) return undefined;
      const stop = observeResize(host.scrollerElement, () => {
        stop?.();
        onLaidOut();
      });
      return stop;
    },
    /** TanStack's `getScrollElement`: the scroller, once `attachScroller` gave it. */
    getVirtualizerScrollElement: () => (host.isScrollerAttached ? host.scrollerElement : null),
    attachScroller: tanstack.attachScroller,
    /**
     * The rows' wrapper is not observed: TanStack observes every row, and a row that resizes
     * reaches the pin through `onLayoutChange`. An observer on the wrapper (shallower than the
     * rows) broke the ResizeObserver loop: TanStack's measurement of a row re-renders the range
     * synchronously, which resizes the wrapper after its depth was delivered ("ResizeObserver
     * loop completed with undelivered notifications" on every jump by the scrollbar, found by the
     * fuzzer).
     */
    contentRef(element: HTMLElement | null) {
      host.contentElement = element;
    },
    sizerRef(element: HTMLElement | null) {
      host.sizerElement = element;
    },
    announcerRef: afterPaint.announcerRef,
    /** The element that holds the stuck group header, handed to the features (sticky headers measure and push it). */
    stickyHeaderRef(element: HTMLElement | null) {
      parts.featureSet.each((feature) => feature.onStickyHeaderElement?.(element));
    },
    /** A height known for a message before it is measured, as the features answer (a snapshot's, with snapshots). */
    knownSizeOf: (key: MessageKey) => parts.featureSet.ask((feature) => feature.knownSize?.(key)),
    /** The group whose header sticks to the top, as the features answer (none without sticky headers). */
    stuckHeader: () =>
      (parts.featureSet.ask((feature) => feature.stuckGroupHeader?.()) ?? null) as StuckGroupHeader<TMessage> | null,
    scrollToFn: parts.scrollWriter.scrollToFn,
    shouldAdjustScrollPositionOnItemSizeChange: rowMeasuring.shouldCompensate,
    update: tanstack.update,
    adoptVirtualizer: tanstack.adoptVirtualizer,
    /**
     * TanStack's `rangeExtractor` for this render: the rows beyond the viewport for the way the
     * reader last scrolled (core `overscan.ts`, see `engine/scroller-events.ts`).
     */
    rangeExtractor: () => getRangeExtractor(scrollerEvents.readerHeading),
    /** The row of `messages[0]` among TanStack's rows in this render (core `rows.ts`), set by `update`. */
    firstMessageRow: parts.view.firstMessageRow,
    /** The space the latest render lays its rows out in: a row's top in the scroller is its `start` minus `shift`. */
    scrollSpace: () => parts.scaledSpace.state.renderedSpace,
    contentSize: parts.listGeometry.contentSize,
    mount,
    commit: commitCycle.commit,
    afterRender: commitCycle.afterRender,
    onLayoutChange: commitCycle.onLayoutChange,
    shouldRenderSynchronously: rowMeasuring.shouldRenderSynchronously,
    rowRef: rowMeasuring.rowRef,
    flushBatches: afterPaint.flush,
    observeElementOffset: tanstack.observeElementOffset,
    observeElementRect: tanstack.observeElementRect,
  };
};

export type ChatListEngine<TMessage> = ReturnType<typeof createChatListEngine<TMessage>>;

import { SCROLL_END_DELAY_MS, classifyScrollEvent, type ScrollHeading, type ScrollOwnerEvent } from '../../core';
import type { ScrollWriter } from './scroll-writer';
import type { KernelView } from './kernel-view';

const SCROLL_KEYS = new Set(['ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End', ' ']);
const INTENT_EVENTS = ['wheel', 'touchstart', 'touchmove', 'pointerdown', 'keydown'];

/** Calls `onResize` when the element's size changes; returns how to stop. Without ResizeObserver (jsdom), nothing. */
export const observeResize = (element: Element, onResize: () => void): (() => void) | undefined => {
  if (typeof ResizeObserver === 'undefined') return undefined;
  const observer = new ResizeObserver(onResize);
  // The border box: a scrollbar that takes layout space (Windows, most Linux desktops) narrows
  // the content box when the rows the list renders inside a ResizeObserver callback (its opening)
  // make the content overflow. The scroller is shallower than the rows being delivered, so that
  // change was left undelivered: "ResizeObserver loop completed with undelivered notifications"
  // at every opening. The rows it narrows are observed themselves, and re-measured.
  observer.observe(element, { box: 'border-box' });
  return () => observer.disconnect();
};

/** What the scroller's events read from the kernel, and what they ask of it. */
export interface ScrollerEventsHost<TMessage> extends Pick<
  KernelView<TMessage>,
  'scroller' | 'content' | 'isMounted' | 'options' | 'owner' | 'offsetNow' | 'bottomOffset' | 'virtualizer'
> {
  dispatch: (event: ScrollOwnerEvent) => void;
  /** The writer knows which scroll events are echoes of our own writes; the reader's intent halts a smooth command through it. */
  writer: ScrollWriter;
  /** The scaled space reads every move of the scroller first (a reader's jump lands at its fraction). */
  readScrollerMove: (element: HTMLElement) => boolean;
  /** The reader drives the scroller: a jump of theirs across a scaled list is theirs to land. */
  noteReaderDriving: () => void;
  /** Edges, owner, seen tracking and the loaders, from the scroller as it is now. */
  readEdges: (isOwnWrite: boolean) => void;
  pinToBottom: () => void;
  forgetAnchoredRow: () => void;
  /** The browser clamped the reader's list from `from`: their row there is held (the reading anchor's). */
  holdReaderRowAcrossClamp: (from: number) => void;
  /** Puts the held row back where the reader saw it, as far as the content reaches; whether it wrote. */
  returnToHeldRow: () => boolean;
  endOpeningWindow: () => void;
  /** Whether the list stands at the bottom edge, where the pin holds it (a layout read). */
  isAtPinnedBottomEdge: () => boolean;
  measureRendered: (content: HTMLElement) => void;
  /** Ends TanStack's own smooth scroll and measures the rendered rows (which it had left unmeasured). */
  remeasureRenderedRows: () => void;
  /** The reader took the scroll position: the features are told (a turn held at the top lets go). */
  noteReaderIntent: () => void;
  /** A scroll event was read, whoever made it: the features are told (a stuck header looks again). */
  noteScrolled: () => void;
  holdGlide: () => void;
  recheckRead: () => void;
  stopReporting: () => void;
  onViewportResize: () => void;
}

/**
 * The app's smooth `scrollToOffset` / `scrollBy` glides in the browser, and TanStack, which
 * started it, measures only the rows near its target until it lands (for up to 5 s). A scroll
 * event off its course (away from the target, or past it) is someone else's move, which stopped
 * the animation: the rows rendered where the reader now is stood at their estimates, and the
 * rendered rows ran out 61 px above the viewport's bottom (the long fuzz, seed 100025).
 */
const createAppGlideWatch = <TMessage>(
  host: Pick<ScrollerEventsHost<TMessage>, 'writer' | 'remeasureRenderedRows'>,
) => {
  const end = () => {
    host.writer.appGlide.forget();
    host.remeasureRenderedRows();
  };
  return {
    end,
    /** Someone else's scroll event, from `from` to `to`: on the glide's course, at its target, or off it. */
    follow(from: number, to: number) {
      const target = host.writer.appGlide.target;
      if (target === null) return;
      const isOnCourse = (to - from) * (target - from) >= 0 && Math.abs(to - from) <= Math.abs(target - from) + 1;
      if (Math.abs(target - to) < 1) host.writer.appGlide.forget();
      else if (!isOnCourse) end();
    },
  };
};

/** The reader took the wheel: whatever we, or the app, were scrolling towards, stop fighting them. */
const createIntentHandler =
  <TMessage>(host: ScrollerEventsHost<TMessage>, appGlide: ReturnType<typeof createAppGlideWatch>) =>
  (event: Event) => {
    if (
      (event.type === 'keydown' && !SCROLL_KEYS.has((event as KeyboardEvent).key)) ||
      // A press on the scroller itself is its scrollbar; on a row it is a click, not a scroll.
      (event.type === 'pointerdown' && event.target !== host.scroller())
    ) {
      return;
    }
    // The reader may scroll to older rows: lay them out.
    host.endOpeningWindow();
    host.noteReaderIntent();
    host.noteReaderDriving();
    host.holdGlide();
    // The browser animates a smooth command itself, and releasing the command does not stop it:
    // a wheel during a smooth scrollToTop left the list carried on to the top under the reader.
    // A write to where the list stands stops it; the reader's own scroll comes after this event.
    // So does the app's smooth raw move, which the reader's intent ends as it ends a command.
    const owner = host.owner();
    const scroller = host.scroller();
    const isAppGliding = host.writer.appGlide.target !== null;
    if ((isAppGliding || (owner.kind === 'command' && owner.command.behavior === 'smooth')) && scroller !== null) {
      host.writer.write(scroller, host.offsetNow(), 'halt');
    }
    if (isAppGliding) appGlide.end();
    host.dispatch({ type: 'reader-intent', isAtBottom: owner.kind === 'command' && host.isAtPinnedBottomEdge() });
  };

/**
 * A viewport that grows at the bottom makes the browser clamp the offset of a list at its end
 * first; the content may grow in the same frame (a turn held at the top reserves space by the
 * viewport's height, rows re-wrap taller). The reader then saw the list stand where it was: the
 * row they read is held where they saw it, as far as the content now reaches (the reading
 * anchor's `holdAcrossClamp`). Left clamped, the rows above the reader's row came into view in
 * the model, kept their tops as the wider viewport re-wrapped them, and the reader's row moved
 * 233 px (the long fuzz, seed 100032). Returns whether the list went back.
 */
const returnFromGrowthClamp = <TMessage>(host: ScrollerEventsHost<TMessage>, from: number | null): boolean => {
  if (from === null) return false;
  host.holdReaderRowAcrossClamp(from);
  return host.returnToHeldRow();
};

/**
 * Where the reader's list stood before the browser clamped it to the bottom of a viewport that
 * grew, or null. A pinned list is held at the bottom by the pin, a command lands where it aims.
 */
const readerClampedFrom = <TMessage>(host: ScrollerEventsHost<TMessage>, scroller: HTMLElement): number | null =>
  host.owner().kind === 'reader' ? host.writer.clampedByGrowthFrom(scroller) : null;

/**
 * The scroller's ResizeObserver. The browser may clamp the offset to a taller viewport's bottom
 * before or after it sends the clamp's scroll event: whichever comes first holds the reader's row.
 */
const onViewportResize = <TMessage>(host: ScrollerEventsHost<TMessage>, scroller: HTMLElement) => {
  host.writer.clampToContentEnd(scroller);
  returnFromGrowthClamp(host, readerClampedFrom(host, scroller));
  host.writer.noteViewportSize(scroller);
  host.onViewportResize();
};

/**
 * The scroller's events: every scroll (ours, told apart by the writer, or someone else's), the
 * reader's intent (wheel, touch, the scrollbar, scroll keys) that takes the list from whoever
 * holds it, and the scroller's resizes. It owns whether the list is scrolling, the scroll-end
 * timer, the way the reader last scrolled, and the listeners.
 */
export const createScrollerEvents = <TMessage>(host: ScrollerEventsHost<TMessage>) => {
  let isScrolling = false;
  /**
   * Which way the reader last scrolled, until they turn: the rows ahead get the whole overscan,
   * those behind 2 (core `overscan.ts`). Kept when the scroll ends, so that nothing is rendered
   * and measured behind the reader once they stop (with the overscan back behind them at rest,
   * those rows were measured 150 ms after every scroll, and the list moved then). Null at an
   * opening and until the reader scrolls: the list's own scrolls (the opening, a follow, a
   * command) leave it as it is.
   */
  let readerHeading: ScrollHeading = null;
  /** The list's offset at the last scroll event: the reader's heading is the way it moved from there. */
  let offsetAtLastScroll = 0;
  let scrollEndTimer: ReturnType<typeof setTimeout> | undefined;
  let detachScroller: (() => void) | undefined;
  const appGlide = createAppGlideWatch(host);

  // Listens to the scroller only while it is attached, so the host's scroller is that element.
  const onScroll = () => {
    const scroller = host.scroller();
    if (scroller !== null) host.readScrollerMove(scroller);
    const clampedFrom = scroller === null ? null : readerClampedFrom(host, scroller);
    // Nobody moved the list: its echo is read as the scroll.
    if (returnFromGrowthClamp(host, clampedFrom)) return;
    const offset = host.offsetNow();
    const offsetBefore = offsetAtLastScroll;
    const moved = offset - offsetBefore;
    offsetAtLastScroll = offset;
    isScrolling = true;
    host.options().onScroll?.(offset);
    clearTimeout(scrollEndTimer);
    scrollEndTimer = setTimeout(() => {
      isScrolling = false;
      if (!host.isMounted()) return;
      // Rows mounted during a smooth scroll that TanStack drove (`scrollToOffset` and
      // `scrollBy` with `behavior: 'smooth'`, which are not commands and have no landing) were
      // not measured, and their ResizeObserver does not fire again: measured now, or the layout
      // keeps their estimates (the fuzzer found getVisibleRange() a row off the DOM).
      // An app's glide that has not landed (its target clamped, or its frames late on a loaded
      // machine) no longer keeps TanStack from measuring either; the reader's intent may still halt it.
      const content = host.content();
      if (host.writer.appGlide.target !== null) host.remeasureRenderedRows();
      else if (content !== null && host.owner().kind !== 'command') host.measureRendered(content);
      host.options().onScrollEnd?.();
    }, SCROLL_END_DELAY_MS);
    const write = host.writer.takeLastWrite();
    // Ours, or someone else's (core `scroll-echo.ts`).
    const { isOwnWrite, isClampedEcho } = classifyScrollEvent(write, offset, () =>
      scroller === null ? null : host.bottomOffset(scroller),
    );
    isMoveUnreadByTanstack = !isOwnWrite;
    // The echo of our own pin arrives after layout: rows measured in between may have grown
    // the content again. That is still growth, not the reader.
    if (isOwnWrite && write?.reason === 'pin') host.pinToBottom();
    // The reader moved: the rows they now read are in view, measured as rows in view are.
    // The browser's clamp is not the reader's move: the row held across it stays held.
    if (!isOwnWrite) {
      if (clampedFrom === null) host.forgetAnchoredRow();
      appGlide.follow(offsetBefore, offset);
    }
    // Someone else moved the scroller (a script, the scrollbar): older rows may come into view.
    // Not so our own write that the browser clamped at the bottom.
    if (!isOwnWrite && !isClampedEcho) host.endOpeningWindow();
    host.readEdges(isOwnWrite);
    if (!isOwnWrite && host.owner().kind === 'reader' && moved !== 0) readerHeading = moved > 0 ? 'down' : 'up';
  };

  /**
   * A commit between a move of the scroller that we did not make (the reader's thumb, a script)
   * and that move's scroll event reads the move first, as its event would: the state the commit
   * acts on (pinned to the bottom, the offset we know) is from before it. A key replaced above
   * the view in the task of a reader's jump to the top was anchored at the top, whose write then
   * passed for the scroller's known offset, and the pin took the list back to the bottom: the
   * jump was lost for good. The event itself still reports the scroll to the app; the render
   * being committed planned from the scroller's offset already, so its anchored row stays.
   */
  /**
   * Whether TanStack has yet to read a scroll event this listener has read. Ours runs first, and
   * the app's callbacks in it may render before TanStack's listener runs: a store of the app's
   * (or `useChatListState`) renders synchronously in the microtask between the two. That render
   * laid out and measured rows from TanStack's old offset: a prefix appearing at the top of a
   * list just scrolled there from the bottom was taken for a row above the viewport, and
   * compensated by moving the list 819 px back down.
   */
  let isMoveUnreadByTanstack = false;

  const readMoveBeforeItsEvent = () => {
    const scroller = host.scroller();
    if (scroller === null || !host.writer.hasUnreadMove(scroller)) return;
    host.readScrollerMove(scroller);
    host.endOpeningWindow();
    host.readEdges(false);
  };

  const onUserIntent = createIntentHandler(host, appGlide);

  // A detach stays until the next element's replaces it, so after a ref call with null it runs
  // once more: harmless, as removing or disconnecting twice does nothing.
  const attach = (element: HTMLElement | null) => {
    detachScroller?.();
    if (element === null) return;
    element.addEventListener('scroll', onScroll, { passive: true });
    // After ours, for every scroll event: also one that the growth clamp's return explains.
    element.addEventListener('scroll', host.noteScrolled, { passive: true });
    for (const type of INTENT_EVENTS) element.addEventListener(type, onUserIntent, { passive: true });
    element.ownerDocument.addEventListener('visibilitychange', host.recheckRead);
    const stopObserving = observeResize(element, () => onViewportResize(host, element));
    detachScroller = () => {
      element.removeEventListener('scroll', onScroll);
      element.removeEventListener('scroll', host.noteScrolled);
      for (const type of INTENT_EVENTS) element.removeEventListener(type, onUserIntent);
      element.ownerDocument.removeEventListener('visibilitychange', host.recheckRead);
      host.stopReporting();
      stopObserving?.();
    };
  };

  return {
    /** Listens to a new scroller (or to none). */
    attach,
    readMoveBeforeItsEvent,
    /** TanStack's scroll listener read the scroller. */
    noteTanstackRead() {
      isMoveUnreadByTanstack = false;
    },
    /** A render or a measurement before TanStack's scroll listener: TanStack is told the offset first. */
    catchUpTanstack() {
      if (!isMoveUnreadByTanstack) return;
      isMoveUnreadByTanstack = false;
      host.writer.setModelOffset(host.virtualizer(), host.offsetNow());
    },
    /** Whether the list is scrolling (until the scroll-end delay after the last scroll event). */
    get isScrolling() {
      return isScrolling;
    },
    /** Which way the reader last scrolled (see above); null at an opening. */
    get readerHeading() {
      return readerHeading;
    },
    /** A new conversation: the reader has not scrolled in it yet. */
    forgetReaderHeading() {
      readerHeading = null;
    },
    /** The list unmounts: no scroll end is to come. */
    stop() {
      clearTimeout(scrollEndTimer);
    },
  };
};

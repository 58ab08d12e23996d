import type { VirtualItem, Virtualizer } from '@tanstack/react-virtual';
import {
  EDGE_TOLERANCE_PX,
  HISTORY_END_OFFSET_RULE,
  INITIAL_HISTORY_TRIGGER,
  NO_COMMITTED_MESSAGES,
  SCROLL_END_DELAY_MS,
  createSeenTracker,
  decideFollow,
  detectMessageChange,
  findKey,
  getCommittedEdges,
  isAtBottomEdge,
  isAtTopEdge,
  getVisibleIndexRange,
  isInHistoryZone,
  isPinnedWhileGrowing,
  reduceHistoryTrigger,
  resolveFollowPolicy,
  sanitizeNumber,
  toVirtualizerAlign,
  type FollowBehavior,
  type HistoryTriggerEvent,
  type MessageKey,
  type ScrollMetrics,
} from '../core';
import { warnOnce } from './dev-warnings';
import type { ChatListBehaviorOptions, ChatListHandle, ScrollToEdgeOptions, VisibleRange } from './types';

declare const process: { env: { NODE_ENV?: string } };

export type ListVirtualizer = Virtualizer<HTMLElement, HTMLElement>;

export const PREFIX_KEY = '\u0000prefix';
export const SUFFIX_KEY = '\u0000suffix';
/** Frames the target must hold before a scroll command counts as landed. */
const LANDED_FRAMES = 2;
/** TanStack stops reconciling a command after 5 s; so do we. */
const COMMAND_TIMEOUT_MS = 5000;
const SCROLL_KEYS = new Set(['ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End', ' ']);
const INTENT_EVENTS = ['wheel', 'touchstart', 'touchmove', 'pointerdown', 'keydown'];

const reportHistoryError = (error: unknown) => console.error('[@chat-list/react] onHistoryEndReached failed:', error);
const defaultIsReceived = (message: unknown): boolean => (message as { role?: unknown }).role === 'assistant';

/**
 * The laid-out rows, brought up to date. `measurementsCache` lags: TanStack lays
 * out again only when asked, and with `anchorTo: 'start'` nothing asks between
 * two rows measured in one batch (see `adoptVirtualizer`).
 */
// `getMeasurements` is public at runtime, private in TanStack's types.
export const layoutOf = (virtualizer: ListVirtualizer): VirtualItem[] => virtualizer['getMeasurements']();

/** Rounded sizes drift by up to half a pixel per row; anchoring needs the real, fractional height. */
export const measureRowElement = (element: Element, entry: ResizeObserverEntry | undefined): number =>
  entry?.borderBoxSize?.[0]?.blockSize ?? element.getBoundingClientRect().height;

/**
 * Compensation writes land on whole pixels at most device pixel ratios, so each
 * loses up to a pixel; hundreds of them (rows measured while scrolling up) would
 * add up to a visible drift. What the browser dropped is carried into the next
 * compensation, keeping the total error under one pixel.
 *
 * TanStack's offset after a compensation is the exact target it asked for, not
 * where the browser put the scroller. A compensation that continues from ours
 * (before a scroll event has read the scroller again) still owes the carry our
 * last target added, not what the browser dropped of it: carrying that would
 * count the fraction twice, and a chain of them drifts by pixels. Hence, per
 * scroller: TanStack's offset right after our last write, the carry that write
 * added, and what the browser dropped of it.
 */
const subpixelCarries = new WeakMap<Element, [chainOffset: number, carry: number, dropped: number]>();

export const writeScrollOffset = (
  offset: number,
  { adjustments, behavior }: { adjustments?: number; behavior?: ScrollBehavior },
  instance: ListVirtualizer,
): void => {
  const element = instance.scrollElement;
  if (element === null) return;
  const isCompensation = adjustments !== undefined && behavior !== 'smooth';
  const next = offset + (adjustments ?? 0);
  const [chainOffset, chainCarry, dropped] = (isCompensation && subpixelCarries.get(element)) || [NaN, 0, 0];
  // TanStack adds the adjustment to its offset with the same addition as `next`, so a chain compares equal.
  const carry = offset === chainOffset ? chainCarry : dropped;
  element.scrollTo({ top: next + carry, behavior });
  // Reading scrollTop costs a layout, so only compensations (which need it) do.
  const lost = isCompensation ? next + carry - element.scrollTop : 0;
  subpixelCarries.set(element, [next, carry, Math.abs(lost) < 1 ? lost : 0]);
};

/** Calls `onResize` when the element's size changes; returns how to stop. Without ResizeObserver (jsdom), nothing. */
const observeResize = (element: Element, onResize: () => void): (() => void) | undefined => {
  if (typeof ResizeObserver === 'undefined') return undefined;
  const observer = new ResizeObserver(onResize);
  observer.observe(element);
  return () => observer.disconnect();
};

const shouldCompensateResize = (item: VirtualItem, instance: ListVirtualizer): boolean => {
  const offset = instance.scrollOffset ?? 0;
  // A row above the viewport, or the first measurement of a row that started above
  // it (which corrects an estimate that was wrong all along); a row already measured
  // and spanning the top edge grows below the reader's anchor, so the view stays.
  return item.end <= offset || (item.start < offset && !instance.itemSizeCache.has(item.key));
};

/**
 * The chat policy's memory and the DOM listeners that feed it, created once per
 * list. The hook hands it the render's inputs (`update`) and TanStack's
 * virtualizer (`adoptVirtualizer`) on every render; everything else outlives
 * renders, so it is plain closure state rather than refs and callbacks with
 * dependency lists.
 */
export const createChatListController = <TMessage>() => {
  // The render's inputs, set by `update` before anything here can run.
  let options: ChatListBehaviorOptions<TMessage>;
  let messages: readonly TMessage[];
  /** The key of `messages[index]`, with a fallback for a missing key. */
  let getKeyAt: (index: number) => MessageKey;
  let hasPrefix: boolean;
  let hasSuffix: boolean;
  /** TanStack's; missing only during the first render's `update`, which checks. */
  let virtualizer = undefined as unknown as ListVirtualizer;
  // The first message below a prefix row that is the row at the top of the viewport,
  // and its distance from the viewport's top, as the last layout had them (see `update`).
  let prefixAnchorKey: VirtualItem['key'] | undefined;
  let prefixAnchorDistance: number;
  /** An offset decided during render (the prefix anchor) that the commit must write to the scroller. */
  let hasOffsetToWrite = false;
  /** The first row index an append changed, or -1 when this render is not an append. */
  let appendedFrom = -1;
  let scroller: HTMLElement | null = null;
  let committed = NO_COMMITTED_MESSAGES;
  let committedHasSuffix = false;
  /** The messages the chat policy last ran for; anything else is a commit still in progress. */
  let committedMessages: readonly TMessage[] | null = null;
  /** Where `pinToBottom` last put the scroller, to recognise the scroll event it causes. */
  let pinnedOffset = NaN;
  /** The offset `isAtTop` and `isAtBottom` describe. A scroller found elsewhere was moved by someone whose scroll event is still to come. */
  let knownOffset = 0;
  // The edges as of `knownOffset`; an empty list is at both.
  let isAtTop = true;
  let isAtBottom = true;
  let history = INITIAL_HISTORY_TRIGGER;
  const seen = createSeenTracker();
  let unseenCount = 0;
  let isScrolling = false;
  let scrollEndTimer: ReturnType<typeof setTimeout> | undefined;
  // The scroll command under way (one at a time): resolved once landed, or abandoned.
  let resolveCommand: ((landed: boolean) => void) | null = null;
  /** A move to the bottom (a follow, `scrollToBottom`, the opening): the list counts as at the bottom meanwhile. */
  let isHeadingForBottom = false;
  let isCommandLanded: () => boolean;
  /** Moves towards the target again on a frame that did not land; absent for smooth scrolls. */
  let correctCommand: (() => void) | undefined;
  // Set by `startCommand`, read only while a command is under way.
  let commandStartedAt: number;
  let landedFrames: number;
  let lastCommandOffset: number;
  let commandFrame = 0;
  /** The list must land at the bottom once it has a viewport (opened while hidden). */
  let needsOpeningScroll = false;
  let isMounted = false;
  /** onOlderMessages / onNewerMessages calls waiting for the paint (see `flushBatches`). */
  let pendingBatches: Array<() => void> = [];
  let detachScroller: (() => void) | undefined;
  let detachContent: (() => void) | undefined;

  const offsetNow = () => scroller?.scrollTop ?? 0;
  /** The scroller's geometry now; without a scroller there is no content, which is at both edges. */
  const readMetrics = (): ScrollMetrics => ({
    scrollOffset: offsetNow(),
    scrollSize: scroller?.scrollHeight ?? 0,
    viewportSize: scroller?.clientHeight ?? 0,
  });
  /** Writes the scroller's offset and remembers where it landed. */
  const moveTo = (element: HTMLElement, offset: number) => {
    element.scrollTop = offset;
    return (knownOffset = element.scrollTop);
  };
  const isStuckToBottom = () => isAtBottom && isPinnedWhileGrowing(options.follow);

  const finishCommand = (landed: boolean) => {
    const resolve = resolveCommand;
    resolveCommand = null;
    isHeadingForBottom = false;
    resolve?.(landed);
  };

  /** Once per frame while a command is under way. */
  const watchCommand = () => {
    commandFrame = 0;
    // Unmounting ends the command, so one under way belongs to a mounted list.
    if (resolveCommand === null) return;
    const offset = offsetNow();
    if (isCommandLanded() && Math.abs(offset - lastCommandOffset) < 0.5) {
      landedFrames++;
    } else if (correctCommand !== undefined && offset < lastCommandOffset - 1) {
      // On the way down, the list moved up: code or a gesture we cannot see
      // (a scrollbar drag, `scrollTop = 0`) took over. Yield, do not pull back.
      virtualizer.cancelScroll();
      return finishCommand(false);
    } else {
      landedFrames = 0;
      correctCommand?.();
    }
    // Where this frame left the list, correction included: moving up from there is someone else's doing.
    lastCommandOffset = offsetNow();
    const isLanded = landedFrames >= LANDED_FRAMES;
    if (isLanded || performance.now() - commandStartedAt > COMMAND_TIMEOUT_MS) {
      return finishCommand(isLanded || isCommandLanded());
    }
    requestWatch();
  };

  const requestWatch = () => {
    if (commandFrame === 0 && typeof requestAnimationFrame !== 'undefined') {
      commandFrame = requestAnimationFrame(watchCommand);
    }
  };

  const startCommand = (
    headsForBottom: boolean,
    isLanded: () => boolean,
    start: () => void,
    correct?: () => void,
  ): Promise<boolean> => {
    finishCommand(false);
    if (!isMounted || scroller === null) return Promise.resolve(false);
    return new Promise<boolean>((resolve) => {
      resolveCommand = resolve;
      isHeadingForBottom = headsForBottom;
      isCommandLanded = isLanded;
      correctCommand = correct;
      commandStartedAt = performance.now();
      landedFrames = 0;
      lastCommandOffset = NaN;
      start();
      knownOffset = offsetNow();
      requestWatch();
    });
  };

  const scrollToBottom = (behavior?: FollowBehavior) =>
    startCommand(
      true,
      () => isAtBottomEdge(readMetrics()),
      // TanStack's scroll methods default to `behavior: 'auto'`, as ours do.
      () => virtualizer.scrollToEnd({ behavior }),
      // TanStack reconciles its own command, but drops it in states we cannot
      // see (a viewport that was hidden, a held offset): the DOM is the judge.
      // (The browser clamps the offset of content shorter than the viewport to 0.)
      behavior === 'smooth'
        ? undefined
        : () => scroller && moveTo(scroller, scroller.scrollHeight - scroller.clientHeight),
    );

  /**
   * Messages intersecting the viewport, from the DOM offset and the laid-out
   * sizes. Not from the rendered range: our scroll listener runs before
   * TanStack's, so the range may still describe the previous offset.
   */
  const getVisibleRange = (): VisibleRange | null => {
    // Without a scroller the viewport is empty, and so is the range.
    const { scrollOffset, viewportSize } = readMetrics();
    const range = getVisibleIndexRange(
      layoutOf(virtualizer),
      // The row at the top of the viewport; none only when there are no rows.
      virtualizer.getVirtualItemForOffset(scrollOffset)?.index ?? 0,
      scrollOffset,
      viewportSize,
      hasPrefix ? 1 : 0,
      messages.length,
    );
    return range && { ...range, firstId: getKeyAt(range.firstIndex), lastId: getKeyAt(range.lastIndex) };
  };

  // TanStack skips compensating a row above the viewport that resizes while the
  // reader scrolls up; a chat must not move then either (a late image, SPEC §2.4).
  // A list stuck to the bottom is held there by `pinToBottom` instead: a
  // compensation computed from TanStack's last known offset would pull it up.
  const shouldCompensate = (item: VirtualItem, _delta: number, instance: ListVirtualizer) =>
    // Only then is the layout needed; brought up to date, it costs a pass over
    // the rows after this one, which a list pinned to the bottom skips.
    !isStuckToBottom() && shouldCompensateResize(layoutOf(instance)[item.index] ?? item, instance);

  /** `scrollToOffset` and `scrollBy`: raw moves, which end any command under way. */
  const scrollRaw = (method: 'scrollToOffset' | 'scrollBy', value: number, scrollOptions?: ScrollToEdgeOptions) => {
    finishCommand(false);
    virtualizer[method](value, scrollOptions);
  };

  const handle: ChatListHandle<TMessage> = {
    scrollToBottom: (scrollOptions) => scrollToBottom(scrollOptions?.behavior),
    scrollToTop: (scrollOptions) =>
      startCommand(
        false,
        // A prefix that appears at the very top is content added above
        // (SPEC §2.5): the top is reached when only the prefix is above.
        () => offsetNow() < (hasPrefix ? (layoutOf(virtualizer)[0]?.end ?? 0) : 0) + EDGE_TOLERANCE_PX,
        () => virtualizer.scrollToOffset(0, scrollOptions),
      ),
    scrollToIndex(index, scrollOptions = {}) {
      const { length } = messages;
      if (!Number.isInteger(index) || index < 0 || index >= length) {
        warnOnce(() => `scrollToIndex: index ${index} is outside 0..${length - 1}.`);
        return Promise.resolve(false);
      }
      const align = toVirtualizerAlign(scrollOptions.align);
      const virtualIndex = () => index + (hasPrefix ? 1 : 0);
      return startCommand(
        false,
        () => {
          const target = virtualizer.getOffsetForIndex(virtualIndex(), align);
          return target !== undefined && Math.abs(target[0] - offsetNow()) <= EDGE_TOLERANCE_PX;
        },
        () => virtualizer.scrollToIndex(virtualIndex(), { align, behavior: scrollOptions.behavior }),
      );
    },
    scrollToId(id, scrollOptions) {
      // The newest match, as before; `findKey` scans a non-empty range only.
      const index = messages.length === 0 ? -1 : findKey(id, getKeyAt, messages.length - 1, 0);
      if (index === -1) {
        warnOnce(() => `scrollToId: no message has the key ${JSON.stringify(id)}.`);
        return Promise.resolve(false);
      }
      return handle.scrollToIndex(index, scrollOptions);
    },
    scrollToOffset: (offset, scrollOptions) => scrollRaw('scrollToOffset', offset, scrollOptions),
    scrollBy: (delta, scrollOptions) => scrollRaw('scrollBy', delta, scrollOptions),
    get isAtTop() {
      return isAtTopEdge(readMetrics());
    },
    get isAtBottom() {
      return isAtBottomEdge(readMetrics());
    },
    get isScrolling() {
      return isScrolling;
    },
    get scrollOffset() {
      return offsetNow();
    },
    get scrollSize() {
      return scroller?.scrollHeight ?? 0;
    },
    get viewportSize() {
      return scroller?.clientHeight ?? 0;
    },
    getVisibleRange,
    wasSeen: seen.wasSeen,
    get newestSeenId() {
      return seen.newestSeenKey;
    },
    get unseenCount() {
      return seen.getUnseenCount(messages.length);
    },
    getScrollElement: () => scroller,
  };

  const dispatchHistory = (event: HistoryTriggerEvent) => {
    const wasPending = history.isPending;
    history = reduceHistoryTrigger(history, event);
    // The trigger turns pending exactly when it asks for history.
    if (wasPending || !history.isPending) return;
    const settle = () => {
      if (isMounted) dispatchHistory('request-settled');
    };
    try {
      const pending = options.onHistoryEndReached?.(handle) as Promise<unknown> | undefined;
      if (pending && typeof pending.then === 'function') {
        pending.then(settle, (error: unknown) => {
          // Aborting the load on unmount is the usual pattern; only a live list reports it.
          if (isMounted) reportHistoryError(error);
          settle();
        });
        return;
      }
    } catch (error) {
      reportHistoryError(error);
    }
    settle();
  };

  /** Edges, seen tracking and the history trigger, from the DOM as it is now. */
  const syncWithScroller = () => {
    if (scroller === null) return;
    const metrics = readMetrics();
    const wasAtTop = isAtTop;
    const wasAtBottom = isAtBottom;
    isAtTop = isAtTopEdge(metrics);
    isAtBottom = isAtBottomEdge(metrics);
    knownOffset = metrics.scrollOffset;
    if (isAtTop !== wasAtTop) options.onAtTopChange?.(isAtTop);
    if (isAtBottom !== wasAtBottom) options.onAtBottomChange?.(isAtBottom);
    const range = getVisibleRange();
    if (range !== null) seen.markVisible(range.firstIndex, range.lastIndex, getKeyAt);
    const unseen = seen.getUnseenCount(messages.length);
    if (unseen !== unseenCount) {
      unseenCount = unseen;
      options.onUnseenCountChange?.(unseen);
    }
    dispatchHistory(
      isInHistoryZone({
        ...metrics,
        isAtBottom,
        historyEndOffset: sanitizeNumber(options.historyEndOffset, HISTORY_END_OFFSET_RULE),
        prefixSize: hasPrefix ? (layoutOf(virtualizer)[0]?.size ?? 0) : 0,
      })
        ? 'in-zone'
        : 'out-of-zone',
    );
  };

  /**
   * Keeps a list that was at the bottom there while its content or viewport
   * changes size: streaming, a suffix, a late image, a shrinking window. Runs in
   * ResizeObserver callbacks, which come after layout and before paint, so no
   * frame shows the gap; also after every commit and TanStack measurement. The
   * reader's own scroll updates the edges first (scroll events precede resize
   * observations in a frame), so a reader who scrolled up is never pulled back.
   */
  const pinToBottom = () => {
    if (
      scroller === null ||
      !isStuckToBottom() ||
      // New rows are measured during their commit, before the policy has run for
      // them: their height is arrival, not growth, and only the follow policy may
      // move the list for it.
      committedMessages !== messages ||
      committedHasSuffix !== hasSuffix ||
      // Moved since the edges were read (code set scrollTop, or a commit landed
      // before the scroll event): the scroll event decides, not a stale state.
      Math.abs(scroller.scrollTop - knownOffset) >= 1
    ) {
      return;
    }
    const bottom = scroller.scrollHeight - scroller.clientHeight;
    if (bottom - scroller.scrollTop > 0.5) pinnedOffset = moveTo(scroller, bottom);
  };

  // Listens to the scroller only while it is attached, so `scroller` is that element.
  const onScroll = () => {
    isScrolling = true;
    options.onScroll?.(offsetNow());
    clearTimeout(scrollEndTimer);
    scrollEndTimer = setTimeout(() => {
      isScrolling = false;
      if (isMounted) options.onScrollEnd?.();
    }, SCROLL_END_DELAY_MS);
    // The echo of our own pin arrives after layout: rows measured in between
    // may have grown the content again. That is still growth, not the reader.
    if (Math.abs(offsetNow() - pinnedOffset) < 1) pinToBottom();
    syncWithScroller();
  };

  /** The reader took the wheel: whatever we were scrolling towards, stop fighting them. */
  const onUserIntent = (event: Event) => {
    if (
      resolveCommand === null ||
      (event.type === 'keydown' && !SCROLL_KEYS.has((event as KeyboardEvent).key)) ||
      // A press on the scroller itself is its scrollbar; on a row it is a click, not a scroll.
      (event.type === 'pointerdown' && event.target !== scroller)
    ) {
      return;
    }
    virtualizer.cancelScroll();
    finishCommand(false);
  };

  const onViewportResize = () => {
    if (needsOpeningScroll && handle.viewportSize > 0) {
      needsOpeningScroll = false;
      void scrollToBottom();
    }
    pinToBottom();
    syncWithScroller();
  };

  // A detach stays until the next element's replaces it, so after a ref call with
  // null it runs once more: harmless, as removing or disconnecting twice does nothing.
  const scrollerRef = (element: HTMLElement | null) => {
    detachScroller?.();
    scroller = element;
    if (element === null) return;
    element.addEventListener('scroll', onScroll, { passive: true });
    for (const type of INTENT_EVENTS) element.addEventListener(type, onUserIntent, { passive: true });
    const stopObserving = observeResize(element, onViewportResize);
    detachScroller = () => {
      element.removeEventListener('scroll', onScroll);
      for (const type of INTENT_EVENTS) element.removeEventListener(type, onUserIntent);
      stopObserving?.();
    };
  };

  const contentRef = (element: HTMLElement | null) => {
    detachContent?.();
    if (element !== null) detachContent = observeResize(element, pinToBottom);
  };

  const mount = () => {
    isMounted = true;
    return () => {
      isMounted = false;
      // A remount (StrictMode's rehearsal, <Activity>) must open at the bottom
      // again: forget what was committed, so the next commit is an `opened` change.
      committed = NO_COMMITTED_MESSAGES;
      committedHasSuffix = false;
      committedMessages = null;
      clearTimeout(scrollEndTimer);
      // A watch frame still scheduled finds no command and stops.
      finishCommand(false);
    };
  };

  /** The chat policy, once per committed change of the messages or affixes. */
  const commit = () => {
    const { follow = 'at-bottom', isReceived = defaultIsReceived } = options;
    if (hasOffsetToWrite && scroller !== null) {
      hasOffsetToWrite = false;
      // TanStack's offset already includes any compensation for rows measured during this commit.
      moveTo(scroller, virtualizer.scrollOffset ?? scroller.scrollTop);
    }
    const { length } = messages;
    const change = detectMessageChange(committed, length, getKeyAt);
    const suffixChanged = committedHasSuffix !== hasSuffix;
    committed = getCommittedEdges(length, getKeyAt);
    committedHasSuffix = hasSuffix;
    committedMessages = messages;
    // Written out (not a helper call) so that bundlers drop the O(n) scan from production builds.
    if (process.env.NODE_ENV !== 'production' && change.kind !== 'unchanged') {
      const keys = new Set<MessageKey>();
      for (let index = 0; index < length; index++) {
        const key = getKeyAt(index);
        if (keys.has(key)) {
          warnOnce(
            () =>
              `duplicate message key ${JSON.stringify(key)}: keys must be unique and stable. Every message is still rendered, but rows with the same key share a measured size.`,
          );
        }
        keys.add(key);
      }
    }
    seen.applyChange(change, length, getKeyAt);

    const wasAtBottom = isAtBottom || isHeadingForBottom;
    if (change.kind === 'opened') {
      // A new conversation opens at its newest message, whatever the follow mode (SPEC §2.5).
      history = INITIAL_HISTORY_TRIGGER;
      needsOpeningScroll = handle.viewportSize === 0;
      void scrollToBottom();
      // TanStack learns the new offset from the scroll event, after the re-render
      // this commit already queued: that render would mount and measure the rows
      // at the old offset, then the scroll event those at the bottom. Told now,
      // the first frame renders and measures only the bottom rows.
      virtualizer.scrollOffset = offsetNow();
    } else if (change.newerCount > 0) {
      const newMessages = messages.slice(length - change.newerCount);
      const behavior = decideFollow(resolveFollowPolicy(follow, isReceived), { wasAtBottom, newMessages, handle });
      if (behavior !== false) void scrollToBottom(behavior);
      pendingBatches.push(() => options.onNewerMessages?.(handle, newMessages));
    } else if (suffixChanged && wasAtBottom && isPinnedWhileGrowing(follow)) {
      // A suffix ("typing…") appearing at the bottom is growth of the last row.
      void scrollToBottom();
    }
    if (change.olderCount > 0) {
      const olderMessages = messages.slice(0, change.olderCount);
      pendingBatches.push(() => options.onOlderMessages?.(handle, olderMessages));
      history = reduceHistoryTrigger(history, 'older-messages-committed');
    }
    if (change.kind !== 'unchanged' || suffixChanged) syncWithScroller();
  };

  /**
   * onOlderMessages / onNewerMessages after the commit is painted, so a
   * callback that sets state does not block the frame that shows the messages.
   */
  const flushBatches = () => {
    const batches = pendingBatches;
    pendingBatches = [];
    // The callbacks are read now, from the latest options.
    for (const report of batches) report();
  };

  return {
    handle,
    scrollerRef,
    contentRef,
    /**
     * The render's inputs, before TanStack lays it out: a prefix row that is
     * about to go is still in the last layout, where its anchor is found.
     */
    update(
      nextOptions: ChatListBehaviorOptions<TMessage>,
      nextMessages: readonly TMessage[],
      nextGetKeyAt: (index: number) => MessageKey,
      nextHasPrefix: boolean,
      nextHasSuffix: boolean,
    ) {
      // Messages appended, every earlier one the same object: on any new count,
      // TanStack lays out every row again and scans the keys up to the reader's row
      // for its prepend anchor: 9 ms per append at 100 000. Told where the change
      // starts, it lays out only the new rows (`adoptVirtualizer`). An edit in the
      // same update makes a new object, and the full layout.
      appendedFrom =
        virtualizer &&
        nextHasPrefix === hasPrefix &&
        nextMessages.length > messages.length &&
        messages.every((message, index) => message === nextMessages[index])
          ? messages.length + (hasPrefix ? 1 : 0)
          : -1;
      options = nextOptions;
      messages = nextMessages;
      getKeyAt = nextGetKeyAt;
      hasPrefix = nextHasPrefix;
      hasSuffix = nextHasSuffix;
      // TanStack anchors a prepend on the row at the top of the viewport. When that
      // row is the prefix ("Loading...") and the prefix goes in the same update as
      // the prepend, it finds no anchor and the view jumps by the whole batch (SPEC
      // §2.4): the first message below the prefix is the anchor instead. The last
      // layout, still TanStack's until this render sets its options, has it.
      // (Brought up to date here in any case, so `adoptVirtualizer` finds no layout pending.)
      const [prefix, firstMessage] = virtualizer ? layoutOf(virtualizer) : [];
      const offset = virtualizer?.scrollOffset ?? 0;
      prefixAnchorKey =
        !nextHasPrefix && prefix?.key === PREFIX_KEY && offset < prefix.end ? firstMessage?.key : undefined;
      prefixAnchorDistance = (firstMessage?.start ?? 0) - offset;
      // An append keeps every anchor where it was: TanStack's prepend anchoring
      // (which scans the keys up to the anchor) has nothing to do.
      return appendedFrom < 0 ? 'end' : 'start';
    },
    /** TanStack's virtualizer, once this render's options are set. */
    adoptVirtualizer(instance: ListVirtualizer) {
      virtualizer = instance;
      // TanStack reads `anchorTo` when options are set (the prepend anchoring, done
      // by now) and on every row measurement, to ask whether the list was at the end
      // and pin it there, which we do not want (see `useChatList`). Asking also costs
      // a layout pass over every row after the measured one: 33 ms to measure the
      // first rows of 100 000. Until the next render sets the options again,
      // measurements take the cheap path.
      instance.options.anchorTo = 'start';
      instance.shouldAdjustScrollPositionOnItemSizeChange = shouldCompensate;
      if (appendedFrom >= 0) {
        // Where TanStack's next layout starts (private members): a new count
        // makes it start at row 0, so take in the new options first, then say.
        instance['getMeasurementOptions']();
        instance['pendingMin'] = appendedFrom;
      }
      // TanStack's offset moves so the anchor keeps its place, before the rows of this
      // render are chosen; the commit writes it to the scroller. The scan is as long as the prepend.
      const anchor = prefixAnchorKey !== undefined && layoutOf(instance).find((row) => row.key === prefixAnchorKey);
      if (anchor) {
        instance.scrollOffset = Math.max(0, anchor.start - prefixAnchorDistance);
        hasOffsetToWrite = true;
      }
    },
    mount,
    commit,
    pinToBottom,
    flushBatches,
  };
};

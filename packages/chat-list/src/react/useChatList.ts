import { useVirtualizer, type VirtualItem, type Virtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  DEFAULT_ESTIMATED_SIZE,
  DEFAULT_HISTORY_END_OFFSET,
  DEFAULT_OVERSCAN,
  EDGE_TOLERANCE_PX,
  EDGES_OF_EMPTY_LIST,
  INITIAL_HISTORY_TRIGGER,
  NO_COMMITTED_MESSAGES,
  SCROLL_END_DELAY_MS,
  SeenTracker,
  decideFollow,
  detectMessageChange,
  getCommittedEdges,
  getEdgeChanges,
  getEdgeState,
  getVisibleIndexRange,
  isInHistoryZone,
  isPinnedWhileGrowing,
  reduceHistoryTrigger,
  resolveFollowPolicy,
  sanitizeEstimate,
  sanitizeNumber,
  toVirtualizerAlign,
  type CommittedEdges,
  type EdgeState,
  type FollowBehavior,
  type HistoryTriggerEvent,
  type MessageKey,
  type ScrollMetrics,
} from '../core';
import { warnOnce } from './dev-warnings';
import type {
  ChatListBehaviorOptions,
  ChatListHandle,
  ScrollToEdgeOptions,
  ScrollToOptions,
  VisibleRange,
} from './types';
import { useIsomorphicLayoutEffect } from './useIsomorphicLayoutEffect';

declare const process: { env: { NODE_ENV?: string } };

/** Options of {@link useChatList}: the behaviour props, plus whether affix rows exist. */
export interface UseChatListOptions<TMessage> extends ChatListBehaviorOptions<TMessage> {
  /**
   * Whether an extra first row (a "Loading..." prefix) is rendered.
   * @defaultValue `false`
   */
  hasPrefix?: boolean;
  /**
   * Whether an extra last row (a "typing…" suffix) is rendered.
   * @defaultValue `false`
   */
  hasSuffix?: boolean;
}

/** One row to render, in order, with its place in the content (px). */
export type ChatListRow<TMessage> =
  | { kind: 'message'; key: MessageKey; virtualIndex: number; index: number; message: TMessage; start: number }
  | { kind: 'prefix' | 'suffix'; key: string; virtualIndex: number; start: number };

/** Attributes a row element needs so it can be measured and found (SPEC §2.7). */
export interface ChatListRowAttributes {
  ref: (element: HTMLElement | null) => void;
  'data-virtual-index': number;
  'data-index'?: number;
  'data-id'?: string;
  'data-chat-list-prefix'?: '';
  'data-chat-list-suffix'?: '';
}

export interface UseChatListResult<TMessage> {
  /** The imperative handle; stable for the life of the component. */
  handle: ChatListHandle<TMessage>;
  /** Attach to the scrolling element. */
  scrollerRef: (element: HTMLElement | null) => void;
  /** Attach to the element that wraps the rows, so growth of the content keeps a list at the bottom pinned. */
  contentRef: (element: HTMLElement | null) => void;
  /** The rows near the viewport, in order; render them one after another in normal flow. */
  rows: ChatListRow<TMessage>[];
  /** Offset of the first rendered row from the top of the content, px (translate the rows by it). */
  rowsOffset: number;
  /** Height of the whole content, px. */
  totalSize: number;
  /** Spread on each row element. */
  getRowAttributes: (row: ChatListRow<TMessage>) => ChatListRowAttributes;
  /** The underlying TanStack virtualizer, for what this hook does not cover. */
  virtualizer: Virtualizer<HTMLElement, HTMLElement>;
}

const PREFIX_KEY = '\u0000chat-list-prefix';
const SUFFIX_KEY = '\u0000chat-list-suffix';
const AFFIX_ESTIMATED_SIZE = 40;
/** Frames the target must hold before a scroll command counts as landed. */
const LANDED_FRAMES = 2;
/** TanStack stops reconciling a command after 5 s; so do we. */
const COMMAND_TIMEOUT_MS = 5000;
const SCROLL_KEYS = new Set(['ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End', ' ']);
/** Stands in for a `messages` that is not an array; one constant, so hook dependencies stay stable. */
const NO_MESSAGES: readonly never[] = [];

const defaultGetMessageKey = (message: unknown): MessageKey => (message as { id: MessageKey }).id;
const defaultIsReceived = (message: unknown): boolean => (message as { role?: unknown }).role === 'assistant';

/** A scroll command under way: resolved once landed, or abandoned. */
interface ScrollCommand {
  kind: 'bottom' | 'top' | 'index' | 'follow';
  isLanded: () => boolean;
  /** Moves towards the target again on a frame that did not land; absent for smooth scrolls. */
  correct?: () => void;
  resolve: (landed: boolean) => void;
  startedAt: number;
  landedFrames: number;
  lastOffset: number;
}

/** Rounded sizes drift by up to half a pixel per row; anchoring needs the real, fractional height. */
function measureRowElement(element: Element, entry: ResizeObserverEntry | undefined): number {
  const box = entry?.borderBoxSize?.[0];
  return box ? box.blockSize : element.getBoundingClientRect().height;
}

/**
 * Compensation writes land on whole pixels at most device pixel ratios, so each
 * loses up to a pixel; hundreds of them (rows measured while scrolling up) would
 * add up to a visible drift. The part the browser dropped is carried into the
 * next compensation, keeping the total error under one pixel.
 */
const subpixelDebt = new WeakMap<Element, number>();

function writeScrollOffset(
  offset: number,
  { adjustments, behavior }: { adjustments?: number; behavior?: ScrollBehavior },
  instance: Virtualizer<HTMLElement, HTMLElement>,
): void {
  const element = instance.scrollElement;
  if (element === null) return;
  if (adjustments === undefined || behavior === 'smooth') {
    subpixelDebt.delete(element);
    element.scrollTo({ top: offset + (adjustments ?? 0), behavior });
    return;
  }
  const target = offset + adjustments + (subpixelDebt.get(element) ?? 0);
  element.scrollTo({ top: target, behavior });
  const dropped = target - element.scrollTop;
  subpixelDebt.set(element, Math.abs(dropped) < 1 ? dropped : 0);
}

function shouldCompensateResize(
  item: VirtualItem,
  _delta: number,
  instance: Virtualizer<HTMLElement, HTMLElement>,
): boolean {
  const offset = instance.scrollOffset ?? 0;
  if (item.end <= offset) return true;
  // A first measurement of a row that started above the viewport corrects an
  // estimate that was wrong all along; a row already measured and spanning the
  // top edge grows below the reader's anchor, so the view stays.
  return item.start < offset && !instance.itemSizeCache.has(item.key);
}

interface PrefixAnchor {
  key: MessageKey;
  /** The anchor row's top minus the scroll offset, before the update. */
  distance: number;
}

/** The first message below the prefix, when the prefix is the row at the top of the viewport. */
function findPrefixAnchor(virtualizer: Virtualizer<HTMLElement, HTMLElement> | null): PrefixAnchor | null {
  if (virtualizer === null) return null;
  const prefix = virtualizer.measurementsCache[0];
  const firstMessage = virtualizer.measurementsCache[1];
  const offset = virtualizer.scrollOffset ?? 0;
  if (prefix?.key !== PREFIX_KEY || firstMessage === undefined || offset >= prefix.end) return null;
  return { key: firstMessage.key as MessageKey, distance: firstMessage.start - offset };
}

/**
 * Moves TanStack's offset so the anchor row keeps its place, before the rows of
 * this render are chosen; the commit writes it to the scroller. The scan is as
 * long as the prepend.
 */
function keepPrefixAnchor(
  virtualizer: Virtualizer<HTMLElement, HTMLElement>,
  anchor: PrefixAnchor,
  state: { pendingOffsetWrite: boolean },
): void {
  const { count, getItemKey } = virtualizer.options;
  for (let index = 0; index < count; index++) {
    if (getItemKey(index) !== anchor.key) continue;
    const item = virtualizer.measurementsCache[index];
    if (item === undefined) return;
    virtualizer.scrollOffset = Math.max(0, item.start - anchor.distance);
    state.pendingOffsetWrite = true;
    return;
  }
}

function readMetrics(element: HTMLElement | null): ScrollMetrics | null {
  if (element === null) return null;
  return { scrollOffset: element.scrollTop, scrollSize: element.scrollHeight, viewportSize: element.clientHeight };
}

/**
 * The headless chat list: TanStack Virtual does the measuring, ranging and
 * prepend anchoring; this hook applies the chat policy of `../core` to it.
 * `ChatList` is this hook plus markup.
 */
export function useChatList<TMessage>(options: UseChatListOptions<TMessage>): UseChatListResult<TMessage> {
  const {
    messages,
    getMessageKey = defaultGetMessageKey as (message: TMessage) => MessageKey,
    estimateSize,
    follow = 'at-bottom',
    isReceived = defaultIsReceived as (message: TMessage) => boolean,
    hasPrefix = false,
    hasSuffix = false,
  } = options;

  const overscan = sanitizeNumber('overscan', options.overscan, { fallback: DEFAULT_OVERSCAN, min: 0, integer: true });
  const historyEndOffset = sanitizeNumber('historyEndOffset', options.historyEndOffset, {
    fallback: DEFAULT_HISTORY_END_OFFSET,
    min: 0,
  });
  if (overscan.problem) warnOnce(overscan.problem);
  if (historyEndOffset.problem) warnOnce(historyEndOffset.problem);
  if (!Array.isArray(messages)) warnOnce(() => `messages must be an array, got ${typeof messages}; rendering none.`);
  const safeMessages: readonly TMessage[] = Array.isArray(messages) ? messages : NO_MESSAGES;

  const prefixCount = hasPrefix ? 1 : 0;
  const count = prefixCount + safeMessages.length + (hasSuffix ? 1 : 0);

  const getKeyAt = useCallback(
    (index: number): MessageKey => {
      const key = getMessageKey(safeMessages[index] as TMessage);
      if (typeof key === 'string' || typeof key === 'number') return key;
      warnOnce(() => `getMessageKey returned ${String(key)} for message ${index}; using its index until it has a key.`);
      return `\u0000chat-list-index-${index}`;
    },
    [safeMessages, getMessageKey],
  );

  // Latest props for listeners and the handle, which outlive a render.
  const latest = useRef({ options, safeMessages, getKeyAt, historyEndOffset: historyEndOffset.value });
  latest.current = { options, safeMessages, getKeyAt, historyEndOffset: historyEndOffset.value };

  const getItemKey = useCallback(
    (virtualIndex: number): MessageKey => {
      if (hasPrefix && virtualIndex === 0) return PREFIX_KEY;
      if (hasSuffix && virtualIndex === prefixCount + safeMessages.length) return SUFFIX_KEY;
      return getKeyAt(virtualIndex - prefixCount);
    },
    [getKeyAt, hasPrefix, hasSuffix, prefixCount, safeMessages.length],
  );

  const estimateItemSize = useCallback(
    (virtualIndex: number): number => {
      const index = virtualIndex - prefixCount;
      if (index < 0 || index >= safeMessages.length) return AFFIX_ESTIMATED_SIZE;
      if (!estimateSize) return DEFAULT_ESTIMATED_SIZE;
      const estimate = sanitizeEstimate(estimateSize(safeMessages[index] as TMessage, index));
      if (estimate.problem) warnOnce(estimate.problem);
      return estimate.value;
    },
    [estimateSize, prefixCount, safeMessages],
  );

  // State that lives across renders but is not rendered: the policy's memory.
  const internals = useRef({
    committed: NO_COMMITTED_MESSAGES as CommittedEdges,
    committedHasSuffix: false,
    /** An offset decided during render (the prefix anchor) that the commit must write to the scroller. */
    pendingOffsetWrite: false,
    /** Where `pinToBottom` last put the scroller, to recognise the scroll event it causes. */
    pinnedOffset: Number.NaN,
    /** The offset `edges` describe. A scroller found elsewhere was moved by someone whose scroll event is still to come. */
    knownOffset: 0,
    /** The messages the chat policy last ran for; anything else is a commit still in progress. */
    committedMessages: null as readonly TMessage[] | null,
    edges: EDGES_OF_EMPTY_LIST as EdgeState,
    history: INITIAL_HISTORY_TRIGGER,
    seen: new SeenTracker(),
    unseenCount: 0,
    isScrolling: false,
    scrollEndTimer: undefined as ReturnType<typeof setTimeout> | undefined,
    command: null as ScrollCommand | null,
    commandFrame: 0,
    /** The list must land at the bottom once it has a viewport (opened while hidden). */
    needsOpeningScroll: false,
    isMounted: false,
    pendingBatches: [] as Array<{ kind: 'older' | 'newer'; batch: TMessage[] }>,
  });

  const scrollerElement = useRef<HTMLElement | null>(null);
  const virtualizerRef = useRef<Virtualizer<HTMLElement, HTMLElement> | null>(null);
  const pinToBottomRef = useRef(() => {});
  const isStuckToBottom = () =>
    internals.current.edges.isAtBottom && isPinnedWhileGrowing(latest.current.options.follow ?? 'at-bottom');
  // TanStack anchors a prepend on the row at the top of the viewport. When that
  // row is the prefix ("Loading...") and the prefix goes in the same update as
  // the prepend, it finds no anchor and the view jumps by the whole batch
  // (SPEC §2.4): anchor on the first message below the prefix instead.
  const previousVirtualizer = virtualizerRef.current;
  const prefixAnchor = hasPrefix ? null : findPrefixAnchor(previousVirtualizer);

  const virtualizer = useVirtualizer<HTMLElement, HTMLElement>({
    count,
    getScrollElement: () => scrollerElement.current,
    estimateSize: estimateItemSize,
    getItemKey,
    overscan: overscan.value,
    // TanStack keeps the row under the viewport's top in place when keys at
    // either edge change: that is our prepend anchoring. Following is our policy, not TanStack's.
    anchorTo: 'end',
    followOnAppend: false,
    // TanStack would pin a list at the end while rows grow, judging "at the end"
    // by its own model, which drifts from the DOM by fractions of a pixel per row
    // until it lets go mid-stream. We pin from the DOM instead (`pinToBottom`).
    scrollEndThreshold: -1,
    indexAttribute: 'data-virtual-index',
    measureElement: measureRowElement,
    scrollToFn: writeScrollOffset,
    isScrollingResetDelay: SCROLL_END_DELAY_MS,
    // After TanStack re-rendered for a measurement, the content may have grown under a pinned list.
    onChange: () => pinToBottomRef.current(),
  });
  virtualizerRef.current = virtualizer;
  if (prefixAnchor !== null) keepPrefixAnchor(virtualizer, prefixAnchor, internals.current);

  // TanStack skips compensating a row above the viewport that resizes while the
  // reader scrolls up; a chat must not move then either (a late image, SPEC §2.4).
  // A list stuck to the bottom is held there by `pinToBottom` instead: a
  // compensation computed from TanStack's last known offset would pull it up.
  virtualizer.shouldAdjustScrollPositionOnItemSizeChange = (item, delta, instance) =>
    !isStuckToBottom() && shouldCompensateResize(item, delta, instance);

  const finishCommand = useCallback((landed: boolean) => {
    const state = internals.current;
    const command = state.command;
    if (command === null) return;
    state.command = null;
    command.resolve(landed);
  }, []);

  const watchCommand = useCallback(() => {
    const state = internals.current;
    if (state.commandFrame !== 0 || typeof requestAnimationFrame === 'undefined') return;
    const tick = () => {
      state.commandFrame = 0;
      const command = state.command;
      if (command === null || !state.isMounted) return;
      const offset = scrollerElement.current?.scrollTop ?? 0;
      if (command.isLanded() && Math.abs(offset - command.lastOffset) < 0.5) {
        command.landedFrames++;
      } else if (command.correct !== undefined && offset < command.lastOffset - 1) {
        // On the way down, the list moved up: code or a gesture we cannot see
        // (a scrollbar drag, `scrollTop = 0`) took over. Yield, do not pull back.
        virtualizer.cancelScroll();
        finishCommand(false);
        return;
      } else {
        command.landedFrames = 0;
        command.correct?.();
      }
      command.lastOffset = offset;
      if (command.landedFrames >= LANDED_FRAMES) {
        finishCommand(true);
        return;
      }
      if (performance.now() - command.startedAt > COMMAND_TIMEOUT_MS) {
        finishCommand(command.isLanded());
        return;
      }
      state.commandFrame = requestAnimationFrame(tick);
    };
    state.commandFrame = requestAnimationFrame(tick);
  }, [finishCommand, virtualizer]);

  const startCommand = useCallback(
    (
      kind: ScrollCommand['kind'],
      isLanded: () => boolean,
      start: () => void,
      correct?: () => void,
    ): Promise<boolean> => {
      const state = internals.current;
      finishCommand(false);
      if (!state.isMounted || scrollerElement.current === null) return Promise.resolve(false);
      return new Promise<boolean>((resolve) => {
        state.command = {
          kind,
          isLanded,
          correct,
          resolve,
          startedAt: performance.now(),
          landedFrames: 0,
          lastOffset: Number.NaN,
        };
        start();
        state.knownOffset = scrollerElement.current?.scrollTop ?? 0;
        watchCommand();
      });
    },
    [finishCommand, watchCommand],
  );

  const isAtBottomNow = useCallback(() => {
    const metrics = readMetrics(scrollerElement.current);
    return metrics === null || getEdgeState(metrics).isAtBottom;
  }, []);

  const scrollToBottomInternal = useCallback(
    (kind: 'bottom' | 'follow', behavior: FollowBehavior) =>
      startCommand(
        kind,
        isAtBottomNow,
        () => virtualizer.scrollToEnd({ behavior }),
        // TanStack reconciles its own command, but drops it in states we cannot
        // see (a viewport that was hidden, a held offset): the DOM is the judge.
        behavior === 'smooth'
          ? undefined
          : () => {
              const element = scrollerElement.current;
              if (element === null) return;
              element.scrollTop = Math.max(0, element.scrollHeight - element.clientHeight);
              internals.current.knownOffset = element.scrollTop;
            },
      ),
    [isAtBottomNow, startCommand, virtualizer],
  );

  const messageIndexOfKey = useCallback((key: MessageKey): number => {
    const { safeMessages: current, getKeyAt: keyAt } = latest.current;
    for (let index = current.length - 1; index >= 0; index--) {
      if (keyAt(index) === key) return index;
    }
    return -1;
  }, []);

  /**
   * Messages intersecting the viewport, from the DOM offset and the laid-out
   * sizes. Not from the rendered range: our scroll listener runs before
   * TanStack's, so the range may still describe the previous offset.
   */
  const getVisibleRange = useCallback((): VisibleRange | null => {
    const metrics = readMetrics(scrollerElement.current);
    if (metrics === null || virtualizer.options.count === 0) return null;
    const { safeMessages: current, options: currentOptions } = latest.current;
    const prefix = currentOptions.hasPrefix ? 1 : 0;
    const rows = [];
    const viewportEnd = metrics.scrollOffset + metrics.viewportSize;
    const first = virtualizer.getVirtualItemForOffset(metrics.scrollOffset);
    for (let virtualIndex = first?.index ?? 0; virtualIndex < virtualizer.options.count; virtualIndex++) {
      const item = virtualizer.measurementsCache[virtualIndex];
      if (item === undefined || item.start >= viewportEnd) break;
      const index = virtualIndex - prefix;
      rows.push({ messageIndex: index >= 0 && index < current.length ? index : -1, start: item.start, end: item.end });
    }
    const range = getVisibleIndexRange(rows, metrics.scrollOffset, metrics.viewportSize);
    if (range === null) return null;
    return {
      ...range,
      firstId: latest.current.getKeyAt(range.firstIndex),
      lastId: latest.current.getKeyAt(range.lastIndex),
    };
  }, [virtualizer]);

  const [handle] = useState<ChatListHandle<TMessage>>(() => {
    const scrollToIndex = (index: number, scrollOptions: ScrollToOptions = {}): Promise<boolean> => {
      const length = latest.current.safeMessages.length;
      if (!Number.isInteger(index) || index < 0 || index >= length) {
        warnOnce(() => `scrollToIndex: index ${index} is outside 0..${length - 1}.`);
        return Promise.resolve(false);
      }
      const align = toVirtualizerAlign(scrollOptions.align);
      const virtualIndex = () => index + (latest.current.options.hasPrefix ? 1 : 0);
      const isLanded = () => {
        const target = virtualizer.getOffsetForIndex(virtualIndex(), align === 'auto' ? 'auto' : align);
        const offset = scrollerElement.current?.scrollTop ?? 0;
        return target !== undefined && Math.abs(target[0] - offset) <= EDGE_TOLERANCE_PX;
      };
      return startCommand('index', isLanded, () =>
        virtualizer.scrollToIndex(virtualIndex(), { align, behavior: scrollOptions.behavior ?? 'auto' }),
      );
    };
    const metric = (read: (element: HTMLElement) => number) => {
      const element = scrollerElement.current;
      return element === null ? 0 : read(element);
    };
    return {
      scrollToBottom: (edgeOptions?: ScrollToEdgeOptions) =>
        scrollToBottomInternal('bottom', edgeOptions?.behavior ?? 'auto'),
      scrollToTop: (edgeOptions?: ScrollToEdgeOptions) =>
        startCommand(
          'top',
          () => {
            // A prefix that appears at the very top is content added above
            // (SPEC §2.5): the top is reached when only the prefix is above.
            const prefixEnd = latest.current.options.hasPrefix ? (virtualizer.measurementsCache[0]?.end ?? 0) : 0;
            return (scrollerElement.current?.scrollTop ?? 0) < prefixEnd + EDGE_TOLERANCE_PX;
          },
          () => virtualizer.scrollToOffset(0, { behavior: edgeOptions?.behavior ?? 'auto' }),
        ),
      scrollToIndex,
      scrollToId: (id: MessageKey, scrollOptions?: ScrollToOptions) => {
        const index = messageIndexOfKey(id);
        if (index === -1) {
          warnOnce(() => `scrollToId: no message has the key ${JSON.stringify(id)}.`);
          return Promise.resolve(false);
        }
        return scrollToIndex(index, scrollOptions);
      },
      scrollToOffset: (offset: number, edgeOptions?: ScrollToEdgeOptions) => {
        finishCommand(false);
        virtualizer.scrollToOffset(offset, { behavior: edgeOptions?.behavior ?? 'auto' });
      },
      scrollBy: (delta: number, edgeOptions?: ScrollToEdgeOptions) => {
        finishCommand(false);
        virtualizer.scrollBy(delta, { behavior: edgeOptions?.behavior ?? 'auto' });
      },
      get isAtTop() {
        const metrics = readMetrics(scrollerElement.current);
        return metrics === null || getEdgeState(metrics).isAtTop;
      },
      get isAtBottom() {
        return isAtBottomNow();
      },
      get isScrolling() {
        return internals.current.isScrolling;
      },
      get scrollOffset() {
        return metric((element) => element.scrollTop);
      },
      get scrollSize() {
        return metric((element) => element.scrollHeight);
      },
      get viewportSize() {
        return metric((element) => element.clientHeight);
      },
      getVisibleRange,
      wasSeen: (id: MessageKey) => internals.current.seen.wasSeen(id),
      get newestSeenId() {
        return internals.current.seen.newestSeenKey;
      },
      get unseenCount() {
        return internals.current.seen.getUnseenCount(latest.current.safeMessages.length);
      },
      getScrollElement: () => scrollerElement.current,
    };
  });

  /** Seen tracking and the unseen count, after anything that moves rows or the viewport. */
  const updateSeen = useCallback(() => {
    const state = internals.current;
    const range = getVisibleRange();
    const current = latest.current.safeMessages;
    if (range !== null) state.seen.markVisible(range.firstIndex, range.lastIndex, latest.current.getKeyAt);
    const unseen = state.seen.getUnseenCount(current.length);
    if (unseen !== state.unseenCount) {
      state.unseenCount = unseen;
      latest.current.options.onUnseenCountChange?.(unseen);
    }
  }, [getVisibleRange]);

  const dispatchHistory = useCallback(
    (event: HistoryTriggerEvent) => {
      const state = internals.current;
      const result = reduceHistoryTrigger(state.history, event);
      state.history = result.state;
      if (!result.shouldRequest) return;
      const onHistoryEndReached = latest.current.options.onHistoryEndReached;
      const settle = () => {
        if (internals.current.isMounted) dispatchHistory({ type: 'request-settled' });
      };
      if (!onHistoryEndReached) {
        settle();
        return;
      }
      try {
        const pending = onHistoryEndReached(handle);
        if (pending && typeof (pending as Promise<unknown>).then === 'function') {
          (pending as Promise<unknown>).then(settle, (error: unknown) => {
            // Aborting the load on unmount is the usual pattern; only a live list reports it.
            if (internals.current.isMounted) console.error('[@chat-list/react] onHistoryEndReached rejected:', error);
            settle();
          });
        } else {
          settle();
        }
      } catch (error) {
        console.error('[@chat-list/react] onHistoryEndReached threw:', error);
        settle();
      }
    },
    [handle],
  );

  /** Edges, seen tracking and the history trigger, from the DOM as it is now. */
  const syncWithScroller = useCallback(() => {
    const state = internals.current;
    const metrics = readMetrics(scrollerElement.current);
    if (metrics === null) return;
    const edges = getEdgeState(metrics);
    const changes = getEdgeChanges(state.edges, edges);
    state.edges = edges;
    state.knownOffset = metrics.scrollOffset;
    if (changes.atTop !== undefined) latest.current.options.onAtTopChange?.(changes.atTop);
    if (changes.atBottom !== undefined) latest.current.options.onAtBottomChange?.(changes.atBottom);
    updateSeen();
    dispatchHistory({
      type: 'evaluate',
      isInZone: isInHistoryZone({
        ...metrics,
        isAtBottom: edges.isAtBottom,
        historyEndOffset: latest.current.historyEndOffset,
      }),
    });
  }, [dispatchHistory, updateSeen]);

  /**
   * Keeps a list that was at the bottom there while its content or viewport
   * changes size: streaming, a suffix, a late image, a shrinking window. Runs in
   * ResizeObserver callbacks, which come after layout and before paint, so no
   * frame shows the gap. The reader's own scroll updates `edges` first (scroll
   * events precede resize observations in a frame), so a reader who scrolled up
   * is never pulled back.
   */
  const pinToBottom = useCallback(() => {
    const element = scrollerElement.current;
    const state = internals.current;
    if (element === null || !isStuckToBottom()) return;
    // New rows are measured during their commit, before the policy has run for
    // them: their height is arrival, not growth, and only the follow policy may
    // move the list for it.
    if (state.committedMessages !== latest.current.safeMessages) return;
    if (state.committedHasSuffix !== (latest.current.options.hasSuffix ?? false)) return;
    // Moved since `edges` were read (code set scrollTop, or a commit landed
    // before the scroll event): the scroll event decides, not a stale state.
    if (Math.abs(element.scrollTop - state.knownOffset) >= 1) return;
    const bottom = element.scrollHeight - element.clientHeight;
    if (bottom - element.scrollTop > 0.5) {
      element.scrollTop = bottom;
      state.pinnedOffset = element.scrollTop;
      state.knownOffset = state.pinnedOffset;
    }
  }, []);
  pinToBottomRef.current = pinToBottom;

  const onScroll = useCallback(() => {
    const state = internals.current;
    const element = scrollerElement.current;
    if (element === null) return;
    state.isScrolling = true;
    latest.current.options.onScroll?.(element.scrollTop);
    clearTimeout(state.scrollEndTimer);
    state.scrollEndTimer = setTimeout(() => {
      state.isScrolling = false;
      if (state.isMounted) latest.current.options.onScrollEnd?.();
    }, SCROLL_END_DELAY_MS);
    // The echo of our own pin arrives after layout: rows measured in between
    // may have grown the content again. That is still growth, not the reader.
    if (Math.abs(element.scrollTop - state.pinnedOffset) < 1) pinToBottom();
    syncWithScroller();
  }, [pinToBottom, syncWithScroller]);

  /** The reader took the wheel: whatever we were scrolling towards, stop fighting them. */
  const onUserIntent = useCallback(
    (event: Event) => {
      if (event.type === 'keydown' && !SCROLL_KEYS.has((event as KeyboardEvent).key)) return;
      // A press on the scroller itself is its scrollbar; on a row it is a click, not a scroll.
      if (event.type === 'pointerdown' && event.target !== scrollerElement.current) return;
      if (internals.current.command === null) return;
      virtualizer.cancelScroll();
      finishCommand(false);
    },
    [finishCommand, virtualizer],
  );

  const onViewportResize = useCallback(() => {
    const state = internals.current;
    const element = scrollerElement.current;
    if (element === null) return;
    if (state.needsOpeningScroll && element.clientHeight > 0) {
      state.needsOpeningScroll = false;
      void scrollToBottomInternal('bottom', 'auto');
    }
    pinToBottom();
    syncWithScroller();
  }, [pinToBottom, scrollToBottomInternal, syncWithScroller]);

  const detachContent = useRef<(() => void) | null>(null);
  const contentRef = useCallback(
    (element: HTMLElement | null) => {
      detachContent.current?.();
      detachContent.current = null;
      if (element === null || typeof ResizeObserver === 'undefined') return;
      const resizeObserver = new ResizeObserver(pinToBottom);
      resizeObserver.observe(element);
      detachContent.current = () => resizeObserver.disconnect();
    },
    [pinToBottom],
  );

  const detachScroller = useRef<(() => void) | null>(null);
  const scrollerRef = useCallback(
    (element: HTMLElement | null) => {
      detachScroller.current?.();
      detachScroller.current = null;
      scrollerElement.current = element;
      if (element === null) return;
      const intentEvents = ['wheel', 'touchstart', 'touchmove', 'pointerdown', 'keydown'] as const;
      element.addEventListener('scroll', onScroll, { passive: true });
      for (const type of intentEvents) element.addEventListener(type, onUserIntent, { passive: true });
      const resizeObserver = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(onViewportResize);
      resizeObserver?.observe(element);
      detachScroller.current = () => {
        element.removeEventListener('scroll', onScroll);
        for (const type of intentEvents) element.removeEventListener(type, onUserIntent);
        resizeObserver?.disconnect();
      };
    },
    [onScroll, onUserIntent, onViewportResize],
  );

  useIsomorphicLayoutEffect(() => {
    const state = internals.current;
    state.isMounted = true;
    return () => {
      state.isMounted = false;
      // A remount (StrictMode's rehearsal, <Activity>) must open at the bottom
      // again: forget what was committed, so the next commit reads as initial.
      state.committed = NO_COMMITTED_MESSAGES;
      state.committedHasSuffix = false;
      state.committedMessages = null;
      clearTimeout(state.scrollEndTimer);
      if (state.commandFrame !== 0) cancelAnimationFrame(state.commandFrame);
      state.commandFrame = 0;
      finishCommand(false);
    };
  }, [finishCommand]);

  useIsomorphicLayoutEffect(() => {
    const state = internals.current;
    const element = scrollerElement.current;
    if (!state.pendingOffsetWrite || element === null) return;
    state.pendingOffsetWrite = false;
    // TanStack's offset already includes any compensation for rows measured during this commit.
    element.scrollTop = virtualizer.scrollOffset ?? element.scrollTop;
    state.knownOffset = element.scrollTop;
  }, [safeMessages, hasPrefix, virtualizer]);

  // The chat policy, once per committed change of the messages or affixes.
  useIsomorphicLayoutEffect(() => {
    const state = internals.current;
    const previous = state.committed;
    const change = detectMessageChange(previous, safeMessages.length, getKeyAt);
    const suffixChanged = state.committedHasSuffix !== hasSuffix;
    state.committed = getCommittedEdges(safeMessages.length, getKeyAt);
    state.committedHasSuffix = hasSuffix;
    state.committedMessages = safeMessages;
    // Written out (not a helper) so that bundlers drop the O(n) scan from production builds.
    if (process.env.NODE_ENV !== 'production' && change.kind !== 'unchanged') {
      warnAboutDuplicateKeys(safeMessages.length, getKeyAt);
    }
    state.seen.applyChange(change, safeMessages.length, getKeyAt);

    const wasAtBottom = state.edges.isAtBottom || state.command?.kind === 'follow' || state.command?.kind === 'bottom';
    if (change.kind === 'initial' || change.kind === 'replaced') {
      // A new conversation opens at its newest message, whatever the follow mode (SPEC §2.5).
      state.history = INITIAL_HISTORY_TRIGGER;
      const element = scrollerElement.current;
      state.needsOpeningScroll = element === null || element.clientHeight === 0;
      void scrollToBottomInternal('bottom', 'auto');
    } else if (change.newerCount > 0) {
      const newMessages = safeMessages.slice(safeMessages.length - change.newerCount);
      const policy = resolveFollowPolicy(follow, isReceived);
      const behavior = decideFollow(policy, { wasAtBottom, newMessages, handle });
      if (behavior !== false) void scrollToBottomInternal('follow', behavior);
      state.pendingBatches.push({ kind: 'newer', batch: newMessages });
    } else if (suffixChanged && wasAtBottom && isPinnedWhileGrowing(follow)) {
      // A suffix ("typing…") appearing at the bottom is growth of the last row.
      void scrollToBottomInternal('follow', 'auto');
    }
    if (change.olderCount > 0) {
      state.pendingBatches.push({ kind: 'older', batch: safeMessages.slice(0, change.olderCount) });
      state.history = reduceHistoryTrigger(state.history, { type: 'older-messages-committed' }).state;
    }
    if (change.kind !== 'unchanged' || suffixChanged) syncWithScroller();
    // `follow`, `isReceived` and `handle` are read at commit time on purpose: a
    // change of policy must not replay the last batch.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [safeMessages, hasSuffix, hasPrefix, getKeyAt]);

  // A commit can grow the content without resizing any observed element (the
  // sized container takes the new total height): pin after every commit too.
  useIsomorphicLayoutEffect(() => {
    pinToBottom();
  });

  // onOlderMessages / onNewerMessages after the commit is painted, so a
  // callback that sets state does not block the frame that shows the messages.
  useEffect(() => {
    const state = internals.current;
    if (state.pendingBatches.length === 0) return;
    const batches = state.pendingBatches;
    state.pendingBatches = [];
    for (const { kind, batch } of batches) {
      if (kind === 'older') latest.current.options.onOlderMessages?.(handle, batch);
      else latest.current.options.onNewerMessages?.(handle, batch);
    }
  });

  const virtualItems = virtualizer.getVirtualItems();
  const rows = useMemo(
    () => toRows(virtualItems, safeMessages, prefixCount, hasSuffix),
    [virtualItems, safeMessages, prefixCount, hasSuffix],
  );

  const getRowAttributes = useCallback(
    (row: ChatListRow<TMessage>): ChatListRowAttributes => {
      if (row.kind === 'message') {
        return {
          ref: virtualizer.measureElement,
          'data-virtual-index': row.virtualIndex,
          'data-index': row.index,
          'data-id': String(row.key),
        };
      }
      return row.kind === 'prefix'
        ? { ref: virtualizer.measureElement, 'data-virtual-index': row.virtualIndex, 'data-chat-list-prefix': '' }
        : { ref: virtualizer.measureElement, 'data-virtual-index': row.virtualIndex, 'data-chat-list-suffix': '' };
    },
    [virtualizer],
  );

  return {
    handle,
    scrollerRef,
    contentRef,
    rows,
    rowsOffset: rows[0]?.start ?? 0,
    totalSize: virtualizer.getTotalSize(),
    getRowAttributes,
    virtualizer,
  };
}

function toRows<TMessage>(
  items: readonly VirtualItem[],
  messages: readonly TMessage[],
  prefixCount: number,
  hasSuffix: boolean,
): ChatListRow<TMessage>[] {
  const rows: ChatListRow<TMessage>[] = [];
  for (const item of items) {
    const index = item.index - prefixCount;
    if (index < 0) {
      rows.push({ kind: 'prefix', key: PREFIX_KEY, virtualIndex: item.index, start: item.start });
    } else if (hasSuffix && index === messages.length) {
      rows.push({ kind: 'suffix', key: SUFFIX_KEY, virtualIndex: item.index, start: item.start });
    } else if (index < messages.length) {
      rows.push({
        kind: 'message',
        key: item.key as MessageKey,
        virtualIndex: item.index,
        index,
        message: messages[index] as TMessage,
        start: item.start,
      });
    }
  }
  return rows;
}

/** Development only: duplicate keys are rendered all the same, but named once. O(n), so never in production. */
function warnAboutDuplicateKeys(count: number, getKey: (index: number) => MessageKey): void {
  const keys = new Set<MessageKey>();
  for (let index = 0; index < count; index++) {
    const key = getKey(index);
    if (keys.has(key)) {
      warnOnce(
        () =>
          `duplicate message key ${JSON.stringify(key)}: keys must be unique and stable. Every message is still rendered, but rows with the same key share a measured size.`,
      );
    }
    keys.add(key);
  }
}

import { useVirtualizer, type VirtualItem, type Virtualizer } from '@tanstack/react-virtual';
import * as React from 'react';
import { flushSync } from 'react-dom';
import {
  INITIAL_RENDER_COUNT_RULE,
  OVERSCAN_RULE,
  DEFAULT_ESTIMATED_SIZE,
  sanitizeNumber,
  scrollSizeIn,
  type GroupKey,
  type MessageKey,
  rowCount,
} from '../core';
import { createChatListEngine, measureRowElement } from '../dom/chat-list-engine';
import { warnOfBadOptions, warnOnce } from '../dom/dev-warnings';
import { createStickyGroupHeader, type StuckGroupHeader } from '../dom/sticky-group-header';
import { getLayout } from '../dom/tanstack-internals';
import type { ChatListBehaviorOptions, ChatListHandle } from '../dom/types';
import type { MessageKeyProps } from './types';
import { useRenderedRows } from './useRenderedRows';
import { AFFIX_ESTIMATED_SIZE, useRowEstimates } from './useRowEstimates';

declare const process: { env: { NODE_ENV?: string } };

/** What {@link useChatList} takes besides the behaviour props: which extra rows exist. */
interface UseChatListRowOptions {
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
  /**
   * The key of a message whose row stays rendered however far it is from the viewport: the
   * row that has keyboard focus, which would lose it if it unmounted. It comes
   * out of `rows` with `isDetached: true` while it is outside the rendered range.
   * @defaultValue `undefined`
   */
  focusedKey?: MessageKey;
}

/**
 * Options of {@link useChatList}: the behaviour props, plus whether affix rows exist.
 * `getMessageKey` is required when messages have no `id`, as it is for `ChatList`.
 */
export type UseChatListOptions<TMessage> = Omit<ChatListBehaviorOptions<TMessage>, 'getMessageKey'> &
  MessageKeyProps<TMessage> &
  UseChatListRowOptions;

/** The options as the hook reads them, whatever the message type. */
type ResolvedUseChatListOptions<TMessage> = ChatListBehaviorOptions<TMessage> & UseChatListRowOptions;

/** One row to render, in order, with its place in the content (px). */
export type ChatListRow<TMessage> =
  | {
      kind: 'message';
      /**
       * The key to render the row under: the message's key, or, for messages that share a key
       * (bad input), one of the row's own, so that React never hands one row's element to another.
       */
      key: MessageKey;
      /** The row's index among the virtualizer's rows (`data-virtual-index`): `index` plus `firstMessageRow`. */
      virtualIndex: number;
      /** The message's index in `messages`. */
      index: number;
      message: TMessage;
      /** The message's group (`getGroupKey`), or undefined without one. */
      groupKey: GroupKey | undefined;
      /** Whether the message starts its group: render the group's header above it, in its row. */
      isGroupStart: boolean;
      /**
       * The row's top in the scroller's content, px. Past 15 000 000 px of content the scroller
       * holds a window of it, and this is the row's place in that window.
       */
      start: number;
      /**
       * Rendered outside the range because it has focus (`focusedKey`): keep it among the rows
       * (in order, so that it is never moved and never loses focus), positioned absolutely at
       * `start - rowsOffset` so that it takes no room in the flow.
       */
      isDetached: boolean;
    }
  | { kind: 'prefix' | 'suffix'; key: string; virtualIndex: number; start: number; isDetached: false };

/** Attributes a row element needs so it can be measured and found (the DOM contract). */
export interface ChatListRowAttributes {
  ref: (element: HTMLElement | null) => void;
  /**
   * `article` for a message (the feed pattern). The prefix and suffix rows have no role: a feed
   * may hold articles only, and "Loading..." is said by the feed's `aria-busy`.
   */
  role?: 'article';
  /** A message's position among all messages, from 1. */
  'aria-posinset'?: number;
  /** How many messages there are. */
  'aria-setsize'?: number;
  /** Message rows take focus from the keyboard, but are not tab stops: the list is one. */
  tabIndex?: -1;
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
  /**
   * Attach to a visually hidden element with `aria-live="polite"` outside the scroller: newer
   * messages are announced there (`announceNewMessages`). Optional.
   */
  announcerRef: (element: HTMLElement | null) => void;
  /**
   * Attach to the element whose height is `totalSize`: the list then resizes it the moment a row
   * is measured, before the paint, so a row that shrinks at the bottom never shows a frame of blank
   * space. Optional: without it the height follows on the next render.
   */
  sizerRef: (element: HTMLElement | null) => void;
  /**
   * The group whose header sticks to the top of the list (`getGroupKey`), or null while none
   * does: render its header in a zero-height `position: sticky; top: 0` element at the start of
   * the scroller, inside an element given `stickyHeaderRef`. Updated in the frame that scrolled.
   */
  stickyHeader: StuckGroupHeader<TMessage> | null;
  /** Attach to the element that holds the stuck header: it is measured, and moved up (a transform) as the next group's header arrives. */
  stickyHeaderRef: (element: HTMLElement | null) => void;
  /** The rows near the viewport, in order; render them one after another in normal flow. */
  rows: ChatListRow<TMessage>[];
  /** Offset of the first rendered row in the flow (not detached) from the top of the content, px (translate the rows by it). */
  rowsOffset: number;
  /**
   * Height of the scroller's content, px: every row, and the space a turn held at the top
   * reserves below them (`isTurnStart`). Past 15 000 000 px (a million messages) it is the
   * height of the window of the content the scroller holds.
   */
  totalSize: number;
  /**
   * True until the scroller is laid out (the first commit, the server HTML and the render that
   * hydrates it): `rows` are then the newest `initialRenderCount` messages, or none by default.
   * Render them in normal flow, without `totalSize` and `rowsOffset`, so they sit at the bottom
   * of the scroller. The virtualized rows follow in the scroller's first layout, before the paint.
   */
  isPrerendered: boolean;
  /** Spread on each row element. */
  getRowAttributes: (row: ChatListRow<TMessage>) => ChatListRowAttributes;
  /**
   * The key the list uses for the message at `index` (the one rows and `focusedKey` are matched
   * by): `getMessageKey`'s result, or a stand-in for a hole or a message without a key.
   */
  getMessageKeyAt: (index: number) => MessageKey;
  /**
   * The underlying TanStack virtualizer, for what this hook does not cover. Its rows are
   * indexed from `firstMessageRow` (the row of `messages[0]`); a row's message is in `rows`.
   */
  virtualizer: Virtualizer<HTMLElement, HTMLElement>;
  /**
   * The virtualizer's row index of `messages[0]`: 1 after a prefix row, 0 without one. While a
   * conversation of 10 000 messages or more opens, the virtualizer lays out only its newest
   * 200 (the older ones stand above them as one block of their estimated height, until the
   * task after the first paint): then it is negative, minus the number left out.
   */
  firstMessageRow: number;
}

/** `useLayoutEffect` in the browser, `useEffect` on the server (where it would warn). */
export const useIsomorphicLayoutEffect = typeof document !== 'undefined' ? React.useLayoutEffect : React.useEffect;
/** Stands in for a `messages` that is not an array; one constant, so hook dependencies stay stable. */
const NO_MESSAGES: readonly never[] = [];
/** The rows of a list that waits for its viewport without prerendering any: one constant, for a stable `rows` memo. */
const NO_ITEMS: VirtualItem[] = [];

/**
 * The last `count` message rows (and the suffix row) of TanStack's layout, for the render
 * before there is a viewport. Their `start` is unused: prerendered rows are laid out by the
 * browser, in normal flow.
 */
const prerenderedItems = (
  layout: readonly VirtualItem[],
  messageRowsEnd: number,
  count: number,
  hasSuffix: boolean,
): VirtualItem[] => {
  const items: VirtualItem[] = [];
  for (let index = Math.max(0, messageRowsEnd - count); index < layout.length; index++) {
    if (index < messageRowsEnd || hasSuffix) items.push(layout[index]!);
  }
  return items;
};

const defaultGetMessageKey = (message: unknown): MessageKey => (message as { id: MessageKey }).id;

/**
 * The headless chat list: TanStack Virtual does the measuring, ranging and
 * prepend anchoring; this hook applies the chat policy of `../core` to it
 * through an engine created once per list (`../dom`). `ChatList` is this hook plus markup.
 */
export const useChatList = <TMessage>(hookOptions: UseChatListOptions<TMessage>): UseChatListResult<TMessage> => {
  const options = hookOptions as ResolvedUseChatListOptions<TMessage>;
  const {
    messages,
    getMessageKey = defaultGetMessageKey as (message: TMessage) => MessageKey,
    estimateSize,
    hasPrefix = false,
    hasSuffix = false,
  } = options;
  if (process.env.NODE_ENV !== 'production') warnOfBadOptions(options);
  const safeMessages: readonly TMessage[] = Array.isArray(messages) ? messages : NO_MESSAGES;
  const [chat] = React.useState(createChatListEngine<TMessage>);
  const [, requestRender] = React.useReducer((renders: number) => renders + 1, 0);

  const getKeyAt = React.useCallback(
    (index: number): MessageKey => {
      const message = safeMessages[index];
      // A hole (undefined or null) is kept as an empty row, so nothing after it shifts or is lost.
      if (message === undefined || message === null) {
        warnOnce(
          () =>
            `messages[${index}] is ${String(message)}: every entry must be a message. It is rendered as an empty row (warned once, for the first).`,
          'hole',
        );
        return `\u0000hole-${index}`;
      }
      const key = getMessageKey(message);
      if (typeof key === 'string' || typeof key === 'number') return key;
      warnOnce(
        () =>
          `getMessageKey returned ${String(key)} for message ${index}; using its index until it has a key (warned once, for the first).`,
        'missing-key',
      );
      return `\u0000index-${index}`;
    },
    [safeMessages, getMessageKey],
  );

  const { isEstimateFixed, estimateMessageSize, estimateItemSize } = useRowEstimates<TMessage>({
    messages: safeMessages,
    getKeyAt,
    estimateSize,
    initialSnapshot: options.initialSnapshot,
    firstMessageRow: chat.firstMessageRow,
  });

  const { getGroupKey } = options;
  const getGroupKeyAt = React.useCallback(
    (index: number): GroupKey | undefined => {
      const message = safeMessages[index];
      if (getGroupKey === undefined || message === undefined || message === null) return undefined;
      const key = getGroupKey(message);
      if (key === undefined || typeof key === 'string' || typeof key === 'number') return key;
      // An object (a Date) would be a group of its own for every message: a header on each.
      warnOnce(
        () =>
          `getGroupKey returned ${String(key)} for message ${index}: a group key is a string or a number (a day as 'YYYY-MM-DD'). The message is shown in no group (warned once, for the first).`,
        'group-key',
      );
      return undefined;
    },
    [safeMessages, getGroupKey],
  );

  // A new key getter only when rows must be laid out again: a streamed token keeps TanStack's layout.
  const getItemKey = chat.update({
    options,
    messages: safeMessages,
    getKeyAt,
    getGroupKeyAt,
    hasPrefix,
    hasSuffix,
    requestRender,
  });
  const firstMessageRow = chat.firstMessageRow();
  // An opening window's older messages (and the prefix above them) stand above its rows as one
  // block of their estimated height, so that nothing moves when they are laid out.
  const hiddenBlockSize = React.useMemo(() => {
    if (firstMessageRow >= 0) return 0;
    const hiddenCount = -firstMessageRow;
    let size = hasPrefix ? AFFIX_ESTIMATED_SIZE : 0;
    if (isEstimateFixed) return size + hiddenCount * DEFAULT_ESTIMATED_SIZE;
    for (let index = 0; index < hiddenCount; index++) size += estimateMessageSize(index);
    return size;
  }, [firstMessageRow, hasPrefix, isEstimateFixed, estimateMessageSize]);

  const virtualizer = useVirtualizer<HTMLElement, HTMLElement>({
    count: rowCount(firstMessageRow, safeMessages.length, hasSuffix),
    paddingStart: hiddenBlockSize,
    getScrollElement: chat.getVirtualizerScrollElement,
    estimateSize: estimateItemSize,
    getItemKey,
    overscan: sanitizeNumber(options.overscan, OVERSCAN_RULE),
    rangeExtractor: chat.rangeExtractor(),
    // TanStack measures, ranges and compensates rows that resize above the viewport. Keeping
    // the reader's row still across a change of messages is the engine's (its reading
    // anchor): TanStack's `anchorTo: 'end'` anchors only when the edge keys change, so a
    // replaced key above the viewport moved the view, and it pins a list at the end
    // by its own model, which drifts from the DOM by fractions of a pixel per row. Following
    // and pinning are the engine's too.
    anchorTo: 'start',
    indexAttribute: 'data-virtual-index',
    measureElement: measureRowElement,
    scrollToFn: chat.scrollToFn,
    // Whether a change is rendered at once is the engine's to say (`shouldRenderSynchronously`):
    // TanStack's adapter would render inside its ResizeObserver callback. After the render, the
    // content may have grown under a pinned list, and rows may have come into view.
    useFlushSync: false,
    onChange: (_instance, isSync) => {
      if (chat.shouldRenderSynchronously(isSync)) flushSync(requestRender);
      chat.onLayoutChange();
    },
    // Past the browser's height cap the scroller holds a window of the content:
    // TanStack is told the list's offsets.
    observeElementOffset: chat.observeElementOffset,
    observeElementRect: chat.observeElementRect,
  });
  chat.adoptVirtualizer(virtualizer);

  const [stickyHeader, setStickyHeader] = React.useState<StuckGroupHeader<TMessage> | null>(null);
  // What the sticky header reads, as of the latest render (it runs from scroll events too).
  const latest = React.useRef({ virtualizer, safeMessages, firstMessageRow, getGroupKeyAt, isStickyEnabled: false });
  latest.current = {
    virtualizer,
    safeMessages,
    firstMessageRow,
    getGroupKeyAt,
    isStickyEnabled: getGroupKey !== undefined && options.stickyGroupHeader !== false,
  };
  const [sticky] = React.useState(() =>
    createStickyGroupHeader<TMessage>({
      virtualizer: () => latest.current.virtualizer,
      messages: () => latest.current.safeMessages,
      firstMessageRow: () => latest.current.firstMessageRow,
      groupKeyAt: (index) => latest.current.getGroupKeyAt(index),
      isEnabled: () => latest.current.isStickyEnabled,
      scrollOffset: () => chat.handle.scrollOffset,
      onChange: (header, isFromScroll) => {
        if (isFromScroll) flushSync(() => setStickyHeader(header));
        else setStickyHeader(header);
      },
    }),
  );
  const scrollerRef = React.useCallback(
    (element: HTMLElement | null) => {
      chat.scrollerRef(element);
      sticky.scrollerRef(element);
    },
    [chat, sticky],
  );

  // Until the scroller is laid out, the list renders no rows, or the newest `initialRenderCount`
  // messages (server HTML, hydration). The virtualized rows come in the scroller's first layout,
  // before anything is painted: opening 100 000 messages is then not one long task, as it was
  // with the rows in the first commit (37 ms against 20). Without a ResizeObserver
  // (jsdom) or a scroller they come in the first layout effect.
  const initialRenderCount = sanitizeNumber(options.initialRenderCount, INITIAL_RENDER_COUNT_RULE);
  const [hasViewport, setHasViewport] = React.useState(false);
  const isPrerendered = !hasViewport;
  useIsomorphicLayoutEffect(() => {
    if (hasViewport) return;
    const open = () => {
      chat.attachScroller();
      setHasViewport(true);
    };
    // TanStack's re-render for the range it finds joins this one: both are set inside flushSync.
    const stopWaiting = chat.whenScrollerLaidOut(() => flushSync(open));
    if (stopWaiting === undefined) open();
    return stopWaiting;
  }, [chat, hasViewport]);

  useIsomorphicLayoutEffect(() => chat.mount(), [chat]);
  // `follow`, `isReceived` and the callbacks are read at commit time on purpose:
  // a change of policy must not replay the last batch.
  // A prerendered commit is not the list's yet: the opening waits for the virtualized rows.
  useIsomorphicLayoutEffect(() => {
    if (!isPrerendered) chat.commit();
  }, [chat, safeMessages, hasSuffix, hasPrefix, getKeyAt, isPrerendered]);
  // A commit can grow the content without resizing any observed element (the
  // sized container takes the new total height): pin after every commit too.
  useIsomorphicLayoutEffect(() => {
    chat.afterRender();
    sticky.update(false);
  });
  React.useEffect(() => chat.flushBatches());

  const virtualItems = !isPrerendered
    ? virtualizer.getVirtualItems()
    : initialRenderCount === 0
      ? NO_ITEMS
      : prerenderedItems(getLayout(virtualizer), firstMessageRow + safeMessages.length, initialRenderCount, hasSuffix);

  const rows = useRenderedRows<TMessage>({
    virtualizer,
    virtualItems,
    messages: safeMessages,
    firstMessageRow,
    getKeyAt,
    getGroupKeyAt,
    focusedKey: isPrerendered ? undefined : options.focusedKey,
    // Where rows stand in the scroller: their `start` minus the content above a scaled list's window.
    shift: chat.scrollSpace().shift,
  });

  const messageCount = safeMessages.length;
  const getRowAttributes = React.useCallback(
    (row: ChatListRow<TMessage>): ChatListRowAttributes =>
      row.kind === 'message'
        ? {
            ref: chat.rowRef(row.virtualIndex),
            role: 'article',
            'aria-posinset': row.index + 1,
            'aria-setsize': messageCount,
            tabIndex: -1,
            'data-virtual-index': row.virtualIndex,
            'data-index': row.index,
            'data-id': String(getKeyAt(row.index)),
          }
        : {
            ref: chat.rowRef(row.virtualIndex),
            'data-virtual-index': row.virtualIndex,
            [`data-chat-list-${row.kind}`]: '',
          },
    [chat, getKeyAt, messageCount],
  );

  return {
    handle: chat.handle,
    scrollerRef,
    contentRef: chat.contentRef,
    sizerRef: chat.sizerRef,
    announcerRef: chat.announcerRef,
    stickyHeader: isPrerendered ? null : stickyHeader,
    stickyHeaderRef: sticky.headerRef,
    rows,
    rowsOffset: rows.find((row) => !row.isDetached)?.start ?? 0,
    totalSize: scrollSizeIn(chat.scrollSpace(), chat.contentSize()),
    isPrerendered,
    getRowAttributes,
    getMessageKeyAt: getKeyAt,
    virtualizer,
    firstMessageRow,
  };
};

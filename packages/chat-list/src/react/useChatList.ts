import { useVirtualizer, type VirtualItem } from '@tanstack/react-virtual';
import * as React from 'react';
import { flushSync } from 'react-dom';
import {
  INITIAL_RENDER_COUNT_RULE,
  OVERSCAN_RULE,
  DEFAULT_ESTIMATED_SIZE,
  sanitizeNumber,
  scrollSizeIn,
  rowCount,
} from '../core';
import { createChatListEngine, measureRowElement } from '../dom/chat-list-engine';
import { warnOfBadOptions } from '../dom/dev-warnings';
import { getLayout } from '../dom/tanstack-internals';
import type { ResolvedUseChatListOptions, UseChatListOptions, UseChatListResult } from './useChatList.types';
import { useIsomorphicLayoutEffect } from './useIsomorphicLayoutEffect';
import { useIsPrerendered } from './useIsPrerendered';
import { useMessageKeys } from './useMessageKeys';
import { useRowAttributes } from './useRowAttributes';
import { useRenderedRows } from './useRenderedRows';
import { AFFIX_ESTIMATED_SIZE, useRowEstimates } from './useRowEstimates';

declare const process: { env: { NODE_ENV?: string } };

export type { ChatListRow, ChatListRowAttributes, UseChatListOptions, UseChatListResult } from './useChatList.types';
export { useIsomorphicLayoutEffect };

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

/**
 * The headless chat list: TanStack Virtual does the measuring, ranging and
 * prepend anchoring; this hook applies the chat policy of `../core` to it
 * through an engine created once per list (`../dom`). `ChatList` is this hook plus markup.
 */
export const useChatList = <TMessage>(hookOptions: UseChatListOptions<TMessage>): UseChatListResult<TMessage> => {
  const options = hookOptions as ResolvedUseChatListOptions<TMessage>;
  const { messages, estimateSize, hasPrefix = false, hasSuffix = false } = options;
  if (process.env.NODE_ENV !== 'production') warnOfBadOptions(options);
  const safeMessages: readonly TMessage[] = Array.isArray(messages) ? messages : NO_MESSAGES;
  const [chat] = React.useState(createChatListEngine<TMessage>);
  const [, forceRender] = React.useReducer((renders: number) => renders + 1, 0);
  // A feature's change that must show in the frame that scrolled (a stuck header) renders at once.
  const requestRender = React.useCallback(
    (isNow?: boolean) => (isNow === true ? flushSync(forceRender) : forceRender()),
    [],
  );
  const { getKeyAt, getGroupKeyAt } = useMessageKeys(safeMessages, options.getMessageKey, options.getGroupKey);

  const { isEstimateFixed, estimateMessageSize, estimateItemSize } = useRowEstimates<TMessage>({
    messages: safeMessages,
    getKeyAt,
    estimateSize,
    initialSnapshot: options.initialSnapshot,
    knownSize: chat.knownSizeOf,
    firstMessageRow: chat.firstMessageRow,
  });

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
      if (chat.shouldRenderSynchronously(isSync)) flushSync(forceRender);
      chat.onLayoutChange();
    },
    // Past the browser's height cap the scroller holds a window of the content:
    // TanStack is told the list's offsets.
    observeElementOffset: chat.observeElementOffset,
    observeElementRect: chat.observeElementRect,
  });
  chat.adoptVirtualizer(virtualizer);

  const initialRenderCount = sanitizeNumber(options.initialRenderCount, INITIAL_RENDER_COUNT_RULE);
  const isPrerendered = useIsPrerendered(chat);

  useIsomorphicLayoutEffect(() => chat.mount(), [chat]);
  // `follow`, `isReceived` and the callbacks are read at commit time on purpose:
  // a change of policy must not replay the last batch.
  // A prerendered commit is not the list's yet: the opening waits for the virtualized rows.
  useIsomorphicLayoutEffect(() => {
    if (!isPrerendered) chat.commit();
  }, [chat, safeMessages, hasSuffix, hasPrefix, getKeyAt, isPrerendered]);
  // A commit can grow the content without resizing any observed element (the
  // sized container takes the new total height): pin after every commit too.
  useIsomorphicLayoutEffect(() => chat.afterRender());
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

  const getRowAttributes = useRowAttributes(chat, getKeyAt, safeMessages.length);

  return {
    handle: chat.handle,
    scrollerRef: chat.scrollerRef,
    contentRef: chat.contentRef,
    sizerRef: chat.sizerRef,
    announcerRef: chat.announcerRef,
    stickyHeader: isPrerendered ? null : chat.stuckHeader(),
    stickyHeaderRef: chat.stickyHeaderRef,
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

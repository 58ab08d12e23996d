import type { VirtualItem } from '@tanstack/react-virtual';
import * as React from 'react';
import {
  findKey,
  messageIndexOfRow,
  startsGroup,
  PREFIX_ROW,
  SUFFIX_ROW,
  type GroupKey,
  type MessageKey,
} from '../core';
import { getLayout, type ListVirtualizer } from '../dom/tanstack-internals';
import type { ChatListRow } from './useChatList.types';

/** What the rendered rows are made of, as of this render. */
interface RenderedRowsInputs<TMessage> {
  virtualizer: ListVirtualizer;
  /** TanStack's rows in range (or the prerendered ones). */
  virtualItems: readonly VirtualItem[];
  messages: readonly TMessage[];
  firstMessageRow: number;
  getKeyAt: (index: number) => MessageKey;
  getGroupKeyAt: (index: number) => GroupKey | undefined;
  /** The key of the message whose row stays rendered (keyboard focus); undefined for none. */
  focusedKey: MessageKey | undefined;
  /** The content above a scaled list's window: a row stands at its `start` minus this. */
  shift: number;
}

/**
 * The rows `useChatList` hands the app: TanStack's rows in range as the list's rows (a message,
 * the prefix or the suffix, at their place in the scroller), plus the focused message's row when
 * it is out of range, kept so that it keeps focus.
 */
export const useRenderedRows = <TMessage>({
  virtualizer,
  virtualItems,
  messages,
  firstMessageRow,
  getKeyAt,
  getGroupKeyAt,
  focusedKey,
  shift,
}: RenderedRowsInputs<TMessage>): ChatListRow<TMessage>[] => {
  // The focused message's row, when it is outside the rendered range (kept so it keeps focus).
  const focusedIndex = React.useRef(-1);
  let detachedItem: VirtualItem | undefined;
  if (focusedKey !== undefined && messages.length > 0) {
    let index = focusedIndex.current;
    // Where it was last render, unless messages moved it; a scan from the newest otherwise.
    if (index < 0 || index >= messages.length || getKeyAt(index) !== focusedKey) {
      index = findKey(focusedKey, getKeyAt, messages.length - 1, 0);
    }
    focusedIndex.current = index;
    const virtualIndex = index + firstMessageRow;
    const first = virtualItems[0]?.index ?? -1;
    const last = virtualItems[virtualItems.length - 1]?.index ?? -1;
    if (index !== -1 && (virtualIndex < first || virtualIndex > last))
      detachedItem = getLayout(virtualizer)[virtualIndex];
  }

  // TanStack's items as rows, keyed by their messages' keys (TanStack's keys are positions, see
  // `dom/engine/row-keys.ts`); the prefix and suffix keep their own (`PREFIX_KEY`, `SUFFIX_KEY`).
  const rows = React.useMemo(() => {
    // Rendered rows that share a message key (bad input, SPEC §2.8) get a suffix: React keys stay unique.
    // Compared as strings, as React compares keys: the number 7 and the string '7' are one key.
    const renderedKeys = new Set<string>();
    const uniqueKey = (key: MessageKey, virtualIndex: number): MessageKey => {
      const unique = renderedKeys.has(String(key)) ? `${key}#${virtualIndex}` : key;
      renderedKeys.add(String(unique));
      return unique;
    };
    const toRow = (
      { index: virtualIndex, key, start: layoutStart }: VirtualItem,
      isDetached: boolean,
    ): ChatListRow<TMessage> => {
      const start = layoutStart - shift;
      const index = messageIndexOfRow(virtualIndex, firstMessageRow, messages.length);
      if (index === PREFIX_ROW || index === SUFFIX_ROW) {
        const kind = index === PREFIX_ROW ? 'prefix' : 'suffix';
        return { kind, key: key as string, virtualIndex, start, isDetached: false };
      }
      const groupKey = getGroupKeyAt(index);
      return {
        kind: 'message',
        key: uniqueKey(getKeyAt(index), virtualIndex),
        virtualIndex,
        index,
        message: messages[index] as TMessage,
        groupKey,
        isGroupStart: startsGroup(groupKey, getGroupKeyAt(index - 1)),
        start,
        isDetached,
      };
    };
    const inRange = virtualItems.map((item) => toRow(item, false));
    if (detachedItem === undefined) return inRange;
    // In index order, so that React never moves the focused element (a move would blur it).
    const detached = toRow(detachedItem, true);
    return detachedItem.index < (virtualItems[0]?.index ?? 0) ? [detached, ...inRange] : [...inRange, detached];
  }, [virtualItems, messages, firstMessageRow, detachedItem, getGroupKeyAt, getKeyAt, shift]);
  return rows;
};

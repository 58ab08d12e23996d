import * as React from 'react';
import type { MessageKey } from '../core';
import type { ChatListEngine } from '../dom/chat-list-engine';
import type { ChatListRow, ChatListRowAttributes } from './useChatList.types';

/** `getRowAttributes`: what a row element needs to be measured, found and read out (a feed's article). */
export const useRowAttributes = <TMessage>(
  chat: ChatListEngine<TMessage>,
  getKeyAt: (index: number) => MessageKey,
  messageCount: number,
) =>
  React.useCallback(
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

import * as React from 'react';
import type { GroupKey, MessageKey } from '../core';
import { warnOnce } from '../dom/dev-warnings';

const defaultGetMessageKey = (message: unknown): MessageKey => (message as { id: MessageKey }).id;

/**
 * The key and the group key of the message at an index, checked: a hole, a missing key or a
 * group key that is not a string or a number warns once and still gives a usable answer, so that
 * bad input loses no message.
 */
export const useMessageKeys = <TMessage>(
  messages: readonly TMessage[],
  getMessageKey: ((message: TMessage) => MessageKey) | undefined,
  getGroupKey: ((message: TMessage) => GroupKey | undefined) | undefined,
) => {
  const getKey = getMessageKey ?? (defaultGetMessageKey as (message: TMessage) => MessageKey);
  const getKeyAt = React.useCallback(
    (index: number): MessageKey => {
      const message = messages[index];
      // A hole (undefined or null) is kept as an empty row, so nothing after it shifts or is lost.
      if (message === undefined || message === null) {
        warnOnce(
          () =>
            `messages[${index}] is ${String(message)}: every entry must be a message. It is rendered as an empty row (warned once, for the first).`,
          'hole',
        );
        return `\u0000hole-${index}`;
      }
      const key = getKey(message);
      if (typeof key === 'string' || typeof key === 'number') return key;
      warnOnce(
        () =>
          `getMessageKey returned ${String(key)} for message ${index}; using its index until it has a key (warned once, for the first).`,
        'missing-key',
      );
      return `\u0000index-${index}`;
    },
    [messages, getKey],
  );

  const getGroupKeyAt = React.useCallback(
    (index: number): GroupKey | undefined => {
      const message = messages[index];
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
    [messages, getGroupKey],
  );
  return { getKeyAt, getGroupKeyAt };
};

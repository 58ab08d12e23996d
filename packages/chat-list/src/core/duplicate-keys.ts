import type { ChangedWindow } from './changed-window';
import type { MessageKey } from './message-changes';

/** Counts the message keys of the list as it changes, to find keys that two messages share. */
export interface DuplicateKeyCounter {
  /**
   * Takes a change in: the keys of the window's old messages leave, those of its new ones come.
   * Returns the first key the change gave to a second message, if any.
   */
  applyChange(
    changedWindow: ChangedWindow,
    previousKeyAt: (index: number) => MessageKey,
    nextKeyAt: (index: number) => MessageKey,
  ): MessageKey | undefined;
}

/**
 * A counter of message keys that reads only the changed window's keys (development builds warn
 * about shared keys): a streamed token reads 2 keys, an append of k reads k, where checking
 * every key after every change cost O(n) per append in development. A new list
 * (the first render) is a window of all of it.
 */
export const createDuplicateKeyCounter = (): DuplicateKeyCounter => {
  const counts = new Map<MessageKey, number>();
  return {
    applyChange({ start, previousEnd, nextEnd }, previousKeyAt, nextKeyAt) {
      for (let index = start; index < previousEnd; index++) {
        const key = previousKeyAt(index);
        const count = (counts.get(key) ?? 1) - 1;
        if (count === 0) counts.delete(key);
        else counts.set(key, count);
      }
      let duplicate: MessageKey | undefined;
      for (let index = start; index < nextEnd; index++) {
        const key = nextKeyAt(index);
        const count = (counts.get(key) ?? 0) + 1;
        counts.set(key, count);
        if (count > 1 && duplicate === undefined) duplicate = key;
      }
      return duplicate;
    },
  };
};

import type { MessageChange, MessageKey } from './message-changes';

/**
 * Which messages the reader has seen. A message is seen once any
 * part of it was inside the viewport.
 *
 * Memory: one set entry per seen message, pruned when it outgrows the list, so
 * it stays proportional to the number of messages. Each viewport update costs
 * O(rows in view); only a change that moves the newest seen message somewhere
 * unknown (a middle insert before it, its removal) costs one scan.
 */
export interface SeenTracker {
  /** The key of the newest message seen so far, or `undefined`. */
  readonly newestSeenKey: MessageKey | undefined;
  wasSeen(key: MessageKey): boolean;
  /** Messages newer than the newest one seen; all of them when none was. */
  getUnseenCount(count: number): number;
  /** Records the messages `firstIndex..lastIndex` (inclusive) as seen. */
  markVisible(firstIndex: number, lastIndex: number, getKey: (index: number) => MessageKey): void;
  /**
   * A conversation reopened from a snapshot: the reader had seen up to the message at `index`
   * (messages after it are unseen, also those that arrived meanwhile).
   */
  restoreNewestSeen(index: number, getKey: (index: number) => MessageKey): void;
  /** Keeps the newest seen index in step with the messages after a commit. */
  applyChange(change: MessageChange, count: number, getKey: (index: number) => MessageKey): void;
}

export const createSeenTracker = (): SeenTracker => {
  let seenKeys = new Set<MessageKey>();
  let newestKey: MessageKey | undefined;
  /** Index of `newestKey` in the current messages, or -1 when nothing was seen. */
  let newestIndex = -1;

  return {
    get newestSeenKey() {
      return newestKey;
    },
    wasSeen: (key) => seenKeys.has(key),
    getUnseenCount: (count) => Math.max(0, count - 1 - newestIndex),
    markVisible(firstIndex, lastIndex, getKey) {
      for (let index = firstIndex; index <= lastIndex; index++) seenKeys.add(getKey(index));
      if (lastIndex <= newestIndex) return;
      newestIndex = lastIndex;
      newestKey = getKey(lastIndex);
    },
    restoreNewestSeen(index, getKey) {
      if (index <= newestIndex) return;
      newestIndex = index;
      newestKey = getKey(index);
      seenKeys.add(newestKey);
    },
    applyChange(change, count, getKey) {
      if (change.kind !== 'edges-kept' && change.kind !== 'unchanged') {
        // A new conversation, or none: nothing of it was seen.
        seenKeys.clear();
        newestKey = undefined;
        newestIndex = -1;
        return;
      }
      if (newestKey !== undefined) {
        // Usually the messages before the newest seen one only grew by the prepended ones.
        newestIndex += change.olderCount;
        // Same count and edges can hide it too: a replaced key (a temporary id swapped for the server's).
        if (newestIndex >= count || getKey(newestIndex) !== newestKey) {
          // It moved (a middle insert before it) or was removed: the newest seen
          // message is now the last one whose key was seen.
          newestIndex = count - 1;
          while (newestIndex >= 0 && !seenKeys.has(getKey(newestIndex))) newestIndex--;
          newestKey = newestIndex === -1 ? undefined : getKey(newestIndex);
        }
      }
      // Same count and edges can still hide re-keyed middle messages: prune in every case.
      if (seenKeys.size > 2 * count + 64) {
        const kept = new Set<MessageKey>();
        for (let index = 0; index < count; index++) {
          const key = getKey(index);
          if (seenKeys.has(key)) kept.add(key);
        }
        seenKeys = kept;
      }
    },
  };
};

import type { MessageKey } from './message-changes';

/**
 * The part of the messages that changed from one render to the next: outside it both lists hold
 * the same message objects in the same order. `start` counts the shared messages at the front;
 * `previousEnd` and `nextEnd` are where the shared messages at the back begin in each list.
 */
export interface ChangedWindow {
  start: number;
  previousEnd: number;
  nextEnd: number;
}

export interface WindowComparison {
  previousCount: number;
  nextCount: number;
  /** Whether `previous[previousIndex]` and `next[nextIndex]` are the same message object (cheap: no callback of the app runs). */
  isSameMessage: (previousIndex: number, nextIndex: number) => boolean;
}

/**
 * The changed window of two renders' messages, by identity only: a streamed token is a window of
 * one, an append or a prepend of k is a window of k (no key is read, whatever the length).
 */
export const findChangedWindow = ({ previousCount, nextCount, isSameMessage }: WindowComparison): ChangedWindow => {
  const shared = Math.min(previousCount, nextCount);
  let start = 0;
  while (start < shared && isSameMessage(start, start)) start++;
  let sharedAtBack = 0;
  while (
    sharedAtBack < shared - start &&
    isSameMessage(previousCount - 1 - sharedAtBack, nextCount - 1 - sharedAtBack)
  ) {
    sharedAtBack++;
  }
  return { start, previousEnd: previousCount - sharedAtBack, nextEnd: nextCount - sharedAtBack };
};

/**
 * How many messages hold each key, kept up to date by changed windows so that a streamed token
 * or a page of history costs as much as its own messages (issue #15), never a scan of the list.
 * Duplicate keys are bad input that must lose nothing (SPEC §2.8, issue #13 bug 8): rows that
 * share a key must not share a measured size, so the layout needs to know which keys are shared.
 */
export interface KeyCensus {
  /** Whether any key is held by more than one message. */
  readonly hasDuplicates: boolean;
  /** Whether more than one message holds `key`. */
  isDuplicated(key: MessageKey): boolean;
  /** Counts a message that came into the list. */
  addKey(key: MessageKey): void;
  /** Counts a message that left the list (a key it never counted is ignored, never made negative). */
  removeKey(key: MessageKey): void;
  /**
   * Whether a key became duplicated or stopped being duplicated since the last call (then the
   * layout's keys change). A streamed token of a duplicated row, removed and added again, is none.
   */
  takeDuplicationChange(): boolean;
  /** Forgets every key (a new key getter: every key may be different). */
  clear(): void;
}

export const createKeyCensus = (): KeyCensus => {
  const countByKey = new Map<MessageKey, number>();
  /** Keys held by two messages or more. */
  let duplicatedKeyCount = 0;
  /** Keys whose duplication changed since the last `takeDuplicationChange`; a key that changed back leaves it. */
  const toggledKeys = new Set<MessageKey>();
  const toggle = (key: MessageKey) => {
    if (!toggledKeys.delete(key)) toggledKeys.add(key);
  };
  return {
    get hasDuplicates() {
      return duplicatedKeyCount > 0;
    },
    isDuplicated: (key) => duplicatedKeyCount > 0 && (countByKey.get(key) ?? 0) > 1,
    addKey(key) {
      const count = (countByKey.get(key) ?? 0) + 1;
      countByKey.set(key, count);
      if (count === 2) {
        duplicatedKeyCount++;
        toggle(key);
      }
    },
    removeKey(key) {
      const count = countByKey.get(key);
      if (count === undefined) return;
      if (count === 1) countByKey.delete(key);
      else countByKey.set(key, count - 1);
      if (count === 2) {
        duplicatedKeyCount--;
        toggle(key);
      }
    },
    takeDuplicationChange() {
      const hasChanged = toggledKeys.size > 0;
      toggledKeys.clear();
      return hasChanged;
    },
    clear() {
      countByKey.clear();
      toggledKeys.clear();
      duplicatedKeyCount = 0;
    },
  };
};

import type { MessageKey } from './message-changes';

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

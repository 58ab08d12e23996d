import type { MessageKey } from './message-changes';

/** Two renders' messages, as the layout sees them: objects by identity, keys only on demand. */
export interface MessagesComparison {
  previousCount: number;
  nextCount: number;
  /** Whether `previous[index]` and `next[index]` are the same object (cheap: no callback of the app runs). */
  isSameMessageAt: (index: number) => boolean;
  previousKeyAt: (index: number) => MessageKey;
  nextKeyAt: (index: number) => MessageKey;
}

/**
 * The first message index whose row may have moved or changed key, so the layout must be redone
 * from there; null when every row kept its key and place (issue #15: a streamed token that
 * replaces the last message's object, under the same key, must not lay out 100 000 rows again).
 *
 * Cost: identity comparisons up to the first changed object, then the app's key getter only
 * for messages that are new objects, never for the ones that did not change (SPEC §5). A
 * different count is a change from the first new object on (an append: from the old end).
 */
export const findFirstLayoutChange = ({
  previousCount,
  nextCount,
  isSameMessageAt,
  previousKeyAt,
  nextKeyAt,
}: MessagesComparison): number | null => {
  const shared = Math.min(previousCount, nextCount);
  let first = 0;
  while (first < shared && isSameMessageAt(first)) first++;
  if (previousCount !== nextCount) return first;
  for (let index = first; index < shared; index++) {
    if (!isSameMessageAt(index) && previousKeyAt(index) !== nextKeyAt(index)) return index;
  }
  return null;
};

import type { ChangedWindow } from './changed-window';
import type { MessageKey } from './message-changes';

/** Two renders' messages, as the layout sees them: where their objects differ, and keys on demand. */
export interface MessagesComparison {
  previousCount: number;
  nextCount: number;
  /** Where the two renders hold different objects (`findChangedWindow`). */
  changedWindow: ChangedWindow;
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
 * Cost: the app's key getter only for the new objects inside the changed window, never for the
 * messages around it. A different count is a change from the window's start (an
 * append: from the old end).
 */
export const findFirstLayoutChange = ({
  previousCount,
  nextCount,
  changedWindow,
  isSameMessageAt,
  previousKeyAt,
  nextKeyAt,
}: MessagesComparison): number | null => {
  if (previousCount !== nextCount) return changedWindow.start;
  for (let index = changedWindow.start; index < changedWindow.nextEnd; index++) {
    if (!isSameMessageAt(index) && previousKeyAt(index) !== nextKeyAt(index)) return index;
  }
  return null;
};

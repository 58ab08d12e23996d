import type { ChangedWindow } from './changed-window';
import type { MessageKey } from './message-changes';

/**
 * TanStack's row keys (the keys of its measured sizes) are positions that follow their
 * messages: a message row's layout key is its index plus a `base`, never the message's own key.
 *
 * Why: TanStack's layout asks every row's key, 100 000 of them at the opening. A
 * message's key means loading the message object, and an id string parsed from JSON was never
 * hashed: together 20–40 ms of the opening in Chromium. A number costs neither. The message
 * keys are read only for the rendered rows and for the rows of a change.
 *
 * A measured size stays with its message through a change, as it did by message key: a change
 * at the front (a page of history) moves `base` by the rows it added, so every row after it
 * keeps its key at no cost; a change elsewhere keeps the keys before it, and the sizes of the
 * rows after it move with their rows (O(measured rows)). Inside the changed window, sizes follow
 * message keys. Rows that share a message key (bad input, SPEC §2.8) never share a size.
 */
export interface LayoutKeyPlan {
  /** The base of the last render's layout keys. */
  previousBase: number;
  /** The base of the next render's layout keys. */
  base: number;
  /** Where the two renders' messages differ (`findChangedWindow`). */
  changedWindow: ChangedWindow;
  /** The first old layout key whose row moved (the rows after the window), or null when none did. */
  movedFrom: number | null;
  movedBy: number;
}

/** The layout keys of the next render, from the changed window of its messages. */
export const planLayoutKeys = (previousBase: number, changedWindow: ChangedWindow): LayoutKeyPlan => {
  const { start, previousEnd, nextEnd } = changedWindow;
  const movedBy = nextEnd - previousEnd;
  // A change at the front: every row after it keeps its key, whatever it added or removed.
  if (start === 0) return { previousBase, base: previousBase - movedBy, changedWindow, movedFrom: null, movedBy: 0 };
  return {
    previousBase,
    base: previousBase,
    changedWindow,
    movedFrom: movedBy === 0 ? null : previousEnd + previousBase,
    movedBy,
  };
};

/** The message keys of both renders, for the rows of the changed window. */
export interface LayoutKeyMessages {
  previousKeyAt: (index: number) => MessageKey;
  nextKeyAt: (index: number) => MessageKey;
  /**
   * Whether the window's sizes are looked for among the next render's messages. False for
   * another conversation (nothing to keep): it would read every key of it.
   */
  isSameConversation: boolean;
}

/**
 * Applies a plan to maps keyed by layout keys (TanStack's measured sizes and its elements):
 * the entries of the changed window's rows go to the rows of the next render with the same
 * message key, those after it move with their rows. Keys that are not numbers (the prefix's
 * and the suffix's) are left alone. Cost: the measured rows, plus the window's keys while some
 * of its measured rows are not found where they most likely are (none for a prepend, an append,
 * a token or a list of new objects with the same messages; all of them when a measured message
 * was removed or moved within a window). Returns the lowest layout key it wrote an entry under
 * (`Infinity` when it wrote none): the rows the list keeps something of start there at the latest.
 */
export const applyLayoutKeyPlan = (
  maps: ReadonlyArray<Map<unknown, unknown>>,
  { previousBase, base, changedWindow, movedFrom, movedBy }: LayoutKeyPlan,
  messages: LayoutKeyMessages,
): number => {
  let lowestWritten = Infinity;
  const { start, previousEnd, nextEnd } = changedWindow;
  const windowFrom = start + previousBase;
  const windowTo = previousEnd + previousBase;
  /** The window's entries by message key: their old layout key, and one value per map (none where a map had none). */
  const taken = new Map<MessageKey, { layoutKey: number; values: unknown[] }>();
  maps.forEach((map, mapIndex) => {
    const take = (key: number) => {
      const value = map.get(key);
      map.delete(key);
      const messageKey = messages.previousKeyAt(key - previousBase);
      let entry = taken.get(messageKey);
      if (entry === undefined) taken.set(messageKey, (entry = { layoutKey: key, values: [] }));
      // Rows that share a message key: the first keeps its entry, the others are measured again.
      entry.values[mapIndex] ??= value;
    };
    // Whichever is shorter: the window's keys or the map (a new conversation's window is all of it).
    if (windowTo - windowFrom <= map.size) {
      for (let key = windowFrom; key < windowTo; key++) if (map.has(key)) take(key);
    } else {
      // `take` deletes only the entry being visited, which a Map's iteration allows: no copy of the keys.
      for (const key of map.keys()) if (typeof key === 'number' && key >= windowFrom && key < windowTo) take(key);
    }
  });
  if (movedFrom !== null) {
    for (const map of maps) {
      const moved: Array<[number, unknown]> = [];
      for (const [key, value] of map) if (typeof key === 'number' && key >= movedFrom) moved.push([key, value]);
      for (const [key] of moved) map.delete(key);
      for (const [key, value] of moved) {
        map.set(key + movedBy, value);
        lowestWritten = Math.min(lowestWritten, key + movedBy);
      }
    }
  }
  if (!messages.isSameConversation) return lowestWritten;
  const place = (messageKey: MessageKey, index: number) => {
    taken.get(messageKey)?.values.forEach((value, mapIndex) => maps[mapIndex]!.set(index + base, value));
    taken.delete(messageKey);
    lowestWritten = Math.min(lowestWritten, index + base);
  };
  const isInWindow = (index: number) => index >= start && index < nextEnd;
  // First where the message most likely stands: under the same layout key (the same message as a
  // new object: a token, a list parsed again), or moved as the rows after the window.
  for (const [messageKey, { layoutKey }] of taken) {
    for (const index of [layoutKey - base, layoutKey + movedBy - base]) {
      if (isInWindow(index) && messages.nextKeyAt(index) === messageKey) {
        place(messageKey, index);
        break;
      }
    }
  }
  // Then anywhere in the window (a message moved within it), while some are still looked for.
  for (let index = start; index < nextEnd && taken.size > 0; index++) {
    const messageKey = messages.nextKeyAt(index);
    if (taken.has(messageKey)) place(messageKey, index);
  }
  return lowestWritten;
};

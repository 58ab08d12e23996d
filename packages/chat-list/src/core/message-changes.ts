/** A message key as `getMessageKey` returns it. */
export type MessageKey = string | number;

/** What the list remembers of the messages it last committed. */
export interface CommittedEdges {
  count: number;
  firstKey: MessageKey | undefined;
  lastKey: MessageKey | undefined;
}

/**
 * How `messages` changed since the last commit, found by comparing keys, never
 * indexes (SPEC §2.3, §2.4).
 * - `opened`: a new conversation (it opens at the bottom): messages from none,
 *   or none of the previous edge keys survives.
 * - `cleared`: from some messages to none.
 * - `edges-kept`: the previous first or last message is still there; `olderCount`
 *   messages now stand before the old first one, `newerCount` after the old last one.
 * - `unchanged`: same count and edge keys (a middle edit, or nothing).
 */
export type MessageChangeKind = 'unchanged' | 'opened' | 'cleared' | 'edges-kept';

export interface MessageChange {
  kind: MessageChangeKind;
  /** Messages before the previously first key: prepended history. */
  olderCount: number;
  /** Messages after the previously last key: newer messages. */
  newerCount: number;
}

/** The edges of `count` messages; no messages have no keys to read (`getKey` may be left out then). */
export const getCommittedEdges = (count: number, getKey?: (index: number) => MessageKey): CommittedEdges => ({
  count,
  firstKey: count ? getKey?.(0) : undefined,
  lastKey: count ? getKey?.(count - 1) : undefined,
});

export const NO_COMMITTED_MESSAGES: Readonly<CommittedEdges> = getCommittedEdges(0);

/**
 * Finds `key` scanning from `from` towards `to` (inclusive, either direction; the
 * range must not be empty).
 * Scanning from the edge it was at makes the cost as long as the change: a
 * prepend of k messages finds the old first key after k steps, whatever the
 * length of the list.
 */
export const findKey = (
  key: MessageKey | undefined,
  getKey: (index: number) => MessageKey,
  from: number,
  to: number,
): number => {
  const step = from <= to ? 1 : -1;
  for (let index = from; step > 0 ? index <= to : index >= to; index += step) {
    if (getKey(index) === key) return index;
  }
  return -1;
};

const change = (kind: MessageChangeKind, olderCount = 0, newerCount = 0): MessageChange => ({
  kind,
  olderCount,
  newerCount,
});

export const detectMessageChange = (
  previous: CommittedEdges,
  count: number,
  getKey: (index: number) => MessageKey,
): MessageChange => {
  if (previous.count === 0) return count === 0 ? change('unchanged') : change('opened');
  if (count === 0) return change('cleared');
  const firstIndex = findKey(previous.firstKey, getKey, 0, count - 1);
  const lastIndex = findKey(previous.lastKey, getKey, count - 1, 0);
  if (firstIndex === -1 && lastIndex === -1) return change('opened');
  // As many messages and both edge keys where they were (each scan stopped at its first step).
  if (count === previous.count && firstIndex === 0 && lastIndex === count - 1) return change('unchanged');
  return change('edges-kept', Math.max(0, firstIndex), lastIndex === -1 ? 0 : count - 1 - lastIndex);
};

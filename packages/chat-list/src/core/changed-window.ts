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

/**
 * The changed window of two renders' messages, by identity only: a streamed token is a window of
 * one, an append or a prepend of k is a window of k, and no key is read, whatever the length.
 *
 * The list's one scan of its messages per render, so it compares the arrays directly in a plain
 * loop: through a callback per message it cost 1.8 ms per streamed token at 100 000 messages, as
 * much as everything else the list does for that token.
 *
 * `uncheckedBefore`: below this index, past the first message, the list keeps nothing of its own
 * (no row was rendered there, so no size was measured): when the first message is the same
 * object, the messages up to there are taken as unchanged and not compared. A token at the bottom
 * of 100 000 messages then compares the rows from the lowest one ever rendered, not all 100 000
 * (the plain loop still cost 0.5–0.8 ms per token there, as the app's own copy of the array does).
 * A change there still shows: a prepend changes the first message, and a message inserted or
 * removed there moves every message after it, which the scan from the back finds, or, when the
 * same update changes a message after it too, the message at that index, after which the front
 * is compared whole. What goes unseen is an edit there made in the same update as a change after
 * it: those rows keep their estimates until the list lays them out again, and they hold no
 * measured size to lose.
 *
 * A hole (a null or undefined entry, bad input) is keyed by its index: at the back of lists of
 * different lengths its index moved, so it counts as changed there.
 */
export const findChangedWindow = (
  previous: readonly unknown[],
  next: readonly unknown[],
  uncheckedBefore = 0,
): ChangedWindow => {
  const previousCount = previous.length;
  const nextCount = next.length;
  // A render that kept the array (a measurement, a scroll): nothing to compare.
  if (previous === next) return { start: nextCount, previousEnd: previousCount, nextEnd: nextCount };
  const shared = Math.min(previousCount, nextCount);
  if (uncheckedBefore > 1 && shared > 0 && previous[0] === next[0]) {
    // The back first: the front is compared only from `uncheckedBefore` up to where the back's shared run starts.
    const sharedAtBack = countSharedAtBack(previous, next, shared - 1);
    const frontLimit = shared - sharedAtBack;
    let start: number;
    if (uncheckedBefore < frontLimit) {
      // Different objects at `uncheckedBefore` itself may be rows moved by a change below it (made
      // with one above): those rows hold sizes, so the front is compared whole.
      start = previous[uncheckedBefore] === next[uncheckedBefore] ? uncheckedBefore : 1;
    } else {
      // The back's shared run reaches below `uncheckedBefore`: it stopped at the changed message
      // just before it (a message edited there alone), or at a message inserted or removed there.
      start = Math.max(1, frontLimit - 1);
    }
    while (start < frontLimit && previous[start] === next[start]) start++;
    return { start, previousEnd: previousCount - sharedAtBack, nextEnd: nextCount - sharedAtBack };
  }
  let start = 0;
  while (start < shared && previous[start] === next[start]) start++;
  const sharedAtBack = countSharedAtBack(previous, next, shared - start);
  return { start, previousEnd: previousCount - sharedAtBack, nextEnd: nextCount - sharedAtBack };
};

/** How many messages at the back both lists share (the same objects at the same distance from their ends), up to `limit`. */
const countSharedAtBack = (previous: readonly unknown[], next: readonly unknown[], limit: number): number => {
  const nextCount = next.length;
  const shift = nextCount - previous.length;
  let sharedAtBack = 0;
  while (sharedAtBack < limit) {
    const nextIndex = nextCount - 1 - sharedAtBack;
    const message = next[nextIndex];
    if (previous[nextIndex - shift] !== message || (shift !== 0 && message == null)) break;
    sharedAtBack++;
  }
  return sharedAtBack;
};

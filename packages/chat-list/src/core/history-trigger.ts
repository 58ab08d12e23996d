import { EDGE_TOLERANCE_PX } from './edges';

/** What decides whether the reader is asking for older history. */
export interface HistoryZoneInput {
  scrollOffset: number;
  /** Distance from the top, in px, that asks for older history. */
  olderEndOffset: number;
  /** Whether older messages exist before the first one loaded. */
  hasOlder: boolean;
  isAtBottom: boolean;
  viewportSize: number;
  scrollSize: number;
  /** Height of the prefix row above the first message; 0 without one. */
  prefixSize: number;
}

/**
 * The reader is in the history zone when older messages exist, the offset is below
 * `olderEndOffset`, the list is not at the bottom, the viewport has a size and the content is
 * taller than the viewport. The last two keep a hidden or short list from
 * asking for history it cannot show.
 *
 * The offset is counted from the first message, not from the prefix above it: a
 * "Loading..." prefix that appears is content added above (the view stays, the
 * offset grows by its height) and one that goes shrinks it again. Counted from
 * the top, a reader within a prefix's height of the threshold would leave the
 * zone and come back on every load, re-arming the trigger each time: a loader
 * that finds nothing would be called in a loop.
 */
export const isInHistoryZone = (input: HistoryZoneInput): boolean => {
  const distanceFromFirstMessage = input.scrollOffset - input.prefixSize;
  return (
    input.hasOlder &&
    input.viewportSize > 0 &&
    input.scrollSize > input.viewportSize &&
    !input.isAtBottom &&
    // At the top edge always counts: `olderEndOffset: 0` means "at the very top".
    (distanceFromFirstMessage < input.olderEndOffset || distanceFromFirstMessage < EDGE_TOLERANCE_PX)
  );
};

/** What decides whether the reader is asking for newer messages (a window that is not at the live end). */
export interface NewerZoneInput {
  scrollOffset: number;
  /** Distance from the bottom, in px, that asks for newer messages. */
  newerEndOffset: number;
  /** Whether newer messages exist beyond the last one loaded. */
  hasNewer: boolean;
  viewportSize: number;
  scrollSize: number;
  /** Height of the suffix row below the last message; 0 without one. */
  suffixSize: number;
}

/**
 * The mirror of {@link isInHistoryZone} at the bottom edge: newer messages exist, and the
 * distance from the last message's end to the viewport's bottom is below `newerEndOffset`
 * (counted from the last message, as the history zone is from the first: a "Loading..." suffix
 * must not re-arm the trigger).
 */
export const isInNewerZone = (input: NewerZoneInput): boolean => {
  const distanceFromLastMessage = input.scrollSize - input.suffixSize - (input.scrollOffset + input.viewportSize);
  return (
    input.hasNewer &&
    input.viewportSize > 0 &&
    input.scrollSize > input.viewportSize &&
    (distanceFromLastMessage < input.newerEndOffset || distanceFromLastMessage < EDGE_TOLERANCE_PX)
  );
};

/**
 * When to call `onOlderEndReached` (or, at the other edge, `onNewerEndReached`), as a small
 * state machine.
 *
 * The invariant is "no loop when nothing changes": a call disarms the trigger,
 * and only something that changes the situation re-arms it — the reader leaving
 * the zone once the request settled, or messages being committed at that edge. A settled
 * promise alone does not re-arm, or a loader that finds no more history would be called every
 * frame; nor does leaving the zone while it is pending, or a page would be asked for twice
 * (once more between its settle and its commit).
 *
 * The reducer's output says when `onOlderEndReached` must be called
 * (`shouldRequestHistory`); `isPending` stays true until that request settles.
 */
export interface HistoryTriggerState {
  isArmed: boolean;
  isPending: boolean;
}

export const INITIAL_HISTORY_TRIGGER: Readonly<HistoryTriggerState> = { isArmed: true, isPending: false };

/**
 * What happened: the reader was found in or out of the zone, messages were
 * committed at that edge (older ones at the top, newer ones at the bottom), or a request settled.
 */
export type HistoryTriggerEvent = 'in-zone' | 'out-of-zone' | 'messages-loaded' | 'request-settled';

/** The trigger's next state, and whether to call `onOlderEndReached` now. */
export interface HistoryTriggerTransition {
  state: HistoryTriggerState;
  shouldRequestHistory: boolean;
}

export const reduceHistoryTrigger = (
  state: HistoryTriggerState,
  event: HistoryTriggerEvent,
): HistoryTriggerTransition => {
  if (event === 'request-settled') return { state: { ...state, isPending: false }, shouldRequestHistory: false };
  // Leaving the zone while a request is pending re-arms nothing: rows measured late beyond the
  // reader grew the content and took them out of the zone for a moment, and the layout that came
  // after the settle, before the page was committed, asked for the same page again.
  if (event === 'out-of-zone' && state.isPending) return { state, shouldRequestHistory: false };
  // Leaving the zone, or messages loaded at that edge, is what re-arms the trigger.
  if (event !== 'in-zone') return { state: { ...state, isArmed: true }, shouldRequestHistory: false };
  return state.isArmed && !state.isPending
    ? { state: { isArmed: false, isPending: true }, shouldRequestHistory: true }
    : { state, shouldRequestHistory: false };
};

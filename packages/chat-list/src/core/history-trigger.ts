import { EDGE_TOLERANCE_PX } from './edges';

/** What decides whether the reader is asking for older history (SPEC §2.4). */
export interface HistoryZoneInput {
  scrollOffset: number;
  /** Distance from the top, in px, that asks for older history. */
  historyEndOffset: number;
  isAtBottom: boolean;
  viewportSize: number;
  scrollSize: number;
  /** Height of the prefix row above the first message; 0 without one. */
  prefixSize: number;
}

/**
 * The reader is in the history zone when the offset is below `historyEndOffset`,
 * the list is not at the bottom, the viewport has a size and the content is
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
    input.viewportSize > 0 &&
    input.scrollSize > input.viewportSize &&
    !input.isAtBottom &&
    // At the top edge always counts: `historyEndOffset: 0` means "at the very top" (issue #13).
    (distanceFromFirstMessage < input.historyEndOffset || distanceFromFirstMessage < EDGE_TOLERANCE_PX)
  );
};

/**
 * When to call `onHistoryEndReached`, as a small state machine.
 *
 * The invariant is "no loop when nothing changes": a call disarms the trigger,
 * and only something that changes the situation re-arms it — the reader leaving
 * the zone, or older messages being committed. A settled promise alone does not
 * re-arm, or a loader that finds no more history would be called every frame.
 *
 * The reducer's output says when `onHistoryEndReached` must be called
 * (`shouldRequestHistory`); `isPending` stays true until that request settles.
 */
export interface HistoryTriggerState {
  isArmed: boolean;
  isPending: boolean;
}

export const INITIAL_HISTORY_TRIGGER: Readonly<HistoryTriggerState> = { isArmed: true, isPending: false };

/**
 * What happened: the reader was found in or out of the zone, older messages
 * were committed, or a request settled.
 */
export type HistoryTriggerEvent = 'in-zone' | 'out-of-zone' | 'older-messages-committed' | 'request-settled';

/** The trigger's next state, and whether to call `onHistoryEndReached` now. */
export interface HistoryTriggerTransition {
  state: HistoryTriggerState;
  shouldRequestHistory: boolean;
}

export const reduceHistoryTrigger = (
  state: HistoryTriggerState,
  event: HistoryTriggerEvent,
): HistoryTriggerTransition => {
  if (event === 'request-settled') return { state: { ...state, isPending: false }, shouldRequestHistory: false };
  // Leaving the zone, or new older messages, is what re-arms the trigger.
  if (event !== 'in-zone') return { state: { ...state, isArmed: true }, shouldRequestHistory: false };
  return state.isArmed && !state.isPending
    ? { state: { isArmed: false, isPending: true }, shouldRequestHistory: true }
    : { state, shouldRequestHistory: false };
};

import { describe, expect, it } from 'vitest';
import {
  INITIAL_HISTORY_TRIGGER,
  isInHistoryZone,
  isInNewerZone,
  reduceHistoryTrigger,
  type HistoryTriggerEvent,
  type HistoryTriggerState,
  type HistoryZoneInput,
  type NewerZoneInput,
} from './history-trigger';

const inZone: HistoryZoneInput = {
  scrollOffset: 4,
  olderEndOffset: 10,
  hasOlder: true,
  isAtBottom: false,
  viewportSize: 500,
  scrollSize: 3000,
  prefixSize: 0,
};

describe('isInHistoryZone', () => {
  it('is true when the offset is below the threshold, not at the bottom, visible and overflowing', () => {
    expect(isInHistoryZone(inZone)).toBe(true);
  });

  it('is true at offset 0', () => {
    expect(isInHistoryZone({ ...inZone, scrollOffset: 0 })).toBe(true);
  });

  it('is false when the offset is exactly at the threshold', () => {
    expect(isInHistoryZone({ ...inZone, scrollOffset: 10 })).toBe(false);
  });

  it('is false when the offset is above the threshold', () => {
    expect(isInHistoryZone({ ...inZone, scrollOffset: 11 })).toBe(false);
  });

  it('is false when the list is at the bottom', () => {
    expect(isInHistoryZone({ ...inZone, isAtBottom: true })).toBe(false);
  });

  it('is false when the viewport has no size (hidden container)', () => {
    expect(isInHistoryZone({ ...inZone, viewportSize: 0 })).toBe(false);
  });

  it('is false when the content is exactly as tall as the viewport', () => {
    expect(isInHistoryZone({ ...inZone, scrollSize: 500 })).toBe(false);
  });

  it('is false when the content is shorter than the viewport', () => {
    expect(isInHistoryZone({ ...inZone, scrollSize: 200 })).toBe(false);
  });

  it('counts the offset from the first message when a prefix row is above it', () => {
    expect(isInHistoryZone({ ...inZone, scrollOffset: 45, prefixSize: 40 })).toBe(true);
    expect(isInHistoryZone({ ...inZone, scrollOffset: 50, prefixSize: 40 })).toBe(false);
  });

  it('with olderEndOffset 0, is true at the very top (within the edge tolerance) and false below it', () => {
    expect(isInHistoryZone({ ...inZone, olderEndOffset: 0, scrollOffset: 0 })).toBe(true);
    expect(isInHistoryZone({ ...inZone, olderEndOffset: 0, scrollOffset: 1 })).toBe(true);
    expect(isInHistoryZone({ ...inZone, olderEndOffset: 0, scrollOffset: 2 })).toBe(false);
  });

  it('is false everywhere once there are no older messages (hasOlder false)', () => {
    expect(isInHistoryZone({ ...inZone, hasOlder: false, scrollOffset: 0 })).toBe(false);
    expect(isInHistoryZone({ ...inZone, hasOlder: false })).toBe(false);
  });

  it('respects a larger threshold', () => {
    expect(isInHistoryZone({ ...inZone, scrollOffset: 299, olderEndOffset: 300 })).toBe(true);
    expect(isInHistoryZone({ ...inZone, scrollOffset: 301, olderEndOffset: 300 })).toBe(false);
  });
});

/** Runs events through the reducer, counting requests. */
function run(
  events: readonly HistoryTriggerEvent[],
  start: HistoryTriggerState = INITIAL_HISTORY_TRIGGER,
): { state: HistoryTriggerState; requests: number; requestedAt: number[] } {
  let state = start;
  const requestedAt: number[] = [];
  events.forEach((event, index) => {
    const { state: next, shouldRequestHistory } = reduceHistoryTrigger(state, event);
    if (shouldRequestHistory) requestedAt.push(index);
    state = next;
  });
  return { state, requests: requestedAt.length, requestedAt };
}

const evaluate = (isInZone: boolean): HistoryTriggerEvent => (isInZone ? 'in-zone' : 'out-of-zone');
const settle: HistoryTriggerEvent = 'request-settled';
const committed: HistoryTriggerEvent = 'messages-loaded';

describe('reduceHistoryTrigger', () => {
  it('starts armed and not pending', () => {
    expect(INITIAL_HISTORY_TRIGGER).toEqual({ isArmed: true, isPending: false });
  });

  it('asks for history exactly when the trigger turns pending', () => {
    expect(reduceHistoryTrigger(INITIAL_HISTORY_TRIGGER, evaluate(true))).toEqual({
      state: { isArmed: false, isPending: true },
      shouldRequestHistory: true,
    });
    expect(reduceHistoryTrigger({ isArmed: false, isPending: true }, evaluate(true)).shouldRequestHistory).toBe(false);
  });

  it('requests on the first evaluate in the zone', () => {
    const { requests, state } = run([evaluate(true)]);
    expect(requests).toBe(1);
    expect(state).toEqual({ isArmed: false, isPending: true });
  });

  it('does not request on an evaluate outside the zone', () => {
    const { requests, state } = run([evaluate(false)]);
    expect(requests).toBe(0);
    expect(state).toEqual(INITIAL_HISTORY_TRIGGER);
  });

  it('does not mutate the state it is given', () => {
    const start: HistoryTriggerState = { isArmed: true, isPending: false };
    reduceHistoryTrigger(start, evaluate(true));
    expect(start).toEqual({ isArmed: true, isPending: false });
  });

  it('does not request again while the request is pending', () => {
    const { requests, requestedAt } = run([evaluate(true), evaluate(true), evaluate(true), evaluate(true)]);
    expect(requests).toBe(1);
    expect(requestedAt).toEqual([0]);
  });

  it('does not request after settling when the reader is still in the zone and nothing changed', () => {
    const { requests, state } = run([evaluate(true), settle, evaluate(true)]);
    expect(requests).toBe(1);
    expect(state.isPending).toBe(false);
  });

  it('never loops: 1000 evaluate/settle cycles in the zone with nothing changing request once', () => {
    const events: HistoryTriggerEvent[] = [];
    for (let cycle = 0; cycle < 1000; cycle++) events.push(evaluate(true), settle);
    expect(run(events).requests).toBe(1);
  });

  it('re-arms when the reader leaves the zone, and requests again on coming back', () => {
    const { requests, requestedAt } = run([evaluate(true), settle, evaluate(false), evaluate(true)]);
    expect(requests).toBe(2);
    expect(requestedAt).toEqual([0, 3]);
  });

  it('does not re-arm when the reader leaves the zone while pending: one request per page', () => {
    // Rows measured late beyond the reader took them out of the zone for a moment; the page
    // settles, and a layout before its commit finds them in the zone again.
    const { requestedAt } = run([evaluate(true), evaluate(false), evaluate(true), settle, evaluate(true)]);
    expect(requestedAt).toEqual([0]);
    // Its commit re-arms: the next page, if the reader is still in the zone.
    expect(
      run([evaluate(true), evaluate(false), evaluate(true), settle, evaluate(true), committed, evaluate(true)])
        .requestedAt,
    ).toEqual([0, 6]);
  });

  it('re-arms when the reader leaves the zone after the request settled with nothing', () => {
    const { requestedAt } = run([
      evaluate(true),
      evaluate(false),
      settle,
      evaluate(true),
      evaluate(false),
      evaluate(true),
    ]);
    expect(requestedAt).toEqual([0, 5]);
  });

  it('re-arms after older messages are committed: a still-in-zone evaluate after settle requests again', () => {
    const { requestedAt } = run([evaluate(true), committed, settle, evaluate(true)]);
    expect(requestedAt).toEqual([0, 3]);
  });

  it('re-arms after older messages are committed once the request settled', () => {
    const { requestedAt } = run([evaluate(true), settle, committed, evaluate(true)]);
    expect(requestedAt).toEqual([0, 3]);
  });

  it('does not request while pending even after older messages were committed, until settled', () => {
    const { requestedAt, state } = run([evaluate(true), committed, evaluate(true), evaluate(true)]);
    expect(requestedAt).toEqual([0]);
    expect(state).toEqual({ isArmed: true, isPending: true });
    const afterSettle = run([settle, evaluate(true)], state);
    expect(afterSettle.requestedAt).toEqual([1]);
  });

  it('pages through history: each committed prepend allows exactly one more request', () => {
    const events: HistoryTriggerEvent[] = [];
    for (let page = 0; page < 5; page++) events.push(evaluate(true), evaluate(true), committed, settle);
    events.push(evaluate(true), settle, evaluate(true), evaluate(true));
    // 5 pages each with one request, then one more for the last commit, then nothing (no more history).
    expect(run(events).requests).toBe(6);
  });

  it('ignores a settle that arrives when nothing is pending', () => {
    const { requests, state } = run([settle]);
    expect(requests).toBe(0);
    expect(state).toEqual(INITIAL_HISTORY_TRIGGER);
  });

  it('a commit alone never requests', () => {
    expect(run([committed]).requests).toBe(0);
    expect(run([committed], { isArmed: false, isPending: false })).toMatchObject({
      state: { isArmed: true, isPending: false },
      requests: 0,
    });
  });
});

describe('history zone and trigger together', () => {
  it('never loops when a "Loading..." prefix above the reader comes and goes and the loader finds nothing', () => {
    // The reader is 70 px from the top with a 100 px threshold; the prefix is 40 px
    // and, being content added above, pushes the offset to 110 while it is shown.
    const zone = (scrollOffset: number, prefixSize: number) =>
      evaluate(isInHistoryZone({ ...inZone, olderEndOffset: 100, scrollOffset, prefixSize }));
    const events: HistoryTriggerEvent[] = [];
    for (let cycle = 0; cycle < 100; cycle++) events.push(zone(70, 0), zone(110, 40), settle, zone(70, 0));
    expect(run(events).requests).toBe(1);
  });
});

describe('isInNewerZone', () => {
  // 2000 px of content in a 500 px viewport, 6 px above the last message's end.
  const near: NewerZoneInput = {
    scrollOffset: 1494,
    newerEndOffset: 10,
    hasNewer: true,
    viewportSize: 500,
    scrollSize: 2000,
    suffixSize: 0,
  };

  it('is in the zone within newerEndOffset of the last message when newer messages exist', () => {
    expect(isInNewerZone(near)).toBe(true);
    expect(isInNewerZone({ ...near, scrollOffset: 1500 })).toBe(true);
  });

  it('is never in the zone without newer messages (the live end is loaded)', () => {
    expect(isInNewerZone({ ...near, hasNewer: false })).toBe(false);
  });

  it('is out of the zone further up', () => {
    expect(isInNewerZone({ ...near, scrollOffset: 1480 })).toBe(false);
  });

  it('counts from the last message: a suffix row below it does not push the reader out', () => {
    // 40 px of "Loading..." suffix appeared below: the reader 6 px above the last message stays in the zone.
    expect(isInNewerZone({ ...near, scrollSize: 2040, suffixSize: 40 })).toBe(true);
  });

  it('means "at the very end" with newerEndOffset 0', () => {
    expect(isInNewerZone({ ...near, newerEndOffset: 0, scrollOffset: 1499 })).toBe(true);
    expect(isInNewerZone({ ...near, newerEndOffset: 0, scrollOffset: 1490 })).toBe(false);
  });

  it('is out of the zone for a hidden or short list', () => {
    expect(isInNewerZone({ ...near, viewportSize: 0 })).toBe(false);
    expect(isInNewerZone({ ...near, scrollSize: 400, scrollOffset: 0 })).toBe(false);
  });
});

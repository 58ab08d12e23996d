import { describe, expect, it } from 'vitest';
import { createCurrentTurnTracker, findTurnReserve, findTurnStartAfter, findTurnStartAtOrBefore } from './turns';

describe('findTurnReserve', () => {
  const base = { turnStart: 1000, viewportSize: 600, peek: 0, maxReserve: Infinity };

  it('reserves what lets the turn stand at the top with the list at the bottom', () => {
    // The turn's prompt is 100 px tall and nothing follows yet: 500 px below it.
    expect(findTurnReserve({ ...base, rowsEnd: 1100 })).toBe(500);
  });

  it('shrinks by exactly what the reply grows, so the content height stays', () => {
    const before = 1100 + findTurnReserve({ ...base, rowsEnd: 1100 });
    const after = 1337 + findTurnReserve({ ...base, rowsEnd: 1337 });
    expect(after).toBe(before);
  });

  it('is gone once the reply fills the viewport, and leaves the peek above the turn', () => {
    expect(findTurnReserve({ ...base, rowsEnd: 1700 })).toBe(0);
    expect(findTurnReserve({ ...base, rowsEnd: 2500 })).toBe(0);
    expect(findTurnReserve({ ...base, rowsEnd: 1100, peek: 40 })).toBe(460);
  });

  it('never grows past what it was when the reader let go', () => {
    expect(findTurnReserve({ ...base, rowsEnd: 1100, maxReserve: 200 })).toBe(200);
    expect(findTurnReserve({ ...base, rowsEnd: 1500, maxReserve: 200 })).toBe(100);
  });
});

describe('finding turn starts', () => {
  const turns = [false, true, false, false, true, false];
  const isTurnStartAt = (index: number) => turns[index] === true;

  it('finds the turn at or before a message, down to a limit', () => {
    expect(findTurnStartAtOrBefore(3, isTurnStartAt)).toBe(1);
    expect(findTurnStartAtOrBefore(4, isTurnStartAt)).toBe(4);
    expect(findTurnStartAtOrBefore(0, isTurnStartAt)).toBe(-1);
    expect(findTurnStartAtOrBefore(3, isTurnStartAt, 2)).toBe(-1);
  });

  it('finds the next turn after a message', () => {
    expect(findTurnStartAfter(1, turns.length, isTurnStartAt)).toBe(4);
    expect(findTurnStartAfter(4, turns.length, isTurnStartAt)).toBe(-1);
    expect(findTurnStartAfter(-1, turns.length, isTurnStartAt)).toBe(1);
  });
});

describe('createCurrentTurnTracker', () => {
  /** Every 10th message starts a turn from message 10 on; counts how many messages were asked about. */
  const counting = () => {
    const asked = { count: 0 };
    const isTurnStartAt = (index: number) => {
      asked.count++;
      return index >= 10 && index % 10 === 0;
    };
    return { asked, isTurnStartAt };
  };

  it('answers like a scan back from the line, whatever lines came before', () => {
    const messages: unknown[] = [];
    const tracker = createCurrentTurnTracker();
    const { isTurnStartAt } = counting();
    const lines = [5, 12, 35, 33, 9, 0, 99, 10, 19, 20, 7, 8, 64];
    for (const line of lines) {
      expect(tracker.find(messages, line, isTurnStartAt), `line ${line}`).toBe(
        findTurnStartAtOrBefore(line, isTurnStartAt),
      );
    }
  });

  it('asks only about the rows a scroll crossed while the messages stay the same', () => {
    const messages: unknown[] = [];
    const tracker = createCurrentTurnTracker();
    const { asked, isTurnStartAt } = counting();
    expect(tracker.find(messages, 5_000, isTurnStartAt)).toBe(5_000);
    expect(tracker.find(messages, 5_009, isTurnStartAt)).toBe(5_000);
    asked.count = 0;
    expect(tracker.find(messages, 5_012, isTurnStartAt)).toBe(5_010);
    expect(asked.count).toBe(3);
  });

  it('scans again for new messages, and for none before the line', () => {
    const tracker = createCurrentTurnTracker();
    const { isTurnStartAt } = counting();
    expect(tracker.find([], 15, isTurnStartAt)).toBe(10);
    expect(tracker.find([], 15, () => false)).toBe(-1);
    expect(tracker.find([], -1, isTurnStartAt)).toBe(-1);
  });
});

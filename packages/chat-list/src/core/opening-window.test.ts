import { describe, expect, test } from 'vitest';
import { OPENING_WINDOW_MIN_MESSAGES, OPENING_WINDOW_ROWS, planOpeningWindow } from './opening-window';

describe('the opening window', () => {
  test('a long conversation that opens at its newest message lays out only its newest rows', () => {
    expect(planOpeningWindow({ messageCount: 100_000, opensAtNewest: true })).toBe(100_000 - OPENING_WINDOW_ROWS);
  });

  test('a conversation shorter than the threshold is laid out in full', () => {
    expect(planOpeningWindow({ messageCount: OPENING_WINDOW_MIN_MESSAGES - 1, opensAtNewest: true })).toBe(0);
    expect(planOpeningWindow({ messageCount: OPENING_WINDOW_MIN_MESSAGES, opensAtNewest: true })).toBeGreaterThan(0);
  });

  test('an opening at a message or a snapshot is laid out in full, since its row may be anywhere', () => {
    expect(planOpeningWindow({ messageCount: 1_000_000, opensAtNewest: false })).toBe(0);
  });
});

import { describe, expect, test } from 'vitest';
import { messageIndexOfRow, PREFIX_ROW, SUFFIX_ROW } from './rows';

describe('which row is which', () => {
  test('without affixes, a row is the message at its index', () => {
    expect([0, 1, 2].map((row) => messageIndexOfRow(row, false, 3))).toEqual([0, 1, 2]);
  });

  test('with a prefix, the first row is the prefix and the messages are one row further', () => {
    expect([0, 1, 2, 3].map((row) => messageIndexOfRow(row, true, 3))).toEqual([PREFIX_ROW, 0, 1, 2]);
  });

  test('the row after the last message is the suffix', () => {
    expect(messageIndexOfRow(3, false, 3)).toBe(SUFFIX_ROW);
    expect(messageIndexOfRow(4, true, 3)).toBe(SUFFIX_ROW);
  });

  test('an empty list with both affixes has the prefix then the suffix', () => {
    expect([0, 1].map((row) => messageIndexOfRow(row, true, 0))).toEqual([PREFIX_ROW, SUFFIX_ROW]);
  });
});

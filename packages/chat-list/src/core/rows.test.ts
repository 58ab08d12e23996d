import { describe, expect, test } from 'vitest';
import { messageIndexOfRow, PREFIX_ROW, rowCount, SUFFIX_ROW } from './rows';

describe('which row is which', () => {
  test('without affixes, a row is the message at its index', () => {
    expect([0, 1, 2].map((row) => messageIndexOfRow(row, 0, 3))).toEqual([0, 1, 2]);
    expect(rowCount(0, 3, false)).toBe(3);
  });

  test('with a prefix, the first row is the prefix and the messages are one row further', () => {
    expect([0, 1, 2, 3].map((row) => messageIndexOfRow(row, 1, 3))).toEqual([PREFIX_ROW, 0, 1, 2]);
    expect(rowCount(1, 3, false)).toBe(4);
  });

  test('the row after the last message is the suffix', () => {
    expect(messageIndexOfRow(3, 0, 3)).toBe(SUFFIX_ROW);
    expect(messageIndexOfRow(4, 1, 3)).toBe(SUFFIX_ROW);
    expect(rowCount(1, 3, true)).toBe(5);
  });

  test('an empty list with both affixes has the prefix then the suffix', () => {
    expect([0, 1].map((row) => messageIndexOfRow(row, 1, 0))).toEqual([PREFIX_ROW, SUFFIX_ROW]);
    expect(rowCount(1, 0, true)).toBe(2);
  });

  test('with the oldest messages left out, the first row is the first message laid out, and no row is the prefix', () => {
    expect([0, 1, 2, 3].map((row) => messageIndexOfRow(row, -7, 10))).toEqual([7, 8, 9, SUFFIX_ROW]);
    expect(rowCount(-7, 10, true)).toBe(4);
  });
});

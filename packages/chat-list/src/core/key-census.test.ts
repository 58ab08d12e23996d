import { describe, expect, it } from 'vitest';
import { createKeyCensus, findChangedWindow } from './key-census';

interface Message {
  id: string;
}

const make = (count: number, from = 0): Message[] => Array.from({ length: count }, (_, i) => ({ id: `m${from + i}` }));

/** The changed window between two arrays, counting the comparisons it made. */
const windowOf = (previous: readonly Message[], next: readonly Message[]) => {
  let comparisons = 0;
  const window = findChangedWindow({
    previousCount: previous.length,
    nextCount: next.length,
    isSameMessage: (previousIndex, nextIndex) => {
      comparisons++;
      return previous[previousIndex] === next[nextIndex];
    },
  });
  return { ...window, comparisons };
};

describe('findChangedWindow', () => {
  it('is empty when the same array comes again', () => {
    const messages = make(100);
    expect(windowOf(messages, messages)).toMatchObject({ start: 100, previousEnd: 100, nextEnd: 100 });
  });

  it('is the one message a streamed token replaced', () => {
    const messages = make(100);
    const streamed = [...messages.slice(0, -1), { id: 'm99' }];
    expect(windowOf(messages, streamed)).toMatchObject({ start: 99, previousEnd: 100, nextEnd: 100 });
  });

  it('is the appended messages only', () => {
    const messages = make(100);
    expect(windowOf(messages, [...messages, ...make(3, 100)])).toMatchObject({
      start: 100,
      previousEnd: 100,
      nextEnd: 103,
    });
  });

  it('is the prepended messages only, found from the back', () => {
    const messages = make(100, 10);
    const window = windowOf(messages, [...make(10), ...messages]);
    expect(window).toMatchObject({ start: 0, previousEnd: 0, nextEnd: 10 });
    // One comparison at the front, then one per shared message and the one that differs at the back.
    expect(window.comparisons).toBeLessThanOrEqual(102);
  });

  it('is the removed messages in the middle', () => {
    const messages = make(100);
    const next = [...messages.slice(0, 40), ...messages.slice(45)];
    expect(windowOf(messages, next)).toMatchObject({ start: 40, previousEnd: 45, nextEnd: 40 });
  });

  it('is everything between the first and the last replaced object', () => {
    const messages = make(100);
    const next = messages.map((message, index) => (index === 10 || index === 70 ? { ...message } : message));
    expect(windowOf(messages, next)).toMatchObject({ start: 10, previousEnd: 71, nextEnd: 71 });
  });

  it('never lets the front and the back windows overlap when a message is repeated', () => {
    const shared = { id: 'same' };
    expect(windowOf([shared, shared], [shared, shared, shared])).toMatchObject({
      start: 2,
      previousEnd: 2,
      nextEnd: 3,
    });
  });

  it('is everything when every object is new', () => {
    expect(windowOf(make(5), make(5))).toMatchObject({ start: 0, previousEnd: 5, nextEnd: 5 });
  });
});

describe('createKeyCensus', () => {
  it('finds no duplicate among distinct keys', () => {
    const census = createKeyCensus();
    for (const key of ['a', 'b', 1, '1']) census.addKey(key);
    expect(census.hasDuplicates).toBe(false);
    expect(census.isDuplicated('a')).toBe(false);
    // 1 and '1' are different keys, as they are for TanStack's size cache.
    expect(census.isDuplicated(1)).toBe(false);
    expect(census.takeDuplicationChange()).toBe(false);
  });

  it('names a key that a second message takes, and says the duplication changed once', () => {
    const census = createKeyCensus();
    census.addKey('a');
    census.addKey('b');
    census.addKey('a');
    expect(census.hasDuplicates).toBe(true);
    expect(census.isDuplicated('a')).toBe(true);
    expect(census.isDuplicated('b')).toBe(false);
    expect(census.takeDuplicationChange()).toBe(true);
    expect(census.takeDuplicationChange()).toBe(false);
  });

  it('stops naming a key when one of its two messages leaves', () => {
    const census = createKeyCensus();
    for (const key of ['a', 'a', 'a']) census.addKey(key);
    census.takeDuplicationChange();
    census.removeKey('a');
    expect(census.isDuplicated('a')).toBe(true);
    expect(census.takeDuplicationChange()).toBe(false);
    census.removeKey('a');
    expect(census.isDuplicated('a')).toBe(false);
    expect(census.hasDuplicates).toBe(false);
    expect(census.takeDuplicationChange()).toBe(true);
  });

  it('reports no change for a streamed token of a duplicated row (its key removed and added again)', () => {
    const census = createKeyCensus();
    for (const key of ['a', 'a']) census.addKey(key);
    census.takeDuplicationChange();
    census.removeKey('a');
    census.addKey('a');
    expect(census.takeDuplicationChange()).toBe(false);
    expect(census.isDuplicated('a')).toBe(true);
  });

  it('ignores the removal of a key it never counted instead of counting below zero', () => {
    const census = createKeyCensus();
    census.removeKey('ghost');
    census.addKey('ghost');
    expect(census.isDuplicated('ghost')).toBe(false);
  });

  it('forgets every key on clear', () => {
    const census = createKeyCensus();
    for (const key of ['a', 'a']) census.addKey(key);
    census.clear();
    expect(census.hasDuplicates).toBe(false);
    census.addKey('a');
    expect(census.isDuplicated('a')).toBe(false);
  });
});

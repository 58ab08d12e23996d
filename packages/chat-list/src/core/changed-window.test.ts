import { describe, expect, it } from 'vitest';
import { findChangedWindow } from './changed-window';

interface Message {
  id: string;
}

const make = (count: number, from = 0): Message[] => Array.from({ length: count }, (_, i) => ({ id: `m${from + i}` }));

/** Counts the entries read from an array (the window must read only the ends it compares). */
const counted = <T>(array: readonly T[]) => {
  const reads = { count: 0 };
  const proxy = new Proxy(array as T[], {
    get(target, property, receiver) {
      if (typeof property === 'string' && /^\d+$/.test(property)) reads.count++;
      return Reflect.get(target, property, receiver) as unknown;
    },
  });
  return { proxy, reads };
};

/** The changed window between two arrays, counting the entries it read from both. */
const windowOf = (previous: readonly Message[], next: readonly Message[], uncheckedBefore?: number) => {
  const previousCounted = counted(previous);
  const nextCounted = counted(next);
  const window = findChangedWindow(previousCounted.proxy, nextCounted.proxy, uncheckedBefore);
  return { ...window, comparisons: Math.max(previousCounted.reads.count, nextCounted.reads.count) };
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

  it('keeps a hole that stayed at its index out of the window, at the front and at the back', () => {
    const messages: (Message | null)[] = [null, ...make(8), null];
    const streamed = [...messages.slice(0, 5), { id: 'm4' }, ...messages.slice(6)];
    expect(windowOf(messages as Message[], streamed as Message[])).toMatchObject({
      start: 5,
      previousEnd: 6,
      nextEnd: 6,
    });
  });

  it('counts a hole at the back as changed when a prepend moved it (its key is its index)', () => {
    const messages: (Message | null)[] = [...make(5, 10), null];
    const prepended = [...make(2), ...messages];
    expect(windowOf(messages as Message[], prepended as Message[])).toMatchObject({
      start: 0,
      previousEnd: 6,
      nextEnd: 8,
    });
  });

  it('reads each of 100 000 messages once for a streamed token (one plain scan, no callback per message)', () => {
    const messages = make(100_000);
    const streamed = [...messages.slice(0, -1), { id: 'm99999' }];
    const window = windowOf(messages, streamed);
    expect(window).toMatchObject({ start: 99_999, previousEnd: 100_000, nextEnd: 100_000 });
    expect(window.comparisons).toBeLessThanOrEqual(100_001);
  });

  describe('with rows below an index the list keeps nothing of (uncheckedBefore)', () => {
    const messages = make(100_000);
    const lowestRendered = 99_980;

    it('compares a streamed token from that index only, not 100 000 messages', () => {
      const streamed = [...messages.slice(0, -1), { id: 'm99999' }];
      const window = windowOf(messages, streamed, lowestRendered);
      expect(window).toMatchObject({ start: 99_999, previousEnd: 100_000, nextEnd: 100_000 });
      expect(window.comparisons).toBeLessThanOrEqual(25);
    });

    it('finds an append exactly', () => {
      const window = windowOf(messages, [...messages, ...make(3, 100_000)], lowestRendered);
      expect(window).toMatchObject({ start: 100_000, previousEnd: 100_000, nextEnd: 100_003 });
      expect(window.comparisons).toBeLessThanOrEqual(25);
    });

    it('finds a prepend exactly, its first message being new', () => {
      expect(windowOf(messages, [...make(10, -10), ...messages], lowestRendered)).toMatchObject({
        start: 0,
        previousEnd: 0,
        nextEnd: 10,
      });
    });

    it('finds a message inserted or removed below that index exactly, from the back', () => {
      const inserted = [...messages.slice(0, 500), { id: 'new' }, ...messages.slice(500)];
      expect(windowOf(messages, inserted, lowestRendered)).toMatchObject({
        start: 500,
        previousEnd: 500,
        nextEnd: 501,
      });
      const removed = [...messages.slice(0, 500), ...messages.slice(501)];
      expect(windowOf(messages, removed, lowestRendered)).toMatchObject({ start: 500, previousEnd: 501, nextEnd: 500 });
    });

    it('finds a message edited alone below that index exactly, where the scan from the back stops', () => {
      const edited = messages.map((message, index) => (index === 500 ? { ...message } : message));
      const window = windowOf(messages, edited, lowestRendered);
      expect(window).toMatchObject({ start: 500, previousEnd: 501, nextEnd: 501 });
    });

    it('finds another conversation whole', () => {
      expect(windowOf(messages, make(100_000, 200_000), lowestRendered)).toMatchObject({
        start: 0,
        previousEnd: 100_000,
        nextEnd: 100_000,
      });
    });

    it('does not see an edit below that index made with a token in the same update, and finds a message inserted there exactly, comparing the whole front', () => {
      const edited = messages.map((message, index) => (index === 500 || index === 99_999 ? { ...message } : message));
      expect(windowOf(messages, edited, lowestRendered)).toMatchObject({
        start: 99_999,
        previousEnd: 100_000,
        nextEnd: 100_000,
      });
      const inserted = [...messages.slice(0, 500), { id: 'new' }, ...messages.slice(500, -1), { id: 'm99999' }];
      expect(windowOf(messages, inserted, lowestRendered)).toMatchObject({
        start: 500,
        previousEnd: 100_000,
        nextEnd: 100_001,
      });
    });
  });
});

import { describe, expect, it } from 'vitest';
import { detectMessageChange, getCommittedEdges, type MessageKey } from './message-changes';
import { createSeenTracker, type SeenTracker } from './seen-tracker';

/** A tiny model of the list: the current keys, and a commit that feeds the tracker like the React layer does. */
class Messages {
  constructor(public keys: MessageKey[]) {}

  readonly getKey = (index: number): MessageKey => {
    const key = this.keys[index];
    if (key === undefined) throw new RangeError(`getKey(${index}) out of range 0..${this.keys.length - 1}`);
    return key;
  };

  get count(): number {
    return this.keys.length;
  }

  /** Replaces the keys and applies the detected change to `tracker`. */
  commit(tracker: SeenTracker, next: MessageKey[]): void {
    const previous = getCommittedEdges(this.keys.length, this.getKey);
    this.keys = next;
    const change = detectMessageChange(previous, next.length, this.getKey);
    tracker.applyChange(change, next.length, this.getKey);
  }

  markVisible(tracker: SeenTracker, firstIndex: number, lastIndex: number): void {
    tracker.markVisible(firstIndex, lastIndex, this.getKey);
  }

  unseen(tracker: SeenTracker): number {
    return tracker.getUnseenCount(this.count);
  }
}

const letters = (text: string): string[] => text.split('');
const range = (from: number, to: number): number[] => Array.from({ length: to - from }, (_, i) => from + i);

describe('SeenTracker before anything is seen', () => {
  it('counts every message as unseen and has no newest seen key', () => {
    const tracker = createSeenTracker();
    const messages = new Messages(letters('abcde'));
    expect(messages.unseen(tracker)).toBe(5);
    expect(tracker.newestSeenKey).toBeUndefined();
    expect(tracker.wasSeen('a')).toBe(false);
  });

  it('counts zero unseen for an empty list', () => {
    expect(createSeenTracker().getUnseenCount(0)).toBe(0);
  });
});

describe('SeenTracker.markVisible', () => {
  it('records the visible keys, and only those', () => {
    const tracker = createSeenTracker();
    const messages = new Messages(letters('abcdefghij'));
    messages.markVisible(tracker, 2, 4);
    expect(['c', 'd', 'e'].map((key) => tracker.wasSeen(key))).toEqual([true, true, true]);
    expect(['a', 'b', 'f', 'j'].map((key) => tracker.wasSeen(key))).toEqual([false, false, false, false]);
  });

  it('makes the last visible message the newest seen and counts the ones after it as unseen', () => {
    const tracker = createSeenTracker();
    const messages = new Messages(letters('abcdefghij'));
    messages.markVisible(tracker, 2, 4);
    expect(tracker.newestSeenKey).toBe('e');
    // count − 1 − newest index = 10 − 1 − 4
    expect(messages.unseen(tracker)).toBe(5);
  });

  it('counts zero unseen once the last message was visible', () => {
    const tracker = createSeenTracker();
    const messages = new Messages(letters('abcdefghij'));
    messages.markVisible(tracker, 7, 9);
    expect(messages.unseen(tracker)).toBe(0);
    expect(tracker.newestSeenKey).toBe('j');
  });

  it('changes nothing when a range already seen is marked again', () => {
    const tracker = createSeenTracker();
    const messages = new Messages(letters('abcdefghij'));
    messages.markVisible(tracker, 2, 4);
    messages.markVisible(tracker, 2, 4);
    messages.markVisible(tracker, 3, 4);
    expect(tracker.newestSeenKey).toBe('e');
    expect(messages.unseen(tracker)).toBe(5);
    expect(['b', 'c', 'd', 'e', 'f'].map((key) => tracker.wasSeen(key))).toEqual([false, true, true, true, false]);
  });

  it('does not move the newest seen message back when the reader scrolls up', () => {
    const tracker = createSeenTracker();
    const messages = new Messages(letters('abcdefghij'));
    messages.markVisible(tracker, 6, 8);
    messages.markVisible(tracker, 0, 2);
    expect(tracker.newestSeenKey).toBe('i');
    expect(messages.unseen(tracker)).toBe(1);
    expect(tracker.wasSeen('a')).toBe(true);
  });

  it('records a single visible row', () => {
    const tracker = createSeenTracker();
    const messages = new Messages(letters('abc'));
    messages.markVisible(tracker, 1, 1);
    expect(tracker.newestSeenKey).toBe('b');
    expect(messages.unseen(tracker)).toBe(1);
  });
});

describe('SeenTracker.applyChange', () => {
  it('keeps the unseen count and newest key across a prepend (the newest index shifts)', () => {
    const tracker = createSeenTracker();
    const messages = new Messages(range(100, 110));
    messages.markVisible(tracker, 5, 7);
    expect(messages.unseen(tracker)).toBe(2);
    messages.commit(tracker, [...range(50, 100), ...messages.keys]);
    expect(tracker.newestSeenKey).toBe(107);
    expect(messages.unseen(tracker)).toBe(2);
    // The shifted index is right: seeing the prepended rows does not change the newest one…
    messages.markVisible(tracker, 0, 10);
    expect(tracker.newestSeenKey).toBe(107);
    expect(messages.unseen(tracker)).toBe(2);
    // …and seeing the row right after it moves it by exactly one.
    messages.markVisible(tracker, 58, 58);
    expect(tracker.newestSeenKey).toBe(108);
    expect(messages.unseen(tracker)).toBe(1);
  });

  it('raises the unseen count by the number of appended messages', () => {
    const tracker = createSeenTracker();
    const messages = new Messages(letters('abcde'));
    messages.markVisible(tracker, 0, 4);
    expect(messages.unseen(tracker)).toBe(0);
    messages.commit(tracker, letters('abcdefgh'));
    expect(messages.unseen(tracker)).toBe(3);
    expect(tracker.newestSeenKey).toBe('e');
  });

  it('keeps everything for an unchanged commit', () => {
    const tracker = createSeenTracker();
    const messages = new Messages(letters('abcde'));
    messages.markVisible(tracker, 1, 2);
    messages.commit(tracker, letters('abcde'));
    expect(tracker.newestSeenKey).toBe('c');
    expect(tracker.wasSeen('b')).toBe(true);
    expect(messages.unseen(tracker)).toBe(2);
  });

  it('keeps the newest seen message in place after a middle insert before it', () => {
    const tracker = createSeenTracker();
    const messages = new Messages(letters('abcdef'));
    messages.markVisible(tracker, 2, 3); // newest seen: d, 2 unseen (e, f)
    messages.commit(tracker, letters('abxycdef'));
    expect(tracker.newestSeenKey).toBe('d');
    expect(messages.unseen(tracker)).toBe(2);
  });

  it.each([
    ['replaced', letters('vwxyz')],
    ['cleared', []],
  ] as const)('resets after the messages were %s', (_kind, next) => {
    const tracker = createSeenTracker();
    const messages = new Messages(letters('abcde'));
    messages.markVisible(tracker, 0, 4);
    messages.commit(tracker, [...next]);
    expect(tracker.newestSeenKey).toBeUndefined();
    expect(tracker.wasSeen('a')).toBe(false);
    expect(tracker.wasSeen('e')).toBe(false);
    expect(messages.unseen(tracker)).toBe(next.length);
  });

  it('resets when a conversation opens after an empty list', () => {
    const tracker = createSeenTracker();
    const messages = new Messages(letters('abc'));
    messages.markVisible(tracker, 0, 2);
    tracker.applyChange({ kind: 'opened', olderCount: 0, newerCount: 0 }, 3, messages.getKey);
    expect(tracker.newestSeenKey).toBeUndefined();
    expect(tracker.wasSeen('a')).toBe(false);
    expect(messages.unseen(tracker)).toBe(3);
  });

  it('falls back to the newest still-present seen message when the newest seen one is removed', () => {
    const tracker = createSeenTracker();
    const messages = new Messages(letters('abcdefgh'));
    messages.markVisible(tracker, 2, 4); // c d e seen
    messages.commit(tracker, letters('abcdfgh')); // e removed
    expect(tracker.newestSeenKey).toBe('d');
    expect(messages.unseen(tracker)).toBe(3); // f g h
  });

  it('never names a replaced key: the newest seen message swapped for a new key (a temporary id for the server id) falls back, then is seen again (issue #13 bug 7)', () => {
    const tracker = createSeenTracker();
    const messages = new Messages(letters('abcdefgh'));
    messages.markVisible(tracker, 3, 7); // d..h seen, h the newest
    messages.commit(tracker, [...letters('abcdefg'), 'H']); // h becomes H: same count, new last key
    expect(tracker.newestSeenKey).toBe('g');
    expect(messages.unseen(tracker)).toBe(1); // H, until it is seen
    messages.markVisible(tracker, 3, 7);
    expect(tracker.newestSeenKey).toBe('H');
    expect(messages.unseen(tracker)).toBe(0);
  });

  it('never names a replaced key in the middle either (same count, same edges)', () => {
    const tracker = createSeenTracker();
    const messages = new Messages(letters('abcdefgh'));
    messages.markVisible(tracker, 0, 4); // a..e seen, e the newest
    messages.commit(tracker, [...letters('abcd'), 'E', ...letters('fgh')]);
    expect(tracker.newestSeenKey).toBe('d');
    expect(messages.unseen(tracker)).toBe(4); // E f g h
  });

  it('falls back past unseen messages to an older seen one', () => {
    const tracker = createSeenTracker();
    const messages = new Messages(letters('abcdefgh'));
    messages.markVisible(tracker, 0, 1); // a b seen
    messages.markVisible(tracker, 5, 5); // f seen: newest
    messages.commit(tracker, letters('abcdegh')); // f removed; c d e never seen
    expect(tracker.newestSeenKey).toBe('b');
    expect(messages.unseen(tracker)).toBe(5); // c d e g h
  });

  it('falls back correctly when the newest seen is removed in the same update as a prepend', () => {
    const tracker = createSeenTracker();
    const messages = new Messages(letters('defghij'));
    messages.markVisible(tracker, 1, 3); // e f g seen
    messages.commit(tracker, letters('abcdefhij')); // a b c prepended, g removed
    expect(tracker.newestSeenKey).toBe('f');
    expect(messages.unseen(tracker)).toBe(3); // h i j
  });

  it('falls back correctly when the newest seen was the last message and it is removed', () => {
    const tracker = createSeenTracker();
    const messages = new Messages(letters('abcde'));
    messages.markVisible(tracker, 3, 4);
    messages.commit(tracker, letters('abcd'));
    expect(tracker.newestSeenKey).toBe('d');
    expect(messages.unseen(tracker)).toBe(0);
  });

  it('forgets the newest seen message when every seen message is removed', () => {
    const tracker = createSeenTracker();
    const messages = new Messages(letters('abcdefgh'));
    messages.markVisible(tracker, 3, 4); // d e
    messages.commit(tracker, letters('abcfgh'));
    expect(tracker.newestSeenKey).toBeUndefined();
    expect(messages.unseen(tracker)).toBe(6);
  });
});

describe('SeenTracker memory', () => {
  /** How many of `keys` the tracker still reports as seen: its memory, observed from outside. */
  const remembered = (tracker: SeenTracker, keys: Iterable<MessageKey>): number => {
    let count = 0;
    for (const key of keys) if (tracker.wasSeen(key)) count++;
    return count;
  };

  it('stays bounded when a window of messages slides forward (append new, drop oldest)', () => {
    const tracker = createSeenTracker();
    const windowSize = 1000;
    const messages = new Messages(range(0, windowSize));
    const everSeen = new Set<MessageKey>();
    let next = windowSize;
    for (let step = 0; step < 200; step++) {
      const first = messages.getKey(0) as number;
      messages.commit(tracker, [...range(first + 100, next), ...range(next, next + 100)]);
      next += 100;
      messages.markVisible(tracker, messages.count - 100, messages.count - 1);
      for (let index = messages.count - 100; index < messages.count; index++) everSeen.add(messages.getKey(index));
      expect(remembered(tracker, everSeen)).toBeLessThanOrEqual(2.2 * windowSize);
    }
    expect(everSeen.size).toBe(20_000);
    // Keys removed long ago were pruned; the visible ones are still seen.
    expect(tracker.wasSeen(1000)).toBe(false);
    expect(tracker.wasSeen(next - 1)).toBe(true);
    expect(messages.unseen(tracker)).toBe(0);
  });

  it('stays bounded when history pages are prepended and the oldest ones are dropped', () => {
    const tracker = createSeenTracker();
    const messages = new Messages(range(0, 500));
    const everSeen = new Set<MessageKey>();
    messages.markVisible(tracker, 490, 499);
    let oldest = 0;
    for (let step = 0; step < 300; step++) {
      // Prepend a page of 50, and drop 50 from the middle of the older part (a cache eviction).
      const page = range(oldest - 50, oldest);
      oldest -= 50;
      const kept = messages.keys.filter((_, index) => index < 100 || index >= 150);
      messages.commit(tracker, [...page, ...kept]);
      messages.markVisible(tracker, 0, 49);
      for (let index = 0; index < 50; index++) everSeen.add(messages.getKey(index));
      expect(remembered(tracker, everSeen)).toBeLessThanOrEqual(2.2 * messages.count);
    }
    expect(messages.count).toBe(500);
    expect(tracker.newestSeenKey).toBe(499);
    expect(messages.unseen(tracker)).toBe(0);
  });

  it('stays bounded when middle messages are re-keyed without changing the count or the edges', () => {
    // e.g. optimistic ids replaced by server ids while the list keeps its first and last message.
    const tracker = createSeenTracker();
    const messages = new Messages(['first', 'm0', 'last']);
    const everSeen = new Set<MessageKey>();
    for (let step = 1; step <= 1000; step++) {
      messages.commit(tracker, ['first', `m${step}`, 'last']);
      messages.markVisible(tracker, 0, 2);
      everSeen.add(`m${step}`);
    }
    expect(remembered(tracker, everSeen)).toBeLessThanOrEqual(2 * messages.count + 64);
    expect(tracker.wasSeen('m1000')).toBe(true);
    expect(tracker.wasSeen('m1')).toBe(false);
  });

  it('restores the newest seen message of a snapshot: what came after it, also meanwhile, is unseen', () => {
    const tracker = createSeenTracker();
    const keys = Array.from({ length: 50 }, (_, index) => `m${index}`);
    tracker.restoreNewestSeen(44, (index) => keys[index]!);
    expect(tracker.newestSeenKey).toBe('m44');
    expect(tracker.getUnseenCount(50)).toBe(5);
    // Rows seen on screen afterwards only move it on.
    tracker.markVisible(30, 40, (index) => keys[index]!);
    expect(tracker.newestSeenKey).toBe('m44');
  });
});

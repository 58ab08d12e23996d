import { describe, expect, it, vi } from 'vitest';
import { findChangedWindow } from './changed-window';
import { findFirstLayoutChange } from './layout-change';

interface Message {
  id: string;
}

const make = (count: number, from = 0): Message[] => Array.from({ length: count }, (_, i) => ({ id: `m${from + i}` }));

/** Compares two arrays the way the engine does, counting the key getter's calls. */
const compare = (previous: readonly Message[], next: readonly Message[]) => {
  const keyOf = vi.fn((message: Message) => message.id);
  const firstChange = findFirstLayoutChange({
    previousCount: previous.length,
    nextCount: next.length,
    changedWindow: findChangedWindow(previous, next),
    isSameMessageAt: (index) => previous[index] === next[index],
    previousKeyAt: (index) => keyOf(previous[index]!),
    nextKeyAt: (index) => keyOf(next[index]!),
  });
  return { firstChange, keyCalls: keyOf.mock.calls.length };
};

describe('findFirstLayoutChange', () => {
  it('finds no change when the same array comes again', () => {
    const messages = make(1000);
    expect(compare(messages, messages)).toEqual({ firstChange: null, keyCalls: 0 });
  });

  it('finds no change when the last message is a new object under the same key (a streamed token), reading two keys', () => {
    const messages = make(1000);
    const streamed = [...messages.slice(0, -1), { id: 'm999' }];
    expect(compare(messages, streamed)).toEqual({ firstChange: null, keyCalls: 2 });
  });

  it('finds the replaced row when a message gets a new key (an optimistic id swapped for the server id)', () => {
    const messages = make(1000);
    const swapped = messages.map((message, index) => (index === 400 ? { id: 'server-400' } : message));
    expect(compare(messages, swapped)).toEqual({ firstChange: 400, keyCalls: 2 });
  });

  it('reads keys only for the new objects: an edit early on and a new key later', () => {
    const messages = make(1000);
    const next = messages.map((message, index) =>
      index === 10 ? { id: 'm10' } : index === 700 ? { id: 'other' } : message,
    );
    expect(compare(messages, next)).toEqual({ firstChange: 700, keyCalls: 4 });
  });

  it('starts at the old end for an append, without reading a key', () => {
    const messages = make(1000);
    expect(compare(messages, [...messages, ...make(3, 1000)])).toEqual({ firstChange: 1000, keyCalls: 0 });
  });

  it('starts at the first new object when the count changes: a prepend changes every row', () => {
    const messages = make(1000, 10);
    expect(compare(messages, [...make(10), ...messages]).firstChange).toBe(0);
  });

  it('starts at the edited message when an append comes with an edit of the last one', () => {
    const messages = make(1000);
    const next = [...messages.slice(0, -1), { id: 'm999' }, ...make(1, 1000)];
    expect(compare(messages, next).firstChange).toBe(999);
  });

  it('starts at the new end when messages are removed from the end', () => {
    const messages = make(1000);
    expect(compare(messages, messages.slice(0, 990)).firstChange).toBe(990);
  });

  it('handles empty lists', () => {
    expect(compare([], []).firstChange).toBeNull();
    expect(compare([], make(2)).firstChange).toBe(0);
    expect(compare(make(2), []).firstChange).toBe(0);
  });
});

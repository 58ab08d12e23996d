import { describe, expect, it, vi } from 'vitest';
import {
  NO_COMMITTED_MESSAGES,
  detectMessageChange,
  getCommittedEdges,
  type MessageChange,
  type MessageKey,
} from './message-changes';

/** A key getter over an array of keys, throwing on an out-of-range index so a bad scan fails loudly. */
function keysOf(keys: readonly MessageKey[]): (index: number) => MessageKey {
  return (index) => {
    const key = keys[index];
    if (key === undefined) throw new RangeError(`getKey(${index}) out of range 0..${keys.length - 1}`);
    return key;
  };
}

/** Detects the change from the `before` keys to the `after` keys. */
function change(before: readonly MessageKey[], after: readonly MessageKey[]): MessageChange {
  const previous = getCommittedEdges(before.length, keysOf(before));
  return detectMessageChange(previous, after.length, keysOf(after));
}

const range = (from: number, to: number): number[] => Array.from({ length: to - from }, (_, i) => from + i);
const ids = (...names: string[]): string[] => names;

describe('getCommittedEdges', () => {
  it('remembers the count and the first and last keys', () => {
    expect(getCommittedEdges(3, keysOf(['a', 'b', 'c']))).toEqual({ count: 3, firstKey: 'a', lastKey: 'c' });
  });

  it('returns the empty edges for no messages without calling getKey', () => {
    const getKey = vi.fn(keysOf([]));
    expect(getCommittedEdges(0, getKey)).toEqual(NO_COMMITTED_MESSAGES);
    expect(getKey).not.toHaveBeenCalled();
  });

  it('uses the same key as first and last for a single message', () => {
    expect(getCommittedEdges(1, keysOf([7]))).toEqual({ count: 1, firstKey: 7, lastKey: 7 });
  });
});

describe('detectMessageChange', () => {
  it('reports opened when messages go from none to some', () => {
    expect(change([], ids('a', 'b', 'c'))).toEqual({ kind: 'opened', olderCount: 0, newerCount: 0 });
  });

  it('reports unchanged when there were and are no messages', () => {
    expect(change([], [])).toEqual({ kind: 'unchanged', olderCount: 0, newerCount: 0 });
  });

  it('reports cleared when messages go from some to none', () => {
    expect(change(ids('a', 'b'), [])).toEqual({ kind: 'cleared', olderCount: 0, newerCount: 0 });
  });

  it('reports unchanged for the same keys', () => {
    expect(change(ids('a', 'b', 'c'), ids('a', 'b', 'c'))).toEqual({ kind: 'unchanged', olderCount: 0, newerCount: 0 });
  });

  it('reports unchanged for a middle edit that keeps count and edge keys', () => {
    expect(change(ids('a', 'b', 'c'), ids('a', 'B', 'c'))).toEqual({ kind: 'unchanged', olderCount: 0, newerCount: 0 });
  });

  it.each([1, 10, 1000])('counts a pure prepend of %i messages exactly as older, none newer', (k) => {
    const before = range(0, 50);
    const after = [...range(-k, 0), ...before];
    expect(change(before, after)).toEqual({ kind: 'edges-kept', olderCount: k, newerCount: 0 });
  });

  it.each([1, 10, 1000])('counts a pure append of %i messages exactly as newer, none older', (k) => {
    const before = range(0, 50);
    const after = [...before, ...range(50, 50 + k)];
    expect(change(before, after)).toEqual({ kind: 'edges-kept', olderCount: 0, newerCount: k });
  });

  it('counts a prepend onto a single message', () => {
    expect(change(ids('a'), ids('x', 'y', 'a'))).toEqual({ kind: 'edges-kept', olderCount: 2, newerCount: 0 });
  });

  it('counts an append onto a single message', () => {
    expect(change(ids('a'), ids('a', 'b'))).toEqual({ kind: 'edges-kept', olderCount: 0, newerCount: 1 });
  });

  it('counts a prepend and an append in one update', () => {
    expect(change(ids('c', 'd', 'e'), ids('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'))).toEqual({
      kind: 'edges-kept',
      olderCount: 2,
      newerCount: 3,
    });
  });

  it('reports opened when no previous edge key survives (another conversation)', () => {
    expect(change(ids('a', 'b', 'c'), ids('x', 'y', 'z', 'w'))).toEqual({
      kind: 'opened',
      olderCount: 0,
      newerCount: 0,
    });
  });

  it('reports opened when only a middle key survives', () => {
    expect(change(ids('a', 'b', 'c'), ids('x', 'b', 'z'))).toEqual({ kind: 'opened', olderCount: 0, newerCount: 0 });
  });

  it('reports opened for a same-length list with different edge keys', () => {
    expect(change(range(0, 5), range(100, 105))).toMatchObject({ kind: 'opened' });
  });

  it('counts the appended messages when the first message was removed in the same update', () => {
    expect(change(ids('a', 'b', 'c'), ids('b', 'c', 'd', 'e'))).toEqual({
      kind: 'edges-kept',
      olderCount: 0,
      newerCount: 2,
    });
  });

  it('counts nothing newer when the last message was removed', () => {
    expect(change(ids('a', 'b', 'c'), ids('a', 'b'))).toEqual({ kind: 'edges-kept', olderCount: 0, newerCount: 0 });
  });

  it('counts nothing older when the first message was removed', () => {
    expect(change(ids('a', 'b', 'c'), ids('b', 'c'))).toEqual({ kind: 'edges-kept', olderCount: 0, newerCount: 0 });
  });

  it('keeps the edges and counts nothing for a middle insert', () => {
    expect(change(ids('a', 'b', 'c'), ids('a', 'b', 'x', 'y', 'c'))).toEqual({
      kind: 'edges-kept',
      olderCount: 0,
      newerCount: 0,
    });
  });

  it('keeps the edges and counts nothing for a middle removal', () => {
    expect(change(ids('a', 'b', 'c', 'd'), ids('a', 'd'))).toEqual({
      kind: 'edges-kept',
      olderCount: 0,
      newerCount: 0,
    });
  });

  it('works with numeric keys and does not confuse 1 with "1"', () => {
    expect(change([1, 2, 3], [1, 2, 3, 4])).toEqual({ kind: 'edges-kept', olderCount: 0, newerCount: 1 });
    expect(change([1, 2, 3], ['1', '2', '3'])).toMatchObject({ kind: 'opened' });
  });

  describe('duplicate keys', () => {
    const isSane = (result: MessageChange, count: number) => {
      expect(result.olderCount).toBeGreaterThanOrEqual(0);
      expect(result.newerCount).toBeGreaterThanOrEqual(0);
      expect(result.olderCount + result.newerCount).toBeLessThanOrEqual(count);
    };

    it('counts an append after a list whose first and last keys are the same', () => {
      const result = change(ids('a', 'b', 'a'), ids('a', 'b', 'a', 'c'));
      expect(result).toEqual({ kind: 'edges-kept', olderCount: 0, newerCount: 1 });
    });

    it('counts a prepend before a list whose first and last keys are the same', () => {
      const result = change(ids('a', 'b', 'a'), ids('x', 'a', 'b', 'a'));
      expect(result).toEqual({ kind: 'edges-kept', olderCount: 1, newerCount: 0 });
    });

    it('does not crash and gives sane counts when every key is the same', () => {
      const after = ids('a', 'a', 'a', 'a', 'a');
      const result = change(ids('a', 'a', 'a'), after);
      expect(result.kind).toBe('edges-kept');
      isSane(result, after.length);
    });

    it('does not crash and gives sane counts when a duplicate of an edge key is appended', () => {
      const after = ids('a', 'b', 'c', 'a', 'c');
      const result = change(ids('a', 'b', 'c'), after);
      isSane(result, after.length);
    });

    it('counts from the first occurrence of the old first key and the last occurrence of the old last key', () => {
      // 'c' (the old last key) is duplicated at the front: that copy is older, not a new edge.
      const after = ids('c', 'a', 'b', 'c');
      const result = change(ids('a', 'b', 'c'), after);
      expect(result).toEqual({ kind: 'edges-kept', olderCount: 1, newerCount: 0 });
      isSane(result, after.length);
    });
  });

  describe('reorder', () => {
    it('does not crash and keeps each count within the list when the edges swap places', () => {
      const after = ids('c', 'b', 'a');
      const result = change(ids('a', 'b', 'c'), after);
      expect(result.kind).toBe('edges-kept');
      for (const count of [result.olderCount, result.newerCount]) {
        expect(count).toBeGreaterThanOrEqual(0);
        expect(count).toBeLessThanOrEqual(after.length);
      }
    });
  });

  describe('cost', () => {
    const N = 100_000;
    const big = range(0, N);

    it('calls getKey O(k), not O(n), for a prepend of 10 onto 100 000 messages', () => {
      const after = [...range(-10, 0), ...big];
      const previous = getCommittedEdges(N, keysOf(big));
      const getKey = vi.fn(keysOf(after));
      expect(detectMessageChange(previous, after.length, getKey)).toEqual({
        kind: 'edges-kept',
        olderCount: 10,
        newerCount: 0,
      });
      expect(getKey.mock.calls.length).toBeLessThan(100);
    });

    it('calls getKey O(k), not O(n), for an append of 10 onto 100 000 messages', () => {
      const after = [...big, ...range(N, N + 10)];
      const previous = getCommittedEdges(N, keysOf(big));
      const getKey = vi.fn(keysOf(after));
      expect(detectMessageChange(previous, after.length, getKey)).toEqual({
        kind: 'edges-kept',
        olderCount: 0,
        newerCount: 10,
      });
      expect(getKey.mock.calls.length).toBeLessThan(100);
    });

    it('calls getKey only a few times when nothing changed in 100 000 messages', () => {
      const previous = getCommittedEdges(N, keysOf(big));
      const getKey = vi.fn(keysOf(big));
      expect(detectMessageChange(previous, N, getKey).kind).toBe('unchanged');
      expect(getKey.mock.calls.length).toBeLessThanOrEqual(2);
    });

    it('never calls getKey outside 0..count-1', () => {
      const after = [...range(-3, 0), ...range(0, 20), ...range(20, 25)];
      const previous = getCommittedEdges(20, keysOf(range(0, 20)));
      const getKey = vi.fn(keysOf(after));
      detectMessageChange(previous, after.length, getKey);
      for (const [index] of getKey.mock.calls) {
        expect(index).toBeGreaterThanOrEqual(0);
        expect(index).toBeLessThan(after.length);
      }
    });
  });
});

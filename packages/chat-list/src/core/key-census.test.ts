import { describe, expect, it } from 'vitest';
import { createKeyCensus } from './key-census';

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

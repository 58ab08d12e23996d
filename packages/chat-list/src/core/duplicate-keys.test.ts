import { describe, expect, test } from 'vitest';
import { findChangedWindow } from './changed-window';
import { createDuplicateKeyCounter } from './duplicate-keys';
import type { MessageKey } from './message-changes';

interface Keyed {
  id: MessageKey;
}

/** A counter fed as the engine feeds it: one changed window per render, starting from no messages. */
function watch(initial: Keyed[]) {
  const counter = createDuplicateKeyCounter();
  let current: Keyed[] = [];
  let keyReads = 0;
  const keyAt = (list: Keyed[]) => (index: number) => {
    keyReads++;
    return list[index]!.id;
  };
  const render = (next: Keyed[]) => {
    keyReads = 0;
    const duplicate = counter.applyChange(findChangedWindow(current, next), keyAt(current), keyAt(next));
    current = next;
    return duplicate;
  };
  return { first: render(initial), render, keyReads: () => keyReads, current: () => current };
}

const keyed = (...ids: MessageKey[]): Keyed[] => ids.map((id) => ({ id }));

describe('counting message keys to find shared ones', () => {
  test('a first list with a shared key reports it', () => {
    expect(watch(keyed('a', 'b', 'a')).first).toBe('a');
    expect(watch(keyed('a', 'b', 'c')).first).toBeUndefined();
  });

  test('an appended message with the key of an old one far away reports it, reading only the new key', () => {
    const list = watch(keyed(...Array.from({ length: 1000 }, (_, index) => `m${index}`)));
    expect(list.render([...list.current(), { id: 'm3' }])).toBe('m3');
    expect(list.keyReads()).toBe(1);
  });

  test('a streamed token (a new object under the same key) reports nothing and reads 2 keys', () => {
    const list = watch(keyed('a', 'b', 'c'));
    expect(list.render([...list.current().slice(0, 2), { id: 'c' }])).toBeUndefined();
    expect(list.keyReads()).toBe(2);
  });

  test('a message replaced by one with a new key frees its old key for later messages', () => {
    const list = watch(keyed('a', 'temp', 'b'));
    const replaced = keyed('a', 'server-1', 'b');
    expect(list.render([replaced[0]!, replaced[1]!, list.current()[2]!])).toBeUndefined();
    expect(list.render([...list.current(), { id: 'temp' }])).toBeUndefined();
  });

  test('removing one of two messages that share a key leaves no shared key', () => {
    const list = watch(keyed('a', 'b', 'a'));
    const [first, second] = list.current();
    list.render([first!, second!]);
    expect(list.render([...list.current(), { id: 'c' }])).toBeUndefined();
    expect(list.render([...list.current(), { id: 'a' }])).toBe('a');
  });

  test('another conversation is counted afresh', () => {
    const list = watch(keyed('a', 'b'));
    expect(list.render(keyed('x', 'y', 'a'))).toBeUndefined();
    expect(list.render(keyed('x', 'x'))).toBe('x');
  });

  test('after each of 500 seeded random changes, a probe message reports its key exactly when another message has it', () => {
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    // Keys from a small pool, so that shared keys come and go.
    const poolKey = () => `k${Math.floor(random() * 40)}`;
    const list = watch(keyed('k0'));
    for (let step = 0; step < 500; step++) {
      const next = [...list.current()];
      const at = Math.floor(random() * (next.length + 1));
      const choice = random();
      if (choice < 0.4) next.splice(at, 0, { id: poolKey() });
      else if (choice < 0.7 && next.length > 1) next.splice(Math.min(at, next.length - 1), 1);
      else if (next.length > 0) next[Math.min(at, next.length - 1)] = { id: poolKey() };
      const reported = list.render(next);
      if (reported !== undefined) expect(next.filter((message) => message.id === reported).length).toBeGreaterThan(1);
      const probe = poolKey();
      const withProbe = list.render([...next, { id: probe }]);
      expect(withProbe === probe, `step ${step}: probe ${probe}`).toBe(next.some((message) => message.id === probe));
      list.render(next);
    }
  });
});

import { describe, expect, test } from 'vitest';
import { planCommit, type CommitFacts } from './commit-plan';
import type { MessageChange } from './message-changes';

const edgesKept = (olderCount: number, newerCount: number): MessageChange => ({
  kind: 'edges-kept',
  olderCount,
  newerCount,
});

/** A list at the live end and at the bottom, pinned while it grows, whose suffix stayed. */
const facts = (change: MessageChange, overrides: Partial<CommitFacts> = {}): CommitFacts => ({
  change,
  wasAtLiveEnd: true,
  isAtLiveEnd: true,
  wasAtBottom: true,
  hasSuffixChanged: false,
  pinsWhileGrowing: true,
  isLayoutKept: false,
  isListAtRest: true,
  ...overrides,
});

describe('planCommit', () => {
  test('a new conversation opens, and nothing of it is news, a page or a followed suffix', () => {
    expect(planCommit(facts({ kind: 'opened', olderCount: 0, newerCount: 0 }, { hasSuffixChanged: true }))).toEqual({
      opens: true,
      newer: null,
      mayHoldTurn: false,
      followsSuffix: false,
      hasPrepended: false,
      readsEdges: true,
    });
  });

  test('messages after the last one at the live end are news, and may start a turn held at the top', () => {
    const plan = planCommit(facts(edgesKept(0, 2)));
    expect(plan).toMatchObject({ opens: false, newer: 'news', mayHoldTurn: true, hasPrepended: false });
  });

  test('news that arrives as the list leaves the live end holds no turn', () => {
    expect(planCommit(facts(edgesKept(0, 1), { isAtLiveEnd: false }))).toMatchObject({
      newer: 'news',
      mayHoldTurn: false,
    });
  });

  test('a page loaded below a window that was not at the live end is not news', () => {
    expect(planCommit(facts(edgesKept(0, 50), { wasAtLiveEnd: false }))).toMatchObject({
      newer: 'page',
      mayHoldTurn: false,
    });
  });

  test('a suffix that comes at the bottom of a list pinned while it grows is followed', () => {
    expect(planCommit(facts(edgesKept(0, 0), { hasSuffixChanged: true })).followsSuffix).toBe(true);
  });

  test('a suffix is not followed above the bottom, under a policy that does not pin, or beside newer messages', () => {
    expect(planCommit(facts(edgesKept(0, 0), { hasSuffixChanged: true, wasAtBottom: false })).followsSuffix).toBe(
      false,
    );
    expect(planCommit(facts(edgesKept(0, 0), { hasSuffixChanged: true, pinsWhileGrowing: false })).followsSuffix).toBe(
      false,
    );
    // Newer messages are followed by the policy, which decides for the suffix too.
    expect(planCommit(facts(edgesKept(0, 1), { hasSuffixChanged: true })).followsSuffix).toBe(false);
  });

  test('prepended history is reported, also in the same commit as newer messages', () => {
    expect(planCommit(facts(edgesKept(30, 0)))).toMatchObject({ newer: null, hasPrepended: true });
    expect(planCommit(facts(edgesKept(30, 2)))).toMatchObject({ newer: 'news', hasPrepended: true });
  });

  test('an unchanged or cleared list plans nothing', () => {
    const nothing = {
      opens: false,
      newer: null,
      mayHoldTurn: false,
      followsSuffix: false,
      hasPrepended: false,
      readsEdges: true,
    };
    expect(planCommit(facts({ kind: 'unchanged', olderCount: 0, newerCount: 0 }))).toEqual(nothing);
    expect(planCommit(facts({ kind: 'cleared', olderCount: 0, newerCount: 0 }))).toEqual(nothing);
  });

  test('a change of content alone (a streamed token) in a list at rest does not read the edges in its commit', () => {
    const token = { kind: 'unchanged', olderCount: 0, newerCount: 0 } as const;
    expect(planCommit(facts(token, { isLayoutKept: true })).readsEdges).toBe(false);
    // A key replaced in view (same edges): seen tracking must learn of it from the scroller.
    expect(planCommit(facts(token, { isLayoutKept: false })).readsEdges).toBe(true);
    // An anchored offset to write, a command under way, a suffix that came, a new message.
    expect(planCommit(facts(token, { isLayoutKept: true, isListAtRest: false })).readsEdges).toBe(true);
    expect(planCommit(facts(token, { isLayoutKept: true, hasSuffixChanged: true })).readsEdges).toBe(true);
    expect(planCommit(facts(edgesKept(0, 1), { isLayoutKept: true })).readsEdges).toBe(true);
  });
});

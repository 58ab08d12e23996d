import type { MessageChange } from './message-changes';

/** What a commit knows about the change of messages it commits, and about the list before it. */
export interface CommitFacts {
  change: MessageChange;
  /** Whether the list was at the live end before this commit (no newer messages left to load). */
  wasAtLiveEnd: boolean;
  /** Whether it is at the live end now (`hasNewer` is not true). */
  isAtLiveEnd: boolean;
  /** Whether the list was at the bottom, or on its way there (pinned, or a command to the bottom). */
  wasAtBottom: boolean;
  /** Whether the suffix row ("typing…") came or went. */
  hasSuffixChanged: boolean;
  /** Whether the follow policy holds a list at the bottom while it grows. */
  pinsWhileGrowing: boolean;
  /** Whether every row kept its key and its place (a token, an edit): the rows' layout stands. */
  isLayoutKept: boolean;
  /**
   * Whether nothing moves the list or is about to: no anchored offset is to be written, and the
   * list is pinned or left to the reader (no command or glide under way, no scaled space).
   */
  isListAtRest: boolean;
}

/**
 * What a commit does about a change of messages (the chat policy's part of it), as data: the
 * engine carries it out.
 * - `opens`: a new conversation, opened at its newest message (or its anchor), whatever the
 *   follow mode;
 * - `newer`: messages arrived after the last one: `'news'` at the live end (the follow policy is
 *   asked, they are announced, a turn may start), `'page'` when a window that was not at the live
 *   end loaded the page below it (nothing follows it, nothing is announced), null when none came;
 * - `mayHoldTurn`: the news arrived at the live end and the list is still there, so a turn that
 *   starts with them may be held at the top;
 * - `followsSuffix`: a suffix that came or went at the bottom is growth of the last row, followed;
 * - `hasPrepended`: messages were prepended (a page of history);
 * - `readsEdges`: whether the commit reads the list's edges and reports what is in view. Not
 *   after a change of content alone (a streamed token, an edit) in a list at rest: every row
 *   kept its key and place, so nothing in view changed but sizes, and the rows it resizes are
 *   measured by their ResizeObserver, which reads the edges then. Read in every commit, they
 *   cost a streamed token a third of its script time.
 */
export interface CommitPlan {
  opens: boolean;
  newer: 'news' | 'page' | null;
  mayHoldTurn: boolean;
  followsSuffix: boolean;
  hasPrepended: boolean;
  readsEdges: boolean;
}

export const planCommit = (facts: CommitFacts): CommitPlan => {
  const { change, wasAtLiveEnd } = facts;
  const opens = change.kind === 'opened';
  const newer = opens || change.newerCount === 0 ? null : wasAtLiveEnd ? 'news' : 'page';
  return {
    opens,
    newer,
    mayHoldTurn: newer === 'news' && facts.isAtLiveEnd,
    followsSuffix: !opens && newer === null && facts.hasSuffixChanged && facts.wasAtBottom && facts.pinsWhileGrowing,
    hasPrepended: change.olderCount > 0,
    readsEdges: !(change.kind === 'unchanged' && !facts.hasSuffixChanged && facts.isLayoutKept && facts.isListAtRest),
  };
};

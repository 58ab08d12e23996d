import type { ChatListState } from '../handle-types';

/** The state before the list has a scroller: nothing to scroll, so at both ends, nothing unseen or loading. */
export const INITIAL_LIST_STATE: ChatListState = Object.freeze({
  isAtBottom: true,
  isAtTop: true,
  unseenCount: 0,
  isLoadingOlder: false,
  isLoadingNewer: false,
  currentTurnId: undefined,
});

const isSameState = (a: ChatListState, b: ChatListState): boolean =>
  a.isAtBottom === b.isAtBottom &&
  a.isAtTop === b.isAtTop &&
  a.unseenCount === b.unseenCount &&
  a.isLoadingOlder === b.isLoadingOlder &&
  a.isLoadingNewer === b.isLoadingNewer &&
  a.currentTurnId === b.currentTurnId;

/**
 * The state the app's controls render with (`getState()`, `subscribe()`, `useChatListState`). It
 * owns the last state handed out and its listeners. The kernel calls `refresh` where what the
 * state is made of is reported to the app (edges, unseen count, current turn, loading). One
 * object per change, so that `useSyncExternalStore` compares by identity.
 * The listeners are told at once: in a scroll event or a commit, never while React renders.
 */
export const createListState = (read: () => ChatListState) => {
  let state = INITIAL_LIST_STATE;
  const listeners = new Set<() => void>();

  const notify = () => {
    // A listener that unsubscribes another while being told must not skip it: a copy is walked.
    for (const listener of [...listeners]) listener();
  };

  return {
    get: () => state,
    subscribe(listener: () => void): () => void {
      // Wrapped, so that one function subscribed twice is two subscriptions, each undone once.
      const entry = () => listener();
      listeners.add(entry);
      return () => {
        listeners.delete(entry);
      };
    },
    /** What the state is made of may have changed: reads it, and tells the listeners when it did. */
    refresh() {
      const next = read();
      if (isSameState(state, next)) return;
      state = next;
      notify();
    },
    /** The list unmounted: back to the state before mount, so no control keeps showing the old list. */
    reset() {
      if (state === INITIAL_LIST_STATE) return;
      state = INITIAL_LIST_STATE;
      notify();
    },
  };
};

export type ListState = ReturnType<typeof createListState>;

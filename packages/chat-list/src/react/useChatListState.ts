import * as React from 'react';
import type { Ref } from 'react';
import { INITIAL_LIST_STATE } from '../dom/engine/list-state';
import { useIsomorphicLayoutEffect } from './useIsomorphicLayoutEffect';
import type { ChatListHandle, ChatListState } from '../dom/types';

/**
 * The list a control outside it reads: the ref given to `ChatList` (`useRef<ChatListHandle>(null)`),
 * or a handle (`useChatList`'s `handle`).
 */
export type ChatListSource = { readonly current: ChatListHandle | null } | ChatListHandle | null | undefined;

const isRef = (source: ChatListSource): source is { readonly current: ChatListHandle | null } =>
  typeof source === 'object' && source !== null && 'current' in source;

/** The list's handle now: the ref's current one, or the handle given. */
export const handleOf = (source: ChatListSource): ChatListHandle | null =>
  isRef(source) ? source.current : (source ?? null);

/**
 * Who waits for a ref to be given a list: a control rendered before its list (or beside a list
 * remounted under a new `key`, for a new conversation) learns of it the moment it mounts, not at
 * its own next render. Keyed by the ref object, so nothing outlives it.
 */
const refWatchers = new WeakMap<object, Set<() => void>>();

const watchRef = (ref: object, onAttach: () => void): (() => void) => {
  let watchers = refWatchers.get(ref);
  if (watchers === undefined) refWatchers.set(ref, (watchers = new Set()));
  const entry = () => onAttach();
  watchers.add(entry);
  return () => {
    watchers.delete(entry);
  };
};

/**
 * `ChatList`'s handle in the app's ref. The controls that read the list through that ref
 * (`useChatListState`) follow it from its first layout: a list mounted after them, or again under
 * a new `key` (a new conversation), is a new handle in the same ref.
 */
export const useHandleInRef = (ref: Ref<ChatListHandle<never>> | undefined, handle: ChatListHandle<never>) => {
  React.useImperativeHandle(ref, () => handle, [handle]);
  useIsomorphicLayoutEffect(() => {
    const watchers = typeof ref === 'object' && ref !== null ? refWatchers.get(ref) : undefined;
    if (watchers !== undefined) for (const watcher of [...watchers]) watcher();
  }, [ref, handle]);
};

const noop = () => {};
const selectAll = (state: ChatListState) => state;

/**
 * What the list shows now, as React state: at the bottom, the unseen count, loading older or
 * newer messages, the turn being read. For the controls around a list (a jump-to-latest button, a
 * loading indicator, a turn navigator) without wiring its callbacks into `useState`. Renders again
 * when a value changes; with `select`, only when the selected value changes (`Object.is`).
 *
 * `list` is the ref given to `<ChatList ref={…}>` or `useChatList`'s `handle`. Before the list
 * mounts, and after it unmounts, the state is at both ends with nothing unseen or loading.
 *
 * @example
 * const listRef = useRef<ChatListHandle>(null);
 * const { isAtBottom, unseenCount } = useChatListState(listRef);
 */
export function useChatListState(list: ChatListSource): ChatListState;
export function useChatListState<TSelected>(
  list: ChatListSource,
  select: (state: ChatListState) => TSelected,
): TSelected;
export function useChatListState<TSelected>(
  list: ChatListSource,
  select: (state: ChatListState) => TSelected = selectAll as (state: ChatListState) => TSelected,
): TSelected {
  const subscribe = React.useCallback(
    (onChange: () => void) => {
      let handle: ChatListHandle | null = null;
      let unsubscribe = noop;
      // The ref's list now: subscribed to, and read at once (it may have changed since the render).
      const follow = () => {
        const next = handleOf(list);
        if (next === handle) return;
        unsubscribe();
        handle = next;
        unsubscribe = next?.subscribe(onChange) ?? noop;
        onChange();
      };
      follow();
      const unwatch = isRef(list) ? watchRef(list, follow) : noop;
      return () => {
        unwatch();
        unsubscribe();
      };
    },
    [list],
  );
  // The selection is kept while the state (and the selector) are the same, and while it is equal,
  // so that a selector building a new value each time does not render in a loop.
  const selection = React.useRef<{ state: ChatListState; select: unknown; selected: TSelected } | null>(null);
  const selectFrom = (state: ChatListState): TSelected => {
    const last = selection.current;
    if (last !== null && last.state === state && last.select === select) return last.selected;
    const selected = select(state);
    const kept = last !== null && Object.is(last.selected, selected) ? last.selected : selected;
    selection.current = { state, select, selected: kept };
    return kept;
  };
  return React.useSyncExternalStore(
    subscribe,
    () => selectFrom(handleOf(list)?.getState() ?? INITIAL_LIST_STATE),
    () => selectFrom(INITIAL_LIST_STATE),
  );
}

import type { ChatListHandle } from '@chat-list/react';
import { useCallback, useEffect, useMemo, useRef, useSyncExternalStore, type RefObject } from 'react';

export interface IndexRange {
  first: number;
  last: number;
}

export interface VisibleRangeStore {
  subscribe: (listener: () => void) => () => void;
  getSnapshot: () => IndexRange | null;
  /** Re-reads the chat list's visible range on the next animation frame (coalesced). */
  schedule: () => void;
}

/**
 * Tracks which message indexes are inside the chat viewport, for highlighting in the
 * debug list. It lives outside React state so that scrolling re-renders only the
 * debug list, never the chat list.
 */
export function useVisibleRangeStore<T>(listRef: RefObject<ChatListHandle<T> | null>): VisibleRangeStore {
  const rangeRef = useRef<IndexRange | null>(null);
  const listenersRef = useRef(new Set<() => void>());
  const frameRef = useRef(0);

  const read = useCallback(() => {
    frameRef.current = 0;
    const visible = listRef.current?.getVisibleRange() ?? null;
    const next = visible ? { first: visible.firstIndex, last: visible.lastIndex } : null;
    const previous = rangeRef.current;
    if (previous?.first === next?.first && previous?.last === next?.last) return;
    rangeRef.current = next;
    for (const listener of listenersRef.current) listener();
  }, [listRef]);

  useEffect(() => () => cancelAnimationFrame(frameRef.current), []);

  return useMemo<VisibleRangeStore>(
    () => ({
      subscribe: (listener) => {
        listenersRef.current.add(listener);
        return () => listenersRef.current.delete(listener);
      },
      getSnapshot: () => rangeRef.current,
      schedule: () => {
        if (frameRef.current === 0) frameRef.current = requestAnimationFrame(read);
      },
    }),
    [read],
  );
}

export function useVisibleRange(store: VisibleRangeStore): IndexRange | null {
  return useSyncExternalStore(store.subscribe, store.getSnapshot, () => null);
}

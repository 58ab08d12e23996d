import { useMemo, useState } from 'react';

export interface ListStatus {
  atTop: boolean;
  atBottom: boolean;
  scrolling: boolean;
  unseen: number;
}

export interface ListStatusHandlers {
  onAtTopChange: (value: boolean) => void;
  onAtBottomChange: (value: boolean) => void;
  onScroll: (offset: number) => void;
  onScrollEnd: () => void;
  onUnseenCountChange: (count: number) => void;
}

// An empty list is at both edges; the list reports every change from there.
const INITIAL: ListStatus = { atTop: true, atBottom: true, scrolling: false, unseen: 0 };

function patch<K extends keyof ListStatus>(key: K, value: ListStatus[K]) {
  return (status: ListStatus): ListStatus => (status[key] === value ? status : { ...status, [key]: value });
}

/**
 * Mirrors the list's edge, scrolling and unseen state from its callbacks, for the
 * status line.
 */
export function useListStatus() {
  const [status, setStatus] = useState<ListStatus>(INITIAL);

  const handlers = useMemo<ListStatusHandlers>(
    () => ({
      onAtTopChange: (value) => setStatus(patch('atTop', value)),
      onAtBottomChange: (value) => setStatus(patch('atBottom', value)),
      onScroll: () => setStatus(patch('scrolling', true)),
      onScrollEnd: () => setStatus(patch('scrolling', false)),
      onUnseenCountChange: (count) => setStatus(patch('unseen', count)),
    }),
    [],
  );

  return { status, handlers };
}

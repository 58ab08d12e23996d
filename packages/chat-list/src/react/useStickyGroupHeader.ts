import type { Virtualizer } from '@tanstack/react-virtual';
import * as React from 'react';
import { flushSync } from 'react-dom';
import type { GroupKey } from '../core';
import { createStickyGroupHeader, type StuckGroupHeader } from '../dom/sticky-group-header';

/** What the sticky group header reads of the latest render (it runs from scroll events too). */
interface StickyGroupHeaderInputs<TMessage> {
  virtualizer: Virtualizer<HTMLElement, HTMLElement>;
  messages: readonly TMessage[];
  firstMessageRow: number;
  getGroupKeyAt: (index: number) => GroupKey | undefined;
  /** `getGroupKey` is given and `stickyGroupHeader` is not false. */
  isEnabled: boolean;
  /** The list's offset now (the handle's `scrollOffset`). */
  scrollOffset: () => number;
}

/**
 * The group whose header sticks to the top of the list, as React state: set inside the scroll
 * event that changed it (`flushSync`), so the header is right in the frame that scrolled.
 */
export const useStickyGroupHeader = <TMessage>(inputs: StickyGroupHeaderInputs<TMessage>) => {
  const [stickyHeader, setStickyHeader] = React.useState<StuckGroupHeader<TMessage> | null>(null);
  const latest = React.useRef(inputs);
  latest.current = inputs;
  const [sticky] = React.useState(() =>
    createStickyGroupHeader<TMessage>({
      virtualizer: () => latest.current.virtualizer,
      messages: () => latest.current.messages,
      firstMessageRow: () => latest.current.firstMessageRow,
      groupKeyAt: (index) => latest.current.getGroupKeyAt(index),
      isEnabled: () => latest.current.isEnabled,
      scrollOffset: () => latest.current.scrollOffset(),
      onChange: (header, isFromScroll) => {
        if (isFromScroll) flushSync(() => setStickyHeader(header));
        else setStickyHeader(header);
      },
    }),
  );
  return { stickyHeader, sticky };
};

import * as React from 'react';
import { flushSync } from 'react-dom';
import type { ChatListEngine } from '../dom/chat-list-engine';
import { useIsomorphicLayoutEffect } from './useIsomorphicLayoutEffect';

/**
 * True until the scroller is laid out. Until then the list renders no rows, or the newest
 * `initialRenderCount` messages (server HTML, hydration). The virtualized rows come in the
 * scroller's first layout, before anything is painted: opening 100 000 messages is then not one
 * long task, as it was with the rows in the first commit (37 ms against 20). Without a
 * ResizeObserver (jsdom) or a scroller they come in the first layout effect.
 */
export const useIsPrerendered = <TMessage>(chat: ChatListEngine<TMessage>): boolean => {
  const [hasViewport, setHasViewport] = React.useState(false);
  useIsomorphicLayoutEffect(() => {
    if (hasViewport) return;
    const open = () => {
      chat.attachScroller();
      setHasViewport(true);
    };
    // TanStack's re-render for the range it finds joins this one: both are set inside flushSync.
    const stopWaiting = chat.whenScrollerLaidOut(() => flushSync(open));
    if (stopWaiting === undefined) open();
    return stopWaiting;
  }, [chat, hasViewport]);
  return !hasViewport;
};

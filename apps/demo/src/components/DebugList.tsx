import type { ChatMessage } from '@chat-list/sample-data';
import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useId, useRef } from 'react';
import { useVisibleRange, type VisibleRangeStore } from '../useVisibleRange';

const ROW_HEIGHT = 24;

export interface DebugListProps {
  messages: readonly ChatMessage[];
  visibleRange: VisibleRangeStore;
}

/**
 * One line `index: id` per message, virtualized with a fixed row height so that
 * 100 000 messages cost no more than 10. Lines of messages inside the chat viewport
 * are highlighted, and the list follows the chat while it scrolls.
 */
export function DebugList({ messages, visibleRange }: DebugListProps) {
  const headingId = useId();
  const scrollRef = useRef<HTMLDivElement>(null);
  const range = useVisibleRange(visibleRange);

  const virtualizer = useVirtualizer({
    count: messages.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    getItemKey: (index) => messages[index]?.id ?? index,
    overscan: 12,
  });

  // Keep the highlighted lines in view while the chat scrolls.
  const first = range?.first;
  const last = range?.last;
  useEffect(() => {
    if (first === undefined || last === undefined || messages.length === 0) return;
    const element = scrollRef.current;
    if (!element) return;
    const top = first * ROW_HEIGHT;
    const bottom = (last + 1) * ROW_HEIGHT;
    if (top < element.scrollTop) element.scrollTop = top;
    else if (bottom > element.scrollTop + element.clientHeight)
      element.scrollTop = Math.min(top, bottom - element.clientHeight);
  }, [first, last, messages.length]);

  return (
    <section className="panel debug-panel" aria-labelledby={headingId}>
      <header className="panel__header">
        <h2 className="panel__title" id={headingId}>
          Items (index: id)
        </h2>
        <span className="panel__meta">
          {messages.length === 0
            ? 'empty'
            : `${first !== undefined && last !== undefined ? `in view ${first}–${last} · ` : ''}${messages.length.toLocaleString('en-US')} total`}
        </span>
      </header>
      <div className="debug-list" ref={scrollRef} tabIndex={0} data-testid="debug-list">
        {messages.length === 0 ? (
          <p className="debug-list__empty">No messages.</p>
        ) : (
          <div
            role="list"
            aria-labelledby={headingId}
            className="debug-list__content"
            style={{ height: virtualizer.getTotalSize() }}
          >
            {virtualizer.getVirtualItems().map((item) => {
              const message = messages[item.index];
              if (!message) return null;
              const visible = first !== undefined && last !== undefined && item.index >= first && item.index <= last;
              return (
                <div
                  key={item.key}
                  role="listitem"
                  aria-setsize={messages.length}
                  aria-posinset={item.index + 1}
                  className={`debug-list__row${visible ? ' is-visible' : ''} debug-list__row--${message.role}`}
                  data-debug-index={item.index}
                  style={{ transform: `translateY(${item.start}px)`, height: ROW_HEIGHT }}
                >
                  {item.index}: {message.id}
                </div>
              );
            })}
          </div>
        )}
      </div>
    </section>
  );
}

import { useVirtualizer } from '@tanstack/react-virtual';
import { useLayoutEffect, useRef } from 'react';
import { LIST_SIZE, LoadingRow, Row, type ImplProps } from '../shared';

/**
 * @tanstack/react-virtual used directly, following its Chat guide
 * (https://tanstack.com/virtual/latest/docs/chat): anchorTo 'end',
 * followOnAppend, scrollEndThreshold 80, overscan 6, scrollToEnd() once
 * mounted, measureElement on absolutely positioned rows. The guide keeps
 * loading state outside the virtualizer, so the "Loading..." row is a plain
 * element above the virtualizer's container inside the scroller.
 */
export function Tanstack({ state, onScroller }: ImplProps) {
  const { messages } = state;
  const parentRef = useRef<HTMLDivElement | null>(null);
  const virtualizer = useVirtualizer({
    count: messages.length,
    getScrollElement: () => parentRef.current,
    estimateSize: () => 80,
    getItemKey: (index) => messages[index]!.id,
    anchorTo: 'end',
    followOnAppend: true,
    scrollEndThreshold: 80,
    overscan: 6,
  });
  useLayoutEffect(() => {
    virtualizer.scrollToEnd();
  }, [virtualizer]);
  return (
    <div
      ref={(element) => {
        parentRef.current = element;
        onScroller(element);
      }}
      style={{ height: LIST_SIZE, width: LIST_SIZE, overflow: 'auto' }}
    >
      {state.prefix ? <LoadingRow /> : null}
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative', width: '100%' }}>
        {virtualizer.getVirtualItems().map((item) => (
          <div
            key={item.key}
            ref={virtualizer.measureElement}
            data-index={item.index}
            style={{ position: 'absolute', top: 0, left: 0, width: '100%', transform: `translateY(${item.start}px)` }}
          >
            <Row message={messages[item.index]!} />
          </div>
        ))}
      </div>
    </div>
  );
}

import type { ChatMessage } from '@chat-list/sample-data';
import { useEffect, useRef } from 'react';
import { Virtualizer, type VirtualizerHandle } from 'virtua';
import { LIST_SIZE, LoadingRow, Row, type ImplProps } from '../shared';

type Item = ChatMessage | typeof LOADING;
const LOADING = { id: '\u0000loading' } as const;
const renderItem = (item: Item) =>
  item === LOADING ? <LoadingRow key={LOADING.id} /> : <Row key={item.id} message={item as ChatMessage} />;

/**
 * virtua as its Chat / Chatbot stories do it: a `Virtualizer` inside a
 * bottom-aligned flex column in our own scroller (`scrollRef`), `shift` set on
 * the render that prepends, "stick to bottom" tracked in `onScroll` (within
 * 1.5 px) and `scrollToIndex(last, { align: 'end' })` in an effect when the
 * messages change while stuck. Items are created lazily from `data` (the
 * README's advice for big lists). The "Loading..." row is the first item.
 */
export function Virtua({ state, onScroller }: ImplProps) {
  const handle = useRef<VirtualizerHandle>(null);
  const scrollRef = useRef<HTMLDivElement | null>(null);
  const shouldStickToBottom = useRef(true);
  const { messages } = state;
  const data: Item[] = state.prefix ? [LOADING, ...messages] : messages;

  useEffect(() => {
    if (!handle.current || !shouldStickToBottom.current) return;
    handle.current.scrollToIndex(data.length - 1, { align: 'end' });
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [messages]);

  return (
    <div
      ref={(element) => {
        scrollRef.current = element;
        onScroller(element);
      }}
      style={{ overflowY: 'auto', height: LIST_SIZE, width: LIST_SIZE }}
    >
      <div style={{ display: 'flex', flexDirection: 'column', justifyContent: 'flex-end', minHeight: '100%' }}>
        <Virtualizer
          ref={handle}
          scrollRef={scrollRef}
          data={data}
          shift={state.kind === 'prepend'}
          onScroll={(offset) => {
            if (!handle.current) return;
            shouldStickToBottom.current = offset - handle.current.scrollSize + handle.current.viewportSize >= -1.5;
          }}
        >
          {renderItem}
        </Virtualizer>
      </div>
    </div>
  );
}

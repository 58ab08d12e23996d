import { ChatList } from '@chat-list/react';
import type { ChatMessage } from '@chat-list/sample-data';
import { useCallback } from 'react';
import { LIST_SIZE, LoadingRow, Row, type ImplProps } from '../shared';

const renderMessage = (message: ChatMessage) => <Row message={message} />;
const STYLE = { height: LIST_SIZE, width: LIST_SIZE };

/**
 * @chat-list/react with its defaults: follow 'at-bottom', overscan 10, estimate 80 px.
 * Prepends, the prefix and following need no extra code.
 */
export function Ours({ state, onScroller }: ImplProps) {
  const wrapperRef = useCallback(
    (element: HTMLDivElement | null) =>
      onScroller(element?.querySelector<HTMLElement>('[data-chat-list-scroller]') ?? null),
    [onScroller],
  );
  return (
    <div ref={wrapperRef} style={STYLE}>
      <ChatList
        messages={state.messages}
        renderMessage={renderMessage}
        prefix={state.prefix ? <LoadingRow /> : null}
        style={STYLE}
      />
    </div>
  );
}

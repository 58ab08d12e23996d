import type { ChatMessage } from '@chat-list/sample-data';
import { Virtuoso as VirtuosoList } from 'react-virtuoso';
import { LIST_SIZE, LoadingRow, Row, type ImplProps } from '../shared';

/** Large enough for every prepend in the benchmark (the docs ask for a positive number). */
const FIRST_ITEM_INDEX = 10_000_000;
const STYLE = { height: LIST_SIZE, width: LIST_SIZE };

interface Context {
  loading: boolean;
}
const components = {
  Header: ({ context }: { context?: Context }) => (context?.loading ? <LoadingRow /> : null),
};
const computeItemKey = (_index: number, message: ChatMessage) => message.id;
const itemContent = (_index: number, message: ChatMessage) => <Row message={message} />;

/**
 * react-virtuoso's Virtuoso as its docs set up a chat: `followOutput`
 * ('auto': follow only when at the bottom, without animation), `alignToBottom`,
 * `initialTopMostItemIndex` at the last message, prepends through a decreasing
 * `firstItemIndex`, the "Loading..." row as the `Header` component (via `context`).
 */
export function Virtuoso({ state, onScroller }: ImplProps) {
  return (
    <VirtuosoList<ChatMessage, Context>
      style={STYLE}
      data={state.messages}
      firstItemIndex={FIRST_ITEM_INDEX - state.prepended}
      initialTopMostItemIndex={{ index: 'LAST', align: 'end' }}
      followOutput="auto"
      alignToBottom
      computeItemKey={computeItemKey}
      itemContent={itemContent}
      context={{ loading: state.prefix }}
      components={components}
      scrollerRef={(element) => onScroller(element instanceof HTMLElement ? element : null)}
    />
  );
}

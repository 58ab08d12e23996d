import type { ChatMessage } from '@chat-list/sample-data';
import { LegendList, type LegendListRenderItemProps } from '@legendapp/list/react';
import { LIST_SIZE, LoadingRow, Row, type ImplProps } from '../shared';

type Item = ChatMessage | typeof LOADING;
const LOADING = { id: '\u0000loading' } as const;
const STYLE = { height: LIST_SIZE, width: LIST_SIZE };
const keyExtractor = (item: Item) => item.id;
const renderItem = ({ item }: LegendListRenderItemProps<Item>) =>
  item === LOADING ? <LoadingRow /> : <Row message={item as ChatMessage} />;

/**
 * Legend List 3 for the web (`@legendapp/list/react`), as its docs set up a chat: the guide's
 * "Chat Interfaces" recipe (https://legendapp.com/open-source/list/v3/guides) and the React (Web)
 * Chat example (https://legendapp.com/open-source/list/v3/react/examples/chat/, whose props these
 * follow; its `onStartReached` and sticky day headers have no counterpart here):
 * - `alignItemsAtEnd`: a short conversation sits at the bottom of the viewport;
 * - `initialScrollIndex` at the last item: opens at the newest message. Not `initialScrollAtEnd`
 *   (the AI Chat example's): with it, 3.4.0 keeps its opening target after the list has settled
 *   (a fallback clears it 2 s later) and moves it to the new end on each data change, so a reader
 *   who scrolls up while the first reply streams in is scrolled back down (trial runs of
 *   escape-stream: pulled back to 0–20 px);
 * - `maintainScrollAtEnd` with `maintainScrollAtEndThreshold` 0.1 (the default, as in the
 *   recipe): follows appends and a growing last row only while within 10 % of the viewport (60 px)
 *   of the end; an upward wheel cancels a pending follow;
 * - `maintainVisibleContentPosition` (`true`: anchors on data changes as well as on size changes;
 *   the guide's "Infinite Scrolling" recipe asks for `data: true` for prepends);
 * - `keyExtractor` from the message id, `recycleItems` (as the docs' web examples and quick start
 *   do; the row keeps no state), an 80 px `estimatedItemSize` like the others.
 * The example shows "Loading older messages" outside the list, which would resize the 600 px
 * viewport; here "Loading..." is the first item, with its own key, as for virtua. (As a
 * `ListHeaderComponent` it is not anchored when removed in the same update as a prepend: in trial
 * runs of history-prepend the reader moved by its height, 42 px.) The scroller is the DOM node
 * that the handle passed to `refScrollView` returns from `getScrollableNode()`.
 */
export function Legend({ state, onScroller }: ImplProps) {
  const data: Item[] = state.prefix ? [LOADING, ...state.messages] : state.messages;
  return (
    <LegendList<Item>
      style={STYLE}
      data={data}
      renderItem={renderItem}
      keyExtractor={keyExtractor}
      estimatedItemSize={80}
      recycleItems
      alignItemsAtEnd
      initialScrollIndex={data.length - 1}
      maintainScrollAtEnd
      maintainScrollAtEndThreshold={0.1}
      maintainVisibleContentPosition
      refScrollView={(scrollView) =>
        onScroller(scrollView instanceof HTMLElement ? scrollView : (scrollView?.getScrollableNode() ?? null))
      }
    />
  );
}

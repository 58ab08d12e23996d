import { useLayoutEffect, useRef } from 'react';
import { StickToBottom as Stick, type StickToBottomContext } from 'use-stick-to-bottom';
import { LIST_SIZE, LoadingRow, Row, type ImplProps } from '../shared';

const STYLE = { height: LIST_SIZE, width: LIST_SIZE, position: 'relative' as const };

/**
 * use-stick-to-bottom as its README sets up a chat: `<StickToBottom>` with
 * `<StickToBottom.Content>` around every message (no virtualization). Growth
 * of the content is followed with `resize="smooth"`, the velocity-based spring
 * the README recommends for streamed content of varying size (the default
 * animation). The opening uses `initial="instant"` rather than the README's
 * `initial="smooth"`, so that a conversation opens at its bottom instead of
 * animating down through all of it, and the mount is timed like the others'.
 * The one change to its markup: its scroller's `scrollbar-gutter: stable
 * both-edges` is put back to `auto` (page/index.html), so that the rows are
 * as wide as in every other list.
 */
export function StickToBottom({ state, onScroller }: ImplProps) {
  const context = useRef<StickToBottomContext>(null);

  useLayoutEffect(() => {
    onScroller(context.current?.scrollRef.current ?? null);
  }, [onScroller]);

  return (
    <Stick style={STYLE} resize="smooth" initial="instant" contextRef={context} role="log">
      <Stick.Content scrollClassName="stick-to-bottom-scroller">
        {state.prefix ? <LoadingRow /> : null}
        {state.messages.map((message) => (
          <Row key={message.id} message={message} />
        ))}
      </Stick.Content>
    </Stick>
  );
}

import { MessageScroller } from '@shadcn/react/message-scroller';
import type { CSSProperties } from 'react';
import { LIST_SIZE, LoadingRow, Row, type ImplProps } from '../shared';

// The layout of the registry's message-scroller.tsx (the Tailwind wrapper `shadcn add
// message-scroller` installs over the headless package), written out as styles.
const ROOT: CSSProperties = {
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  height: LIST_SIZE,
  width: LIST_SIZE,
  minHeight: 0,
  overflow: 'hidden',
};
const VIEWPORT: CSSProperties = {
  height: '100%',
  width: '100%',
  minHeight: 0,
  minWidth: 0,
  overflowY: 'auto',
  overscrollBehavior: 'contain',
  contain: 'content',
  scrollbarGutter: 'stable',
};
// The registry's `gap-8` is left out: rows are spaced by their own padding in every list.
const CONTENT: CSSProperties = { display: 'flex', flexDirection: 'column', height: 'max-content', minHeight: '100%' };
const ITEM: CSSProperties = {
  minWidth: 0,
  flexShrink: 0,
  contentVisibility: 'auto',
  containIntrinsicSize: 'auto 10rem',
};

/**
 * @shadcn/react's MessageScroller (the headless primitive under shadcn/ui's
 * Message Scroller): Provider → Root → Viewport → Content → one Item per
 * message, every message in the DOM (no virtualization). `autoScroll` makes it
 * follow the live edge while the reader is there (its documented way to follow
 * a stream); `defaultScrollPosition` is its default, 'end'. No `scrollAnchor`:
 * that moves a new user turn to the top of the viewport instead of following the
 * bottom, a different behaviour from what every list here is asked to do.
 * Prepends are kept in place by its `preserveScrollOnPrepend` (default on).
 * Styles are those of the registry wrapper, `content-visibility: auto` on each
 * item included; the viewport is hidden while its first scroll is pending
 * (`data-pending-scroll`, page/index.html), as the wrapper does.
 */
export function Shadcn({ state, onScroller }: ImplProps) {
  return (
    <MessageScroller.Provider autoScroll>
      <MessageScroller.Root style={ROOT}>
        <MessageScroller.Viewport ref={onScroller} className="shadcn-viewport" style={VIEWPORT}>
          <MessageScroller.Content style={CONTENT}>
            {state.prefix ? (
              <MessageScroller.Item style={ITEM}>
                <LoadingRow />
              </MessageScroller.Item>
            ) : null}
            {state.messages.map((message) => (
              <MessageScroller.Item key={message.id} messageId={message.id} style={ITEM}>
                <Row message={message} />
              </MessageScroller.Item>
            ))}
          </MessageScroller.Content>
        </MessageScroller.Viewport>
      </MessageScroller.Root>
    </MessageScroller.Provider>
  );
}

import * as React from 'react';
import type { CSSProperties, ForwardedRef, ReactElement, ReactNode, Ref } from 'react';
import type { MessageKey } from '../core';
import type { ChatListHandle, ChatListProps } from './types';
import { useChatList, type UseChatListOptions } from './useChatList';
import { useHandleInRef } from './useChatListState';
import { useKeyboardNavigation } from './useKeyboardNavigation';
import { warnOnce } from '../dom/dev-warnings';

const SCROLLER_STYLE: CSSProperties = {
  overflowY: 'auto',
  // We anchor rows ourselves (through TanStack); the browser's own anchoring
  // would move the view a second time on every prepend.
  overflowAnchor: 'none',
  // Where scrollbars take layout space (Windows, most Linux desktops), the one that appears when
  // a row grows the content past the viewport narrows every row in the same ResizeObserver pass
  // that measured it: the rows re-wrap, and their new sizes were left undelivered ("ResizeObserver
  // loop completed with undelivered notifications"). The gutter reserved from the start never
  // changes the rows' width, and no text reflows sideways when the list starts to scroll.
  scrollbarGutter: 'stable',
};

/**
 * The scroller fills its parent by default, through a rule without specificity (`:where`), so
 * that any class of the app that sets a height or max-height wins over it; an inline
 * `height: 100%` would beat every class.
 */
const DEFAULT_SIZE_RULE = ':where([data-chat-list-scroller]){height:100%}';

/** The plain HTML attributes of the scroller that ChatListProps accepts (besides aria-* and data-*). */
const SCROLLER_ATTRIBUTES = new Set(['id', 'title', 'lang', 'dir']);

/**
 * Before there is a viewport (server HTML, hydration) no script can scroll: a reversed flex
 * column makes the browser open the scroller at its end, so the prerendered newest messages
 * show at the bottom even when they overflow it. The first layout effect puts the list back
 * in normal flow and scrolls it there, before anything is painted.
 */
const PRERENDERED_SCROLLER_STYLE: CSSProperties = { display: 'flex', flexDirection: 'column-reverse' };

/**
 * The stuck group header: a zero-height box that sticks to the scroller's top, so it takes no
 * room from the rows and never changes the scroll height; its content hangs below it, over the
 * rows.
 */
const STICKY_HEADER_STYLE: CSSProperties = { position: 'sticky', top: 0, height: 0, zIndex: 1 };

/** A row's own group header under the stuck copy of it: see-through, still read by screen readers. */
const COVERED_GROUP_HEADER_STYLE: CSSProperties = { opacity: 0 };

// `flow-root` keeps a child's margin inside the row, so the measured height is
// the space the row really takes.
const ROW_STYLE: CSSProperties = { display: 'flow-root' };

/** Hidden from sight, not from screen readers; out of the flow, so it never changes the app's layout. */
const VISUALLY_HIDDEN_STYLE: CSSProperties = {
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  overflow: 'hidden',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
  border: 0,
};

type RenderMessage<TMessage> = (message: TMessage, index: number, messages: readonly TMessage[]) => ReactNode;

interface MessageContentProps<TMessage> {
  message: TMessage;
  index: number;
  messages: readonly TMessage[];
  renderMessage: RenderMessage<TMessage>;
}

/**
 * A row's content re-renders when its message, its index or `renderMessage`
 * changes, and never because other rows changed (issue #12: never by counting
 * `renderMessage`'s declared parameters, which default values hide). A row that
 * also reads its neighbours through the `messages` argument (grouping, "last in
 * a run") asks for it explicitly: a `renderMessage` that changes when `messages`
 * does (`useCallback(…, [messages])`) re-renders the rows in view.
 */
const isSameContent = <TMessage,>(
  previous: MessageContentProps<TMessage>,
  next: MessageContentProps<TMessage>,
): boolean =>
  previous.message === next.message && previous.index === next.index && previous.renderMessage === next.renderMessage;

const MessageContentInner = <TMessage,>({ message, index, messages, renderMessage }: MessageContentProps<TMessage>) =>
  renderMessage(message, index, messages);

declare const process: { env: { NODE_ENV?: string } };

const renderNoMessage = (): ReactNode => null;

const MessageContent = /* @__PURE__ */ React.memo(MessageContentInner, isSameContent) as <TMessage>(
  props: MessageContentProps<TMessage>,
) => ReactElement;

const ChatListInner = <TMessage,>(props: ChatListProps<TMessage>, ref: ForwardedRef<ChatListHandle<TMessage>>) => {
  const {
    messages,
    renderMessage: renderMessageProp,
    renderGroupHeader,
    alignment,
    prefix,
    suffix,
    prefixLabel,
    suffixLabel,
    className,
    style,
    nonce,
  } = props;
  // Called from inside each row, a missing renderMessage threw a TypeError no app code explains.
  const isRenderMessageMissing = typeof renderMessageProp !== 'function';
  if (process.env.NODE_ENV !== 'production' && isRenderMessageMissing) {
    warnOnce(
      `renderMessage is ${renderMessageProp === undefined ? 'missing' : `not a function (got ${typeof renderMessageProp})`}: pass renderMessage={(message) => <YourMessage message={message} />} to draw each message. Its rows are empty until then.`,
      'render-message',
    );
  }
  const renderMessage = isRenderMessageMissing ? renderNoMessage : renderMessageProp;
  // A feed holds articles: one without any is a group until its first message (axe's aria-required-children).
  const role = props.role ?? (Array.isArray(messages) && messages.length > 0 ? 'feed' : 'group');
  const hasPrefix = prefix !== null && prefix !== undefined && prefix !== false;
  const hasSuffix = suffix !== null && suffix !== undefined && suffix !== false;
  // The scroller's HTML attributes go to it (every aria-* and data-* prop, and the few plain
  // ones ChatListProps names); the behaviour props go to the hook.
  const scrollerAttributes: Record<string, unknown> = { 'aria-label': 'Messages' };
  for (const [name, value] of Object.entries(props)) {
    if (value !== undefined && (/^(aria|data)-/.test(name) || SCROLLER_ATTRIBUTES.has(name))) {
      scrollerAttributes[name] = value;
    }
  }
  const [focusedKey, setFocusedKey] = React.useState<MessageKey | undefined>(undefined);
  const list = useChatList<TMessage>({
    ...(props as UseChatListOptions<TMessage>),
    hasPrefix,
    hasSuffix,
    focusedKey,
  });
  const { handle, scrollerRef, contentRef, sizerRef, announcerRef, rows, rowsOffset, totalSize, isPrerendered } = list;
  const { stickyHeader } = list;
  useHandleInRef(ref, handle);
  const keyboard = useKeyboardNavigation({
    list,
    messages,
    focusedKey,
    setFocusedKey,
  });

  return (
    <>
      <div
        {...scrollerAttributes}
        ref={scrollerRef}
        data-chat-list-scroller=""
        role={role}
        // One tab stop: the scroller, or the message row that has focus.
        tabIndex={focusedKey === undefined ? 0 : -1}
        onKeyDown={keyboard.onKeyDown}
        onFocus={keyboard.onFocus}
        onBlur={keyboard.onBlur}
        className={className}
        style={
          isPrerendered
            ? { ...SCROLLER_STYLE, ...PRERENDERED_SCROLLER_STYLE, ...style }
            : { ...SCROLLER_STYLE, ...style }
        }
      >
        <style nonce={nonce}>{DEFAULT_SIZE_RULE}</style>
        {stickyHeader !== null && renderGroupHeader !== undefined && (
          // A copy of a header the rows hold: screen readers read that one where it stands.
          <div aria-hidden="true" data-chat-list-sticky-header="" style={STICKY_HEADER_STYLE}>
            <div ref={list.stickyHeaderRef}>{renderGroupHeader(stickyHeader.groupKey, stickyHeader.message)}</div>
          </div>
        )}
        {/* A column at least as tall as the viewport; content shorter than that sits at
          its bottom (an auto top margin takes the free space), or at its top for 'top'. */}
        <div style={{ minHeight: '100%', flexShrink: 0, display: 'flex', flexDirection: 'column' }}>
          {/* Prerendered rows (server HTML, hydration) take their own height, at the bottom. */}
          <div
            ref={sizerRef}
            style={{ height: isPrerendered ? undefined : totalSize, marginTop: alignment === 'top' ? 0 : 'auto' }}
          >
            {/* The rows in normal flow, moved to their place; the scroll height is the parent's `totalSize`. */}
            <div ref={contentRef} style={isPrerendered ? undefined : { transform: `translateY(${rowsOffset}px)` }}>
              {rows.map((row) => {
                const affixLabel =
                  row.kind === 'prefix' ? prefixLabel : row.kind === 'suffix' ? suffixLabel : undefined;
                return (
                  <div
                    key={row.key}
                    {...list.getRowAttributes(row)}
                    // A named affix is an article of the feed too (a feed holds articles only).
                    {...(affixLabel ? { role: 'article', 'aria-label': affixLabel } : undefined)}
                    style={
                      row.isDetached
                        ? // The focused row, far from the rendered ones: in its place, out of the flow.
                          { ...ROW_STYLE, position: 'absolute', top: row.start - rowsOffset, left: 0, right: 0 }
                        : ROW_STYLE
                    }
                  >
                    {row.kind === 'message' &&
                      row.isGroupStart &&
                      row.groupKey !== undefined &&
                      renderGroupHeader !== undefined && (
                        <div
                          data-chat-list-group-header=""
                          style={stickyHeader?.groupKey === row.groupKey ? COVERED_GROUP_HEADER_STYLE : undefined}
                        >
                          {renderGroupHeader(row.groupKey, row.message)}
                        </div>
                      )}
                    {row.kind === 'message'
                      ? // A hole in `messages` is an empty row (useChatList warns once).
                        row.message !== undefined &&
                        row.message !== null && (
                          <MessageContent
                            message={row.message}
                            index={row.index}
                            messages={messages}
                            renderMessage={renderMessage}
                          />
                        )
                      : row.kind === 'prefix'
                        ? prefix
                        : suffix}
                  </div>
                );
              })}
            </div>
          </div>
        </div>
      </div>
      {/* Tab leaves the list from here: the browser moves on to what follows the list. */}
      <span ref={keyboard.exitRef} tabIndex={-1} data-chat-list-focus-exit="" style={VISUALLY_HIDDEN_STYLE} />
      {props.announceNewMessages !== false && (
        <div
          ref={announcerRef}
          aria-live="polite"
          aria-atomic="true"
          data-chat-list-announcer=""
          style={VISUALLY_HIDDEN_STYLE}
        />
      )}
    </>
  );
};

/**
 * A virtualized chat message list: opens at the newest message, keeps the view
 * still when history is prepended and follows newer messages by policy.
 */
export const ChatList = /* @__PURE__ */ React.forwardRef(ChatListInner) as <TMessage>(
  // Not `ChatListHandle<TMessage>`: the message type is inferred from `messages` alone, so that
  // `useRef<ChatListHandle>(null)` (no member of the handle depends on the message type) does not
  // make it `unknown` and the message parameter of an inline `renderMessage` with it.
  props: ChatListProps<TMessage> & { ref?: Ref<ChatListHandle> },
) => ReactElement;

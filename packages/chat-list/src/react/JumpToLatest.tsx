import * as React from 'react';
import type { ButtonHTMLAttributes, ForwardedRef, MouseEvent, ReactElement, ReactNode, Ref } from 'react';
import { handleOf, useChatListState, type ChatListSource } from './useChatListState';

/** Props of {@link JumpToLatest}: a `<button>`'s, plus the list it jumps in. */
export interface JumpToLatestProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  /**
   * The list to jump in: the ref given to `<ChatList ref={…}>`, or `useChatList`'s `handle`.
   * @defaultValue required
   */
  list: ChatListSource;
  /**
   * The button's content, or a function of the unseen count. Its accessible name is `label`'s.
   * @defaultValue "Jump to latest", or "3 new messages" while there are unseen messages
   */
  children?: ReactNode | ((state: { unseenCount: number }) => ReactNode);
  /**
   * The accessible name (`aria-label`) for an unseen count: what a screen reader says for the button.
   * @defaultValue `(count) => count > 0 ? \`Jump to the latest message, ${count} new\` : 'Jump to the latest message'`
   */
  label?: (unseenCount: number) => string;
  /**
   * What the button does while the list is at the bottom: `'hide'` renders nothing, `'disable'`
   * renders it disabled (for a button that animates in and out with CSS on `disabled`).
   * @defaultValue `'hide'`
   */
  whenAtBottom?: 'hide' | 'disable';
  /**
   * How the list gets to the bottom: `'smooth'` animates, except under
   * `prefers-reduced-motion: reduce`, where it jumps; `'auto'` always jumps.
   * @defaultValue `'smooth'`
   */
  behavior?: 'auto' | 'smooth';
}

const defaultLabel = (count: number): string =>
  count > 0 ? `Jump to the latest message, ${count} new` : 'Jump to the latest message';

const defaultContent = (count: number): string =>
  count > 0 ? `${count} new message${count === 1 ? '' : 's'}` : 'Jump to latest';

/**
 * The "jump to latest" button of a chat screen: shown while the reader is away from the bottom,
 * it takes them there (smoothly, unless they prefer reduced motion) and counts the messages
 * they have not seen. Unstyled: `className`, `style` and `children` are yours; place it over or
 * under the list. It carries `data-unseen-count` for styling.
 *
 * `onClick` runs first: call `event.preventDefault()` there to do something else instead (with
 * `hasNewer`, load the newest page). A button that had focus hands it to the list when it lands,
 * so that a keyboard user goes on reading from the newest message.
 */
const JumpToLatestInner = (props: JumpToLatestProps, ref: ForwardedRef<HTMLButtonElement>) => {
  const {
    list,
    children,
    label = defaultLabel,
    whenAtBottom = 'hide',
    behavior = 'smooth',
    onClick,
    disabled,
    ...buttonProps
  } = props;
  const { isAtBottom, unseenCount } = useChatListState(list);
  if (isAtBottom && whenAtBottom === 'hide') return null;

  const jump = (event: MouseEvent<HTMLButtonElement>) => {
    onClick?.(event);
    const handle = handleOf(list);
    if (event.defaultPrevented || handle === null) return;
    const button = event.currentTarget;
    const hadFocus = button.ownerDocument.activeElement === button;
    void handle.scrollToBottom({ behavior }).then((hasLanded) => {
      // Hidden at the bottom, the button took focus with it: the reader reads on from the list.
      // Only from the button (or from nowhere, once it is gone): focus the reader moved stays.
      const { activeElement, body } = button.ownerDocument;
      if (!hasLanded || !hadFocus || (activeElement !== button && activeElement !== body && activeElement !== null))
        return;
      handle.getScrollElement()?.focus({ preventScroll: true });
    });
  };

  return (
    <button
      type="button"
      {...buttonProps}
      ref={ref}
      aria-label={label(unseenCount)}
      data-unseen-count={unseenCount}
      disabled={disabled === true || isAtBottom}
      onClick={jump}
    >
      {typeof children === 'function' ? children({ unseenCount }) : (children ?? defaultContent(unseenCount))}
    </button>
  );
};

/** See {@link JumpToLatestProps}. */
export const JumpToLatest = /* @__PURE__ */ React.forwardRef(JumpToLatestInner) as (
  props: JumpToLatestProps & { ref?: Ref<HTMLButtonElement> },
) => ReactElement | null;

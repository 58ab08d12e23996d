import type { CSSProperties, ReactNode } from 'react';
import type { Alignment, GroupKey, MessageKey } from '../core';
import type { ChatListBehaviorOptions } from '../dom/types';

export type {
  ChatListBehaviorOptions,
  ChatListHandle,
  ChatListSnapshot,
  ChatListState,
  InitialAnchor,
  FollowContext,
  FollowPolicy,
  ScrollToEdgeOptions,
  ScrollToMessageOptions,
  VisibleRange,
} from '../dom/types';
export type { Alignment, FollowMode, GroupKey, MessageKey, ScrollAlign } from '../core';

/** `getMessageKey` is optional only when messages carry `id: string | number`. */
export type MessageKeyProps<TMessage> = [TMessage] extends [{ id: MessageKey }]
  ? {
      /**
       * Stable identity of a message; never its index.
       * @defaultValue `(message) => message.id`
       */
      getMessageKey?: (message: TMessage) => MessageKey;
    }
  : {
      /**
       * Stable identity of a message; never its index. Required when messages have no `id`.
       * @defaultValue `(message) => message.id`
       */
      getMessageKey: (message: TMessage) => MessageKey;
    };

/** Props of {@link ChatList}. */
export type ChatListProps<TMessage> = Omit<ChatListBehaviorOptions<TMessage>, 'getMessageKey'> &
  MessageKeyProps<TMessage> & {
    /**
     * Renders one message row.
     * @defaultValue required
     */
    renderMessage: (message: TMessage, index: number, messages: readonly TMessage[]) => ReactNode;
    /**
     * Renders the header of a group (a day: "Today", "Yesterday", a date) of `getGroupKey`: above
     * the group's first message, inside its row, and once more stuck to the top of the list while
     * the group's first row is scrolled out above (with `stickyHeaders` in `features`). `message` is the group's
     * first message above its row and the message at the top of the viewport when stuck: derive
     * the header from the key or from what every message of the group shares. The stuck copy is
     * hidden from screen readers (the row's own header is read), and the row's own header is
     * transparent under it, so a header with a see-through background (a floating pill) is never
     * shown twice.
     * @defaultValue `undefined` (no headers)
     */
    renderGroupHeader?: (groupKey: GroupKey, message: TMessage) => ReactNode;
    /**
     * Where content shorter than the viewport sits.
     * @defaultValue `'bottom'`
     */
    alignment?: Alignment;
    /**
     * An extra first row (e.g. "Loading..."); not a message, not counted in indexes.
     * @defaultValue `null`
     */
    prefix?: ReactNode;
    /**
     * An extra last row (e.g. "typing…"); not a message, not counted in indexes.
     * @defaultValue `null`
     */
    suffix?: ReactNode;
    /**
     * What the prefix row is, for screen readers ("Loading older messages"): with it the row is an
     * `article` of the feed with this name (still not counted among the messages); without it the
     * row has no role and its text is read where it stands.
     * @defaultValue `undefined`
     */
    prefixLabel?: string;
    /**
     * What the suffix row is, for screen readers ("Alice is typing"), as `prefixLabel` is for the prefix.
     * @defaultValue `undefined`
     */
    suffixLabel?: string;
    /**
     * Class of the scroller element. A `height` or `max-height` it sets wins over the default
     * of filling the parent.
     * @defaultValue `undefined`
     */
    className?: string;
    /**
     * `id` of the scroller element (for `aria-controls`, a skip link, a test).
     * @defaultValue `undefined`
     */
    id?: string;
    /**
     * Tooltip of the scroller element.
     * @defaultValue `undefined`
     */
    title?: string;
    /**
     * Language of the messages, for screen readers and hyphenation.
     * @defaultValue `undefined` (inherited)
     */
    lang?: string;
    /**
     * Text direction of the scroller.
     * @defaultValue `undefined` (inherited)
     */
    dir?: 'ltr' | 'rtl' | 'auto';
    /**
     * Style of the scroller element; a height here wins over every class.
     * @defaultValue `undefined` (the scroller is `height: 100%` of its parent)
     */
    style?: CSSProperties;
    /**
     * Role of the scroller. The default is the WAI-ARIA feed pattern: each message row is an
     * `article` that states its position (`aria-posinset`, `aria-setsize`), and the list is
     * `aria-busy` while a page loads. New messages are announced by a separate live region
     * (`announceNewMessages`), so rows that mount while scrolling are never read out, as they
     * would be in a `log` (an implicit live region). A list without messages is a `group` (a feed
     * must hold articles).
     * @defaultValue `'feed'` (`'group'` while there are no messages)
     */
    role?: string;
    /**
     * Nonce of the one `<style>` element the list renders (its default `height: 100%`, a rule of
     * no specificity so that a class can size the list), for a Content Security Policy that allows
     * inline styles only with a nonce.
     * @defaultValue `undefined`
     */
    nonce?: string;
    /**
     * Accessible name of the scroller.
     * @defaultValue `'Messages'`
     */
    'aria-label'?: string;
    /**
     * Other ARIA attributes, forwarded to the scroller.
     * @defaultValue `undefined`
     */
    [ariaAttribute: `aria-${string}`]: string | number | boolean | undefined;
    /**
     * `data-*` attributes, forwarded to the scroller (`data-testid`, analytics hooks).
     * @defaultValue `undefined`
     */
    [dataAttribute: `data-${string}`]: string | number | boolean | undefined;
  };

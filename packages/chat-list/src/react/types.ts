import type { CSSProperties, ReactNode } from 'react';
import type { Alignment, MessageKey } from '../core';
import type { ChatListBehaviorOptions } from '../dom/types';

export type {
  ChatListBehaviorOptions,
  ChatListHandle,
  ScrollToEdgeOptions,
  ScrollToOptions,
  VisibleRange,
} from '../dom/types';
export type { Alignment, FollowMode, FollowPolicy, MessageKey, ScrollAlign } from '../core';

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
     * Class of the scroller element.
     * @defaultValue `undefined`
     */
    className?: string;
    /**
     * Style of the scroller element; give it a height (or a flex parent).
     * @defaultValue `undefined` (the scroller is `height: 100%`)
     */
    style?: CSSProperties;
    /**
     * Role of the scroller.
     * @defaultValue `'log'`
     */
    role?: string;
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
  };

import type { Virtualizer } from '@tanstack/react-virtual';
import type { GroupKey, MessageKey } from '../core';
import type { StuckGroupHeader } from '../dom/features';
import type { ChatListBehaviorOptions, ChatListHandle } from '../dom/types';
import type { MessageKeyProps } from './types';

/** What {@link useChatList} takes besides the behaviour props: which extra rows exist. */
export interface UseChatListRowOptions {
  /**
   * Whether an extra first row (a "Loading..." prefix) is rendered.
   * @defaultValue `false`
   */
  hasPrefix?: boolean;
  /**
   * Whether an extra last row (a "typing…" suffix) is rendered.
   * @defaultValue `false`
   */
  hasSuffix?: boolean;
  /**
   * The key of a message whose row stays rendered however far it is from the viewport: the
   * row that has keyboard focus, which would lose it if it unmounted. It comes
   * out of `rows` with `isDetached: true` while it is outside the rendered range.
   * @defaultValue `undefined`
   */
  focusedKey?: MessageKey;
}

/**
 * Options of {@link useChatList}: the behaviour props, plus whether affix rows exist.
 * `getMessageKey` is required when messages have no `id`, as it is for `ChatList`.
 */
export type UseChatListOptions<TMessage> = Omit<ChatListBehaviorOptions<TMessage>, 'getMessageKey'> &
  MessageKeyProps<TMessage> &
  UseChatListRowOptions;

/** The options as the hook reads them, whatever the message type. */
export type ResolvedUseChatListOptions<TMessage> = ChatListBehaviorOptions<TMessage> & UseChatListRowOptions;

/** One row to render, in order, with its place in the content (px). */
export type ChatListRow<TMessage> =
  | {
      kind: 'message';
      /**
       * The key to render the row under: the message's key, or, for messages that share a key
       * (bad input), one of the row's own, so that React never hands one row's element to another.
       */
      key: MessageKey;
      /** The row's index among the virtualizer's rows (`data-virtual-index`): `index` plus `firstMessageRow`. */
      virtualIndex: number;
      /** The message's index in `messages`. */
      index: number;
      message: TMessage;
      /** The message's group (`getGroupKey`), or undefined without one. */
      groupKey: GroupKey | undefined;
      /** Whether the message starts its group: render the group's header above it, in its row. */
      isGroupStart: boolean;
      /**
       * The row's top in the scroller's content, px. Past 15 000 000 px of content the scroller
       * holds a window of it, and this is the row's place in that window.
       */
      start: number;
      /**
       * Rendered outside the range because it has focus (`focusedKey`): keep it among the rows
       * (in order, so that it is never moved and never loses focus), positioned absolutely at
       * `start - rowsOffset` so that it takes no room in the flow.
       */
      isDetached: boolean;
    }
  | { kind: 'prefix' | 'suffix'; key: string; virtualIndex: number; start: number; isDetached: false };

/** Attributes a row element needs so it can be measured and found (the DOM contract). */
export interface ChatListRowAttributes {
  ref: (element: HTMLElement | null) => void;
  /**
   * `article` for a message (the feed pattern). The prefix and suffix rows have no role: a feed
   * may hold articles only, and "Loading..." is said by the feed's `aria-busy`.
   */
  role?: 'article';
  /** A message's position among all messages, from 1. */
  'aria-posinset'?: number;
  /** How many messages there are. */
  'aria-setsize'?: number;
  /** Message rows take focus from the keyboard, but are not tab stops: the list is one. */
  tabIndex?: -1;
  'data-virtual-index': number;
  'data-index'?: number;
  'data-id'?: string;
  'data-chat-list-prefix'?: '';
  'data-chat-list-suffix'?: '';
}

export interface UseChatListResult<TMessage> {
  /** The imperative handle; stable for the life of the component. */
  handle: ChatListHandle<TMessage>;
  /** Attach to the scrolling element. */
  scrollerRef: (element: HTMLElement | null) => void;
  /** Attach to the element that wraps the rows, so growth of the content keeps a list at the bottom pinned. */
  contentRef: (element: HTMLElement | null) => void;
  /**
   * Attach to a visually hidden element with `aria-live="polite"` outside the scroller: newer
   * messages are announced there (`announceNewMessages`). Optional.
   */
  announcerRef: (element: HTMLElement | null) => void;
  /**
   * Attach to the element whose height is `totalSize`: the list then resizes it the moment a row
   * is measured, before the paint, so a row that shrinks at the bottom never shows a frame of blank
   * space. Optional: without it the height follows on the next render.
   */
  sizerRef: (element: HTMLElement | null) => void;
  /**
   * The group whose header sticks to the top of the list (`getGroupKey`, with `stickyHeaders` in
   * `features`), or null while none does: render its header in a zero-height `position: sticky; top: 0` element at the start of
   * the scroller, inside an element given `stickyHeaderRef`. Updated in the frame that scrolled.
   */
  stickyHeader: StuckGroupHeader<TMessage> | null;
  /** Attach to the element that holds the stuck header: it is measured, and moved up (a transform) as the next group's header arrives. */
  stickyHeaderRef: (element: HTMLElement | null) => void;
  /** The rows near the viewport, in order; render them one after another in normal flow. */
  rows: ChatListRow<TMessage>[];
  /** Offset of the first rendered row in the flow (not detached) from the top of the content, px (translate the rows by it). */
  rowsOffset: number;
  /**
   * Height of the scroller's content, px: every row, and the space a turn held at the top
   * reserves below them (`isTurnStart`). Past 15 000 000 px (a million messages) it is the
   * height of the window of the content the scroller holds.
   */
  totalSize: number;
  /**
   * True until the scroller is laid out (the first commit, the server HTML and the render that
   * hydrates it): `rows` are then the newest `initialRenderCount` messages, or none by default.
   * Render them in normal flow, without `totalSize` and `rowsOffset`, so they sit at the bottom
   * of the scroller. The virtualized rows follow in the scroller's first layout, before the paint.
   */
  isPrerendered: boolean;
  /** Spread on each row element. */
  getRowAttributes: (row: ChatListRow<TMessage>) => ChatListRowAttributes;
  /**
   * The key the list uses for the message at `index` (the one rows and `focusedKey` are matched
   * by): `getMessageKey`'s result, or a stand-in for a hole or a message without a key.
   */
  getMessageKeyAt: (index: number) => MessageKey;
  /**
   * The underlying TanStack virtualizer, for what this hook does not cover. Its rows are
   * indexed from `firstMessageRow` (the row of `messages[0]`); a row's message is in `rows`.
   */
  virtualizer: Virtualizer<HTMLElement, HTMLElement>;
  /**
   * The virtualizer's row index of `messages[0]`: 1 after a prefix row, 0 without one. While a
   * conversation of 10 000 messages or more opens, the virtualizer lays out only its newest
   * 200 (the older ones stand above them as one block of their estimated height, until the
   * task after the first paint): then it is negative, minus the number left out.
   */
  firstMessageRow: number;
}

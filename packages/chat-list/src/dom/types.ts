import type { Alignment, FollowMode, GroupKey, MessageKey, ScrollAlign } from '../core';
import type { ChatListFeature } from './features';
import type { ChatListHandle, FollowPolicy, VisibleRange } from './handle-types';

export type { Alignment, FollowMode, GroupKey, MessageKey, ScrollAlign };

export type {
  ChatListHandle,
  ChatListState,
  FollowContext,
  FollowPolicy,
  ScrollToEdgeOptions,
  ScrollToMessageOptions,
  VisibleRange,
} from './handle-types';

/** Where a conversation opens instead of at its newest message. */
export interface InitialAnchor {
  /** The key of the message to open at (the first unread, a search hit, a deep link). */
  id: MessageKey;
  /**
   * Where that message sits in the viewport.
   * @defaultValue `'start'`
   */
  align?: 'start' | 'center' | 'end';
}

/**
 * Where the reader was in a conversation (`handle.getSnapshot()`), to reopen it there
 * (`initialSnapshot`). Plain data (JSON-safe when the keys are strings or numbers).
 */
export interface ChatListSnapshot {
  /**
   * The reader's row (the top fully visible message) and how far its top was from the
   * viewport's top, px (negative when it started above, for a message taller than the viewport).
   */
  row: { id: MessageKey; offset: number };
  /** Whether the list was at the bottom: it reopens there when no message arrived since. */
  isAtBottom: boolean;
  /** The newest message the reader had seen: messages after it count in `unseenCount` on reopening. */
  newestSeenId: MessageKey | undefined;
  /**
   * Measured heights (px) of the rows around the reader, by message key: they stand in for
   * `estimateSize` on reopening, so the reader's row lands on its pixel at once.
   */
  sizes: Array<[MessageKey, number]>;
}

/** Options of the headless {@link useChatList} hook — the behaviour props of `ChatList`. */
export interface ChatListBehaviorOptions<TMessage> {
  /**
   * The messages, oldest first.
   * @defaultValue required
   */
  messages: readonly TMessage[];
  /**
   * Stable identity of a message; never its index.
   * @defaultValue `(message) => message.id`
   */
  getMessageKey?: (message: TMessage) => MessageKey;
  /**
   * Which group a message belongs to (its day, for day headers): consecutive messages with the
   * same key form a group, and the first of each carries the group's header (`renderGroupHeader`
   * of `ChatList`; `isGroupStart` of a headless row). Return `undefined` for a message in no
   * group. When a prepended page continues the group at the top, the header moves up to the new
   * first message and the reader's text stays still. Keep it stable, like `estimateSize`.
   * @defaultValue `undefined` (no groups)
   */
  getGroupKey?: (message: TMessage) => GroupKey | undefined;
  /**
   * Whether the header of the group at the top of the viewport sticks to the top of the list
   * while the group is in view, pushed up by the next group's header as it arrives (the
   * headless hook reports it as `stickyHeader`). Headers stick only with `stickyHeaders` (from
   * `@chat-list/react/sticky-headers`) in `features`; without it, `getGroupKey` says once in
   * development how to add it, unless this is `false`.
   * @defaultValue `true` (with `getGroupKey` and `stickyHeaders`)
   */
  stickyGroupHeader?: boolean;
  /**
   * Height in px before a row is measured. Called for every message when a conversation opens
   * (keep it cheap: a million messages make a million calls). Keep it stable (module-level or
   * `useCallback`): a new function re-estimates every row not yet measured; `remeasure()` on the handle forgets
   * the measured ones too.
   * @defaultValue `() => 80`
   */
  estimateSize?: (message: TMessage, index: number) => number;
  /**
   * Open at this message instead of the newest one, whenever a conversation opens (`messages`
   * going from none to some, or to an array that holds neither the first nor the last message
   * of the one before). Read at that moment only; a key that is
   * not among the messages opens at the bottom, with a development warning. `'last-turn'` opens
   * a saved transcript at its last turn (`isTurnStart`): its first message at the top when the
   * turn is taller than the viewport, else at the bottom.
   * @defaultValue `undefined` (open at the bottom)
   */
  initialAnchor?: InitialAnchor | 'last-turn';
  /**
   * Assistant turns (with `turns` in `features`): which messages start a turn of an assistant
   * transcript (the reader's prompt). A turn that starts at the bottom (the reader sends) is brought to the top of the viewport, `turnPeek` px
   * below it, with blank space reserved below so the reply streams in without anything moving;
   * once the reply fills the viewport the space is gone and `follow` takes over. While the turn
   * is held, a reply that shrinks (regenerated, cancelled, collapsed) leaves the turn where it is
   * and the space grows back; the reader's wheel, touch, keys or scrollbar let go of it at once.
   * Whether the list goes to the new turn at all is the `follow` policy's decision, as for any
   * newer message. Also drives `currentTurnId`, `scrollToTurn` and `initialAnchor: 'last-turn'`.
   * Keep it stable, like `estimateSize`.
   * @defaultValue `undefined` (no turns)
   */
  isTurnStart?: (message: TMessage) => boolean;
  /**
   * How much of the message above a turn stays in view when the turn is brought to the top, px.
   * @defaultValue `0`
   */
  turnPeek?: number;
  /**
   * The turn being read (`currentTurnId`) changed.
   * @defaultValue `undefined`
   */
  onCurrentTurnChange?: (id: MessageKey | undefined) => void;
  /**
   * Reopen a conversation where the reader left it (with `snapshots` from
   * `@chat-list/react/snapshots` in `features`): a snapshot from `handle.getSnapshot()`. Read whenever a conversation opens, like `initialAnchor` (which it takes precedence over):
   * the snapshot's row comes back at the same pixel, also when messages arrived meanwhile (they
   * count in `unseenCount`, and the list is not at the bottom). A list that was at the bottom
   * with nothing new reopens at the bottom. A snapshot whose row is not among the messages opens
   * as without one.
   * @defaultValue `undefined` (open at `initialAnchor`, or at the bottom)
   */
  initialSnapshot?: ChatListSnapshot;
  /**
   * How many of the newest messages to render before the list has a viewport: in the server
   * HTML (SSR, React Server Components' client boundary) and the render that hydrates it, so the
   * message area is not blank until then. Render about a viewport's worth; at most 100. They are
   * the newest ones also with `initialAnchor` or `initialSnapshot`: such a page goes to that message
   * as it hydrates.
   * @defaultValue `0`
   */
  initialRenderCount?: number;
  /**
   * How close to the bottom (px) counts as at the bottom, for `isAtBottom`, `onAtBottomChange`,
   * the unseen count and following the next message. At least 1.5; scroll commands still land at
   * the exact bottom. It never moves the list by itself: a reader within it can keep scrolling up
   * in small steps, and only a list at the exact bottom is held there while the last message grows.
   * @defaultValue `1.5`
   */
  atBottomThreshold?: number;
  /**
   * Rows rendered beyond each edge of the viewport. Once the reader scrolls, the edge they
   * scroll toward keeps all of them and the edge they leave at most 2, until they turn: the rows
   * a fast scroll shows next are ready, and the DOM holds at most the viewport's rows and twice this.
   * @defaultValue `10`
   */
  overscan?: number;
  /**
   * What newer messages do to the scroll position: `'always'`, `'never'`, `'at-bottom'`,
   * `'only-received'`, or your own {@link FollowPolicy}.
   * @defaultValue `'at-bottom'`
   */
  follow?: FollowMode | FollowPolicy<TMessage>;
  /**
   * Glide to the bottom as a followed message grows (a streamed reply), instead of jumping there
   * in every frame: each frame closes a quarter of the way to the bottom as it is then (at
   * least 2 px), so the list trails a fast stream by about three frames of its growth and catches
   * up within about 20 frames of it stopping, never overshooting. `isAtBottom` stays true on the
   * way. The reader's wheel, touch, keys or scrollbar stop the glide in the same frame; a reply
   * that shrinks is followed up at once. Newer messages and scroll commands move as before;
   * `prefers-reduced-motion: reduce` jumps.
   * @defaultValue `false`
   */
  smoothFollow?: boolean;
  /**
   * Which messages come from others: what `'only-received'` follows. Any other message is one the
   * reader sent, which `followSentMessages` brings into view. Without it, a message whose `role`
   * is `'assistant'` is received and one whose `role` is `'user'` is sent (a message without a
   * `role` is neither).
   * @defaultValue `(message) => message.role === 'assistant'`
   */
  isReceived?: (message: TMessage) => boolean;
  /**
   * Scroll to the bottom when a newer message is one the reader sent (see `isReceived`), even
   * when they had scrolled up: every chat app shows you your message when you send it. Applies on
   * top of `follow` (a policy function included), except `'never'`, which never moves. `false`
   * leaves the decision to `follow` alone.
   * @defaultValue `true`
   */
  followSentMessages?: boolean;
  /**
   * Whether older messages exist before the first one in `messages`. While it is false,
   * `onOlderEndReached` is not called: set it to false with the first message of the conversation.
   * @defaultValue `true`
   */
  hasOlder?: boolean;
  /**
   * Distance in px from the top (from the first message) that asks for older messages.
   * @defaultValue `10`
   */
  olderEndOffset?: number;
  /**
   * Asked for older messages near the top (prepend them: the view does not move; set `hasOlder`
   * to false with the first page). Not called again while the promise it returns is pending.
   * @defaultValue `undefined`
   */
  onOlderEndReached?: (handle: ChatListHandle<TMessage>) => void | Promise<unknown>;
  /**
   * The former name of `olderEndOffset`, which is read first when both are given.
   * @deprecated Use `olderEndOffset`.
   * @defaultValue `10`
   */
  historyEndOffset?: number;
  /**
   * The former name of `onOlderEndReached`, which is called instead when both are given.
   * @deprecated Use `onOlderEndReached`.
   * @defaultValue `undefined`
   */
  onHistoryEndReached?: (handle: ChatListHandle<TMessage>) => void | Promise<unknown>;
  /**
   * Whether newer messages exist beyond the last one in `messages`: the list shows a window onto
   * a longer conversation (opened at the first unread or a search hit). While it is true the list
   * is not at the bottom of the conversation: newer messages (a loaded page) are never followed,
   * nothing is pinned, `isAtBottom` is false and `onNewerEndReached` is asked for more near the
   * bottom. `scrollToBottom` goes to the end of what is loaded. Once false, following resumes by
   * the `follow` policy.
   * @defaultValue `false`
   */
  hasNewer?: boolean;
  /**
   * Distance in px from the bottom (from the last message) that asks for newer messages, while
   * `hasNewer` is true.
   * @defaultValue `10`
   */
  newerEndOffset?: number;
  /**
   * Asked for newer messages (append them; set `hasNewer` to false with the last page). Not
   * called again while the promise it returns is pending.
   * @defaultValue `undefined`
   */
  onNewerEndReached?: (handle: ChatListHandle<TMessage>) => void | Promise<unknown>;
  /**
   * After a prepend is committed, with the prepended messages.
   * @defaultValue `undefined`
   */
  onOlderMessages?: (handle: ChatListHandle<TMessage>, batch: TMessage[]) => void;
  /**
   * After newer messages are committed, with those messages.
   * @defaultValue `undefined`
   */
  onNewerMessages?: (handle: ChatListHandle<TMessage>, batch: TMessage[]) => void;
  /**
   * The at-top state changed.
   * @defaultValue `undefined`
   */
  onAtTopChange?: (isAtTop: boolean) => void;
  /**
   * The at-bottom state changed.
   * @defaultValue `undefined`
   */
  onAtBottomChange?: (isAtBottom: boolean) => void;
  /**
   * Every scroll event, with the list's offset: `scrollTop`, or past the browser's height cap the
   * offset in the whole conversation.
   * @defaultValue `undefined`
   */
  onScroll?: (offset: number) => void;
  /**
   * 150 ms after the last scroll event.
   * @defaultValue `undefined`
   */
  onScrollEnd?: () => void;
  /**
   * The number of messages newer than the newest one seen changed.
   * @defaultValue `undefined`
   */
  onUnseenCountChange?: (count: number) => void;
  /**
   * What a screen reader hears when newer messages arrive, through a visually hidden polite live
   * region: by default "1 new message" / "3 new messages"; a function gives the text for the
   * messages that arrived (the received message's own text, say), or null to say nothing for
   * them (your own sent message); `false` turns announcements off. Rows that mount while
   * scrolling, prepended history, a loaded page of newer messages (`hasNewer`) and a streamed
   * message growing are never announced.
   * @defaultValue `true`
   */
  announceNewMessages?: boolean | ((newMessages: readonly TMessage[]) => string | null | undefined);
  /**
   * The messages in view changed (scrolling, a resize, a change of messages): the same record
   * as `getVisibleRange()`, or null when none is in view. Not called twice in a row with the
   * same range.
   * @defaultValue `undefined`
   */
  onVisibleRangeChange?: (range: VisibleRange | null) => void;
  /**
   * Parts of the list that not every list needs, imported and passed in so that a list without
   * them does not carry their code: `turns` from `@chat-list/react/turns` (for `isTurnStart`),
   * `readReceipts` from `@chat-list/react/read-receipts` (for `onMessagesSeen`) and
   * `stickyHeaders` from `@chat-list/react/sticky-headers` (for `stickyGroupHeader`) and
   * `snapshots` from `@chat-list/react/snapshots` (for `getSnapshot` and `initialSnapshot`). Read at
   * every render; a feature stays while it is passed.
   * @defaultValue `[]`
   */
  features?: readonly ChatListFeature[];
  /**
   * Read receipts (with `readReceipts` in `features`): called with the ids of messages the reader has read, a message being read once
   * at least `messagesSeenRatio` of it (or of the viewport, for a message taller than it) stayed in
   * view for `messagesSeenDelay` ms while the page was visible (a row flicking past in a fast
   * scroll is not read; a hidden tab reads nothing). Batched: one call for the messages read at
   * the same moment, in list order. Each message is reported at most once while it is in the list.
   * Independent of `unseenCount`, which counts a message seen as soon as any part of it shows.
   * @defaultValue `undefined`
   */
  onMessagesSeen?: (ids: MessageKey[]) => void;
  /**
   * The part of a message, 0 to 1, that must be in view for `onMessagesSeen`.
   * @defaultValue `0.5`
   */
  messagesSeenRatio?: number;
  /**
   * How long, in ms, a message must stay in view for `onMessagesSeen`.
   * @defaultValue `300`
   */
  messagesSeenDelay?: number;
}

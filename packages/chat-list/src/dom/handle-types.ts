import type { FollowContext as PolicyContext, FollowPolicy as Policy, MessageKey, ScrollAlign } from '../core';
import type { ChatListSnapshot } from './types';

/** What a follow policy knows when newer messages have been committed; `handle` is the list's. */
export type FollowContext<TMessage = unknown> = PolicyContext<TMessage, ChatListHandle<TMessage>>;

/**
 * Decides what newer messages do to the scroll position: `false` stays put, `true` or `'auto'`
 * jumps to the bottom, `'smooth'` animates there. `pinWhileGrowing: false` on the function
 * makes it behave like `'never'` for growth (the last message streaming, a suffix appearing).
 */
export type FollowPolicy<TMessage = unknown> = Policy<TMessage, ChatListHandle<TMessage>>;

/** Options of the scroll commands of {@link ChatListHandle}. */
export interface ScrollToMessageOptions {
  /**
   * Where the target lands in the viewport; `'nearest'` moves only as far as needed.
   * @defaultValue `'nearest'` for `scrollToIndex`/`scrollToId`
   */
  align?: ScrollAlign;
  /**
   * `'smooth'` animates; `'auto'` jumps. A target more than two viewports away is reached by a
   * jump to one viewport short of it and an animation over the rest, so that no frame shows
   * rows not rendered yet. `'smooth'` jumps all the way under `prefers-reduced-motion: reduce`,
   * and in a list past the browser's height cap when the target lies outside the scroller's
   * window of the content (about 2 000 000 px around the reader).
   * @defaultValue `'auto'`
   */
  behavior?: 'auto' | 'smooth';
}

/** Options of `scrollToTop` / `scrollToBottom`. */
export type ScrollToEdgeOptions = Pick<ScrollToMessageOptions, 'behavior'>;

/**
 * What the list shows now, for the controls around it: a jump-to-latest button, a loading
 * indicator, a turn navigator. Read it with `useChatListState`, or with the handle's `getState()`
 * and `subscribe()`. A new object whenever one of its values changes, the same object otherwise.
 */
export interface ChatListState {
  /**
   * At the bottom of the conversation: within `atBottomThreshold` of the bottom (or on the way
   * there in a smooth follow), and no newer messages left to load (`hasNewer`). As `onAtBottomChange` reports it.
   * @defaultValue `true` (before mount)
   */
  readonly isAtBottom: boolean;
  /**
   * At the top: `scrollTop < 1.5`, or content shorter than the viewport. As `onAtTopChange` reports it.
   * @defaultValue `true` (before mount)
   */
  readonly isAtTop: boolean;
  /**
   * Messages newer than the newest one the reader has seen (for "↓ 3 new"). As `onUnseenCountChange` reports it.
   * @defaultValue `0` (before mount)
   */
  readonly unseenCount: number;
  /**
   * The promise `onOlderEndReached` returned is pending.
   * @defaultValue `false`
   */
  readonly isLoadingOlder: boolean;
  /**
   * The promise `onNewerEndReached` returned is pending.
   * @defaultValue `false`
   */
  readonly isLoadingNewer: boolean;
  /**
   * Key of the turn being read (`isTurnStart`), as `onCurrentTurnChange` reports it.
   * @defaultValue `undefined` (without turns)
   */
  readonly currentTurnId: MessageKey | undefined;
}

/** Messages intersecting the viewport. */
export interface VisibleRange {
  firstIndex: number;
  lastIndex: number;
  firstId: MessageKey;
  lastId: MessageKey;
}

/**
 * The imperative handle of `ChatList` (via `ref`) and of `useChatList`. `TMessage` is accepted
 * for symmetry with the props; no member depends on it, so `useRef<ChatListHandle>(null)` fits a
 * list of any message type.
 *
 * The list renders its rows in the scroller's first layout, just before the first paint, after
 * the app's mount effects: a scroll command given before then (from a mount effect) runs once the
 * list has opened, and resolves as it would have then.
 */
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- the parameter is kept for `ChatListHandle<Message>` to read naturally
export interface ChatListHandle<TMessage = unknown> {
  /**
   * Lands exactly at the bottom (gap ≤ 1.5 px), also while row sizes are still
   * estimates. Resolves `true` when landed, `false` when the reader scrolled away
   * first, another command took over, or the list unmounted.
   * @defaultValue options `{ behavior: 'auto' }`
   */
  scrollToBottom(options?: ScrollToEdgeOptions): Promise<boolean>;
  /**
   * Lands exactly at the top; resolves like {@link ChatListHandle.scrollToBottom}.
   * @defaultValue options `{ behavior: 'auto' }`
   */
  scrollToTop(options?: ScrollToEdgeOptions): Promise<boolean>;
  /**
   * Brings message `index` into view; resolves like {@link ChatListHandle.scrollToBottom},
   * and `false` at once for an index out of range. The index is of the messages the list has
   * when it gets there: called in the same task as a change of the messages, it means the
   * messages after that change, and one past the last of them resolves `false` where the list is.
   * @defaultValue options `{ align: 'nearest', behavior: 'auto' }`
   */
  scrollToIndex(index: number, options?: ScrollToMessageOptions): Promise<boolean>;
  /**
   * Brings the message with key `id` into view; resolves like {@link ChatListHandle.scrollToIndex},
   * and `false` at once for an unknown id. The message is followed through changes of the
   * messages made in the same task (a removal above it); removed before the list gets there, it
   * resolves `false`.
   * @defaultValue options `{ align: 'nearest', behavior: 'auto' }`
   */
  scrollToId(id: MessageKey, options?: ScrollToMessageOptions): Promise<boolean>;
  /**
   * Raw: sets the scroll offset in px (cancels a pending scroll command).
   * @defaultValue options `{ behavior: 'auto' }`
   */
  scrollToOffset(offset: number, options?: ScrollToEdgeOptions): void;
  /**
   * Raw: scrolls by `delta` px, negative is up (cancels a pending scroll command).
   * @defaultValue options `{ behavior: 'auto' }`
   */
  scrollBy(delta: number, options?: ScrollToEdgeOptions): void;
  /**
   * `scrollTop < 1.5`, or content shorter than the viewport.
   * @defaultValue `true` (before mount)
   */
  readonly isAtTop: boolean;
  /**
   * Within 1.5 px of the bottom, or content shorter than the viewport.
   * @defaultValue `true` (before mount)
   */
  readonly isAtBottom: boolean;
  /**
   * Between a scroll event and 150 ms after the last one.
   * @defaultValue `false` (before mount)
   */
  readonly isScrolling: boolean;
  /**
   * `scrollTop` of the scroller, px.
   * @defaultValue `0` (before mount)
   */
  readonly scrollOffset: number;
  /**
   * `scrollHeight` of the scroller, px.
   * @defaultValue `0` (before mount)
   */
  readonly scrollSize: number;
  /**
   * `clientHeight` of the scroller, px.
   * @defaultValue `0` (before mount)
   */
  readonly viewportSize: number;
  /**
   * Messages intersecting the viewport, or `null` when none does (empty or hidden list). A message
   * that reaches a pixel or less into it is not counted: a scroller stands on whole device pixels,
   * so after `scrollToId(id, { align: 'start' })` the message above may show such a sliver, and
   * `firstId` is `id` in every browser.
   * @defaultValue returns `null` (before mount)
   */
  getVisibleRange(): VisibleRange | null;
  /**
   * Whether any part of the message with key `id` has been inside the viewport.
   * @defaultValue returns `false` (before anything was seen)
   */
  wasSeen(id: MessageKey): boolean;
  /**
   * Key of the newest message seen so far.
   * @defaultValue `undefined` (before anything was seen)
   */
  readonly newestSeenId: MessageKey | undefined;
  /**
   * Messages newer than the newest one seen (for a "↓ 3 new" button).
   * @defaultValue `messages.length` (before anything was seen)
   */
  readonly unseenCount: number;
  /**
   * The scroller element.
   * @defaultValue returns `null` (before mount)
   */
  getScrollElement(): HTMLElement | null;
  /**
   * Forgets every measured row height and measures the rows on screen again; rows out of view go
   * back to `estimateSize` until they render. Call it after something changed row heights that
   * the list cannot see: a font or density setting, a new width-dependent `estimateSize` after a
   * resize (rows measured at the old width keep their old heights until they render again). The
   * reader's row stays where it is, and a list at the bottom stays at the bottom.
   * @defaultValue does nothing (before mount)
   */
  remeasure(): void;
  /**
   * Where the reader is, to reopen the conversation exactly there later (`initialSnapshot`):
   * switching conversations A → B → A. Plain data: keep it in state, a store or
   * `sessionStorage`. Null before mount and while there are no messages. Needs `snapshots`
   * (from `@chat-list/react/snapshots`) in `features`; without it, null, and said once in
   * development.
   * @defaultValue `null` (before mount, without messages, or without `snapshots`)
   */
  getSnapshot(): ChatListSnapshot | null;
  /**
   * Key of the turn being read (`isTurnStart`): the last turn start at or above the reading line
   * (the viewport's top plus `turnPeek` plus 24 px), also when it has scrolled out of view above.
   * `undefined` without turns, or while no turn starts at or above that line.
   * @defaultValue `undefined` (before mount, or without `isTurnStart`)
   */
  readonly currentTurnId: MessageKey | undefined;
  /**
   * Brings a turn's first message to the top of the viewport (`turnPeek` px below it), for a turn
   * navigator: `'previous'` is the nearest turn start above that line, `'next'` the nearest below
   * it, or a message's key. Resolves like {@link ChatListHandle.scrollToIndex}, and `false` at
   * once when there is no such turn (or without turns: `isTurnStart` and the `turns` feature). The last turn, when shorter than the
   * viewport, lands at the bottom.
   * @defaultValue options `{ behavior: 'auto' }`
   */
  scrollToTurn(target: 'previous' | 'next' | MessageKey, options?: ScrollToEdgeOptions): Promise<boolean>;
  /**
   * What the list shows now (at the bottom, unseen count, loading, current turn): the object
   * `useChatListState` renders with. The same object until one of its values changes.
   * @defaultValue returns the state before mount: at the top and the bottom, nothing unseen or loading
   */
  getState(): ChatListState;
  /**
   * Calls `listener` after each change of `getState()`; returns the function that stops it. For
   * stores and frameworks other than React state (`useSyncExternalStore` takes it as it is).
   * @defaultValue no listener
   */
  subscribe(listener: () => void): () => void;
}

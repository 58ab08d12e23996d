import type { VirtualItem } from '@tanstack/virtual-core';
import type { GroupKey, MessageKey, ScrollMetrics, ScrollTarget } from '../core';
import type { ChatListBehaviorOptions, ChatListSnapshot, VisibleRange } from './types';

/**
 * What a feature may read of its list, each as it is now. Nothing here moves the list: a feature
 * reports what it sees, and the list alone owns the scroll position.
 */
export interface ChatListFeatureContext<TMessage = unknown> {
  /** The list's props (the hook's options) as of the latest render. */
  options(): ChatListBehaviorOptions<TMessage>;
  /** The messages as of the latest render. */
  messages(): readonly TMessage[];
  /** The key of `messages[index]`, with a stand-in for a message without one. */
  keyAt(index: number): MessageKey;
  /** The scroller element, or null before mount. */
  scroller(): HTMLElement | null;
  /** The scroller's geometry now, in the list's offsets. */
  metrics(): ScrollMetrics;
  /** TanStack Virtual's rows as laid out now; `messages[index]` is row `index + firstMessageRow()`. */
  rows(): readonly VirtualItem[];
  /** The row of `messages[0]` among `rows()`: 1 after a prefix row, else 0. */
  firstMessageRow(): number;
  /** The row that spans `offset` (px from the top of the content), as TanStack finds it. */
  rowAtOffset(offset: number): VirtualItem | undefined;
  /** The list's offset now, px from the top of the content (`metrics()` reads more). */
  scrollOffset(): number;
  /** Whether a row was measured (its size is not an estimate). */
  isMeasured(row: VirtualItem): boolean;
  /** Whether a scroll command is carrying the view to its target (the opening, a jump, a follow). */
  isMovingToTarget(): boolean;
  /** Whether what is in view may be read now: a scroller, and the latest messages committed. */
  canReadView(): boolean;
  /** The messages in view now (the handle's `getVisibleRange()`). */
  getVisibleRange(): VisibleRange | null;
  /** The group of `messages[index]` (`getGroupKey`; a key that is not a string or a number counts as none), or undefined. */
  groupKeyAt(index: number): GroupKey | undefined;
  /**
   * Renders the list again, so that what a feature hands the list's markup (a stuck header)
   * shows. `isNow`: before this returns, for a change that must show in the frame being drawn
   * (only from an animation frame or an event, never from a render or an effect); otherwise in
   * a render of its own, which comes before the paint when asked from the list's layout effect.
   */
  render(isNow: boolean): void;
  /** The rows rendered now (TanStack's `getVirtualItems()`), in `rows()`'s indexes. */
  renderedRows(): readonly VirtualItem[];
  /**
   * The row the reader reads (the top fully visible message row, or the one that spans the
   * viewport), as an index in `rows()`, and how far its top is below the viewport's top, px
   * (`offset`); null without one. The row the list keeps still when the messages change.
   */
  readerRow(): { index: number; offset: number } | null;
  /** Whether the list is at the bottom now (the handle's `isAtBottom`). */
  isAtBottom(): boolean;
  /** The newest message the reader has seen (the handle's `newestSeenId`). */
  newestSeenId(): MessageKey | undefined;
}

/** The group whose header sticks to the top of the list. */
export interface StuckGroupHeader<TMessage = unknown> {
  groupKey: GroupKey;
  /** The message at the top of the viewport when the group got stuck. */
  message: TMessage;
}

/** Where a turn navigator goes: a message's top, `offset` px below the viewport's top. */
export interface TurnTarget {
  index: number;
  offset: number;
}

/**
 * Where a feature opens a new conversation: `at` a message's top, `offset` px below the
 * viewport's top, or at the bottom; `newestSeenIndex` is the newest message the reader has seen
 * there (the unseen count starts after it), -1 for none.
 */
export interface FeatureOpening {
  at: TurnTarget | 'bottom';
  newestSeenIndex: number;
}

/**
 * What a feature does at the list's moments, and what it answers when the list asks; each is
 * optional. A feature shapes the list only through its answers (the space it keeps below the
 * rows, where a turn is): the list moves itself.
 */
export interface ChatListFeatureInstance {
  /** What is in view was read (a scroll, a layout change, a commit): the range now. */
  onViewChange?(range: VisibleRange | null): void;
  /** The same messages are in view, but may read differently: the tab was shown or hidden, a command landed. */
  onRecheck?(): void;
  /** A change of the messages was committed: their count and keys now. */
  onMessagesChange?(length: number, keyAt: (index: number) => MessageKey): void;
  /** The list lost its scroller or unmounted: nothing may be left running. */
  stop?(): void;
  /** The scroller scrolled: every scroll event, the list's own writes too. */
  onScroll?(): void;
  /** The list rendered (in its layout effect, before the paint): rows, sizes or options may have changed under a still viewport. */
  onRender?(): void;

  /**
   * Blank space to keep below the last row, px (`rowsEnd`: where the rows end). The list's
   * content is its rows and the largest such space, so the bottom it scrolls to, follows and
   * pins is there (a turn held at the top). Asked often: it must only read.
   */
  spaceBelowRows?(rowsEnd: number): number;
  /** The rows were laid out again (measured, added, the list resized), before the content is sized again. */
  onLayout?(rowsEnd: number): void;
  /**
   * Newer messages were committed at the newest end while the list is there, before it follows
   * them. Returns whether the space below the rows changed.
   */
  onNewerMessages?(count: number): boolean;
  /** The reader took the scroll position from the list (the wheel, touch, keys, the scrollbar). */
  onReaderIntent?(rowsEnd: number): void;
  /** A scroll command started (a handle call, a follow, the opening), aiming at `target`. */
  onCommandStart?(target: ScrollTarget): void;
  /** The scroll command settled: `landed` is whether it reached its target. */
  onCommandSettle?(landed: boolean): void;
  /** A new conversation opened (its first message's key changed, or the list mounted again). */
  onConversationOpen?(): void;
  /** The first message of the turn being read (`currentTurnId`), or -1. */
  findCurrentTurn?(): number;
  /** Where `scrollToTurn` goes: the nearest turn above or below, or the turn of a message; null for none. */
  findTurnTarget?(target: 'previous' | 'next' | MessageKey): TurnTarget | null;
  /** Where `initialAnchor: 'last-turn'` opens; null without a turn. */
  findLastTurn?(): TurnTarget | null;
  /** The group whose header sticks to the top of the list now (the hook's `stickyHeader`), or null. */
  stuckGroupHeader?(): StuckGroupHeader | null;
  /** The element that holds the stuck header's content was attached (null: it was removed). */
  onStickyHeaderElement?(element: HTMLElement | null): void;
  /** Where a new conversation opens, before `initialAnchor` and the newest message; null to leave it to them. */
  findOpening?(): FeatureOpening | null;
  /**
   * A height known for the message keyed `key` before it is measured, px, that stands in for its
   * estimate (a snapshot's); undefined for none. Asked while the list has `initialSnapshot` (a
   * new one asks again), for every row laid out: it must be cheap.
   */
  knownSize?(key: MessageKey): number | undefined;
  /** What the handle's `getSnapshot()` returns (asked only while the list is mounted with a scroller). */
  getSnapshot?(): ChatListSnapshot | null;
}

/**
 * A part of the list that an app imports and passes in (`features`), so that a list without it
 * does not carry its code: `import { readReceipts } from '@chat-list/react/read-receipts'`. A
 * feature reads the list through its context and is told of the list's moments; it never moves
 * the list.
 */
export interface ChatListFeature {
  /** The feature's name, for the list's development messages. */
  readonly name: string;
  /** Called once per list that is given the feature, when it first is. */
  create<TMessage>(list: ChatListFeatureContext<TMessage>): ChatListFeatureInstance;
}

import {
  createCurrentTurnTracker,
  findKey,
  findTurnReserve,
  findTurnStartAfter,
  findTurnStartAtOrBefore,
  sanitizeNumber,
  TURN_PEEK_RULE,
  TURN_READING_LINE_PX,
  type MessageKey,
} from '../core';
import { getLayout, type ListVirtualizer } from './tanstack-internals';

/** What the turn anchor reads of the list, as of the latest render. */
export interface TurnAnchorSource<TMessage> {
  virtualizer: () => ListVirtualizer;
  messages: () => readonly TMessage[];
  getKeyAt: (index: number) => MessageKey;
  /** The row of `messages[0]` among TanStack's rows (core `rows.ts`). */
  firstMessageRow: () => number;
  isTurnStart: () => ((message: TMessage) => boolean) | undefined;
  turnPeek: () => number | undefined;
  scroller: () => HTMLElement | null;
  /** The list's offset (the scroller's, plus the content above a scaled list's window, issue #15). */
  scrollOffset: () => number;
}

/**
 * The turn brought to the top when it started at the bottom. `maxReserve` is unbounded while
 * the turn is held; once the reader lets go, the reserve only shrinks (a reply that collapses
 * then moves the view as any shorter content does).
 */
interface HeldTurn {
  key: MessageKey;
  /** Where the turn's first message was last found (a prepend moves it). */
  index: number;
  /** How many messages there were when it was last found: the same count tells a swapped key from a removal. */
  messageCount: number;
  maxReserve: number;
}

/** Where `scrollToTurn` and the last-turn opening put a turn: its first message, `offset` px below the viewport's top. */
export interface TurnTarget {
  index: number;
  offset: number;
}

/**
 * Turns of an assistant transcript (issue #19): holds a new turn at the top with space reserved
 * below it, tracks the turn being read, and finds the turns a navigator goes to. The core holds
 * the arithmetic; this reads the layout and the scroller. The engine sizes the content with
 * `contentSize()` everywhere it would use TanStack's total, so the bottom of the list is the
 * turn at the top, and the pin, the follow and `scrollToBottom` need to know nothing of turns.
 */
export const createTurnAnchor = <TMessage>(source: TurnAnchorSource<TMessage>) => {
  let held: HeldTurn | null = null;
  const tracker = createCurrentTurnTracker();
  /** The `isTurnStart` the tracker's answers were found with: a new one may start other turns. */
  let trackedRule: unknown;

  const isTurnStartAt = (index: number): boolean => {
    const isTurnStart = source.isTurnStart();
    const message = source.messages()[index];
    return isTurnStart !== undefined && message !== undefined && message !== null && isTurnStart(message) === true;
  };
  const peek = () => sanitizeNumber(source.turnPeek(), TURN_PEEK_RULE);

  /** The held turn's message index in the current messages, or -1 (it was removed). */
  const findHeldIndex = (turn: HeldTurn): number => {
    const { length } = source.messages();
    if (turn.index < length && source.getKeyAt(turn.index) === turn.key) return turn.index;
    // The turn is near the end: search from there.
    const index = length === 0 ? -1 : findKey(turn.key, source.getKeyAt, length - 1, 0);
    if (index !== -1) return index;
    // The prompt's temporary id swapped for the server's: as many messages as before, and a turn
    // still starts where it stood. Losing it dropped the reserve, and the content shrank under
    // the reader by up to a viewport (found by the fuzzer, seed 14001).
    return length === turn.messageCount && turn.index < length && isTurnStartAt(turn.index) ? turn.index : -1;
  };

  /** The blank space below the rows that keeps the held turn at the top, px (reads only). */
  const reserve = (rowsEnd: number): number => {
    if (held === null) return 0;
    const index = findHeldIndex(held);
    const row = index === -1 ? undefined : getLayout(source.virtualizer())[index + source.firstMessageRow()];
    if (row === undefined) return 0;
    return findTurnReserve({
      turnStart: row.start,
      rowsEnd,
      viewportSize: source.scroller()?.clientHeight ?? 0,
      peek: peek(),
      maxReserve: held.maxReserve,
    });
  };

  /** The row that spans `offset`, as a message index (-1 above the first message, the last below it). */
  const messageAt = (offset: number): number => {
    const row = source.virtualizer().getVirtualItemForOffset(offset);
    if (row === undefined) return -1;
    return Math.min(row.index - source.firstMessageRow(), source.messages().length - 1);
  };

  return {
    reserve,

    /**
     * The layout changed (rows measured, the content resized): the held turn's index follows a
     * prepend, and a released turn's reserve becomes the most it may be from now on, so it only
     * shrinks as the reply grows and never grows back when it collapses.
     */
    settleReserve(rowsEnd: number) {
      if (held === null) return;
      const index = findHeldIndex(held);
      if (index !== -1) {
        held.key = source.getKeyAt(index);
        held.index = index;
        held.messageCount = source.messages().length;
      }
      if (Number.isFinite(held.maxReserve)) held.maxReserve = reserve(rowsEnd);
    },

    /**
     * Newer messages were committed at the live end: the last of them that starts a turn is
     * held at the top. Returns whether one did (the content must be resized before following).
     */
    onNewerMessages(newerCount: number): boolean {
      const { length } = source.messages();
      const index =
        source.isTurnStart() === undefined
          ? -1
          : findTurnStartAtOrBefore(length - 1, isTurnStartAt, length - newerCount);
      if (index === -1) return false;
      held = { key: source.getKeyAt(index), index, messageCount: length, maxReserve: Infinity };
      return true;
    },

    /** The reader took the wheel (or a conversation opened): the turn is no longer held. */
    release(rowsEnd: number) {
      if (held !== null && !Number.isFinite(held.maxReserve)) held.maxReserve = reserve(rowsEnd);
    },

    /** A new conversation: nothing is held and nothing is known of the old one's turns. */
    reset() {
      held = null;
      tracker.forget();
    },

    /** The first message of the turn being read, or -1: the last turn start at or above the reading line. */
    findCurrentTurn(): number {
      const element = source.scroller();
      const rule = source.isTurnStart();
      if (rule !== trackedRule) {
        trackedRule = rule;
        tracker.forget();
      }
      if (element === null || rule === undefined) return -1;
      const line = source.scrollOffset() + peek() + TURN_READING_LINE_PX;
      return tracker.find(source.messages(), messageAt(line), isTurnStartAt);
    },

    /**
     * Where a navigator goes: the nearest turn start above the landing line (`'previous'`) or
     * below it (`'next'`), or the message with `id`; null when there is none.
     */
    findTarget(target: 'previous' | 'next' | MessageKey): TurnTarget | null {
      const element = source.scroller();
      const { length } = source.messages();
      if (element === null || source.isTurnStart() === undefined || length === 0) return null;
      const offset = peek();
      const line = source.scrollOffset() + offset;
      // A turn within a pixel of the line is the one the reader is at: neither previous nor next.
      let index: number;
      if (target === 'previous') {
        index = findTurnStartAtOrBefore(messageAt(line - 1), isTurnStartAt);
        const layout = getLayout(source.virtualizer());
        // The row at the line can start at it (the list at the top): that turn is not above.
        while (index !== -1 && (layout[index + source.firstMessageRow()]?.start ?? 0) >= line - 1) {
          index = findTurnStartAtOrBefore(index - 1, isTurnStartAt);
        }
      } else if (target === 'next') index = findTurnStartAfter(messageAt(line + 1), length, isTurnStartAt);
      else index = findKey(target, source.getKeyAt, length - 1, 0);
      return index === -1 ? null : { index, offset };
    },

    /** The last turn of the transcript, for `initialAnchor: 'last-turn'`; null without one. */
    findLastTurn(): TurnTarget | null {
      const { length } = source.messages();
      if (source.isTurnStart() === undefined || length === 0) return null;
      const index = findTurnStartAtOrBefore(length - 1, isTurnStartAt);
      return index === -1 ? null : { index, offset: peek() };
    },
  };
};

export type TurnAnchor<TMessage> = ReturnType<typeof createTurnAnchor<TMessage>>;

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
  type ScrollTarget,
} from '../core';
import type { ChatListFeature, ChatListFeatureContext, ChatListFeatureInstance, TurnTarget } from '../dom/features';

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

/** How the turn modules find turns and rows in the latest render. */
const createTurnLookup = <TMessage>(list: ChatListFeatureContext<TMessage>) => {
  const isTurnStartAt = (index: number): boolean => {
    const { isTurnStart } = list.options();
    const message = list.messages()[index];
    return isTurnStart !== undefined && message !== undefined && message !== null && isTurnStart(message) === true;
  };

  return {
    isTurnStartAt,
    peek: () => sanitizeNumber(list.options().turnPeek, TURN_PEEK_RULE),

    /**
     * Where a turn is now: at its last index, or found by its key (searched from the end, where
     * turns are held and read) after a prepend; -1 when it was removed.
     */
    findTurnIndex({ key, index }: { key: MessageKey; index: number }): number {
      const { length } = list.messages();
      if (index < length && list.keyAt(index) === key) return index;
      return length === 0 ? -1 : findKey(key, list.keyAt, length - 1, 0);
    },

    /** The top of a message's row, px in content coordinates, or undefined when it has no row. */
    rowStart: (index: number): number | undefined => list.rows()[index + list.firstMessageRow()]?.start,

    /** The row that spans `offset`, as a message index (-1 above the first message, the last below it). */
    messageAt(offset: number): number {
      const row = list.rowAtOffset(offset);
      if (row === undefined) return -1;
      return Math.min(row.index - list.firstMessageRow(), list.messages().length - 1);
    },
  };
};

type TurnLookup = ReturnType<typeof createTurnLookup>;

/**
 * The turn held at the top (a new turn that started at the bottom), and the space reserved
 * below the rows that keeps it there. Owns the held turn.
 */
const createHeldTurn = <TMessage>(list: ChatListFeatureContext<TMessage>, lookup: TurnLookup) => {
  let held: HeldTurn | null = null;

  /** The held turn's message index in the current messages, or -1 (it was removed). */
  const findHeldIndex = (turn: HeldTurn): number => {
    const { length } = list.messages();
    const index = lookup.findTurnIndex(turn);
    if (index !== -1) return index;
    // The prompt's temporary id swapped for the server's: as many messages as before, and a turn
    // still starts where it stood. Losing it dropped the reserve, and the content shrank under
    // the reader by up to a viewport (found by the fuzzer, seed 14001).
    return length === turn.messageCount && turn.index < length && lookup.isTurnStartAt(turn.index) ? turn.index : -1;
  };

  /** The blank space below the rows that keeps the held turn at the top, px (reads only). */
  const reserve = (rowsEnd: number): number => {
    if (held === null) return 0;
    const index = findHeldIndex(held);
    const turnStart = index === -1 ? undefined : lookup.rowStart(index);
    if (turnStart === undefined) return 0;
    return findTurnReserve({
      turnStart,
      rowsEnd,
      viewportSize: list.scroller()?.clientHeight ?? 0,
      peek: lookup.peek(),
      maxReserve: held.maxReserve,
    });
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
        held.key = list.keyAt(index);
        held.index = index;
        held.messageCount = list.messages().length;
      }
      if (Number.isFinite(held.maxReserve)) held.maxReserve = reserve(rowsEnd);
    },

    /**
     * Newer messages were committed at the live end: the last of them that starts a turn is
     * held at the top. Returns whether one did (the content must be resized before following).
     */
    onNewerMessages(newerCount: number): boolean {
      const { length } = list.messages();
      const index =
        list.options().isTurnStart === undefined
          ? -1
          : findTurnStartAtOrBefore(length - 1, lookup.isTurnStartAt, length - newerCount);
      if (index === -1) return false;
      held = { key: list.keyAt(index), index, messageCount: length, maxReserve: Infinity };
      return true;
    },

    /** The reader took the wheel (or a conversation opened): the turn is no longer held. */
    release(rowsEnd: number) {
      if (held !== null && !Number.isFinite(held.maxReserve)) held.maxReserve = reserve(rowsEnd);
    },

    forgetHeld() {
      held = null;
    },
  };
};

/**
 * The turn being read: the one a command took the reader to while it stays where it landed,
 * else the last turn start at or above the reading line. Owns the landed turn and the tracker.
 */
const createCurrentTurn = <TMessage>(list: ChatListFeatureContext<TMessage>, lookup: TurnLookup) => {
  /**
   * The turn a scroll command took the reader to, and where its first message landed (px below
   * the viewport's top): the turn being read while it stays there, whatever the reading line
   * finds. A turn shorter than the line's distance below its first message left the next turn
   * reported as read after `scrollToTurn(id)`.
   */
  let landedTurn: { key: MessageKey; index: number; top: number; isUnderway: boolean } | null = null;
  const tracker = createCurrentTurnTracker();
  /** The `isTurnStart` the tracker's answers were found with: a new one may start other turns. */
  let trackedRule: unknown;

  /**
   * The turn a command took the reader to, while its first message is neither above the
   * viewport's top nor lower than both where it landed and the reading line; else -1, and it is
   * forgotten (the reader scrolled on, or it was removed).
   */
  const findLandedTurn = (): number => {
    if (landedTurn === null) return -1;
    const index = lookup.findTurnIndex(landedTurn);
    const start = index === -1 || !lookup.isTurnStartAt(index) ? undefined : lookup.rowStart(index);
    const top = start === undefined ? Number.NaN : start - list.scrollOffset();
    if (top >= -1 && top <= Math.max(lookup.peek() + TURN_READING_LINE_PX, landedTurn.top + 1)) {
      landedTurn.index = index;
      return index;
    }
    // On its way, the turn is not there yet.
    if (!landedTurn.isUnderway || index === -1) landedTurn = null;
    return -1;
  };

  return {
    forgetTurns() {
      landedTurn = null;
      tracker.forget();
    },

    /**
     * A scroll command started. One that brings a turn's first message to the top (`scrollToTurn`,
     * a jump aligned at the start, the opening at the last turn) takes the reader to that turn,
     * the turn being read once it is there. A message shown lower (`'end'`, `'center'`) is read
     * from the reading line.
     */
    noteCommandStarted(target: ScrollTarget) {
      const isBroughtToTop =
        target.kind === 'index' && target.align === 'start' && (target.offset ?? 0) <= lookup.peek();
      const index = isBroughtToTop ? target.index : -1;
      landedTurn =
        index >= 0 && lookup.isTurnStartAt(index)
          ? { key: list.keyAt(index), index, top: Number.NEGATIVE_INFINITY, isUnderway: true }
          : null;
    },

    /** The command settled: a turn it took the reader to stays the one read while it stays where it landed. */
    noteCommandSettled(landed: boolean) {
      if (landedTurn === null || !landedTurn.isUnderway) return;
      const index = landed ? lookup.findTurnIndex(landedTurn) : -1;
      const start = index === -1 ? undefined : lookup.rowStart(index);
      landedTurn =
        start === undefined ? null : { ...landedTurn, index, top: start - list.scrollOffset(), isUnderway: false };
    },

    /**
     * The first message of the turn being read, or -1: the turn a command just took the reader to,
     * else the last turn start at or above the reading line.
     */
    findCurrentTurn(): number {
      const element = list.scroller();
      const rule = list.options().isTurnStart;
      if (rule !== trackedRule) {
        trackedRule = rule;
        tracker.forget();
      }
      if (element === null || rule === undefined) return -1;
      const landed = findLandedTurn();
      if (landed !== -1) return landed;
      const line = list.scrollOffset() + lookup.peek() + TURN_READING_LINE_PX;
      return tracker.find(list.messages(), lookup.messageAt(line), lookup.isTurnStartAt);
    },
  };
};

/** Where a turn navigator goes, and the last turn for the opening. Owns nothing. */
const createTurnNavigator = <TMessage>(list: ChatListFeatureContext<TMessage>, lookup: TurnLookup) => ({
  /**
   * Where a navigator goes: the nearest turn start above the landing line (`'previous'`) or
   * below it (`'next'`), or the message with `id`; null when there is none.
   */
  findTarget(target: 'previous' | 'next' | MessageKey): TurnTarget | null {
    const element = list.scroller();
    const { length } = list.messages();
    if (element === null || list.options().isTurnStart === undefined || length === 0) return null;
    const offset = lookup.peek();
    const line = list.scrollOffset() + offset;
    // A turn within a pixel of the line is the one the reader is at: neither previous nor next.
    let index: number;
    if (target === 'previous') {
      index = findTurnStartAtOrBefore(lookup.messageAt(line - 1), lookup.isTurnStartAt);
      // The row at the line can start at it (the list at the top): that turn is not above.
      while (index !== -1 && (lookup.rowStart(index) ?? 0) >= line - 1) {
        index = findTurnStartAtOrBefore(index - 1, lookup.isTurnStartAt);
      }
    } else if (target === 'next') index = findTurnStartAfter(lookup.messageAt(line + 1), length, lookup.isTurnStartAt);
    else index = findKey(target, list.keyAt, length - 1, 0);
    return index === -1 ? null : { index, offset };
  },

  /** The last turn of the transcript, for `initialAnchor: 'last-turn'`; null without one. */
  findLastTurn(): TurnTarget | null {
    const { length } = list.messages();
    if (list.options().isTurnStart === undefined || length === 0) return null;
    const index = findTurnStartAtOrBefore(length - 1, lookup.isTurnStartAt);
    return index === -1 ? null : { index, offset: lookup.peek() };
  },
});

/**
 * Assistant turns: a turn that starts at the newest end (the reader sends) is brought to the top
 * of the viewport, with blank space kept below it until the reply fills it; `currentTurnId`,
 * `onCurrentTurnChange`, `scrollToTurn` and `initialAnchor: 'last-turn'` find the turns.
 * `isTurnStart` says which message starts one. Pass it in `features` to use turns:
 *
 * @example
 * import { turns } from '@chat-list/react/turns';
 * <ChatList features={[turns]} isTurnStart={(message) => message.role === 'user'} … />
 */
export const turns: ChatListFeature = {
  name: 'turns',
  create: <TMessage>(list: ChatListFeatureContext<TMessage>): ChatListFeatureInstance => {
    const lookup = createTurnLookup(list);
    const { forgetHeld, reserve, settleReserve, onNewerMessages, release } = createHeldTurn(list, lookup);
    const { forgetTurns, noteCommandStarted, noteCommandSettled, findCurrentTurn } = createCurrentTurn(list, lookup);
    const { findTarget, findLastTurn } = createTurnNavigator(list, lookup);
    return {
      // The list sizes its content with this everywhere it would use the rows' end, so its
      // bottom is the turn at the top: the pin, the follow and `scrollToBottom` know nothing of turns.
      spaceBelowRows: reserve,
      onLayout: settleReserve,
      onNewerMessages,
      onReaderIntent: release,
      onCommandStart: noteCommandStarted,
      onCommandSettle: noteCommandSettled,
      // A new conversation: nothing is held and nothing is known of the old one's turns.
      onConversationOpen() {
        forgetHeld();
        forgetTurns();
      },
      findCurrentTurn,
      findTurnTarget: findTarget,
      findLastTurn,
    };
  },
};

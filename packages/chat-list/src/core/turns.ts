/**
 * Turns of an assistant transcript: a turn starts at a message the app marks
 * (`isTurnStart`: the reader's prompt) and runs until the next one. A turn that starts at the
 * bottom is brought to the top of the viewport, and the space its reply will take is reserved
 * below it, so the reply streams in without anything moving.
 */

/**
 * How far below the landing line (the viewport's top plus the peek) a turn's start may be and
 * still be the turn being read: a turn brought to the top lands on the line; one a few pixels
 * below it (rounding, a reader who scrolled a little) is still the one read.
 */
export const TURN_READING_LINE_PX = 24;

/** What the reserve below a turn at the top is worked out from (px, content coordinates). */
export interface TurnReserveInput {
  /** Top of the turn's first message. */
  turnStart: number;
  /** Bottom of the last row (the end of the content without the reserve). */
  rowsEnd: number;
  viewportSize: number;
  /** How much of the message above the turn stays in view above it. */
  peek: number;
  /** The most the reserve may be: unbounded while the turn is held, frozen once the reader lets go. */
  maxReserve: number;
}

/**
 * The blank space below the rows that lets the turn's first message stand `peek` px below the
 * viewport's top, with the list at the bottom. It shrinks by exactly what the reply grows (so
 * the content's height, and with it the scroll position, stays put) and is gone once the reply
 * fills the viewport; it grows back when the reply shrinks, while the turn is held.
 */
export const findTurnReserve = ({ turnStart, rowsEnd, viewportSize, peek, maxReserve }: TurnReserveInput): number =>
  Math.min(maxReserve, Math.max(0, turnStart - peek + viewportSize - rowsEnd));

/** The last message at or before `index` (and not before `stopAt`) that starts a turn, or -1. */
export const findTurnStartAtOrBefore = (
  index: number,
  isTurnStartAt: (index: number) => boolean,
  stopAt = 0,
): number => {
  for (let candidate = index; candidate >= stopAt; candidate--) {
    if (isTurnStartAt(candidate)) return candidate;
  }
  return -1;
};

/** The first message after `index` (before `count`) that starts a turn, or -1. */
export const findTurnStartAfter = (index: number, count: number, isTurnStartAt: (index: number) => boolean): number => {
  for (let candidate = Math.max(0, index + 1); candidate < count; candidate++) {
    if (isTurnStartAt(candidate)) return candidate;
  }
  return -1;
};

/**
 * The turn being read: the last turn start at or above the reading line (the message row that
 * spans it, `rowAtLine`, or any before it). Remembers the last answer for the same messages, so
 * a scroll costs the rows it crossed, not a scan back to the previous turn every time.
 */
export const createCurrentTurnTracker = () => {
  let known: { messages: unknown; lineIndex: number; turnIndex: number } | null = null;
  return {
    /** The index of the current turn's first message, or -1 when no turn starts at or above the line. */
    find(messages: unknown, rowAtLine: number, isTurnStartAt: (index: number) => boolean): number {
      if (rowAtLine < 0) return -1;
      // What the last answer proved for the same messages: no turn starts after `turnIndex` up to
      // the line it was found for (nor anywhere up to that line, when there was none). Only the
      // rows from the new line down to what was proved need a look.
      const proved = known !== null && known.messages === messages ? known : null;
      let stopAt = 0;
      let fallback = -1;
      if (proved !== null && proved.turnIndex !== -1 && rowAtLine >= proved.turnIndex) {
        stopAt = proved.turnIndex + 1;
        fallback = proved.turnIndex;
      } else if (proved !== null && proved.turnIndex === -1) {
        stopAt = proved.lineIndex + 1;
      }
      const found = findTurnStartAtOrBefore(rowAtLine, isTurnStartAt, stopAt);
      const turnIndex = found === -1 ? fallback : found;
      // No turn up to the earlier line, and none up to this one: none up to the later of the two.
      const lineIndex =
        turnIndex === -1 && proved !== null && proved.turnIndex === -1
          ? Math.max(proved.lineIndex, rowAtLine)
          : rowAtLine;
      known = { messages, lineIndex, turnIndex };
      return turnIndex;
    },
    forget() {
      known = null;
    },
  };
};

import { READER_ROW_TOP_TOLERANCE_PX, readingViewportEnd } from '../../src/core/reading-anchor';
import type { Expectation } from './steps';

/** A rendered row, relative to the viewport's top (px). */
export interface RowSnapshot {
  kind: 'message' | 'prefix' | 'suffix';
  virtualIndex: number;
  /** Message index; null for the prefix and suffix rows. */
  index: number | null;
  id: string | null;
  top: number;
  bottom: number;
  /** The text of the day header the row carries (`getGroupKey`, the fixture's groupSize), or null. */
  header: string | null;
  /** The top of the row's message text, below any header in the row; null for the prefix and suffix. */
  textTop: number | null;
}

/** What the page shows and what the handle says, read in one go once the list settled. */
export interface ListSnapshot {
  scrollTop: number;
  scrollHeight: number;
  clientHeight: number;
  messageCount: number;
  /** Whether the list has a suffix row, rendered or not. */
  hasSuffix: boolean;
  /** Whether the list was given `hasNewer` (a window onto a longer conversation, issue #16). */
  hasNewer: boolean;
  /** Rows in DOM order. */
  rows: RowSnapshot[];
  handle: {
    isAtTop: boolean;
    isAtBottom: boolean;
    range: { firstIndex: number; lastIndex: number } | null;
    unseenCount: number;
    /** `wasSeen` of every message row fully inside the viewport. */
    visibleSeen: boolean[];
    /** Where `newestSeenId` is in the messages: null when it is undefined, -1 when no message has it. */
    newestSeenIndex: number | null;
  };
  /** With turns on (`isTurnStart`, the fixture's `turns=1`); null without. */
  turns: {
    /** Where `currentTurnId` is in the messages: -1 when it is undefined or names no message. */
    currentIndex: number;
    /**
     * The turn starts the DOM says the reader is in: the last user message at or above the
     * reading line, read 1 px above and 1 px below it (a row edge on the line may count either
     * way); -1 for none.
     */
    expectedIndexes: number[];
  } | null;
  /** With day headers (`getGroupKey`, the fixture's groupSize, issue #16); null without. */
  groups: {
    /** Whether a header sticks to the top (`stickyGroupHeader`). */
    isSticky: boolean;
    /** The stuck header's text, or null when none shows. */
    stuck: string | null;
    /** Per row of `rows`: the day of its message, or null (no day, or not a message row). */
    days: Array<string | null>;
    /** Per row of `rows`: the header its message must carry (its day, when the message before it has another day or none), or null. */
    expectedHeaders: Array<string | null>;
  } | null;
}

/**
 * The reader's row: the first message row whose top is inside the viewport (as the list rounds
 * it), or, when none starts in it, the message row that spans it. `viewportSize` is the
 * viewport's height (the snapshot's by default).
 */
export const readerRow = (snapshot: ListSnapshot, viewportSize = snapshot.clientHeight): RowSnapshot | null =>
  snapshot.rows.find(
    (row) =>
      row.kind === 'message' &&
      row.top >= -READER_ROW_TOP_TOLERANCE_PX &&
      row.top < readingViewportEnd(0, viewportSize),
  ) ??
  snapshot.rows.find((row) => row.kind === 'message' && row.top < -READER_ROW_TOP_TOLERANCE_PX && row.bottom > 0) ??
  null;

export const gapOf = (snapshot: ListSnapshot) => snapshot.scrollHeight - (snapshot.scrollTop + snapshot.clientHeight);

const EDGE = 1.5;

/** Everything that must hold whatever the step was; each problem as one line. */
export const checkSnapshot = (snapshot: ListSnapshot): string[] => {
  const problems: string[] = [];
  const { rows, clientHeight } = snapshot;
  const messageRows = rows.filter((row) => row.kind === 'message');
  // The scroller stands within its content. WebKit can leave it past the end of content that got
  // shorter: a cleared list stood at 24 536 px of 450, its viewport blank, and no row told.
  if (gapOf(snapshot) < -EDGE) {
    problems.push(
      `scrolled past the end of the content: ${snapshot.scrollTop} + ${clientHeight} of ${snapshot.scrollHeight}`,
    );
  }
  // Rows in order and contiguous.
  for (let i = 1; i < rows.length; i++) {
    const previous = rows[i - 1]!;
    const row = rows[i]!;
    if (row.virtualIndex !== previous.virtualIndex + 1) {
      problems.push(`rows out of order: ${previous.virtualIndex} then ${row.virtualIndex}`);
    }
    if (Math.abs(row.top - previous.bottom) > 1) {
      problems.push(
        `rows not contiguous: row ${previous.virtualIndex} ends at ${previous.bottom}, ${row.virtualIndex} starts at ${row.top}`,
      );
    }
  }
  // No blank strip inside the viewport, and the rows where the content is: the rendered block
  // covers the viewport, and reaches the content's ends exactly when it holds the first or last row.
  if (rows.length > 0) {
    const first = rows[0]!;
    const last = rows[rows.length - 1]!;
    const isListStart = first.virtualIndex === 0;
    // The last message ends the content only when no suffix follows it (rendered or not).
    const isListEnd =
      last.kind === 'suffix' ||
      (!snapshot.hasSuffix && last.kind === 'message' && last.index === snapshot.messageCount - 1);
    const overflows = snapshot.scrollHeight > clientHeight + 1;
    if (!isListStart && first.top > 1)
      problems.push(`blank strip at the top of the viewport: rows start at ${first.top}`);
    if (!isListEnd && last.bottom < clientHeight - 1) {
      problems.push(`blank strip at the bottom of the viewport: rows end at ${last.bottom} of ${clientHeight}`);
    }
    const contentBottom = snapshot.scrollHeight - snapshot.scrollTop;
    // A turn held at the top reserves at most a viewport of blank space below the rows (issue #19).
    const reserve = isListEnd ? contentBottom - last.bottom : 0;
    if (isListEnd && (snapshot.turns === null ? Math.abs(reserve) > 1 : reserve < -1 || reserve > clientHeight + 1)) {
      problems.push(`the last row ends at ${last.bottom}, the content at ${contentBottom}`);
    }
    if (isListStart && overflows && Math.abs(first.top + snapshot.scrollTop) > 1) {
      problems.push(`the first row starts at ${first.top}, the content at ${-snapshot.scrollTop}`);
    }
  }
  if (snapshot.messageCount > 0 && messageRows.length === 0) problems.push('no message row rendered');
  // The handle agrees with the DOM.
  const gap = gapOf(snapshot);
  const fits = snapshot.scrollHeight - clientHeight < EDGE;
  // With newer messages still to load, the list is not at the bottom of the conversation.
  if (snapshot.handle.isAtBottom !== (!snapshot.hasNewer && (fits || gap < EDGE))) {
    problems.push(
      `isAtBottom is ${snapshot.handle.isAtBottom} with a gap of ${gap}${snapshot.hasNewer ? ' and newer messages to load' : ''}`,
    );
  }
  if (snapshot.handle.isAtTop !== (fits || snapshot.scrollTop < EDGE)) {
    problems.push(`isAtTop is ${snapshot.handle.isAtTop} at scrollTop ${snapshot.scrollTop}`);
  }
  // The messages intersecting the viewport, with a 1 px tolerance at each edge (a row whose edge
  // is within 1 px of the viewport's may count either way at fractional offsets).
  const within = (slack: number) => {
    const rows = messageRows.filter(
      (row) => row.bottom > row.top && row.bottom > slack && row.top < clientHeight - slack,
    );
    return rows.length === 0 ? null : { firstIndex: rows[0]!.index!, lastIndex: rows[rows.length - 1]!.index! };
  };
  const strict = within(1);
  const loose = within(-1);
  const range = snapshot.handle.range;
  const rangeAgrees =
    range === null
      ? strict === null
      : loose !== null &&
        range.firstIndex >= loose.firstIndex &&
        range.firstIndex <= (strict ?? loose).firstIndex &&
        range.lastIndex <= loose.lastIndex &&
        range.lastIndex >= (strict ?? loose).lastIndex;
  if (!rangeAgrees) {
    problems.push(`getVisibleRange() is ${JSON.stringify(range)}, the DOM shows ${JSON.stringify(within(0))}`);
  }
  if (snapshot.handle.visibleSeen.includes(false)) problems.push('a row fully in view is not wasSeen');
  if (snapshot.turns !== null && !snapshot.turns.expectedIndexes.includes(snapshot.turns.currentIndex)) {
    problems.push(
      `currentTurnId is message ${snapshot.turns.currentIndex}, the DOM says ${snapshot.turns.expectedIndexes.join(' or ')}`,
    );
  }
  // The newest seen message is a message of the list, at least as new as every one fully in view,
  // and the unseen ones are the ones after it (issue #13 bug 7: it named a replaced key).
  const { newestSeenIndex, unseenCount } = snapshot.handle;
  const lastFullyVisible = Math.max(
    -1,
    ...messageRows
      .filter((row) => row.top >= 0 && row.bottom <= clientHeight && row.bottom > row.top)
      .map((row) => row.index!),
  );
  if (newestSeenIndex === -1) problems.push('newestSeenId names no message of the list');
  else if ((newestSeenIndex ?? -1) < lastFullyVisible) {
    problems.push(`newestSeenId is message ${newestSeenIndex}, but message ${lastFullyVisible} is in full view`);
  }
  const expectedUnseen = newestSeenIndex === null ? snapshot.messageCount : snapshot.messageCount - 1 - newestSeenIndex;
  if (newestSeenIndex !== -1 && unseenCount !== expectedUnseen) {
    problems.push(`unseenCount is ${unseenCount}; ${expectedUnseen} messages come after the newest seen one`);
  }
  if (snapshot.groups !== null) problems.push(...checkGroups(snapshot, snapshot.groups));
  return problems;
};

/**
 * Day headers (issue #16): every rendered message carries its day's header exactly when it is the
 * first of that day, and the stuck header names the day of the message row spanning the viewport's
 * top, as soon as that row's own header (if it has one) has begun to scroll away above it.
 */
const checkGroups = (snapshot: ListSnapshot, groups: NonNullable<ListSnapshot['groups']>): string[] => {
  const problems: string[] = [];
  const { rows } = snapshot;
  for (const [position, row] of rows.entries()) {
    const expected = groups.expectedHeaders[position] ?? null;
    if (row.kind === 'message' && row.header !== expected) {
      problems.push(
        `message ${row.index} carries the header ${JSON.stringify(row.header)}, expected ${JSON.stringify(expected)}`,
      );
    }
  }
  const topPosition = rows.findIndex((row) => row.bottom > 0.5);
  const top = rows[topPosition];
  if (top === undefined) return problems;
  // The prefix ("Loading...") or the suffix at the top belongs to no day: nothing sticks over it.
  const topDay = top.kind === 'message' ? (groups.days[topPosition] ?? null) : null;
  if (groups.stuck !== null && groups.stuck !== topDay) {
    problems.push(
      `the stuck header is ${JSON.stringify(groups.stuck)} over row ${top.virtualIndex} of ${JSON.stringify(topDay)}`,
    );
  }
  if (!groups.isSticky || topDay === null || snapshot.scrollHeight <= snapshot.clientHeight + 1) return problems;
  // The row's own header stands for its day while the row's top is in view (within the reading
  // anchor's 0.5 px); once it has begun to scroll away, the stuck copy does. Half a pixel of slack
  // on one side of that line, a pixel on the other (a row's top at a fractional device pixel ratio).
  const isOwnHeaderInView = top.header !== null && top.top >= -READER_ROW_TOP_TOLERANCE_PX + 0.5;
  const isOwnHeaderGone = top.header === null || top.top < -(READER_ROW_TOP_TOLERANCE_PX + 1);
  if (isOwnHeaderInView && groups.stuck !== null) {
    problems.push(`a stuck header covers the header of message ${top.index}, in view at ${top.top}`);
  }
  if (isOwnHeaderGone && groups.stuck === null) {
    problems.push(`no stuck header over message ${top.index} of ${JSON.stringify(topDay)} at ${top.top}`);
  }
  return problems;
};

/** The step's promise about the view (see `expectationOf`). */
export const checkExpectation = (expectation: Expectation, before: ListSnapshot, after: ListSnapshot): string[] => {
  if (expectation === 'free') return [];
  if (expectation === 'either') {
    const anchored = checkExpectation('anchor', before, after);
    const pinned = checkExpectation('bottom', before, after);
    return anchored.length === 0 || pinned.length === 0
      ? []
      : [`neither anchored nor pinned: ${anchored[0]}; ${pinned[0]}`];
  }
  if (expectation === 'bottom') {
    const gap = gapOf(after);
    return gap > EDGE ? [`expected to be at the bottom, the gap is ${gap}`] : [];
  }
  // A viewport made shorter keeps only its top: a row that now starts below its bottom is not
  // what the reader reads any more (the list finds the reader's row in the viewport it has).
  const anchor = readerRow(before, Math.min(before.clientHeight, after.clientHeight));
  if (anchor === null) return [];
  const now = after.rows.find((row) => row.id === anchor.id);
  if (now === undefined) return [];
  // A row that gained or lost its day's header in the change (the first message of the day
  // moved) keeps its text where the reader reads it, not its top: the header grows or shrinks above.
  const isHeaderChanged = anchor.header !== now.header && anchor.textTop !== null && now.textTop !== null;
  const drift = isHeaderChanged ? now.textTop! - anchor.textTop! : now.top - anchor.top;
  // Content that shrank below the view makes the browser clamp the offset: rows move down to
  // fill the viewport, and nothing could keep them (the list ends at the bottom of the viewport).
  // Likewise at the top: content removed above a reader who is fewer pixels from the top than
  // its height (a prefix hidden at scrollTop 20) cannot be compensated, the offset stops at 0.
  const isClamped = (gapOf(after) < EDGE && drift > 0) || (after.scrollTop < EDGE && drift < 0);
  const what = isHeaderChanged ? 'text' : 'row';
  return Math.abs(drift) > 1 && !isClamped ? [`the reader's ${what} ${anchor.id} moved ${drift.toFixed(1)} px`] : [];
};

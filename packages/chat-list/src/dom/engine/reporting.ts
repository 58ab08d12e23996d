import type { VirtualItem } from '@tanstack/virtual-core';
import {
  MESSAGES_SEEN_DELAY_RULE,
  MESSAGES_SEEN_RATIO_RULE,
  createReadTracker,
  createSeenTracker,
  getVisibleIndexRange,
  getVisibleRatio,
  isSameVisibleRange,
  sanitizeNumber,
  type MessageKey,
  type MessageVisibility,
} from '../../core';
import type { VisibleRange } from '../types';
import type { KernelView } from './kernel-view';

/** What reporting reads from the kernel. */
export interface ReportingHost<TMessage> extends Pick<
  KernelView<TMessage>,
  'options' | 'messages' | 'getKeyAt' | 'scroller' | 'readMetrics' | 'firstMessageRow'
> {
  /** Whether the list has opened: before, nothing is in view. */
  hasOpened: () => boolean;
  /** Whether what is in view may be reported now (a scroller, and this render's messages committed). */
  isReportable: () => boolean;
  /** TanStack's rows as laid out now, and whether one was measured (not an estimate). */
  rows: () => readonly VirtualItem[];
  /** The index of the row at an offset, as TanStack finds it. */
  rowIndexAtOffset: (offset: number) => number | undefined;
  isRowMeasured: (row: VirtualItem) => boolean;
  /** Whether a command is moving the view: nothing is read on the way. */
  isViewMoving: () => boolean;
  /** The index of the message that starts the turn being read, or -1. */
  findCurrentTurn: () => number;
  /** What is in view was reported (after the unseen count and the current turn). */
  onReported: () => void;
}

/**
 * What the list tells the app about what is in view: seen tracking and the unseen count, the
 * visible range, read receipts (`onMessagesSeen`) and the current turn. It owns what
 * was last reported of each, the seen and read trackers (core), and the read tracker's timer.
 */
export const createReporting = <TMessage>(host: ReportingHost<TMessage>) => {
  const seen = createSeenTracker();
  let unseenCount = 0;
  /** `onMessagesSeen`: read receipts, and the timer that looks again when one is due. */
  const reads = createReadTracker();
  let readCheckTimer: ReturnType<typeof setTimeout> | undefined;
  /** The range `onVisibleRangeChange` last reported. */
  let reportedRange: VisibleRange | null = null;
  /**
   * The turn being read (`currentTurnId`) as last reported, and the turn options it was found
   * with: a render that changes only those reports again without a scroll or a commit.
   */
  let reportedTurn: { key: MessageKey | undefined; isTurnStart: unknown; turnPeek: unknown } = {
    key: undefined,
    isTurnStart: undefined,
    turnPeek: undefined,
  };

  /**
   * Messages intersecting the viewport, from the DOM offset and the laid-out sizes. Not from
   * the rendered range: our scroll listener runs before TanStack's, so the range may still
   * describe the previous offset.
   */
  const getVisibleRange = (): VisibleRange | null => {
    // Without a scroller the viewport is empty, and so is the range.
    const { scrollOffset, viewportSize } = host.readMetrics();
    const range = getVisibleIndexRange({
      rows: host.rows(),
      firstRowInView: host.rowIndexAtOffset(scrollOffset) ?? 0,
      scrollOffset,
      viewportSize,
      firstMessageRow: host.firstMessageRow(),
      messageCount: host.messages().length,
    });
    return range && { ...range, firstId: host.getKeyAt(range.firstIndex), lastId: host.getKeyAt(range.lastIndex) };
  };

  /**
   * Read receipts: tells the read tracker which messages are in view and how much of each, reports
   * the ones it found read, and looks again when it says one will be (its decision, as data).
   */
  const reportRead = (range: VisibleRange | null) => {
    const options = host.options();
    const scroller = host.scroller();
    clearTimeout(readCheckTimer);
    if (options.onMessagesSeen === undefined || scroller === null) return;
    const messages = host.messages();
    const { scrollOffset, viewportSize } = host.readMetrics();
    const visible: MessageVisibility[] = [];
    const rows = host.rows();
    const firstMessageRow = host.firstMessageRow();
    for (let index = range?.firstIndex ?? 0; range !== null && index <= range.lastIndex; index++) {
      const row = rows[index + firstMessageRow];
      const message = messages[index];
      // A hole gets a stand-in key (useChatList's getKeyAt): there is no message to have read.
      if (row === undefined || message === undefined || message === null) continue;
      // An unmeasured row's place is a guess: an estimate once read a row the edge cut in half
      // (the throttled suite, with messagesSeenDelay 0). It is looked at again once measured.
      if (!host.isRowMeasured(row)) continue;
      visible.push({ key: host.getKeyAt(index), visibleRatio: getVisibleRatio(row, scrollOffset, viewportSize) });
    }
    const now = performance.now();
    const { read, checkAt } = reads.observe(
      {
        now,
        visible,
        isDocumentVisible: scroller.ownerDocument.visibilityState !== 'hidden',
        isViewMoving: host.isViewMoving(),
      },
      {
        minVisibleRatio: sanitizeNumber(options.messagesSeenRatio, MESSAGES_SEEN_RATIO_RULE),
        minVisibleMs: sanitizeNumber(options.messagesSeenDelay, MESSAGES_SEEN_DELAY_RULE),
      },
    );
    if (checkAt !== null) readCheckTimer = setTimeout(recheckRead, checkAt - now);
    if (read.length > 0) options.onMessagesSeen(read);
  };

  /**
   * The read tracker's timer, the tab shown or hidden, a command that landed: the messages in view
   * are the same, their time or the tracker's conditions are not.
   */
  const recheckRead = () => {
    if (host.isReportable()) reportRead(getVisibleRange());
  };

  const reportCurrentTurn = () => {
    const { isTurnStart, turnPeek, onCurrentTurnChange } = host.options();
    const index = host.findCurrentTurn();
    const key = index === -1 ? undefined : host.getKeyAt(index);
    const hasChanged = key !== reportedTurn.key;
    reportedTurn = { key, isTurnStart, turnPeek };
    if (hasChanged) onCurrentTurnChange?.(key);
    host.onReported();
  };

  return {
    /** Which messages the reader has seen (the handle's `wasSeen`, `newestSeenId`, `unseenCount`). */
    seen,
    /** Seen tracking, the unseen count, the visible range and read receipts, from the layout as it is now. */
    reportVisible() {
      // Before the opening nothing is in view: the scroller's first layout comes before the opening
      // scroll, and its rows then were TanStack's first ones at offset 0, never shown (2 000 messages
      // opened at the bottom reported 1 992 unseen, then 0).
      if (!host.hasOpened()) return;
      const options = host.options();
      const range = getVisibleRange();
      if (range !== null) seen.markVisible(range.firstIndex, range.lastIndex, host.getKeyAt);
      if (!isSameVisibleRange(reportedRange, range)) {
        reportedRange = range;
        options.onVisibleRangeChange?.(range);
      }
      const unseen = seen.getUnseenCount(host.messages().length);
      if (unseen !== unseenCount) {
        unseenCount = unseen;
        options.onUnseenCountChange?.(unseen);
      }
      reportRead(range);
      reportCurrentTurn();
    },
    recheckRead,
    getVisibleRange,
    /** The unseen count as last reported (`onUnseenCountChange`). */
    unseenCount: () => unseenCount,
    /** The current turn as last reported (`currentTurnId`). */
    currentTurnKey: () => reportedTurn.key,
    /**
     * A render: `isTurnStart` or `turnPeek` may have come, gone or changed without a scroll or a
     * commit; otherwise the commit or the scroll has reported the turn already.
     */
    reportTurnIfOptionsChanged() {
      const { isTurnStart, turnPeek } = host.options();
      if (isTurnStart !== reportedTurn.isTurnStart || turnPeek !== reportedTurn.turnPeek) reportCurrentTurn();
    },
    /** A committed change of the messages: what was seen and read follows the messages. */
    applyChange(
      change: Parameters<typeof seen.applyChange>[0],
      length: number,
      getKeyAt: (index: number) => MessageKey,
    ) {
      seen.applyChange(change, length, getKeyAt);
      reads.prune(length, getKeyAt);
    },
    /** The scroller went, or the list unmounted: no read check may run. */
    stop() {
      clearTimeout(readCheckTimer);
    },
  };
};

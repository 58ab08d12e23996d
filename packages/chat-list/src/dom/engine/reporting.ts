import type { VirtualItem } from '@tanstack/virtual-core';
import { createSeenTracker, getVisibleIndexRange, isSameVisibleRange, type MessageKey } from '../../core';
import type { VisibleRange } from '../types';
import type { FeatureSet } from './feature-set';
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
  /** TanStack's rows as laid out now. */
  rows: () => readonly VirtualItem[];
  /** The index of the row at an offset, as TanStack finds it. */
  rowIndexAtOffset: (offset: number) => number | undefined;
  /** The index of the message that starts the turn being read, or -1. */
  findCurrentTurn: () => number;
  /** What is in view was reported (after the unseen count and the current turn). */
  onReported: () => void;
  /** The features the app passed in (`features`), told of what is in view. */
  features: FeatureSet;
}

/**
 * What the list tells the app about what is in view: seen tracking and the unseen count, the
 * visible range and the current turn, and the features (read receipts) what is in view. It owns
 * what was last reported of each, and the seen tracker (core).
 */
export const createReporting = <TMessage>(host: ReportingHost<TMessage>) => {
  const seen = createSeenTracker();
  let unseenCount = 0;
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
   * The tab shown or hidden, a command that landed: the messages in view are the same, the
   * features' reading of them may not be (a read receipt's time in view).
   */
  const recheckRead = () => {
    if (host.isReportable()) host.features.each((feature) => feature.onRecheck?.());
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
      host.features.each((feature) => feature.onViewChange?.(range));
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
      host.features.each((feature) => feature.onMessagesChange?.(length, getKeyAt));
    },
    /** The scroller went, or the list unmounted: no feature may leave anything running. */
    stop() {
      host.features.each((feature) => feature.stop?.());
    },
  };
};

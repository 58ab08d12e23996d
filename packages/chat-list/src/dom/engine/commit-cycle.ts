import {
  NO_COMMITTED_MESSAGES,
  decideFollow,
  defaultIsReceived,
  detectMessageChange,
  getCommittedEdges,
  isHeadingForBottom,
  isPinnedWhileGrowing,
  isScaledSpace,
  planCommit,
  resolveFollowPolicy,
  resolveIsSent,
  type ScrollOwnerEffect,
} from '../../core';
import { warnIfUnbounded } from '../dev-warnings';
import { getLayout } from '../tanstack-internals';
import type { EngineParts } from './parts';

declare const process: { env: { NODE_ENV?: string } };

/** The messages of a batch, without holes (undefined or null entries, rendered as empty rows). */
const withoutHoles = <TMessage>(batch: TMessage[]): TMessage[] =>
  batch.filter((message) => message !== undefined && message !== null);

/**
 * What one React commit does (the chat policy, once per committed change of the messages or
 * affixes: core's `planCommit` decides, this carries the plan out), what every render does after
 * it, and the syncs with the scroller that layout changes, resizes and scroll events ask for. It
 * owns what was committed: the messages the policy last ran for and their edges.
 */
export const createCommitCycle = <TMessage>(parts: EngineParts<TMessage>) => {
  const { fromReact: host } = parts;
  let committed = NO_COMMITTED_MESSAGES;
  let committedHasSuffix = false;
  /** The messages the chat policy last ran for; anything else is a commit still in progress. */
  let committedMessages: readonly TMessage[] | null = null;
  /** `hasNewer` as of the last commit: messages that arrive while it was true are a loaded page, not news. */
  let committedHasNewer = false;
  /** The list must land at the bottom once it has a viewport (opened while hidden). */
  let needsOpeningScroll = false;

  /**
   * Whether the list has opened: its rows were rendered and the opening committed. The first
   * commit renders no rows; they come in the scroller's first layout, before the first paint and
   * after the app's own mount effects, whose commands wait for them.
   */
  const hasOpened = () => committedMessages !== null;
  /**
   * Whether what is in view may be reported now: there is a scroller, and this render's messages
   * are committed. Between a render and its commit the rows are the new messages' while the
   * policy has not run for them; the commit reports once it has.
   */
  const isReportable = () => host.scrollerElement !== null && committedMessages === host.renderInputs.messages;
  const pinToBottom = () => parts.bottomPin.holdAtBottom();

  const syncWithScroller = (isOwnWrite = true) => syncEdgesWithScroller(parts, isOwnWrite);

  /** Whether the follow policy pins a list at the bottom while it grows, as of this render. */
  const syncPolicy = () =>
    parts.ownership.syncPolicy(
      !parts.listEdges.hasNewer() && isPinnedWhileGrowing(host.renderInputs.options.follow),
      () => parts.followGlide.isGliding() || parts.listEdges.isAtPinnedBottomEdge(parts.listGeometry.readMetrics()),
    );

  /** The chat policy, once per committed change of the messages or affixes. */
  const commit = () => {
    parts.scrollerEvents.readMoveBeforeItsEvent();
    parts.scaledSpace.applyRendered();
    parts.readingAnchor.measureRowsAbove();
    parts.rowMeasuring.flushRowLayoutChange();
    syncPolicy();
    const { messages, getKeyAt, hasSuffix } = host.renderInputs;
    const isListAtRest = !parts.readingAnchor.hasOffsetToWrite && isAtRest(parts);
    parts.readingAnchor.writeInCommit();
    const { length } = messages;
    const change = detectMessageChange(committed, length, getKeyAt);
    const hasSuffixChanged = committedHasSuffix !== hasSuffix;
    committed = getCommittedEdges(length, getKeyAt);
    committedHasSuffix = hasSuffix;
    committedMessages = messages;
    const wasAtLiveEnd = !committedHasNewer;
    committedHasNewer = parts.listEdges.hasNewer();
    parts.reporting.applyChange(change, length, getKeyAt);

    const wasAtBottom = parts.listEdges.reported.isAtBottom || isHeadingForBottom(parts.ownership.current);
    const plan = planCommit({
      change,
      wasAtLiveEnd,
      isAtLiveEnd: !committedHasNewer,
      wasAtBottom,
      hasSuffixChanged,
      pinsWhileGrowing: parts.ownership.pinsWhileGrowing,
      isLayoutKept: parts.rowKeys.firstChangedRow === null,
      isListAtRest,
    });
    if (plan.opens) openConversation();
    else if (plan.newer !== null) {
      const newMessages = withoutHoles(messages.slice(length - change.newerCount));
      // A turn that starts at the live end is held at the top: sized before the follow aims at the bottom.
      if (plan.mayHoldTurn && parts.featureSet.onNewerMessages(change.newerCount)) parts.listGeometry.fitSizer();
      followNewer(parts, plan.newer, newMessages, wasAtBottom);
    } else if (plan.followsSuffix) {
      // A suffix ("typing…") appearing at the bottom is growth of the last row.
      void parts.scrollCommands.scrollToBottom('auto', 'follow');
    }
    if (plan.hasPrepended) {
      const olderMessages = withoutHoles(messages.slice(0, change.olderCount));
      parts.afterPaint.queue(() => host.renderInputs.options.onOlderMessages?.(parts.listHandle, olderMessages));
      parts.edgeLoaders.messagesLoaded('older');
    }
    // Pinned in the commit, so that an effect or a timer after a commit made between two frames
    // finds the list at the bottom (the rows' ResizeObserver reports the growth only at the next
    // frame). The edges are read also after an 'unchanged' change, whose same count and edges can
    // hide a replaced key in view, which seen tracking must learn; not after a change of content
    // alone (see `planCommit`). A pinned list is pinned first, so a streamed token does not
    // report it off the bottom for a moment.
    pinToBottom();
    if (plan.readsEdges) syncWithScroller();
  };

  /** A new conversation opens at its newest message, whatever the follow mode. */
  const openConversation = () => {
    parts.edgeLoaders.reopen();
    parts.scrollerEvents.forgetReaderHeading();
    parts.featureSet.each((feature) => feature.onConversationOpen?.());
    needsOpeningScroll = parts.listHandle.viewportSize === 0;
    void parts.conversationOpening.openConversation();
    // TanStack learns the new offset from the scroll event, after the re-render this commit
    // already queued: that render would mount and measure the rows at the old offset, then
    // the scroll event those at the bottom. Told now, the first frame renders and measures
    // only the bottom rows.
    parts.scrollWriter.setModelOffset(host.listVirtualizer, parts.listGeometry.offsetNow());
  };

  return {
    hasOpened,
    isReportable,
    /** Whether this render's messages and suffix are the committed ones. */
    isCommitted: () =>
      committedMessages === host.renderInputs.messages && committedHasSuffix === host.renderInputs.hasSuffix,
    /** The edges of the messages the policy last ran for. */
    committedEdges: () => committed,
    syncWithScroller,
    commit,
    ...createRenderSyncs(parts, {
      isReportable,
      isSuffixCommitted: () => committedHasSuffix === host.renderInputs.hasSuffix,
      syncWithScroller,
      syncPolicy,
      pinToBottom,
    }),
    /** The list unmounted: a remount (StrictMode's rehearsal, <Activity>) must open at the bottom again. */
    forgetCommitted() {
      committed = NO_COMMITTED_MESSAGES;
      committedHasSuffix = false;
      committedMessages = null;
    },
    /** The viewport got a size: a list opened while hidden lands at the bottom now. */
    takeOpeningScroll() {
      if (!needsOpeningScroll || parts.listHandle.viewportSize <= 0) return false;
      needsOpeningScroll = false;
      return true;
    },
    applyOwnerEffect: (effect: ScrollOwnerEffect) => applyOwnerEffect(parts, effect, isReportable),
  };
};

/** Whether the list is pinned or left to the reader: no command, no glide and no scaled space moves it. */
const isAtRest = <TMessage>(parts: EngineParts<TMessage>) => {
  const { kind } = parts.ownership.current;
  return (
    (kind === 'pinned-to-bottom' || kind === 'reader') &&
    !parts.followGlide.isGliding() &&
    !isScaledSpace(parts.scaledSpace.state.appliedSpace)
  );
};

/**
 * Edges, owner, seen tracking and the history trigger, from the DOM as it is now.
 * `isOwnWrite` is false only for a scroll event none of our writes explains.
 */
const syncEdgesWithScroller = <TMessage>(parts: EngineParts<TMessage>, isOwnWrite: boolean) => {
  const { fromReact: host } = parts;
  if (host.scrollerElement === null) return;
  const metrics = parts.listGeometry.readMetrics();
  const reportEdges = parts.listEdges.read(metrics);
  parts.scrollWriter.noteKnownOffset(metrics.scrollOffset);
  parts.ownership.dispatch({
    type: 'edges-read',
    isAtBottom: parts.listEdges.isAtPinnedBottomEdge(metrics),
    isOwnWrite,
  });
  reportEdges();
  parts.reporting.reportVisible();
  parts.edgeLoaders.readZones(metrics, () => {
    const layout = getLayout(host.listVirtualizer);
    return {
      prefixSize: host.renderInputs.firstMessageRow > 0 ? (layout[0]?.size ?? 0) : 0,
      suffixSize: host.renderInputs.hasSuffix ? (layout[layout.length - 1]?.size ?? 0) : 0,
    };
  });
  parts.listState.refresh();
};

/** Newer messages arrived or a page of them loaded: the follow policy decides, the app and the announcer are told. */
const followNewer = <TMessage>(
  parts: EngineParts<TMessage>,
  newer: 'news' | 'page',
  newMessages: TMessage[],
  wasAtBottom: boolean,
) => {
  const { fromReact: host } = parts;
  const { options } = host.renderInputs;
  const { follow = 'at-bottom', isReceived = defaultIsReceived } = options;
  // A page loaded below a window that is not at the live end is not news: nothing follows it.
  const behavior =
    newer === 'page'
      ? false
      : decideFollow(
          resolveFollowPolicy(follow, isReceived, resolveIsSent(options.followSentMessages, options.isReceived)),
          { wasAtBottom, newMessages, handle: parts.listHandle },
        );
  if (behavior === false) parts.ownership.dispatch({ type: 'follow-declined' });
  else void parts.scrollCommands.scrollToBottom(behavior, 'follow');
  parts.afterPaint.queue(() => host.renderInputs.options.onNewerMessages?.(parts.listHandle, newMessages));
  // Arrivals are announced, a loaded page is not; rows that merely mount never are.
  if (newer === 'news') parts.afterPaint.queueAnnouncement(newMessages);
  parts.edgeLoaders.messagesLoaded('newer');
};

interface CommitSyncs {
  isReportable: () => boolean;
  /** Whether the suffix is as committed: a suffix that came or went is the commit's to follow. */
  isSuffixCommitted: () => boolean;
  syncWithScroller: (isOwnWrite?: boolean) => void;
  syncPolicy: () => void;
  pinToBottom: () => void;
}

/** What runs after every render, on a change of TanStack's layout, and on a resize of the viewport. */
const createRenderSyncs = <TMessage>(parts: EngineParts<TMessage>, syncs: CommitSyncs) => {
  const { fromReact: host } = parts;
  const { isReportable, syncWithScroller, syncPolicy, pinToBottom } = syncs;
  return {
    /**
     * TanStack's `onChange`: rows were measured (or the range moved). The content may have grown
     * under a pinned list; rows may have come into view without a scroll event (rows above the
     * viewport measured smaller while the list is pinned: the fuzzer found rows in view never
     * marked seen).
     */
    onLayoutChange() {
      if (parts.rowMeasuring.deferLayoutChange()) return;
      parts.listGeometry.fitSizer();
      pinToBottom();
      if (parts.ownership.current.kind === 'reader') parts.readingAnchor.returnToHeldRow();
      parts.scrollCommands.correctTarget();
      if (!isReportable()) return;
      // A reader's edges move when the content changes size under them without a scroll event:
      // rows that re-wrapped to a wider viewport made the content fit, the list at its bottom kept
      // `isAtBottom` false from before, and did not follow the next message (fuzz seed 20266); a
      // message growing below a reader with 'never' left it true. A pinned list stays at the bottom
      // (above). Not in the middle of a step that moves the list once it is done, where the edges
      // mean nothing yet: a suffix that came or went (the commit follows it), an anchored offset the
      // commit is to write, a remeasure (read at the bottom with every size back at its estimate,
      // the reader was pinned there, and the remeasure's pin then moved their row 9 px).
      const isSettled =
        syncs.isSuffixCommitted() && !parts.readingAnchor.hasOffsetToWrite && !parts.tanstackBridge.isRemeasuring;
      if (parts.ownership.current.kind === 'reader' && isSettled) syncWithScroller();
      else parts.reporting.reportVisible();
    },
    /** The scroller's ResizeObserver: the viewport changed size (or was laid out the first time). */
    onViewportResize() {
      if (process.env.NODE_ENV !== 'production')
        warnIfUnbounded(host.scrollerElement, host.listVirtualizer.getTotalSize());
      if (parts.commitCycle.takeOpeningScroll()) void parts.conversationOpening.openConversation();
      parts.rowMeasuring.noteViewportResize();
      pinToBottom();
      syncWithScroller();
      // After the list's own response, as when TanStack had an observer of its own, created later.
      parts.tanstackBridge.reportScrollerRect();
    },
    /**
     * After every render: a policy that changed whether it pins takes effect, and a commit can
     * grow the content without resizing any observed element (the sized container takes the new
     * total height), so the pin runs too.
     */
    afterRender() {
      parts.scaledSpace.applyRendered();
      parts.readingAnchor.measureRowsAbove();
      parts.rowMeasuring.flushRowLayoutChange();
      if (process.env.NODE_ENV !== 'production')
        warnIfUnbounded(host.scrollerElement, host.listVirtualizer.getTotalSize());
      // TanStack lets go of a removed row when the next row's ref is detached, but React detaches
      // a row's ref before it removes the row: the last row of a commit stays observed while
      // detached. A detached element's size change is a notification at depth 0, which a render
      // inside a ResizeObserver callback (TanStack re-renders synchronously when the viewport
      // resizes) leaves undelivered: "ResizeObserver loop completed with undelivered
      // notifications" on every shorter viewport (found by the fuzzer). Called with null,
      // TanStack's `measureElement` lets go of every detached row now.
      host.listVirtualizer.measureElement(null);
      // The total may have changed after this render was computed (rows measured in its commit).
      parts.listGeometry.fitSizer();
      syncPolicy();
      pinToBottom();
      // `isTurnStart` or `turnPeek` may have come, gone or changed without a scroll or a commit;
      // otherwise the commit or the scroll has reported the turn already.
      parts.reporting.reportTurnIfOptionsChanged();
      if (host.isListMounted) parts.openingWindow.afterRender();
      parts.openingWindow.runWaitingCommands();
      parts.featureSet.each((feature) => feature.onRender?.());
    },
  };
};

/** Carries out one effect of the owner's transition (core `scroll-owner.ts` returns them as data). */
const applyOwnerEffect = <TMessage>(
  parts: EngineParts<TMessage>,
  effect: ScrollOwnerEffect,
  isReportable: () => boolean,
) => {
  switch (effect.type) {
    case 'settle-command': {
      // What is in view is reported from where the command left the list. Scroll events alone
      // can leave a report from a moment in between: rows measured smaller clamped the scroller
      // mid-command, the correction wrote it back to where the last scroll event had left it,
      // and the browser fires no event for a position it already reported (found by the
      // fuzzer: currentTurnId stayed on the turn at the clamped offset).
      parts.featureSet.each((feature) => feature.onCommandSettle?.(effect.landed));
      if (isReportable()) parts.reporting.reportVisible();
      parts.scrollCommands.resolve(effect.landed);
      return;
    }
    case 'cancel-scroll':
      parts.fromReact.listVirtualizer.cancelScroll();
      return;
    case 'correct-command':
      parts.scrollCommands.correct();
      return;
    case 'watch-next-frame':
      parts.scrollCommands.watchNextFrame();
      return;
  }
};

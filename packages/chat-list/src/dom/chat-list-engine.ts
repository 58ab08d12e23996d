import { observeElementOffset as observeTanstackOffset } from '@tanstack/virtual-core';
import {
  NO_COMMITTED_MESSAGES,
  decideFollow,
  planCommit,
  detectMessageChange,
  findAnchorIndex,
  getAnchoredOffset,
  getCommittedEdges,
  isHeadingForBottom,
  isPinnedWhileGrowing,
  resolveFollowPolicy,
  resolveIsSent,
  defaultIsReceived,
  type MessageKey,
  type ScrollMetrics,
  type ScrollOwnerEffect,
  hiddenBelow,
  isScaledSpace,
  scrollSizeIn,
  messageIndexOfRow,
  PREFIX_ROW,
  SUFFIX_ROW,
} from '../core';
import { createCommands } from './engine/commands';
import { createEdgeLoaders } from './engine/edge-loaders';
import { createBottomPin } from './engine/bottom-pin';
import { createGlide } from './engine/glide';
import { createHandle } from './engine/handle';
import type { LaidOutInputs, RenderInputs } from './engine/inputs';
import type { KernelView } from './engine/kernel-view';
import { createOpening } from './engine/opening';
import { createOpeningWindow } from './engine/opening-window';
import { createOwner } from './engine/owner';
import { createReadingAnchor } from './engine/reading-anchor';
import { createEdges } from './engine/edges';
import type { VisibleRange } from './handle-types';
import { createAfterPaint } from './engine/after-paint';
import { createFeatureSet } from './engine/feature-set';
import { createListState } from './engine/list-state';
import { createReporting } from './engine/reporting';
import { createRowKeys, PREFIX_KEY, SUFFIX_KEY } from './engine/row-keys';
import { createRowMeasuring, measureRowElement } from './engine/row-measuring';
import { createScaledSpace } from './engine/scaled-space';
import { createSnapshots } from './engine/snapshot';
import { createScrollWriter } from './engine/scroll-writer';
import { createScrollerEvents, observeResize } from './engine/scroller-events';
import { warnIfUnbounded } from './dev-warnings';
import { getRangeExtractor } from './rendered-rows';
import { createTurnAnchor } from './turn-anchor';
import {
  attachScrollElement,
  getLayout,
  isRowMeasured,
  keepRoomToAppend,
  relayoutFrom,
  replaceMaxScrollOffset,
  type ListVirtualizer,
} from './tanstack-internals';

declare const process: { env: { NODE_ENV?: string } };

export type { ListVirtualizer, RenderInputs };
export { measureRowElement };

/** The messages of a batch, without holes (undefined or null entries, rendered as empty rows). */
const withoutHoles = <TMessage>(batch: TMessage[]): TMessage[] =>
  batch.filter((message) => message !== undefined && message !== null);

/**
 * The chat policy's memory and the DOM listeners that feed it, created once per list and free
 * of React: the hook hands it each render's inputs (`update`) and TanStack's virtualizer
 * (`adoptVirtualizer`), and calls `commit` / `afterRender` from layout effects.
 *
 * One owner of the scroll position ({@link ScrollOwner}): the reader, a command, or the pin,
 * changed only through `dispatch`; anchoring and TanStack's compensations correct the position
 * for whoever owns it. Every write goes through the scroll writer (`engine/scroll-writer.ts`).
 */
export const createChatListEngine = <TMessage>() => {
  /** The render's inputs, set by `update` before anything here can run. */
  let inputs: LaidOutInputs<TMessage>;
  /** TanStack's; missing only during the first render's `update`, which checks. */
  let virtualizer = undefined as unknown as ListVirtualizer;
  let scroller: HTMLElement | null = null;
  /** Whether TanStack has the scroller (`attachScroller`): not before its first layout. */
  let isScrollerAttached = false;
  /** Tells TanStack the scroller's size: set by its `observeElementRect` (see there). */
  let reportScrollerRect: (() => void) | null = null;
  /** The element that wraps the rendered rows. */
  let content: HTMLElement | null = null;
  /** True while `remeasure` measures the rendered rows: it anchors the reader's row itself. */
  let isRemeasuring = false;
  /** The element as tall as all rows (`totalSize`), when the markup hands it over. */
  let sizer: HTMLElement | null = null;
  let isMounted = false;
  /** The owner of the scroll position: the reader, a command, or the pin (engine/owner.ts). */
  const ownership = createOwner({
    applyEffect: (effect) => applyEffect(effect),
    onPinned: () => bottomPin.notePinned(),
    onCommandEnded: (command) => {
      if (command.behavior === 'smooth') remeasureRenderedRows();
      // The view arrived: the messages that came into view on the way start their read time now.
      recheckRead();
    },
  });
  const { dispatch } = ownership;
  /** The list must land at the bottom once it has a viewport (opened while hidden). */
  let needsOpeningScroll = false;

  /** The row of `messages[0]` among TanStack's rows (core `rows.ts`): add it to a message's index to get its row. */
  const firstMessageRow = () => inputs.firstMessageRow;
  /** What every module may read of the kernel (engine/kernel-view.ts). */
  const view: KernelView<TMessage> = {
    virtualizer: () => virtualizer,
    scroller: () => scroller,
    content: () => content,
    isMounted: () => isMounted,
    options: () => inputs.options,
    messages: () => inputs.messages,
    getKeyAt: (index) => inputs.getKeyAt(index),
    firstMessageRow,
    owner: () => ownership.current,
    offsetNow: () => offsetNow(),
    readMetrics: () => readMetrics(),
    bottomOffset: (element) => bottomOffset(element),
    contentSize: () => contentSize(),
    requestRender: () => inputs.requestRender(),
  };
  /** The rows' layout keys: TanStack's `getItemKey`, and which rows a render lays out again. */
  const rowKeys = createRowKeys<TMessage>({ virtualizer: () => virtualizer, inputs: () => inputs });
  /** The rows' ref callbacks and the measurements they hand TanStack. */
  const rowMeasuring = createRowMeasuring({
    ...view,
    rowKeyAt: (virtualIndex) => rowKeys.getter(virtualIndex),
    onLayoutChange: () => onLayoutChange(),
    isCompensationHeld: () => isHeadingForBottom(ownership.current) || isRemeasuring,
    compensatesAnchoredResize: (item, instance) => readingAnchor.compensatesResize(item, instance),
    catchUpTanstack: () => scrollerEvents.catchUpTanstack(),
  });

  let committed = NO_COMMITTED_MESSAGES;
  let committedHasSuffix = false;
  /** The messages the chat policy last ran for; anything else is a commit still in progress. */
  let committedMessages: readonly TMessage[] | null = null;

  /** `hasNewer` as of the last commit: messages that arrive while it was true are a loaded page, not news. */
  let committedHasNewer = false;
  /** onOlderMessages, onNewerMessages and the announcement of newer messages, after the paint. */
  const afterPaint = createAfterPaint<TMessage>(view);

  /**
   * Whether the list has opened: its rows were rendered and the opening committed. The first
   * commit renders no rows; they come in the scroller's first layout, before the first paint and
   * after the app's own mount effects, whose commands wait for them.
   */
  const hasOpened = () => committedMessages !== null;
  /** The oldest messages of a long conversation, left out of TanStack's layout until after the opening's paint. */
  const openingWindow = createOpeningWindow({
    ...view,
    hasOpened,
    firstLaidOutStart: () => getLayout(virtualizer)[0]?.start,
  });
  /** At the top, at the bottom of the conversation, and where the pin holds the list. */
  const edges = createEdges({ ...view, isGliding: () => glide.isGliding() });
  const { hasNewer, isAtPinnedBottomEdge } = edges;
  /** The message key of a row of the current render; the prefix and the suffix have their own. */
  const getRowMessageKey = (virtualIndex: number): MessageKey => {
    const { messages, getKeyAt } = inputs;
    const index = messageIndexOfRow(virtualIndex, firstMessageRow(), messages.length);
    if (index === PREFIX_ROW) return PREFIX_KEY;
    return index === SUFFIX_ROW ? SUFFIX_KEY : getKeyAt(index);
  };
  /** A list past the browser's height cap: the scroller holds a window of the content. */
  const scaledSpace = createScaledSpace({
    ...view,
    isHeadingForBottom: () => isHeadingForBottom(ownership.current),
    fitSizer: () => fitSizer(),
    writeRebase: (element, offset) => {
      scrollWriter.write(element, offset, 'rebase');
    },
  });
  /** The scaled space's record: which space the scroller and the latest render use (read-only here, but for the reader's intent). */
  const scaling = scaledSpace.state;
  /** The list's offset: the scroller's, plus the content above its window when scaled. */
  const offsetNow = () => (scroller === null ? 0 : scroller.scrollTop + scaling.appliedSpace.shift);
  /** Smooth following: growth of a pinned list glides to the bottom (`smoothFollow`). */
  const glide = createGlide({
    ...view,
    isPinned: () => ownership.current.kind === 'pinned-to-bottom',
    isSmoothFollowAsked: () => inputs.options.smoothFollow === true,
    writePin: (element, offset) => scrollWriter.write(element, offset, 'pin'),
  });
  /** The one writer of the scroller's offset and TanStack's; the echoes of its writes are ours. */
  const scrollWriter = createScrollWriter({
    ...view,
    scaling,
    keepInScrollSpace: (offset) => scaledSpace.keepIn(offset),
  });
  /** The pin: holds a list at the bottom while sizes change (engine/bottom-pin.ts). */
  const bottomPin = createBottomPin({
    ...view,
    isCommitted: () => committedMessages === inputs.messages && committedHasSuffix === inputs.hasSuffix,
    isMovedSinceKnown: (element) => scrollWriter.isMovedSinceKnown(element),
    noteKnownOffset: (offset) => scrollWriter.noteKnownOffset(offset),
    writePin: (element, offset) => scrollWriter.write(element, offset, 'pin'),
    isFollowingByGliding: () => glide.isFollowingByGliding(),
    startGlide: () => glide.start(),
  });

  const turns = createTurnAnchor<TMessage>({
    virtualizer: () => virtualizer,
    messages: () => inputs.messages,
    getKeyAt: (index) => inputs.getKeyAt(index),
    firstMessageRow: () => firstMessageRow(),
    isTurnStart: () => inputs.options.isTurnStart,
    turnPeek: () => inputs.options.turnPeek,
    scroller: () => scroller,
    scrollOffset: () => offsetNow(),
  });
  /** The reader's row, kept in its place across a change of messages. */
  const readingAnchor = createReadingAnchor<TMessage>({
    ...view,
    inputs: () => inputs,
    committed: () => committed,
    getRowMessageKey: (virtualIndex) => getRowMessageKey(virtualIndex),
    isSmoothCommandUnderway: () =>
      ownership.current.kind === 'command' && ownership.current.command.behavior === 'smooth',
    measureRows: (measure) => rowMeasuring.whileMeasuring(measure),
    writer: scrollWriter,
  });
  /** The scroll commands: the handle's, the follow policy's and the opening's. */
  const commands = createCommands<TMessage>({
    ...view,
    dispatch: (event) => dispatch(event),
    isAtPinnedBottomEdge,
    remeasureRenderedRows: () => remeasureRenderedRows(),
    writer: scrollWriter,
    forgetAnchoredRow: () => readingAnchor.forgetRow(),
    noteCommandStarted: (target) => turns.noteCommandStarted(target),
  });

  /**
   * The content's height: TanStack's total, and the space a turn held at the top reserves
   * below it. Everything that sizes the content or aims at its bottom uses this,
   * so the bottom of a list with a held turn is that turn at the top.
   */
  const contentSize = () => {
    const rowsEnd = virtualizer.getTotalSize();
    return rowsEnd + turns.reserve(rowsEnd);
  };
  /** The content's height as the scroller has it, plus what a scaled list holds outside its window. */
  const scrollSizeNow = () => {
    if (scroller === null) return 0;
    const space = scaling.appliedSpace;
    return scroller.scrollHeight + (isScaledSpace(space) ? space.shift + hiddenBelow(space, contentSize()) : 0);
  };
  /** The scroller's geometry now; without a scroller there is no content, which is at both edges. */
  const readMetrics = (): ScrollMetrics => ({
    scrollOffset: offsetNow(),
    scrollSize: scrollSizeNow(),
    viewportSize: scroller?.clientHeight ?? 0,
  });
  /** The largest offset the list can take (never negative: content shorter than the viewport cannot scroll). */
  const bottomOffset = (element: HTMLElement) => Math.max(0, scrollSizeNow() - element.clientHeight);
  /** TanStack's largest offset: the list's, which a scaled list's scroller does not have. */
  const maxListOffset = () => (scroller === null ? null : scrollSizeNow() - scroller.clientHeight);
  /**
   * TanStack's `observeElementRect`: the scroller's size, read now and then whenever the
   * scroller's own ResizeObserver (`onViewportResize`) fires. TanStack's default creates an
   * observer of the scroller when it takes it, which is in the scroller's first ResizeObserver
   * callback (`attachScroller`): a new observation there, at the depth being delivered, is left
   * undelivered ("ResizeObserver loop completed with undelivered notifications").
   */
  const observeElementRect = (
    instance: ListVirtualizer,
    onRect: (rect: { width: number; height: number }) => void,
  ): (() => void) | undefined => {
    const element = instance.scrollElement;
    if (element === null) return undefined;
    const report = () => onRect({ width: element.clientWidth, height: element.clientHeight });
    report();
    reportScrollerRect = report;
    return () => {
      if (reportScrollerRect === report) reportScrollerRect = null;
    };
  };

  /** TanStack's `observeElementOffset`: it is told the list's offsets, not the scroller's. */
  const observeElementOffset = (
    instance: ListVirtualizer,
    notify: (offset: number, isScrolling: boolean) => void,
  ): (() => void) | undefined =>
    observeTanstackOffset(instance, (offset, isScrolling) => {
      scrollerEvents.noteTanstackRead();
      if (instance.scrollElement !== null) scaledSpace.readScrollerMove(instance.scrollElement);
      notify(offset + scaling.appliedSpace.shift, isScrolling);
    });

  /**
   * While a smooth scroll runs, TanStack measures only the rows near its target
   * (`shouldMeasureDuringScroll`), and the ResizeObserver of the others does not fire again: once
   * it is over, the rendered rows are measured, or the layout keeps their stale sizes (issue #13:
   * a visible range that disagrees with the DOM, rows laid out past the content, blank strips).
   */
  const remeasureRenderedRows = () => {
    if (!isMounted || content === null) return;
    // TanStack neither compensates nor retargets during its own smooth scroll: end it first.
    virtualizer.cancelScroll();
    rowMeasuring.measureRendered(content);
  };

  /**
   * `remeasure()`: forgets every measured size and measures the rendered rows again,
   * in one synchronous step, so no frame shows them at their estimates. Rows out of view go back
   * to `estimateSize` until they render. Compensating each row as TanStack would moves the list
   * once per row, from offsets that are all stale: instead the reader's row is found before and
   * put back after, once. A list held at the bottom is held there by the pin, and a command
   * under way keeps its target (it corrects itself every frame).
   */
  const remeasure = () => {
    if (!isMounted || scroller === null || content === null) return;
    const anchor = ownership.current.kind === 'reader' ? readingAnchor.findCurrent() : null;
    isRemeasuring = true;
    try {
      virtualizer.measure();
      rowMeasuring.measureRendered(content);
    } finally {
      isRemeasuring = false;
    }
    fitSizer();
    const index = anchor === null ? -1 : findAnchorIndex(anchor, virtualizer.options.count, getRowMessageKey, 0);
    const row = index === -1 ? undefined : getLayout(virtualizer)[index];
    if (anchor !== null && row !== undefined) {
      const offset = Math.min(getAnchoredOffset(anchor, row.start), bottomOffset(scroller));
      scrollWriter.setModelOffset(virtualizer, scrollWriter.write(scroller, offset, 'anchor'));
    }
    // Written here, not left to `pinToBottom`: the shorter content clamped the scroller, and the
    // pin leaves an offset it did not write to the scroll event. The long fuzz run found a list
    // pinned at the bottom left 83 px above it after a prepend of 1 000 and a remeasure.
    if (ownership.current.kind === 'pinned-to-bottom') {
      scrollWriter.setModelOffset(virtualizer, bottomPin.writeNow(scroller));
    }
    // New sizes can change what is in view without a scroll event (the browser fires none for an
    // offset it already reported): the fuzzer (seed 11001) found the current turn left on the one
    // shown before the remeasure.
    if (isReportable()) reportVisible();
  };

  const applyEffect = (effect: ScrollOwnerEffect) => {
    switch (effect.type) {
      case 'settle-command': {
        // What is in view is reported from where the command left the list. Scroll events alone
        // can leave a report from a moment in between: rows measured smaller clamped the scroller
        // mid-command, the correction wrote it back to where the last scroll event had left it,
        // and the browser fires no event for a position it already reported (found by the
        // fuzzer, seed 7005: currentTurnId stayed on the turn at the clamped offset).
        turns.noteCommandSettled(effect.landed);
        if (isReportable()) reportVisible();
        commands.resolve(effect.landed);
        return;
      }
      case 'cancel-scroll':
        virtualizer.cancelScroll();
        return;
      case 'correct-command':
        commands.correct();
        return;
      case 'watch-next-frame':
        commands.watchNextFrame();
        return;
    }
  };

  /** What the app's controls render with (`useChatListState`): each value as the app was last told of it. */
  const listState = createListState(() => ({
    ...edges.reported,
    unseenCount: reporting.unseenCount(),
    isLoadingOlder: edgeLoaders.isLoading('older'),
    isLoadingNewer: edgeLoaders.isLoading('newer'),
    currentTurnId: reporting.currentTurnKey(),
  }));

  /** The features the app passed in (`features`, read receipts), and what they may read of the list. */
  const features = createFeatureSet<TMessage>({
    options: view.options,
    messages: view.messages,
    keyAt: view.getKeyAt,
    scroller: view.scroller,
    metrics: readMetrics,
    rows: () => getLayout(virtualizer),
    firstMessageRow,
    isMeasured: (row) => isRowMeasured(virtualizer, row.key),
    isMovingToTarget: () => ownership.current.kind === 'command',
    canReadView: () => isReportable(),
    getVisibleRange: (): VisibleRange | null => reporting.getVisibleRange(),
  });
  /** What the list tells the app about what is in view: seen, unseen count, range, current turn, the features. */
  const reporting = createReporting<TMessage>({
    ...view,
    features,
    hasOpened: () => hasOpened(),
    isReportable: () => isReportable(),
    rows: () => getLayout(virtualizer),
    rowIndexAtOffset: (offset) => virtualizer.getVirtualItemForOffset(offset)?.index,
    findCurrentTurn: () => turns.findCurrentTurn(),
    onReported: () => listState.refresh(),
  });
  const { seen, reportVisible, recheckRead } = reporting;

  /** Reopening a conversation where the reader left it: `getSnapshot()` and `initialSnapshot`. */
  const snapshots = createSnapshots<TMessage>({
    ...view,
    findReaderRow: () => readingAnchor.findCurrent(),
    isAtBottom: (): boolean => handle.isAtBottom,
    newestSeenKey: () => seen.newestSeenKey,
    restoreNewestSeen: (index) => seen.restoreNewestSeen(index, inputs.getKeyAt),
    commands,
  });
  /** Where a new conversation opens: a snapshot's row, an anchor, the last turn, or the bottom. */
  const opening = createOpening<TMessage>({
    ...view,
    reopenSnapshot: snapshots.reopen,
    findLastTurn: () => turns.findLastTurn(),
    commands,
  });

  /** The list's imperative handle: its commands and what it tells of the list now. */
  const handle = createHandle<TMessage>({
    ...view,
    commands,
    openingWindow,
    reporting,
    hasOpened,
    scrollSizeNow: () => scrollSizeNow(),
    isAtBottom: edges.isAtBottomNow,
    isScrolling: () => scrollerEvents.isScrolling,
    findTurnTarget: (target) => turns.findTarget(target),
    remeasure: () => remeasure(),
    getSnapshot: () => snapshots.get(),
    dispatch,
    writer: scrollWriter,
    scrollerOffset: () => scaling.scrollerOffset,
    readEdgesAsReaderMove: () => syncWithScroller(false),
    listState,
  });

  /** Loading both ways: the app's loaders called near each end, and `aria-busy` while one loads. */
  const edgeLoaders = createEdgeLoaders<TMessage>({
    ...view,
    handle,
    onLoadingChange: () => listState.refresh(),
  });

  /**
   * Whether what is in view may be reported now: there is a scroller, and this render's messages
   * are committed. Between a render and its commit the rows are the new messages' while the
   * policy has not run for them; the commit reports once it has.
   */
  const isReportable = () => scroller !== null && committedMessages === inputs.messages;

  /**
   * TanStack's `onChange`: rows were measured (or the range moved). The content may have grown
   * under a pinned list; rows may have come into view without a scroll event (rows above the
   * viewport measured smaller while the list is pinned: the fuzzer found rows in view never
   * marked seen).
   */
  const onLayoutChange = () => {
    if (rowMeasuring.deferLayoutChange()) return;
    fitSizer();
    pinToBottom();
    commands.correctTarget();
    if (!isReportable()) return;
    // A reader's edges move when the content changes size under them without a scroll event:
    // rows that re-wrapped to a wider viewport made the content fit, the list at its bottom kept
    // `isAtBottom` false from before, and did not follow the next message (fuzz seed 20266); a
    // message growing below a reader with 'never' left it true. A pinned list stays at the bottom
    // (above). Not in the middle of a step that moves the list once it is done, where the edges
    // mean nothing yet: a suffix that came or went (the commit follows it), an anchored offset the
    // commit is to write, a remeasure (read at the bottom with every size back at its estimate,
    // the reader was pinned there, and the remeasure's pin then moved their row 9 px).
    const isSettled = committedHasSuffix === inputs.hasSuffix && !readingAnchor.hasOffsetToWrite && !isRemeasuring;
    if (ownership.current.kind === 'reader' && isSettled) syncWithScroller();
    else reportVisible();
  };

  /**
   * Edges, owner, seen tracking and the history trigger, from the DOM as it is now.
   * `isOwnWrite` is false only for a scroll event none of our writes explains.
   */
  const syncWithScroller = (isOwnWrite = true) => {
    if (scroller === null) return;
    const metrics = readMetrics();
    const reportEdges = edges.read(metrics);
    scrollWriter.noteKnownOffset(metrics.scrollOffset);
    dispatch({ type: 'edges-read', isAtBottom: isAtPinnedBottomEdge(metrics), isOwnWrite });
    reportEdges();
    reportVisible();
    edgeLoaders.readZones(metrics, () => {
      const layout = getLayout(virtualizer);
      return {
        prefixSize: firstMessageRow() > 0 ? (layout[0]?.size ?? 0) : 0,
        suffixSize: inputs.hasSuffix ? (layout[layout.length - 1]?.size ?? 0) : 0,
      };
    });
    listState.refresh();
  };

  const pinToBottom = () => bottomPin.holdAtBottom();

  const onViewportResize = () => {
    if (process.env.NODE_ENV !== 'production') warnIfUnbounded(scroller, virtualizer.getTotalSize());
    if (needsOpeningScroll && handle.viewportSize > 0) {
      needsOpeningScroll = false;
      void opening.openConversation();
    }
    pinToBottom();
    syncWithScroller();
    // After the list's own response, as when TanStack had an observer of its own, created later.
    reportScrollerRect?.();
  };

  /** The scroller's events: scrolls (ours or someone else's), the reader's intent, resizes. */
  const scrollerEvents = createScrollerEvents<TMessage>({
    ...view,
    dispatch: (event) => dispatch(event),
    writer: scrollWriter,
    readScrollerMove: (element) => scaledSpace.readScrollerMove(element),
    noteReaderDriving: () => {
      scaling.isReaderDriving = true;
    },
    readEdges: (isOwnWrite) => syncWithScroller(isOwnWrite),
    pinToBottom: () => pinToBottom(),
    forgetAnchoredRow: () => readingAnchor.forgetRow(),
    endOpeningWindow: () => openingWindow.end(),
    measureRendered: (element) => rowMeasuring.measureRendered(element),
    remeasureRenderedRows: () => remeasureRenderedRows(),
    releaseTurn: () => turns.release(virtualizer.getTotalSize()),
    holdGlide: () => glide.holdForReader(),
    recheckRead: () => recheckRead(),
    stopReporting: () => reporting.stop(),
    onViewportResize: () => onViewportResize(),
  });

  const scrollerRef = (element: HTMLElement | null) => {
    scroller = element;
    scrollerEvents.attach(element);
  };

  const sizerRef = (element: HTMLElement | null) => {
    sizer = element;
  };

  /**
   * The rows' wrapper is not observed: TanStack observes every row, and a row that resizes
   * reaches the pin through `onLayoutChange`. An observer on the wrapper (shallower than the
   * rows) broke the ResizeObserver loop: TanStack's measurement of a row re-renders the range
   * synchronously, which resizes the wrapper after its depth was delivered ("ResizeObserver
   * loop completed with undelivered notifications" on every jump by the scrollbar, found by the
   * fuzzer, issue #13 bug 9).
   */
  const contentRef = (element: HTMLElement | null) => {
    content = element;
  };

  const mount = () => {
    isMounted = true;
    return () => {
      isMounted = false;
      // A remount (StrictMode's rehearsal, <Activity>) must open at the bottom again: forget
      // what was committed, so the next commit is an `opened` change.
      committed = NO_COMMITTED_MESSAGES;
      committedHasSuffix = false;
      committedMessages = null;
      scrollerEvents.stop();
      reporting.stop();
      glide.stop();
      openingWindow.cancelEnd();
      scrollWriter.stop();
      edgeLoaders.unmount();
      listState.reset();
      // A watch frame still scheduled finds no command and stops.
      dispatch({ type: 'unmounted' });
      // Unmounted, a waiting command resolves false at once, as any command on an unmounted list.
      openingWindow.runWaitingCommands();
    };
  };

  /** The chat policy, once per committed change of the messages or affixes. */
  const commit = () => {
    scrollerEvents.readMoveBeforeItsEvent();
    scaledSpace.applyRendered();
    readingAnchor.measureRowsAbove();
    rowMeasuring.flushRowLayoutChange();
    syncPolicy();
    const { options, messages, getKeyAt, hasSuffix } = inputs;
    const { follow = 'at-bottom', isReceived = defaultIsReceived } = options;
    readingAnchor.writeInCommit();
    const { length } = messages;
    const change = detectMessageChange(committed, length, getKeyAt);
    const hasSuffixChanged = committedHasSuffix !== hasSuffix;
    committed = getCommittedEdges(length, getKeyAt);
    committedHasSuffix = hasSuffix;
    committedMessages = messages;
    const wasAtLiveEnd = !committedHasNewer;
    committedHasNewer = hasNewer();
    reporting.applyChange(change, length, getKeyAt);

    const wasAtBottom = edges.reported.isAtBottom || isHeadingForBottom(ownership.current);
    const plan = planCommit({
      change,
      wasAtLiveEnd,
      isAtLiveEnd: !committedHasNewer,
      wasAtBottom,
      hasSuffixChanged,
      pinsWhileGrowing: ownership.pinsWhileGrowing,
    });
    if (plan.opens) {
      // A new conversation opens at its newest message, whatever the follow mode.
      edgeLoaders.reopen();
      scrollerEvents.forgetReaderHeading();
      turns.reset();
      needsOpeningScroll = handle.viewportSize === 0;
      void opening.openConversation();
      // TanStack learns the new offset from the scroll event, after the re-render this commit
      // already queued: that render would mount and measure the rows at the old offset, then
      // the scroll event those at the bottom. Told now, the first frame renders and measures
      // only the bottom rows.
      scrollWriter.setModelOffset(virtualizer, offsetNow());
    } else if (plan.newer !== null) {
      const newMessages = withoutHoles(messages.slice(length - change.newerCount));
      // A turn that starts at the live end is held at the top: sized before the follow aims at the bottom.
      if (plan.mayHoldTurn && turns.onNewerMessages(change.newerCount)) fitSizer();
      // A page loaded below a window that is not at the live end is not news: nothing follows it.
      const behavior =
        plan.newer === 'page'
          ? false
          : decideFollow(
              resolveFollowPolicy(follow, isReceived, resolveIsSent(options.followSentMessages, options.isReceived)),
              { wasAtBottom, newMessages, handle },
            );
      if (behavior === false) dispatch({ type: 'follow-declined' });
      else void commands.scrollToBottom(behavior, 'follow');
      afterPaint.queue(() => inputs.options.onNewerMessages?.(handle, newMessages));
      // Arrivals are announced, a loaded page is not; rows that merely mount never are.
      if (plan.newer === 'news') afterPaint.queueAnnouncement(newMessages);
      edgeLoaders.messagesLoaded('newer');
    } else if (plan.followsSuffix) {
      // A suffix ("typing…") appearing at the bottom is growth of the last row.
      void commands.scrollToBottom('auto', 'follow');
    }
    if (plan.hasPrepended) {
      const olderMessages = withoutHoles(messages.slice(0, change.olderCount));
      afterPaint.queue(() => inputs.options.onOlderMessages?.(handle, olderMessages));
      edgeLoaders.messagesLoaded('older');
    }
    // Also after an 'unchanged' one: same count and edges can hide a replaced key in view,
    // which seen tracking must learn (#13). A pinned list is pinned first, so a streamed token
    // does not report it off the bottom for a moment.
    pinToBottom();
    syncWithScroller();
  };

  /**
   * Sizes the content to TanStack's total right away. A row measured smaller (the
   * ResizeObserver runs before the paint) re-renders only after the paint, and until then a
   * list at the bottom painted a frame with a blank strip as tall as the shrink (issue #13
   * bug 9). React writes the same total when it renders; between renders this keeps it current.
   * A prerendered list (no height yet) is left alone.
   */
  const fitSizer = () => {
    // The one place the turn's reserve is settled: the layout has just changed.
    turns.settleReserve(virtualizer.getTotalSize());
    if (sizer === null || sizer.style.height === '') return;
    sizer.style.height = `${scrollSizeIn(scaling.appliedSpace, contentSize())}px`;
  };

  /**
   * After every render: a policy that changed whether it pins takes effect, and a commit can
   * grow the content without resizing any observed element (the sized container takes the new
   * total height), so the pin runs too.
   */
  const afterRender = () => {
    scaledSpace.applyRendered();
    readingAnchor.measureRowsAbove();
    rowMeasuring.flushRowLayoutChange();
    if (process.env.NODE_ENV !== 'production') warnIfUnbounded(scroller, virtualizer.getTotalSize());
    // TanStack lets go of a removed row when the next row's ref is detached, but React detaches
    // a row's ref before it removes the row: the last row of a commit stays observed while
    // detached. A detached element's size change is a notification at depth 0, which a render
    // inside a ResizeObserver callback (TanStack re-renders synchronously when the viewport
    // resizes) leaves undelivered: "ResizeObserver loop completed with undelivered
    // notifications" on every shorter viewport (found by the fuzzer, issue #13 bug 9). Called
    // with null, TanStack's `measureElement` lets go of every detached row now.
    virtualizer.measureElement(null);
    // The total may have changed after this render was computed (rows measured in its commit).
    fitSizer();
    syncPolicy();
    pinToBottom();
    // `isTurnStart` or `turnPeek` may have come, gone or changed without a scroll or a commit
    //; otherwise the commit or the scroll has reported the turn already.
    reporting.reportTurnIfOptionsChanged();
    if (isMounted) openingWindow.afterRender();
    openingWindow.runWaitingCommands();
  };

  /** Whether the follow policy pins a list at the bottom while it grows, as of this render. */
  const syncPolicy = () =>
    ownership.syncPolicy(
      !hasNewer() && isPinnedWhileGrowing(inputs.options.follow),
      () => glide.isGliding() || isAtPinnedBottomEdge(readMetrics()),
    );

  return {
    handle,
    scrollerRef,
    /**
     * Calls `onLaidOut` once, in the scroller's first layout: a ResizeObserver's first callback,
     * which runs before the first paint. Returns its cleanup, or undefined when there is nothing
     * to observe (no scroller, no ResizeObserver): the caller goes on at once.
     */
    whenScrollerLaidOut(onLaidOut: () => void): (() => void) | undefined {
      if (scroller === null) return undefined;
      const stop = observeResize(scroller, () => {
        stop?.();
        onLaidOut();
      });
      return stop;
    },
    /** TanStack's `getScrollElement`: the scroller, once `attachScroller` gave it. */
    getVirtualizerScrollElement: () => (isScrollerAttached ? scroller : null),
    /**
     * Gives TanStack the scroller, once it is laid out (or there is no layout to wait for), and
     * lets it read the size now, so that the render that follows has its rows in range. Until
     * then the list renders no rows, and TanStack would only have forced a layout.
     */
    attachScroller() {
      isScrollerAttached = true;
      attachScrollElement(virtualizer);
    },
    contentRef,
    sizerRef,
    announcerRef: afterPaint.announcerRef,
    scrollToFn: scrollWriter.scrollToFn,
    shouldAdjustScrollPositionOnItemSizeChange: rowMeasuring.shouldCompensate,
    /**
     * The render's inputs, before TanStack lays it out: the anchor is found in the last layout.
     * Returns TanStack's `getItemKey` for this render (see `engine/row-keys.ts`).
     */
    update(render: RenderInputs<TMessage>): (virtualIndex: number) => MessageKey {
      const previous = inputs as LaidOutInputs<TMessage> | undefined;
      if (virtualizer !== undefined) scrollerEvents.catchUpTanstack();
      features.sync(render.options.features);
      rowMeasuring.startRender();
      openingWindow.planHiddenCount(previous, render);
      const next: LaidOutInputs<TMessage> = {
        ...render,
        firstMessageRow: openingWindow.hiddenCount > 0 ? -openingWindow.hiddenCount : render.hasPrefix ? 1 : 0,
      };
      rowKeys.planRender(previous, next);
      // A reader's jump across a scaled list that its scroll event has not reported yet lands at
      // its fraction of the conversation now: this render plans its anchor and space from there.
      // Only then: reading scrollTop may force a layout, in every render of a streamed token.
      // TanStack learns the move at its event, after this render: told now, this render lays out
      // the rows where the reader landed. Left to the event, the render laid out the rows of the
      // old offset, 1 400 000 px below the view in the jump's new space (a blank frame), and their
      // measurements compensated from that old offset, which wrote the reader back there: a
      // thumb dragged to the top of a million messages under a 4x-throttled CPU never arrived.
      const hasMoved =
        scroller !== null &&
        scaling.isReaderDriving &&
        isScaledSpace(scaling.appliedSpace) &&
        scaledSpace.readScrollerMove(scroller);
      if (hasMoved && virtualizer !== undefined) scrollWriter.setModelOffset(virtualizer, offsetNow());
      const isRowsChange =
        previous !== undefined &&
        virtualizer !== undefined &&
        (next.messages !== previous.messages || next.firstMessageRow !== previous.firstMessageRow);
      if (isRowsChange) readingAnchor.plan(previous, next);
      else readingAnchor.planNone();
      inputs = next;
      return rowKeys.getter;
    },
    /** TanStack's virtualizer, once this render's options are set. */
    adoptVirtualizer(instance: ListVirtualizer) {
      virtualizer = instance;
      replaceMaxScrollOffset(instance, maxListOffset);
      instance.shouldAdjustScrollPositionOnItemSizeChange = rowMeasuring.shouldCompensate;
      // TanStack redoes the layout from the first changed row only: on a new count it would redo
      // all of it (9 ms per append at 100 000 messages).
      const { firstChangedRow } = rowKeys;
      if (firstChangedRow !== null && firstChangedRow > 0) relayoutFrom(instance, firstChangedRow);
      readingAnchor.keep(instance);
      // Where the commit leaves the list: the anchored offset it will write, or where the scroller
      // is (TanStack's offset lags it until the scroll event of a write made since the last render).
      scaledSpace.planRendered(() =>
        readingAnchor.hasOffsetToWrite || scroller === null ? (instance.scrollOffset ?? 0) : offsetNow(),
      );
      keepRoomToAppend(instance);
    },
    /**
     * TanStack's `rangeExtractor` for this render: the rows beyond the viewport for the way the
     * reader last scrolled (core `overscan.ts`, see `engine/scroller-events.ts`).
     */
    rangeExtractor: () => getRangeExtractor(scrollerEvents.readerHeading),
    /** The row of `messages[0]` among TanStack's rows in this render (core `rows.ts`), set by `update`. */
    firstMessageRow,
    /** The space the latest render lays its rows out in: a row's top in the scroller is its `start` minus `shift`. */
    scrollSpace: () => scaling.renderedSpace,
    contentSize,
    mount,
    commit,
    afterRender,
    onLayoutChange,
    shouldRenderSynchronously: rowMeasuring.shouldRenderSynchronously,
    rowRef: rowMeasuring.rowRef,
    flushBatches: afterPaint.flush,
    observeElementOffset,
    observeElementRect,
  };
};

export type ChatListEngine<TMessage> = ReturnType<typeof createChatListEngine<TMessage>>;

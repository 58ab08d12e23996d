import { getLayout, isRowMeasured } from '../tanstack-internals';
import type { VisibleRange } from '../handle-types';
import { createAfterPaint } from './after-paint';
import { createEdgeLoaders } from './edge-loaders';
import { createEdges } from './edges';
import { createFeatureSet } from './feature-set';
import { createHandle } from './handle';
import { createListState } from './list-state';
import { createOpening } from './opening';
import { createOpeningWindow } from './opening-window';
import type { EngineParts } from './parts';
import { createReporting } from './reporting';
import { createScrollerEvents } from './scroller-events';

/**
 * The modules that tell the app about the list and take its requests: the edges, what is in view,
 * the features, the state the app's controls render with, snapshots and the opening, the handle,
 * the loaders and the scroller's events. Each is added to `parts`, after `assemblePosition`.
 */
export const assembleReporting = <TMessage>(parts: EngineParts<TMessage>): void => {
  const { fromReact: host, view } = parts;
  const hasOpened = () => parts.commitCycle.hasOpened();
  const isReportable = () => parts.commitCycle.isReportable();
  const layout = () => getLayout(host.listVirtualizer);
  parts.afterPaint = createAfterPaint<TMessage>(view);
  parts.openingWindow = createOpeningWindow({ ...view, hasOpened, firstLaidOutStart: () => layout()[0]?.start });
  parts.listEdges = createEdges({ ...view, isGliding: () => parts.followGlide.isGliding() });
  parts.listState = createListState(() => ({
    ...parts.listEdges.reported,
    unseenCount: parts.reporting.unseenCount(),
    isLoadingOlder: parts.edgeLoaders.isLoading('older'),
    isLoadingNewer: parts.edgeLoaders.isLoading('newer'),
    currentTurnId: parts.reporting.currentTurnKey(),
  }));
  parts.featureSet = createFeatureSet<TMessage>({
    options: view.options,
    messages: view.messages,
    keyAt: view.getKeyAt,
    scroller: view.scroller,
    metrics: view.readMetrics,
    rows: layout,
    firstMessageRow: view.firstMessageRow,
    rowAtOffset: (offset) => host.listVirtualizer.getVirtualItemForOffset(offset),
    scrollOffset: view.offsetNow,
    isMeasured: (row) => isRowMeasured(host.listVirtualizer, row.key),
    isMovingToTarget: () => parts.ownership.current.kind === 'command',
    canReadView: isReportable,
    getVisibleRange: (): VisibleRange | null => parts.reporting.getVisibleRange(),
    groupKeyAt: (index) => host.renderInputs.getGroupKeyAt(index),
    render: (isNow) => host.renderInputs.requestRender(isNow),
    renderedRows: () => host.listVirtualizer.getVirtualItems(),
    readerRow: () => {
      const row = parts.readingAnchor.findCurrent();
      return row && { index: row.index, offset: row.distance };
    },
    isAtBottom: () => parts.listHandle.isAtBottom,
    newestSeenId: () => parts.reporting.seen.newestSeenKey,
  });
  parts.reporting = createReporting<TMessage>({
    ...view,
    features: parts.featureSet,
    hasOpened,
    isReportable,
    rows: layout,
    rowIndexAtOffset: (offset) => host.listVirtualizer.getVirtualItemForOffset(offset)?.index,
    findCurrentTurn: () => parts.featureSet.ask((feature) => feature.findCurrentTurn?.()) ?? -1,
    onReported: () => parts.listState.refresh(),
  });
  parts.conversationOpening = createOpening<TMessage>({
    ...view,
    findOpening: () => parts.featureSet.ask((feature) => feature.findOpening?.()) ?? null,
    restoreNewestSeen: (index) => parts.reporting.seen.restoreNewestSeen(index, host.renderInputs.getKeyAt),
    findLastTurn: () => parts.featureSet.ask((feature) => feature.findLastTurn?.()) ?? null,
    commands: parts.scrollCommands,
  });
  assembleHandle(parts, hasOpened);
  parts.scrollerEvents = createScrollerEvents<TMessage>({
    ...view,
    dispatch: (event) => parts.ownership.dispatch(event),
    writer: parts.scrollWriter,
    readScrollerMove: (element) => parts.scaledSpace.readScrollerMove(element),
    noteReaderDriving: () => {
      parts.scaledSpace.state.isReaderDriving = true;
    },
    readEdges: (isOwnWrite) => parts.commitCycle.syncWithScroller(isOwnWrite),
    pinToBottom: () => parts.bottomPin.holdAtBottom(),
    forgetAnchoredRow: () => parts.readingAnchor.forgetRow(),
    holdReaderRowAcrossClamp: (from) => parts.readingAnchor.holdAcrossClamp(from),
    returnToHeldRow: () => parts.readingAnchor.returnToHeldRow(),
    endOpeningWindow: () => parts.openingWindow.end(),
    isAtPinnedBottomEdge: () => parts.listEdges.isAtPinnedBottomEdge(parts.listGeometry.readMetrics()),
    measureRendered: (element) => parts.rowMeasuring.measureRendered(element),
    remeasureRenderedRows: () => parts.tanstackBridge.remeasureRenderedRows(),
    noteReaderIntent: () => {
      const rowsEnd = host.listVirtualizer.getTotalSize();
      parts.featureSet.each((feature) => feature.onReaderIntent?.(rowsEnd));
    },
    noteScrolled: () => parts.featureSet.each((feature) => feature.onScroll?.()),
    holdGlide: () => parts.followGlide.holdForReader(),
    recheckRead: () => parts.reporting.recheckRead(),
    stopReporting: () => parts.reporting.stop(),
    onViewportResize: () => parts.commitCycle.onViewportResize(),
  });
};

/** The list's imperative handle, and the loaders it calls near each end. */
const assembleHandle = <TMessage>(parts: EngineParts<TMessage>, hasOpened: () => boolean): void => {
  const { view } = parts;
  parts.listHandle = createHandle<TMessage>({
    ...view,
    commands: parts.scrollCommands,
    openingWindow: parts.openingWindow,
    reporting: parts.reporting,
    hasOpened,
    scrollSizeNow: () => parts.listGeometry.scrollSizeNow(),
    isAtBottom: parts.listEdges.isAtBottomNow,
    isScrolling: () => parts.scrollerEvents.isScrolling,
    findTurnTarget: (target) => parts.featureSet.ask((feature) => feature.findTurnTarget?.(target)) ?? null,
    remeasure: () => parts.tanstackBridge.remeasure(),
    getSnapshot: () => parts.featureSet.ask((feature) => feature.getSnapshot?.()),
    dispatch: parts.ownership.dispatch,
    writer: parts.scrollWriter,
    scrollerOffset: () => parts.scaledSpace.state.scrollerOffset,
    readEdgesAsReaderMove: () => parts.commitCycle.syncWithScroller(false),
    listState: parts.listState,
  });
  parts.edgeLoaders = createEdgeLoaders<TMessage>({
    ...view,
    handle: parts.listHandle,
    onLoadingChange: () => parts.listState.refresh(),
  });
};

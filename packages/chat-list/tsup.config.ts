import { readFile, writeFile } from 'node:fs/promises';
import { defineConfig } from 'tsup';

const USE_CLIENT = "'use client';";

/**
 * Bundling drops module directives, so the `'use client'` at the top of
 * src/index.ts would not reach dist. Put it back as the first line of both
 * bundles (React Server Components frameworks then treat the whole entry as
 * client code) and shift each source map by that one line.
 */
async function restoreUseClient(): Promise<void> {
  for (const file of ['dist/index.js', 'dist/index.cjs']) {
    const code = await readFile(file, 'utf8');
    if (code.startsWith(USE_CLIENT)) continue;
    await writeFile(file, `${USE_CLIENT}\n${code}`);
    const map = JSON.parse(await readFile(`${file}.map`, 'utf8')) as { mappings: string };
    map.mappings = `;${map.mappings}`;
    await writeFile(`${file}.map`, JSON.stringify(map));
  }
}

/**
 * Property names of the engine's internal records (scroll owner, commands, anchors, history
 * trigger, seen tracker, the engine's own methods), renamed to short names in dist: the source
 * keeps readable names and the published bundle pays for none of them (as virtua mangles its
 * private names). Only names that no public type, React, the DOM or TanStack uses belong here:
 * a name shared with an external object would be renamed on that object's access too.
 * test/package/mangled-properties.test.ts checks the list against the public declarations and
 * TanStack's, and the `react-dist` test project runs the jsdom suite against the mangled dist.
 */
export const INTERNAL_PROPERTIES = [
  // scroll owner (src/core/scroll-owner.ts)
  'landedFrames',
  'lastOffset',
  'startedAt',
  'pinsWhileGrowing',
  'isOwnWrite',
  'isOnTarget',
  // reading anchor (src/core/reading-anchor.ts, src/dom/chat-list-engine.ts)
  'expectedShift',
  'isSameCount',
  'isPrefixAppearing',
  'rowAt',
  'isMessageRow',
  'hasOffsetToWrite',
  'anchor',
  'distance',
  // sub-pixel carry
  'chainOffset',
  'dropped',
  // message changes and history (src/core/message-changes.ts, src/core/history-trigger.ts)
  'olderCount',
  'newerCount',
  'firstKey',
  'lastKey',
  'isArmed',
  'shouldRequestHistory',
  // layout keys and the changed window (src/core/layout-keys.ts, src/core/changed-window.ts)
  'movedFrom',
  'movedBy',
  'previousBase',
  'isSameConversation',
  'previousEnd',
  'nextEnd',
  // visible range and seen tracking
  'firstRowInView',
  'lastRowInView',
  'atRest',
  'messageCount',
  'newestSeenKey',
  'markVisible',
  'applyChange',
  'getUnseenCount',
  'restoreNewestSeen',
  // read receipts (src/core/read-tracker.ts)
  'visibleRatio',
  'isDocumentVisible',
  'isViewMoving',
  'minVisibleRatio',
  'minVisibleMs',
  'checkAt',
  // the engine's methods and render inputs, called by useChatList only
  'getKeyAt',
  'adoptVirtualizer',
  'afterRender',
  'flushBatches',
  'onLayoutChange',
  'shouldRenderSynchronously',
  // keyboard navigation (src/core/keyboard-navigation.ts, src/react/useKeyboardNavigation.ts)
  'isFirstControl',
  'isLastControl',
  'messageIndexAtOffset',
  'messageStart',
  // the layout change of a render (src/core/layout-change.ts)
  'previousCount',
  'nextCount',
  'isSameMessageAt',
  'previousKeyAt',
  'nextKeyAt',
  'changedWindow',
  // rows measured in a commit (src/dom/chat-list-engine.ts)
  'rowRef',
  'ofThisRender',
  'ofLastRender',
  'rowOfElement',
  'hasChangedLayout',
  // turns (src/features/turns.ts)
  'settleReserve',
  // the scroll space past the browser's height cap (src/core/scroll-space.ts, the engine's
  // \`scaling\`); not \`shift\` or \`end\`, which are also Array and TanStack names
  'appliedSpace',
  'renderedSpace',
  'scrollerOffset',
  'isReaderDriving',
  'scrollSpace',
  // the resizes since TanStack's last layout (src/dom/chat-list-engine.ts, placeResizedRow)
  'changeCount',
  // the opening window (src/core/opening-window.ts, the engine's \`openingWindow\`)
  'hiddenCount',
  'isEndRequested',
  'waitingCommands',
  'opensAtNewest',
  'requestRender',
  // an anchored offset the estimated content clamped (src/dom/chat-list-engine.ts, `clampedAnchor`)
  'anchoredOffset',
  'plannedOffset',
  // the kernel's modules and their hosts (src/dom/engine/)
  'setModelOffset',
  'noteKnownOffset',
  'takeLastWrite',
  'asRawMove',
  'isMovedSinceKnown',
  'hasUnreadMove',
  'lastWrite',
  'keepInScrollSpace',
  'isCommandToMessage',
  'offsetNow',
  'bottomOffset',
  'isFollowingByGliding',
  'isGliding',
  'holdForReader',
  'isSmoothFollowAsked',
  'writePin',
  'isPinned',
  'readZones',
  'messagesLoaded',
  'reportVisible',
  'recheckRead',
  'currentTurnKey',
  'reportTurnIfOptionsChanged',
  'isReportable',
  'readMetrics',
  'isRowMeasured',
  'hasOpened',
  'isAtPinnedBottomEdge',
  'remeasureRenderedRows',
  'forgetAnchoredRow',
  'noteCommandStarted',
  'scrollToRowOffset',
  'openConversation',
  'watchNextFrame',
  'correctTarget',
  'firstLaidOutStart',
  'runWhenLaidOut',
  'resolveWhenLaidOut',
  'waitForOpening',
  'runWaitingCommands',
  'cancelEnd',
  'planHiddenCount',
  'isHeadingForBottom',
  'fitSizer',
  'writeRebase',
  'applyRendered',
  'keepIn',
  'readScrollerMove',
  'planRendered',
  'planRender',
  'firstChangedRow',
  'findCurrent',
  'forgetRow',
  'planNone',
  'measureRowsAbove',
  'writeInCommit',
  'compensatesResize',
  'isSmoothCommandUnderway',
  'measureRows',
  'getRowMessageKey',
  'placeResizedRow',
  'flushRowLayoutChange',
  'whileMeasuring',
  'deferLayoutChange',
  'startRender',
  'measureRendered',
  'rowKeyAt',
  'rowIndexAtOffset',
  'scrollRaw',
  'readEdgesAsReaderMove',
  'scrollSizeNow',
  'readMoveBeforeItsEvent',
  'forgetReaderHeading',
  'readerHeading',
  'noteReaderDriving',
  'readEdges',
  'pinToBottom',
  'endOpeningWindow',
  'noteReaderIntent',
  'holdGlide',
  'stopReporting',
  'onViewportResize',
  'wasAtLiveEnd',
  'isAtLiveEnd',
  'hasSuffixChanged',
  'mayHoldTurn',
  'followsSuffix',
  'hasPrepended',
  'syncPolicy',
  'onCommandEnded',
  'applyEffect',
  'reopenSnapshot',
  'findReaderRow',
  'writer',
  'openingWindow',
  'reporting',
  'correct',
  'plan',
  'contentSize',
  'measureOnArrival',
  'correctedOffsetOf',
  'getter',
  'expire',
  'cancelEnd',
  'scaling',
  'requestRender',
  'readRows',
  'findTarget',
  'noteCommandSettled',
  'reserve',
  'settleReserve',
  // the app's glide and the resize compensation (scroll-writer.ts, scroller-events.ts, row-measuring.ts)
  'appGlide',
  'noteWrite',
  'isMovedSince',
  'isCompensationHeld',
  'compensatesAnchoredResize',
  'compensatedBelow',
  'shouldCompensate',
  'clampedByGrowthFrom',
  'noteViewportSize',
  'holdAcrossClamp',
  'holdReaderRowAcrossClamp',
  'returnToHeldRow',
  'releaseHeldRow',
  'holdFrom',
  'returnTo',
  'aimAtMessage',
  // the turns (src/features/turns.ts)
  'forgetHeld',
  'forgetTurns',
  'findTurnIndex',
  'rowStart',
  'messageAt',
  'isTurnStartAt',
  'peek',
  // the pin (bottom-pin.ts)
  'notePinned',
  'heldOffset',
  'writeNow',
  'isCommitted',
  'startGlide',
  'onPinned',
  'holdAtBottom',
  // the state the app's controls render with, and the loaders (list-state.ts, edge-loaders.ts)
  'listState',
  'onLoadingChange',
  'loaderOf',
  'currentTurnKey',
  'onReported',
  'isAtBottomNow',
  'isAtPinnedBottomEdge',
  // TanStack told of a scroll event before its own listener reads it (scroller-events.ts)
  'noteTanstackRead',
  'catchUpTanstack',
  // what waits for the paint (after-paint.ts)
  'queueAnnouncement',
  // a command's message gone before it got there (command-targets.ts)
  'isTargetGone',
  // the engine's parts and what React hands it (engine/parts.ts, commit-cycle.ts, tanstack-bridge.ts)
  'afterPaint',
  'applyOwnerEffect',
  'bottomPin',
  'commitCycle',
  'edgeLoaders',
  'featureSet',
  'forgetCommitted',
  'isRemeasuring',
  'isScrollerAttached',
  'fromReact',
  'renderInputs',
  'isListMounted',
  'scrollCommands',
  'listEdges',
  'conversationOpening',
  'listVirtualizer',
  'scrollerElement',
  'contentElement',
  'sizerElement',
  'committedEdges',
  'listGeometry',
  'followGlide',
  'tanstackBridge',
  'isSuffixCommitted',
  'listHandle',
  'maxListOffset',
  'ownership',
  'readingAnchor',
  'reportScrollerRect',
  'rowKeys',
  'rowMeasuring',
  'scaledSpace',
  'scrollWriter',
  'scrollerEvents',
  'snapshots',
  'syncWithScroller',
  'takeOpeningScroll',
];

export default defineConfig({
  // `testing`: the jsdom layout for apps' tests (`@chat-list/react/testing`), its own entry so
  // that the list's bundle never carries it.
  // `read-receipts` and `turns`: optional features (`features={[readReceipts, turns]}`), each its own entry so that a
  // list without it does not carry its code.
  entry: {
    index: 'src/index.ts',
    testing: 'src/testing/index.ts',
    'read-receipts': 'src/features/read-receipts.ts',
    turns: 'src/features/turns.ts',
  },
  format: ['esm', 'cjs'],
  dts: true,
  clean: true,
  sourcemap: true,
  target: 'es2022',
  treeshake: true,
  external: ['react', 'react-dom', '@tanstack/react-virtual', '@tanstack/virtual-core'],
  // The engine's trace is for the library's own browser tests (src/dom/engine-trace.ts): none in dist.
  define: { __CHAT_LIST_TRACE__: 'false' },
  esbuildOptions(options) {
    options.mangleProps = new RegExp(`^(${INTERNAL_PROPERTIES.join('|')})$`);
  },
  onSuccess: restoreUseClient,
});

import { isHeadingForBottom } from '../../core';
import { createBottomPin } from './bottom-pin';
import { createCommands } from './commands';
import { createGlide } from './glide';
import { createOwner } from './owner';
import type { EngineParts } from './parts';
import { createReadingAnchor } from './reading-anchor';
import { createRowKeys, messageKeyOfRow } from './row-keys';
import { createRowMeasuring } from './row-measuring';
import { createScaledSpace } from './scaled-space';
import { createScrollWriter } from './scroll-writer';

/**
 * The modules that decide and write the scroll position: its owner, the one writer, the scaled
 * space, the pin and the glide, the reading anchor, the rows' keys and measurements, the turns
 * and the commands. Each is added to `parts`, and reaches the others through it.
 */
export const assemblePosition = <TMessage>(parts: EngineParts<TMessage>): void => {
  const { fromReact: host, view } = parts;
  const isHeadingForBottomNow = () => isHeadingForBottom(parts.ownership.current);
  parts.ownership = createOwner({
    applyEffect: (effect) => parts.commitCycle.applyOwnerEffect(effect),
    onPinned: () => {
      parts.bottomPin.notePinned();
      // The pin holds the list at the bottom now: a row held for the reader no longer stands.
      parts.readingAnchor.releaseHeldRow();
    },
    onCommandEnded: (command) => {
      if (command.behavior === 'smooth') parts.tanstackBridge.remeasureRenderedRows();
      // The view arrived: the messages that came into view on the way start their read time now.
      parts.reporting.recheckRead();
    },
  });
  parts.rowKeys = createRowKeys<TMessage>({ virtualizer: () => host.listVirtualizer, inputs: () => host.renderInputs });
  parts.rowMeasuring = createRowMeasuring({
    ...view,
    rowKeyAt: (virtualIndex) => parts.rowKeys.keyOfRenderedRow(virtualIndex),
    onLayoutChange: () => parts.commitCycle.onLayoutChange(),
    isCompensationHeld: () => isHeadingForBottomNow() || parts.tanstackBridge.isRemeasuring,
    compensatesAnchoredResize: (item, instance) => parts.readingAnchor.compensatesResize(item, instance),
    catchUpTanstack: () => parts.scrollerEvents.catchUpTanstack(),
  });
  parts.scaledSpace = createScaledSpace({
    ...view,
    isHeadingForBottom: isHeadingForBottomNow,
    fitSizer: () => parts.listGeometry.fitSizer(),
    writeRebase: (element, offset) => {
      parts.scrollWriter.write(element, offset, 'rebase');
    },
  });
  parts.followGlide = createGlide({
    ...view,
    isPinned: () => parts.ownership.current.kind === 'pinned-to-bottom',
    isSmoothFollowAsked: () => host.renderInputs.options.smoothFollow === true,
    writePin: (element, offset) => parts.scrollWriter.write(element, offset, 'pin'),
  });
  parts.scrollWriter = createScrollWriter({
    ...view,
    scaling: parts.scaledSpace.state,
    keepInScrollSpace: (offset) => parts.scaledSpace.keepIn(offset),
  });
  parts.bottomPin = createBottomPin({
    ...view,
    isCommitted: () => parts.commitCycle.isCommitted(),
    isMovedSinceKnown: (element) => parts.scrollWriter.isMovedSinceKnown(element),
    noteKnownOffset: (offset) => parts.scrollWriter.noteKnownOffset(offset),
    writePin: (element, offset) => parts.scrollWriter.write(element, offset, 'pin'),
    isFollowingByGliding: () => parts.followGlide.isFollowingByGliding(),
    startGlide: () => parts.followGlide.start(),
  });
  parts.readingAnchor = createReadingAnchor<TMessage>({
    ...view,
    inputs: () => host.renderInputs,
    committed: () => parts.commitCycle.committedEdges(),
    getRowMessageKey: (virtualIndex) => messageKeyOfRow(host.renderInputs, virtualIndex),
    isSmoothCommandUnderway: () =>
      parts.ownership.current.kind === 'command' && parts.ownership.current.command.behavior === 'smooth',
    measureRows: (measure) => parts.rowMeasuring.whileMeasuring(measure),
    writer: parts.scrollWriter,
  });
  parts.scrollCommands = createCommands<TMessage>({
    ...view,
    dispatch: (event) => parts.ownership.dispatch(event),
    isAtPinnedBottomEdge: (metrics) => parts.listEdges.isAtPinnedBottomEdge(metrics),
    remeasureRenderedRows: () => parts.tanstackBridge.remeasureRenderedRows(),
    writer: parts.scrollWriter,
    forgetAnchoredRow: () => parts.readingAnchor.forgetRow(),
    noteCommandStarted: (target) => parts.featureSet.each((feature) => feature.onCommandStart?.(target)),
  });
};

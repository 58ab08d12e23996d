import type { VirtualItem } from '@tanstack/virtual-core';
import {
  detectMessageChange,
  findAnchorIndex,
  findReadingAnchor,
  getAnchoredOffset,
  isGroupStartRow,
  messageIndexOfRow,
  planAnchoredOffset,
  settleAnchoredOffset,
  shouldKeepReadingAnchor,
  type CommittedEdges,
  type PlannedAnchorOffset,
  type MessageKey,
  type ReadingAnchor,
} from '../../core';
import {
  forgetClampedAdjustment,
  getLayout,
  isRowMeasured,
  measureElementNow,
  type ListVirtualizer,
} from '../tanstack-internals';
import type { LaidOutInputs } from './inputs';
import type { ScrollWriter } from './scroll-writer';
import type { KernelView } from './kernel-view';

/** Whether the row at `virtualIndex` is a message that starts a group of `getGroupKey` in these inputs. */
const isGroupStartRowIn = <TMessage>(render: LaidOutInputs<TMessage>, virtualIndex: number): boolean =>
  isGroupStartRow(virtualIndex, {
    firstMessageRow: render.firstMessageRow,
    messageCount: render.messages.length,
    groupKeyAt: render.getGroupKeyAt,
  });

/**
 * The row the last change of messages kept still (the reader's): rows above it measured for the
 * first time grow upwards, and so does its own header when the change gave or took it.
 */
interface AnchoredRow {
  key: MessageKey;
  index: number;
  /** Whether the change gave the row its group's header or took it away, until the row is measured. */
  hasNewHeader: boolean;
}

/** The reading anchor of a render, waiting for TanStack's new layout. */
interface PendingAnchor {
  anchor: ReadingAnchor<MessageKey>;
  /** How many rows the anchor is expected to have moved by: the prepended messages and a prefix that came or went. */
  expectedShift: number;
  /** Whether the message count stayed: a replaced anchor row then stands at its old index. */
  isSameCount: boolean;
  /** Whether the anchor's row carried its group's header (`getGroupKey`) before the change. */
  wasGroupStart: boolean;
}

/** What the reading anchor reads from the kernel, and what it asks of it. */
export interface ReadingAnchorHost<TMessage> extends Pick<
  KernelView<TMessage>,
  'virtualizer' | 'scroller' | 'content' | 'offsetNow' | 'bottomOffset' | 'contentSize'
> {
  /** The inputs of the render TanStack lays out (the new one, from `update` on). */
  inputs: () => LaidOutInputs<TMessage>;
  /** The edges of the messages the policy last committed: what a change is measured against. */
  committed: () => CommittedEdges;
  /** The message key of a row of the current render; the prefix and the suffix have their own. */
  getRowMessageKey: (virtualIndex: number) => MessageKey;
  /** Whether a smooth command is under way: a write to where the list stands would stop it. */
  isSmoothCommandUnderway: () => boolean;
  /** Measures rows as the commit's rows are measured: their layout change is handled once, after. */
  measureRows: (measure: () => void) => void;
  writer: ScrollWriter;
}

/**
 * The reader's row in TanStack's current layout (the previous render's), by its message key, or
 * null: at the list's offset now, or at `at`.
 */
const findReaderRow = <TMessage>(host: ReadingAnchorHost<TMessage>, at?: number): ReadingAnchor<MessageKey> | null => {
  const virtualizer = host.virtualizer();
  const scroller = host.scroller();
  const offset = at ?? (scroller === null ? virtualizer.scrollOffset : host.offsetNow());
  if (offset === null || offset === undefined) return null;
  const layout = getLayout(virtualizer);
  const { firstMessageRow: firstRow, messages } = host.inputs();
  const row = findReadingAnchor(
    {
      count: layout.length,
      rowAt: (index) => layout[index],
      isMessageRow: (index) => messageIndexOfRow(index, firstRow, messages.length) >= 0,
    },
    {
      firstRowInView: virtualizer.getVirtualItemForOffset(offset)?.index ?? 0,
      scrollOffset: offset,
      viewportSize: scroller?.clientHeight ?? 0,
    },
  );
  return row && { ...row, key: host.getRowMessageKey(row.index) };
};

/** The reading anchor of a change from `previous` to `next`, or null when the change keeps none. */
const planAnchor = <TMessage>(
  host: ReadingAnchorHost<TMessage>,
  previous: LaidOutInputs<TMessage>,
  next: LaidOutInputs<TMessage>,
): PendingAnchor | null => {
  const change = detectMessageChange(host.committed(), next.messages.length, next.getKeyAt);
  // A new conversation opens at the bottom; a cleared one has nothing to keep.
  if (change.kind === 'opened' || change.kind === 'cleared') return null;
  const scroller = host.scroller();
  const scrollOffset = scroller === null ? (host.virtualizer().scrollOffset ?? 0) : host.offsetNow();
  const isPrefixAppearing = next.hasPrefix && !previous.hasPrefix;
  if (!shouldKeepReadingAnchor({ scrollOffset, isPrefixAppearing })) return null;
  const anchor = findReaderRow(host);
  if (anchor === null) return null;
  return {
    anchor,
    // A prefix that came or went, or an opening window that ended, moves the rows as well.
    expectedShift: change.olderCount + next.firstMessageRow - previous.firstMessageRow,
    isSameCount: next.messages.length === previous.messages.length && next.firstMessageRow === previous.firstMessageRow,
    wasGroupStart: isGroupStartRowIn(previous, anchor.index),
  };
};

/**
 * Whether a row that TanStack resizes grows upwards because of the anchored change (the
 * anchored row still shows the message it was anchored to): true for those, undefined for the
 * others (the usual rule decides).
 */
const compensatesAnchoredResize = (
  anchoredRow: AnchoredRow,
  item: VirtualItem,
  instance: ListVirtualizer,
): true | undefined => {
  // The reader's row that gained or lost its group's header in the change: the header is its
  // top, so its text stays still and what is above it moves (a prepended page that continues
  // the day at the top takes the day's header up with it).
  if (anchoredRow.hasNewHeader && item.index === anchoredRow.index) {
    anchoredRow.hasNewHeader = false;
    return true;
  }
  // A message the last change put above the reader's row, measured for the first time, grows
  // upwards even when it is in view: it arrived above what the reader reads. It stood at its
  // estimate when the change was anchored, and pushed the reader's row 4 px down (found by the
  // fuzzer).
  if (item.index < anchoredRow.index && !isRowMeasured(instance, item.key)) return true;
  return undefined;
};

/**
 * The offset that puts `anchor`'s row back at its place in the viewport, in TanStack's layout now,
 * as far as the content reaches; null when its message is gone or there is no scroller.
 */
const anchoredOffsetNow = <TMessage>(host: ReadingAnchorHost<TMessage>, anchor: ReadingAnchor<MessageKey>) => {
  const scroller = host.scroller();
  if (scroller === null) return null;
  const virtualizer = host.virtualizer();
  const index = findAnchorIndex(anchor, virtualizer.options.count, host.getRowMessageKey, 0);
  const row = index >= 0 ? getLayout(virtualizer)[index] : undefined;
  return row === undefined ? null : Math.min(getAnchoredOffset(anchor, row.start), host.bottomOffset(scroller));
};

/**
 * The reader's row when the browser clamped their list to the bottom of a viewport that grew,
 * with where it stood then: held at its place in the viewport, as far as the content reaches,
 * until the reader or a command moves the list. The same resize re-wraps the rows (a narrower or
 * wider viewport) and TanStack measures them after the clamp, so it compensates only the rows
 * above the clamped offset: the rows between it and the reader's row pushed that row down, 367 px
 * in a viewport made taller and narrower (found by the fuzzer). It owns the held row.
 */
const createHeldRow = <TMessage>(host: ReadingAnchorHost<TMessage>) => {
  let heldRow: (ReadingAnchor<MessageKey> & { from: number }) | null = null;
  return {
    /** The browser clamped the reader's list from `from`: the reader's row there is held. */
    holdFrom(from: number) {
      if (heldRow?.from === from) return;
      const readerRow = findReaderRow(host, from);
      heldRow = readerRow && { ...readerRow, from };
    },
    forgetHeld() {
      heldRow = null;
    },
    /**
     * Puts the held row back at its place in the viewport, as far as the content reaches (as
     * the rows are measured). Returns whether it wrote.
     */
    returnTo(): boolean {
      const scroller = host.scroller();
      if (heldRow === null || scroller === null) return false;
      const offset = anchoredOffsetNow(host, heldRow);
      if (offset === null) {
        heldRow = null;
        return false;
      }
      if (Math.abs(offset - host.offsetNow()) < 1) return false;
      const virtualizer = host.virtualizer();
      host.writer.setModelOffset(virtualizer, host.writer.write(scroller, offset, 'anchor'));
      // TanStack's compensations that the clamp cut short were counted from the clamped offset:
      // written once the content grew, they would move the row away again.
      forgetClampedAdjustment(virtualizer);
      return true;
    },
  };
};

/**
 * The reading anchor: across a change of messages (history prepended, a key
 * replaced, a prefix that came or went), the row the reader reads keeps its place on screen. A
 * render plans the anchor from the last layout (`plan`); once TanStack has the new layout, the
 * offset that keeps the row still is decided (`keep`) and its commit writes it (`writeInCommit`).
 * Until the reader scrolls, the row stays anchored: rows the change put above it grow upwards
 * when they are measured. It owns the planned anchor, the anchored row, and the offset to write.
 */
export const createReadingAnchor = <TMessage>(host: ReadingAnchorHost<TMessage>) => {
  /** The reading anchor of the render in progress. */
  let pendingAnchor: PendingAnchor | null = null;
  /**
   * The reader's row of the last anchored change, where it stands in the new layout, until the
   * reader scrolls: rows the change put above it are measured after it was anchored.
   */
  let anchoredRow: AnchoredRow | null = null;
  /** An anchored offset decided during render, for the commit to write. */
  let hasOffsetToWrite = false;
  /**
   * The anchored offset of this render, planned on rows at their estimates: when an end of the
   * content clamped it, the commit clamps it again to the content as measured (see `keep`).
   */
  let plannedOffset: PlannedAnchorOffset | null = null;

  const held = createHeldRow(host);

  const findCurrent = () => findReaderRow(host);

  return {
    findCurrent,

    /** The offset that puts a reader's row found before back where it was, as far as the content reaches; null when it is gone. */
    anchoredOffsetNow: (anchor: ReadingAnchor<MessageKey>) => anchoredOffsetNow(host, anchor),

    /** An anchored offset decided during render, that its commit has yet to write. */
    get hasOffsetToWrite() {
      return hasOffsetToWrite;
    },

    /** The reader or a command moved the list: the anchored row no longer stands. */
    forgetRow() {
      anchoredRow = null;
      held.forgetHeld();
    },

    /** The browser clamped the reader's list from `from` to a taller viewport's bottom: their row there is held. */
    holdAcrossClamp: held.holdFrom,
    /** Puts the held row back where the reader saw it, as far as the content reaches; whether it wrote. */
    returnToHeldRow: held.returnTo,
    /** The pin took the list: the held row no longer stands. */
    releaseHeldRow: held.forgetHeld,

    /** In a render, before TanStack lays it out: the anchor of its change, if it keeps one, from the last layout. */
    plan(previous: LaidOutInputs<TMessage>, next: LaidOutInputs<TMessage>) {
      pendingAnchor = planAnchor(host, previous, next);
    },

    /** A render whose messages and rows stay as they were plans no anchor. */
    planNone() {
      pendingAnchor = null;
    },

    /**
     * The reading anchor of this render's change, if it planned one: the offset moves so the
     * anchor's row keeps its place, before the rows of this render are chosen; the commit writes
     * it to the scroller.
     */
    keep(instance: ListVirtualizer) {
      const planned = pendingAnchor;
      pendingAnchor = null;
      if (planned === null) return;
      // The change's anchor is the reader's row from here on.
      held.forgetHeld();
      const { count } = instance.options;
      let index = findAnchorIndex(planned.anchor, count, host.getRowMessageKey, planned.expectedShift);
      // A replaced row (a temporary id swapped for the server's) stands where the old one was.
      if (index === -1 && planned.isSameCount) index = planned.anchor.index + planned.expectedShift;
      const row = index >= 0 && index < count ? getLayout(instance)[index] : undefined;
      if (row === undefined) return;
      anchoredRow = {
        key: host.getRowMessageKey(index),
        index,
        hasNewHeader: planned.wasGroupStart !== isGroupStartRowIn(host.inputs(), index),
      };
      // Clamped as the browser will clamp it, so TanStack picks the rows for where the list really lands.
      const maxOffset = host.contentSize() - (host.scroller()?.clientHeight ?? 0);
      plannedOffset = planAnchoredOffset(planned.anchor, row.start, maxOffset);
      const { offset } = plannedOffset;
      if (Math.abs(offset - (instance.scrollOffset ?? 0)) < 0.01 && plannedOffset.clampedFrom === null) return;
      host.writer.setModelOffset(instance, offset);
      hasOffsetToWrite = true;
    },

    /**
     * In the commit of an anchored change, before the anchor's offset is written, and after every
     * render until the reader scrolls: the rows above the reader's row that are not measured yet,
     * and the reader's row when the change gave or took its group's header, are measured, so that
     * the write includes their sizes (a render after the commit can bring more in). Their ref
     * callbacks measure new rows only while TanStack takes the list to be still (not within 150 ms
     * of a scroll event), and the reader's row keeps its element, so no ref callback measures it.
     * Until the next frame's ResizeObserver, scroll events and reads saw the reader's text off by
     * the difference: a header's 30 px (a React 18 CI run), and 219.75 px when a page of history
     * landed within 150 ms of a scroll (another).
     */
    measureRowsAbove() {
      const content = host.content();
      if (anchoredRow === null || content === null) return;
      const { index: anchoredIndex, hasNewHeader } = anchoredRow;
      const virtualizer = host.virtualizer();
      host.measureRows(() => {
        for (const row of content.children) {
          const index = Number((row as HTMLElement).dataset.virtualIndex);
          if (!Number.isInteger(index) || index > anchoredIndex) continue;
          const isUnmeasured =
            index < anchoredIndex ? !isRowMeasured(virtualizer, virtualizer.options.getItemKey(index)) : hasNewHeader;
          if (isUnmeasured) measureElementNow(virtualizer, row as HTMLElement);
        }
      });
    },

    /** In the commit: the anchored offset decided during render is written to the scroller. */
    writeInCommit() {
      const scroller = host.scroller();
      if (!hasOffsetToWrite || scroller === null) return;
      hasOffsetToWrite = false;
      const virtualizer = host.virtualizer();
      // TanStack's offset already includes any compensation for rows measured during this commit.
      const modelOffset = virtualizer.scrollOffset ?? host.offsetNow();
      // The render clamped the anchor to a content whose new rows stood at their estimates; they
      // are measured now, and the content may reach further: a row given a new key, measured
      // 27 px taller than its estimate, pulled a list at the bottom to the top (fuzz seed 16002).
      const offset =
        plannedOffset === null
          ? modelOffset
          : settleAnchoredOffset(plannedOffset, modelOffset, host.bottomOffset(scroller));
      plannedOffset = null;
      // A write to where the scroller stands moves nothing, but it stops the browser's smooth
      // scroll of a command under way: scrollToBottom({ behavior: 'smooth' }) above a streamed
      // reply (a change below the reader's row) stood still until it timed out.
      const landed =
        host.isSmoothCommandUnderway() && Math.abs(offset - host.offsetNow()) < 1
          ? host.offsetNow()
          : host.writer.write(scroller, offset, 'anchor');
      host.writer.setModelOffset(virtualizer, landed);
    },

    /**
     * Whether a row that TanStack resizes grows upwards because of the anchored change: true for
     * those, undefined for the others (the usual rule decides).
     */
    compensatesResize: (item: VirtualItem, instance: ListVirtualizer): true | undefined =>
      anchoredRow === null || host.getRowMessageKey(anchoredRow.index) !== anchoredRow.key
        ? undefined
        : compensatesAnchoredResize(anchoredRow, item, instance),
  };
};

import { observeElementOffset as observeTanstackOffset, type VirtualItem } from '@tanstack/virtual-core';
import {
  AT_BOTTOM_THRESHOLD_RULE,
  EDGE_TOLERANCE_PX,
  NO_COMMITTED_MESSAGES,
  READER,
  SCROLL_END_DELAY_MS,
  decideFollow,
  detectMessageChange,
  findAnchorIndex,
  findKey,
  planOpeningWindow,
  applyLayoutKeyPlan,
  planLayoutKeys,
  findChangedWindow,
  findFirstLayoutChange,
  findReadingAnchor,
  getAnchoredOffset,
  getCommittedEdges,
  getVisibleIndexRange,
  isAtBottomEdge,
  isAtTopEdge,
  isHeadingForBottom,
  isGroupStartRow,
  isPinnedWhileGrowing,
  reduceScrollOwner,
  resolveFollowPolicy,
  resolveIsSent,
  defaultIsReceived,
  sanitizeNumber,
  shouldCompensateResize,
  shouldKeepReadingAnchor,
  toVirtualizerAlign,
  type ChangedWindow,
  type FollowBehavior,
  type GroupKey,
  type MessageKey,
  type ReadingAnchor,
  type ScrollCommand,
  type ScrollCommandReason,
  type ScrollMetrics,
  type ScrollOwner,
  type ScrollOwnerEffect,
  type ScrollOwnerEvent,
  type ScrollTarget,
  MAX_SCROLL_SIZE,
  UNSCALED_SPACE,
  hiddenBelow,
  isScaledSpace,
  planScrollSpace,
  scrollSizeIn,
  spaceAround,
  spaceForReaderJump,
  type ScrollSpace,
  type ScrollSpaceGeometry,
  type ScrollHeading,
  messageIndexOfRow,
  createDuplicateKeyCounter,
  PREFIX_ROW,
  SUFFIX_ROW,
} from '../core';
import { announce, getAnnouncement, toMotionBehavior } from './accessibility';
import { createEdgeLoaders } from './engine/edge-loaders';
import { createGlide } from './engine/glide';
import { createReporting } from './engine/reporting';
import { createScrollWriter } from './engine/scroll-writer';
import { isTracing, traceOwnerChange } from './engine-trace';
import { warnIfUnbounded, warnOnce } from './dev-warnings';
import { getRangeExtractor } from './rendered-rows';
import { createTurnAnchor } from './turn-anchor';
import {
  attachScrollElement,
  forgetRowElement,
  getLayout,
  getRowKeyedMaps,
  getSizeChangeCount,
  isLayoutCurrent,
  isRowMeasured,
  keepRoomToAppend,
  measureElementNow,
  relayoutFrom,
  replaceMaxScrollOffset,
  type ListVirtualizer,
} from './tanstack-internals';
import type {
  ChatListBehaviorOptions,
  ChatListHandle,
  ChatListSnapshot,
  ScrollToEdgeOptions,
  VisibleRange,
} from './types';

declare const process: { env: { NODE_ENV?: string } };

/**
 * New key or estimate functions that come within this many renders of each other count as one
 * churn; three of them warn. The list's own renders between two of the app's are a few.
 */
const CALLBACK_CHURN_RENDERS = 10;

export type { ListVirtualizer };

export const PREFIX_KEY = '\u0000prefix';
export const SUFFIX_KEY = '\u0000suffix';
const SCROLL_KEYS = new Set(['ArrowUp', 'ArrowDown', 'PageUp', 'PageDown', 'Home', 'End', ' ']);
const INTENT_EVENTS = ['wheel', 'touchstart', 'touchmove', 'pointerdown', 'keydown'];

/** The messages of a batch, without holes (undefined or null entries, rendered as empty rows). */
const withoutHoles = <TMessage>(batch: TMessage[]): TMessage[] =>
  batch.filter((message) => message !== undefined && message !== null);

/**
 * Whether a ResizeObserver callback is delivering row sizes to TanStack (on any list of the
 * page): a render inside it must wait (see `shouldRenderSynchronously`).
 */
let isDeliveringRowSizes = false;

/**
 * A row's height for TanStack. Rounded sizes drift by up to half a pixel per row; anchoring needs
 * the real, fractional height. A row laid out at zero width (a collapsed or hidden container)
 * wraps every word onto a line of its own, or has no height at all: that height says nothing of
 * the row's, and a row measured so kept it after the container widened, off screen, for good
 * (issue #13 bug 9). It keeps the size it has; the ResizeObserver measures it again once it has a width.
 */
export const measureRowElement = (
  element: HTMLElement,
  entry: ResizeObserverEntry | undefined,
  instance: ListVirtualizer,
): number => {
  // Only TanStack's ResizeObserver passes an entry: its callback is under way until its microtasks run.
  if (entry !== undefined && !isDeliveringRowSizes) {
    isDeliveringRowSizes = true;
    queueMicrotask(() => (isDeliveringRowSizes = false));
  }
  const box = entry?.borderBoxSize?.[0];
  const rect = box === undefined ? element.getBoundingClientRect() : undefined;
  const width = box?.inlineSize ?? rect?.width ?? 0;
  if (width > 0) return box?.blockSize ?? rect?.height ?? 0;
  const index = instance.indexFromElement(element);
  return getLayout(instance)[index]?.size ?? instance.options.estimateSize(index);
};

/** Calls `onResize` when the element's size changes; returns how to stop. Without ResizeObserver (jsdom), nothing. */
const observeResize = (element: Element, onResize: () => void): (() => void) | undefined => {
  if (typeof ResizeObserver === 'undefined') return undefined;
  const observer = new ResizeObserver(onResize);
  observer.observe(element);
  return () => observer.disconnect();
};

/** The inputs of one render, handed over by the hook before TanStack lays it out. */
export interface RenderInputs<TMessage> {
  options: ChatListBehaviorOptions<TMessage>;
  messages: readonly TMessage[];
  /** The key of `messages[index]`, with a fallback for a missing key. */
  getKeyAt: (index: number) => MessageKey;
  hasPrefix: boolean;
  hasSuffix: boolean;
  /** The group key of `messages[index]` (`getGroupKey`, checked); always undefined without groups. */
  getGroupKeyAt: (index: number) => GroupKey | undefined;
  /** Renders the list again (the hook's state setter): the engine ends its opening window with it. */
  requestRender: () => void;
}

/** A rendered row's ref callback (see the engine's `rowRef`). */
type RowRef = (element: HTMLElement | null) => void;

/** A render's inputs as the engine lays them out: where its first message is among TanStack's rows (core `rows.ts`). */
interface LaidOutInputs<TMessage> extends RenderInputs<TMessage> {
  firstMessageRow: number;
}

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
  /**
   * Rows being measured by their ref callbacks (`measureRowRef`), and whether that changed the
   * layout: a commit's rows are measured one callback at a time, and the layout change is
   * handled once after the last (issue #15).
   */
  const rowMeasuring = { isActive: false, hasChangedLayout: false };
  /**
   * The rows' ref callbacks (`rowRef`) by layout key, those handed out in this render and in the
   * one before: a row rendered again keeps its callback, and those of rows gone are dropped.
   */
  const rowRefs = {
    ofThisRender: new Map<MessageKey, RowRef>(),
    ofLastRender: new Map<MessageKey, RowRef>(),
    /** The layout key of the row each element last showed. */
    rowOfElement: new WeakMap<HTMLElement, MessageKey>(),
  };
  /** The element as tall as all rows (`totalSize`), when the markup hands it over. */
  let sizer: HTMLElement | null = null;
  /** The visually hidden polite live region that announces newer messages (issue #17), when rendered. */
  let announcer: HTMLElement | null = null;
  let isMounted = false;
  /**
   * The opening window (core `opening-window.ts`): the oldest messages TanStack does not lay out
   * yet, stood in for by one block of their estimated height. `isEndRequested` asks the next
   * render to lay out all of them; the commands of the handle that arrive meanwhile wait in
   * `waitingCommands`, so that every message is a target when they run.
   */
  const openingWindow = {
    hiddenCount: 0,
    isEndRequested: false,
    frame: 0,
    timer: undefined as ReturnType<typeof setTimeout> | undefined,
    waitingCommands: [] as Array<() => void>,
  };

  let owner: ScrollOwner = READER;
  let pinsWhileGrowing = true;
  /** Resolves the promise of the command `owner` holds; null when there is none. */
  let resolveCommand: ((landed: boolean) => void) | null = null;
  let commandFrame = 0;
  /** The list must land at the bottom once it has a viewport (opened while hidden). */
  let needsOpeningScroll = false;

  /**
   * How the scroller's offsets map onto the list's (issue #15: past `MAX_SCROLL_SIZE` the
   * scroller holds a window of the content, see core `scroll-space.ts`). The scroller and every
   * offset read here use `appliedSpace`; the latest render laid its rows out in `renderedSpace`,
   * which its commit applies. `scrollerOffset` is the scroller's own offset as last read or written,
   * to tell a reader's jump from a scroll; `isReaderDriving` is true from the reader's intent
   * until the list or the app moves the scroller.
   */
  const scaling: {
    appliedSpace: ScrollSpace;
    renderedSpace: ScrollSpace;
    scrollerOffset: number;
    isReaderDriving: boolean;
  } = {
    appliedSpace: UNSCALED_SPACE,
    renderedSpace: UNSCALED_SPACE,
    scrollerOffset: 0,
    isReaderDriving: false,
  };

  /**
   * The size changes TanStack made since it last laid the rows out, and its count of changes
   * then (see `placeResizedRow`).
   */
  const resizesSinceLayout: { changeCount: number; resizes: Array<{ index: number; delta: number }> } = {
    changeCount: 0,
    resizes: [],
  };

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
   * The anchored offset of this render, when the content's estimated end clamped it: the commit
   * clamps it again to the content as measured (see `keepReaderAnchored`).
   */
  let clampedAnchor: { anchoredOffset: number; plannedOffset: number } | null = null;
  /**
   * TanStack's `getItemKey`, a new function only when TanStack must lay rows out again (a key
   * moved or changed, an affix came or went, a new estimate): TanStack redoes its layout when
   * it gets a new one. A streamed token keeps it, so TanStack keeps its layout (issue #15).
   */
  let rowKeyGetter = createRowKeyGetter();
  /** The first row this render's layout must be redone from, or null when it keeps the last one. */
  let firstChangedRow: number | null = null;
  /**
   * A message row's layout key (TanStack's key of its measured size) is its index plus this:
   * positions that follow their messages (core `layout-keys.ts`), so that TanStack's layout
   * reads no message and hashes no id (issue #15).
   */
  let layoutKeyBase = 0;
  /**
   * The message keys of the latest render, counted to warn about keys that two messages share
   * (development only: it reads the keys of each change's window).
   */
  const duplicateKeys = process.env.NODE_ENV === 'production' ? undefined : createDuplicateKeyCounter();
  /**
   * New `estimateSize` or `getMessageKey` functions that came close together, and the renders
   * since the last one (development only). The list renders on its own between the app's renders
   * (a measurement, a scroll, focus), with the same functions: counted in a row, a parent's
   * inline function never warned.
   */
  const callbackChurn = { newCallbacks: 0, rendersSince: 0 };

  let committed = NO_COMMITTED_MESSAGES;
  let committedHasSuffix = false;
  /** The messages the chat policy last ran for; anything else is a commit still in progress. */
  let committedMessages: readonly TMessage[] | null = null;

  // The edges as the last read found them; an empty list is at both.
  let isAtTop = true;
  let isAtBottom = true;
  /** `hasNewer` as of the last commit: messages that arrive while it was true are a loaded page, not news. */
  let committedHasNewer = false;
  let isScrolling = false;
  /**
   * Which way the reader last scrolled, until they turn: the rows ahead get the whole overscan,
   * those behind 2 (core `overscan.ts`). Kept when the scroll ends, so that nothing is rendered
   * and measured behind the reader once they stop (with the overscan back behind them at rest,
   * those rows were measured 150 ms after every scroll, and the list moved then). Null at an
   * opening and until the reader scrolls: the list's own scrolls (the opening, a follow, a
   * command) leave it as it is.
   */
  let readerHeading: ScrollHeading = null;
  /** The list's offset at the last scroll event: the reader's heading is the way it moved from there. */
  let offsetAtLastScroll = 0;
  let scrollEndTimer: ReturnType<typeof setTimeout> | undefined;
  /** onOlderMessages / onNewerMessages calls waiting for the paint (see `flushBatches`). */
  let pendingBatches: Array<() => void> = [];
  let detachScroller: (() => void) | undefined;

  /** The row of `messages[0]` among TanStack's rows (core `rows.ts`): add it to a message's index to get its row. */
  const firstMessageRow = () => inputs.firstMessageRow;
  /** Asks the next render to lay out every message (core `opening-window.ts`); nothing when all are. */
  const endOpeningWindow = () => {
    if (openingWindow.hiddenCount === 0 || openingWindow.isEndRequested) return;
    openingWindow.isEndRequested = true;
    inputs.requestRender();
  };
  /** Ends the opening window in a task after the first paint, unless something ends it before. */
  const scheduleOpeningWindowEnd = () => {
    if (openingWindow.hiddenCount === 0 || openingWindow.frame !== 0 || openingWindow.timer !== undefined) return;
    if (typeof requestAnimationFrame === 'undefined') return endOpeningWindow();
    // A timeout set in a frame's callback runs after that frame is painted.
    openingWindow.frame = requestAnimationFrame(() => {
      openingWindow.frame = 0;
      openingWindow.timer = setTimeout(() => {
        openingWindow.timer = undefined;
        endOpeningWindow();
      });
    });
  };
  /**
   * Whether the block that stands for the messages the opening window leaves out is within a
   * viewport of the view: a viewport taller than the window's rows (a very tall window, tiny
   * rows) would show it blank until the window ends after the paint. Then it ends at once.
   */
  const isOpeningBlockInReach = () => {
    if (openingWindow.hiddenCount === 0 || openingWindow.isEndRequested || !hasOpened()) return false;
    const firstLaidOut = getLayout(virtualizer)[0];
    const { scrollOffset, viewportSize } = readMetrics();
    return firstLaidOut !== undefined && viewportSize > 0 && scrollOffset < firstLaidOut.start + viewportSize;
  };
  const cancelOpeningWindowEnd = () => {
    if (openingWindow.frame !== 0) cancelAnimationFrame(openingWindow.frame);
    clearTimeout(openingWindow.timer);
    openingWindow.frame = 0;
    openingWindow.timer = undefined;
  };
  /**
   * Whether the list has opened: its rows were rendered and the opening committed. The first
   * commit renders no rows; they come in the scroller's first layout, before the first paint
   * (issue #15), after the app's own mount effects, whose commands wait for them.
   */
  const hasOpened = () => committedMessages !== null;
  /** Whether a command can run now: the list opened with every message laid out. An unmounted list runs it at once (it resolves false). */
  const canRunCommands = () => !isMounted || (hasOpened() && openingWindow.hiddenCount === 0);
  /** Runs the commands that waited for the opening and for every message to be laid out, once they are (or the list unmounts). */
  const runWaitingCommands = () => {
    if (!canRunCommands()) return;
    const waiting = openingWindow.waitingCommands;
    openingWindow.waitingCommands = [];
    for (const run of waiting) run();
  };
  /**
   * A command of the handle, run once the list has opened and TanStack lays out every message:
   * in an opening window it waits for the next render, which ends the window, so that its
   * target has a row.
   */
  const runWhenLaidOut = (command: () => void) => {
    if (canRunCommands()) return command();
    openingWindow.waitingCommands.push(command);
    endOpeningWindow();
  };
  const resolveWhenLaidOut = (command: () => Promise<boolean>): Promise<boolean> =>
    canRunCommands() ? command() : new Promise<boolean>((resolve) => runWhenLaidOut(() => resolve(command())));
  const hasNewer = () => inputs.options.hasNewer === true;
  const atBottomThreshold = () => sanitizeNumber(inputs.options.atBottomThreshold, AT_BOTTOM_THRESHOLD_RULE);
  /**
   * Whether the list stands at the bottom of the conversation within the edge tolerance, whatever
   * `atBottomThreshold` says: only there does the pin hold it. The threshold widens what counts
   * as at the bottom (`isAtBottom`, following the next message, the unseen count); a pin that
   * held the whole threshold pulled a reader who stepped 60 px up (a wheel notch, an arrow key)
   * back to the bottom at the next measurement.
   */
  const isAtPinnedBottomEdge = (metrics: ScrollMetrics) => !hasNewer() && isAtBottomEdge(metrics);
  /** The message key of a row of the current render; the prefix and the suffix have their own. */
  const getRowMessageKey = (virtualIndex: number): MessageKey => {
    const { messages, getKeyAt } = inputs;
    const index = messageIndexOfRow(virtualIndex, firstMessageRow(), messages.length);
    if (index === PREFIX_ROW) return PREFIX_KEY;
    return index === SUFFIX_ROW ? SUFFIX_KEY : getKeyAt(index);
  };
  /** The list's offset: the scroller's, plus the content above its window when scaled. */
  const offsetNow = () => (scroller === null ? 0 : scroller.scrollTop + scaling.appliedSpace.shift);
  /** The one writer of the scroller's offset and TanStack's; the echoes of its writes are ours. */
  /** Smooth following: growth of a pinned list glides to the bottom (`smoothFollow`). */
  const glide = createGlide({
    scroller: () => scroller,
    isMounted: () => isMounted,
    isPinned: () => owner.kind === 'pinned-to-bottom',
    isSmoothFollowAsked: () => inputs.options.smoothFollow === true,
    offsetNow,
    bottomOffset: (element) => bottomOffset(element),
    writePin: (element, offset) => scrollWriter.write(element, offset, 'pin'),
  });
  const scrollWriter = createScrollWriter({
    virtualizer: () => virtualizer,
    scaling,
    offsetNow,
    bottomOffset: (element) => bottomOffset(element),
    keepInScrollSpace: (offset) => keepInScrollSpace(offset),
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

  /**
   * The content's height: TanStack's total, and the space a turn held at the top reserves
   * below it (issue #19). Everything that sizes the content or aims at its bottom uses this,
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
  /** TanStack's largest offset: the list's, which a scaled list's scroller does not have (issue #15). */
  const maxListOffset = () => (scroller === null ? null : scrollSizeNow() - scroller.clientHeight);
  const spaceGeometry = (): ScrollSpaceGeometry => ({
    contentSize: contentSize(),
    viewportSize: scroller?.clientHeight ?? 0,
  });

  /**
   * Makes `next` the scroller's space between renders, keeping the scroller where it is: a
   * command aimed outside the window, or a jump of the reader's. The rendered rows stand where
   * the old space put them until TanStack re-renders for the new offset (a jump's frame, as in
   * any virtualized list).
   */
  const moveScrollSpace = (next: ScrollSpace) => {
    scaling.appliedSpace = next;
    fitSizer();
  };

  /**
   * In the commit of a render: the space its rows were laid out in becomes the scroller's, and
   * the scroller moves by the difference, so the reader sees no move (one task, before paint).
   */
  const applyRenderedSpace = () => {
    if (scaling.renderedSpace === scaling.appliedSpace) return;
    const offset = offsetNow();
    // A list heading for the bottom that stands at the end of its scroller was put there by the
    // browser's clamp, to a sizer that lagged the content (rows measured in this commit): it
    // stays at the bottom. Kept at the clamp's offset, it was 70 px short after the re-base, and
    // the bottom command's next check took that for a reader's move up and let go (FUZZ_COPIES
    // seed 20991: follow 'always' left an append 770 px above the bottom).
    const isClampedAtBottom =
      scroller !== null &&
      isHeadingForBottom(owner) &&
      scroller.scrollTop >= scroller.scrollHeight - scroller.clientHeight - 1;
    scaling.appliedSpace = scaling.renderedSpace;
    fitSizer();
    if (scroller !== null) scrollWriter.write(scroller, isClampedAtBottom ? bottomOffset(scroller) : offset, 'rebase');
    // The write may have moved the window on (the reader moved past it since the render): the
    // scroller's space is the one in force now, for the rest of this commit.
    scaling.renderedSpace = scaling.appliedSpace;
  };

  /** A target outside a scaled list's window moves the window there first (issue #15); true when it did. */
  const keepInScrollSpace = (offset: number): boolean => {
    const space = scaling.appliedSpace;
    if (!isScaledSpace(space)) return false;
    const geometry = spaceGeometry();
    const inScroller = offset - space.shift;
    const maxInScroller = scrollSizeIn(space, geometry.contentSize) - geometry.viewportSize;
    // Past the end of a window open to the content's end the browser clamps, as unscaled.
    if (inScroller >= 0 && (inScroller <= maxInScroller || space.end === null)) return false;
    moveScrollSpace(spaceAround(offset, geometry));
    return true;
  };

  /**
   * Every scroll event, before its offset is read: a move of the reader's by many viewports at
   * once (the thumb, Home, End) lands at the same fraction of the whole conversation.
   */
  const readScrollerMove = (element: HTMLElement): boolean => {
    const offset = element.scrollTop;
    const previous = scaling.scrollerOffset;
    scaling.scrollerOffset = offset;
    if (offset === previous) return false;
    if (!scaling.isReaderDriving || !isScaledSpace(scaling.appliedSpace)) return true;
    const next = spaceForReaderJump(scaling.appliedSpace, offset, previous, spaceGeometry());
    if (next !== null) moveScrollSpace(next);
    return true;
  };

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
      if (instance.scrollElement !== null) readScrollerMove(instance.scrollElement);
      notify(offset + scaling.appliedSpace.shift, isScrolling);
    });

  const dispatch = (event: ScrollOwnerEvent) => {
    const previous = owner;
    const transition = reduceScrollOwner(owner, event, { pinsWhileGrowing });
    owner = transition.owner;
    if (isTracing) traceOwnerChange(event.type, previous, owner);
    for (const effect of transition.effects) applyEffect(effect);
    if (previous.kind === 'command' && owner.kind !== 'command') {
      if (previous.command.behavior === 'smooth') remeasureRenderedRows();
      // The view arrived: the messages that came into view on the way start their read time now.
      recheckRead();
    }
  };

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
    measureRenderedRows(content);
  };

  const measureRenderedRows = (element: HTMLElement) => {
    for (const row of element.children) {
      const index = Number((row as HTMLElement).dataset.virtualIndex);
      if (Number.isInteger(index))
        virtualizer.resizeItem(index, measureRowElement(row as HTMLElement, undefined, virtualizer));
    }
  };

  /**
   * In the commit of an anchored change, before the anchor's offset is written, and after every
   * render until the reader scrolls: the rows above the reader's row that are not measured yet,
   * and the reader's row when the change gave or took its group's header, are measured, so that
   * the write includes their sizes (a render after the commit can bring more in). Their ref callbacks
   * measure new rows only while TanStack takes the list to be still (not within 150 ms of a
   * scroll event), and the reader's row keeps its element, so no ref callback measures it. Until
   * the next frame's ResizeObserver, scroll events and reads saw the reader's text off by the
   * difference: a header's 30 px (a React 18 CI run), and 219.75 px when a page of history landed
   * within 150 ms of a scroll (another).
   */
  const measureRowsAboveAnchoredRow = () => {
    if (anchoredRow === null || content === null) return;
    const { index: anchoredIndex, hasNewHeader } = anchoredRow;
    rowMeasuring.isActive = true;
    try {
      for (const row of content.children) {
        const index = Number((row as HTMLElement).dataset.virtualIndex);
        if (!Number.isInteger(index) || index > anchoredIndex) continue;
        const isUnmeasured =
          index < anchoredIndex ? !isRowMeasured(virtualizer, virtualizer.options.getItemKey(index)) : hasNewHeader;
        if (isUnmeasured) measureElementNow(virtualizer, row as HTMLElement);
      }
    } finally {
      rowMeasuring.isActive = false;
    }
  };

  /**
   * `remeasure()` (issue #14): forgets every measured size and measures the rendered rows again,
   * in one synchronous step, so no frame shows them at their estimates. Rows out of view go back
   * to `estimateSize` until they render. Compensating each row as TanStack would moves the list
   * once per row, from offsets that are all stale: instead the reader's row is found before and
   * put back after, once. A list held at the bottom is held there by the pin, and a command
   * under way keeps its target (it corrects itself every frame).
   */
  const remeasure = () => {
    if (!isMounted || scroller === null || content === null) return;
    const anchor = owner.kind === 'reader' ? findCurrentAnchor() : null;
    isRemeasuring = true;
    try {
      virtualizer.measure();
      measureRenderedRows(content);
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
    if (owner.kind === 'pinned-to-bottom') {
      scrollWriter.setModelOffset(virtualizer, scrollWriter.write(scroller, bottomOffset(scroller), 'pin'));
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
        const resolve = resolveCommand;
        resolveCommand = null;
        resolve?.(effect.landed);
        return;
      }
      case 'cancel-scroll':
        virtualizer.cancelScroll();
        return;
      case 'correct-command':
        // TanStack reconciles its own command, but drops it in states we cannot see (a
        // viewport that was hidden, a held offset): the DOM is the judge. (The browser clamps
        // the offset of content shorter than the viewport to 0.)
        if (scroller !== null && owner.kind === 'command') {
          scrollWriter.write(scroller, correctedOffsetOf(owner.command.target, scroller), 'command-correction');
        }
        dispatch({ type: 'command-corrected', offset: offsetNow() });
        return;
      case 'watch-next-frame':
        if (commandFrame === 0 && typeof requestAnimationFrame !== 'undefined') {
          commandFrame = requestAnimationFrame(watchCommand);
        }
        return;
    }
  };

  const isOnTarget = (target: ScrollTarget): boolean => {
    switch (target.kind) {
      case 'bottom':
        return isAtBottomEdge(readMetrics());
      case 'top':
        return offsetNow() < EDGE_TOLERANCE_PX;
      case 'index': {
        const offset = scroller === null ? undefined : messageTargetOffsetOf(target, scroller);
        return offset !== undefined && Math.abs(offset - offsetNow()) <= EDGE_TOLERANCE_PX;
      }
    }
  };

  /**
   * Measures the rendered rows when a smooth command reached its target by TanStack's layout, and
   * returns whether it is still there. On the way, TanStack measures only the rows near the target
   * (`shouldMeasureDuringScroll`), so the layout it aimed by can hold estimates for rows the
   * view now shows: the fuzzer found a message asked to end at the viewport's bottom resolved
   * `true` 40 px above it (issue #13). Rows measured to other sizes move the target: the
   * command goes there at once, and lands on a later frame.
   */
  const measureOnArrival = (command: ScrollCommand): boolean => {
    const { target } = command;
    if (command.behavior !== 'smooth' || target.kind !== 'index' || Math.abs(offsetNow() - command.lastOffset) >= 0.5) {
      return true;
    }
    remeasureRenderedRows();
    if (isOnTarget(target)) return true;
    virtualizer.scrollToIndex(target.index + firstMessageRow(), {
      align: toVirtualizerAlign(target.align),
      behavior: 'auto',
    });
    return false;
  };

  /**
   * Where a command's target puts the scroller as the rows are laid out now, as the browser will
   * clamp it: the bottom, the top, a message aligned in the viewport (where TanStack aims), or a
   * message's top at `offset` px below the viewport's top (a restored snapshot).
   */
  const correctedOffsetOf = (target: ScrollTarget, element: HTMLElement): number => {
    if (target.kind === 'bottom') return bottomOffset(element);
    if (target.kind === 'top') return 0;
    return messageTargetOffsetOf(target, element) ?? offsetNow();
  };

  /**
   * Where a message target puts the scroller: aligned in the viewport (where TanStack aims), or
   * its top at `offset` px below the viewport's top. The browser clamps, so a target past either
   * end is reached at that end (content that just fills the viewport has nowhere to scroll, #13).
   * Unknown while the row is not in the layout: such a command is never on its target, and times
   * out rather than resolve `true` somewhere else.
   */
  const messageTargetOffsetOf = (
    target: Extract<ScrollTarget, { kind: 'index' }>,
    element: HTMLElement,
  ): number | undefined => {
    const row = target.index + firstMessageRow();
    let offset: number | undefined;
    if (target.offset === undefined) {
      offset = virtualizer.getOffsetForIndex(row, toVirtualizerAlign(target.align))?.[0];
    } else {
      const rowStart = getLayout(virtualizer)[row]?.start;
      offset = rowStart === undefined ? undefined : rowStart - target.offset;
    }
    return offset === undefined ? undefined : Math.min(Math.max(offset, 0), bottomOffset(element));
  };

  /** Once per frame while a command is under way. */
  const watchCommand = () => {
    commandFrame = 0;
    if (owner.kind !== 'command') return;
    const { target } = owner.command;
    dispatch({
      type: 'command-frame',
      offset: offsetNow(),
      isOnTarget: isOnTarget(target) && measureOnArrival(owner.command),
      now: performance.now(),
      isAtBottom: isAtPinnedBottomEdge(readMetrics()),
    });
  };

  /** Starts a command: it owns the scroll position until it lands, is abandoned or superseded. */
  const startCommand = (
    target: ScrollTarget,
    behavior: FollowBehavior,
    reason: ScrollCommandReason,
    start: () => void,
  ): Promise<boolean> => {
    if (!isMounted || scroller === null) {
      dispatch({ type: 'raw-move' });
      return Promise.resolve(false);
    }
    return new Promise<boolean>((resolve) => {
      const command: ScrollCommand = {
        target,
        behavior,
        reason,
        startedAt: performance.now(),
        landedFrames: 0,
        lastOffset: NaN,
      };
      // Settles the command this one supersedes, before this one's promise is held.
      dispatch({ type: 'command-started', command });
      turns.noteCommandStarted(target);
      anchoredRow = null;
      resolveCommand = resolve;
      start();
      scrollWriter.noteKnownOffset(offsetNow());
      applyEffect({ type: 'watch-next-frame' });
    });
  };

  /**
   * Opens a new conversation (SPEC §2.5, §2.9): at `initialAnchor`'s message when it is among
   * the messages, else at the newest one. An opening at a message is not at the bottom, so
   * newer messages follow by the policy's rule for a reader who scrolled up.
   */
  const openConversation = () => {
    const snapshotOpening = reopenSnapshot();
    if (snapshotOpening !== null) return snapshotOpening;
    const anchor = inputs.options.initialAnchor;
    if (anchor === 'last-turn') return openAtLastTurn();
    const { messages, getKeyAt } = inputs;
    const index =
      anchor === undefined || messages.length === 0 ? -1 : findKey(anchor.id, getKeyAt, 0, messages.length - 1);
    if (index === -1) {
      if (process.env.NODE_ENV !== 'production' && anchor !== undefined) {
        warnOnce(() => `initialAnchor: no message has the key ${JSON.stringify(anchor.id)}; opening at the bottom.`);
      }
      return scrollToBottom('auto', 'opening');
    }
    const align = anchor?.align ?? 'start';
    return startCommand({ kind: 'index', index, align }, 'auto', 'opening', () =>
      virtualizer.scrollToIndex(index + firstMessageRow(), { align, behavior: 'auto' }),
    );
  };

  /** Brings a message's top to `offset` px below the viewport's top, as the browser clamps it (a turn, a snapshot's row). */
  const scrollToRowOffset = (
    index: number,
    offset: number,
    behavior: 'auto' | 'smooth',
    reason: ScrollCommandReason,
  ): Promise<boolean> => {
    const target: ScrollTarget = { kind: 'index', index, align: 'start', offset };
    return startCommand(target, behavior, reason, () => {
      if (scroller !== null) scrollWriter.write(scroller, correctedOffsetOf(target, scroller), 'command', behavior);
    });
  };

  /**
   * `initialAnchor: 'last-turn'` (issue #19): the last turn's first message at the top; a turn
   * shorter than the viewport cannot scroll there, and the browser's clamp lands it at the
   * bottom, which is where such a transcript opens. Without a turn, at the bottom.
   */
  const openAtLastTurn = () => {
    const turn = turns.findLastTurn();
    return turn === null
      ? scrollToBottom('auto', 'opening')
      : scrollToRowOffset(turn.index, turn.offset, 'auto', 'opening');
  };

  /**
   * Reopens at `initialSnapshot` (issue #16): the reader's row at its pixel, what they had seen
   * as seen. Null when there is no snapshot or its row is not among the messages.
   */
  const reopenSnapshot = (): Promise<boolean> | null => {
    const snapshot = inputs.options.initialSnapshot;
    const { messages, getKeyAt } = inputs;
    const last = messages.length - 1;
    const index = snapshot === undefined || last < 0 ? -1 : findKey(snapshot.row.id, getKeyAt, 0, last);
    if (snapshot === undefined || index === -1) {
      if (process.env.NODE_ENV !== 'production' && snapshot !== undefined && last >= 0) {
        warnOnce(
          () => `initialSnapshot: no message has the key ${JSON.stringify(snapshot.row.id)}; opening as without it.`,
        );
      }
      return null;
    }
    const newestSeenIndex =
      snapshot.newestSeenId === undefined ? -1 : findKey(snapshot.newestSeenId, getKeyAt, last, 0);
    if (newestSeenIndex !== -1) seen.restoreNewestSeen(newestSeenIndex, getKeyAt);
    // At the bottom with nothing new: the bottom, pinned as it was.
    if (snapshot.isAtBottom && newestSeenIndex === last) return scrollToBottom('auto', 'opening');
    return scrollToRowOffset(index, snapshot.row.offset, 'auto', 'opening');
  };

  /** What `getSnapshot` returns: the reader's row, the edges, what was seen, the sizes around the reader. */
  const getSnapshot = (): ChatListSnapshot | null => {
    const { messages, getKeyAt } = inputs;
    if (!isMounted || scroller === null || messages.length === 0) return null;
    const anchor = findCurrentAnchor();
    if (anchor === null) return null;
    const sizes: Array<[MessageKey, number]> = [];
    for (const item of virtualizer.getVirtualItems()) {
      const index = item.index - firstMessageRow();
      if (index >= 0 && index < messages.length && isRowMeasured(virtualizer, item.key)) {
        sizes.push([getKeyAt(index), item.size]);
      }
    }
    return {
      row: { id: getKeyAt(anchor.index - firstMessageRow()), offset: anchor.distance },
      isAtBottom: handle.isAtBottom,
      newestSeenId: seen.newestSeenKey,
      sizes,
    };
  };

  const scrollToBottom = (requested: FollowBehavior = 'auto', reason: ScrollCommandReason = 'handle') => {
    // TanStack's scroll methods default to `behavior: 'auto'`, as ours do.
    const behavior = toMotionBehavior(requested);
    return startCommand({ kind: 'bottom' }, behavior, reason, () => virtualizer.scrollToEnd({ behavior }));
  };

  /**
   * Messages intersecting the viewport, from the DOM offset and the laid-out sizes. Not from
   * the rendered range: our scroll listener runs before TanStack's, so the range may still
   * describe the previous offset.
   */
  const getVisibleRange = (): VisibleRange | null => {
    // Without a scroller the viewport is empty, and so is the range.
    const { scrollOffset, viewportSize } = readMetrics();
    const range = getVisibleIndexRange({
      rows: getLayout(virtualizer),
      firstRowInView: virtualizer.getVirtualItemForOffset(scrollOffset)?.index ?? 0,
      scrollOffset,
      viewportSize,
      firstMessageRow: firstMessageRow(),
      messageCount: inputs.messages.length,
    });
    return range && { ...range, firstId: inputs.getKeyAt(range.firstIndex), lastId: inputs.getKeyAt(range.lastIndex) };
  };

  /**
   * TanStack skips compensating a row above the viewport that resizes while the reader scrolls
   * up; a chat must not move then either (a late image, SPEC §2.4). A list held at the bottom
   * is held there by the pin instead: a compensation computed from TanStack's last known offset
   * would pull it up.
   */
  const shouldCompensate = (item: VirtualItem, delta: number, instance: ListVirtualizer) => {
    const row = placeResizedRow(item, delta, instance);
    // `remeasure` puts the reader's row back itself, once.
    if (isHeadingForBottom(owner) || isRemeasuring) return false;
    // The reader's row that gained or lost its group's header in the change: the header is its
    // top, so its text stays still and what is above it moves (a prepended page that continues
    // the day at the top takes the day's header up with it, issue #16).
    if (
      anchoredRow?.hasNewHeader === true &&
      item.index === anchoredRow.index &&
      getRowMessageKey(anchoredRow.index) === anchoredRow.key
    ) {
      anchoredRow.hasNewHeader = false;
      return true;
    }
    // A message the last change put above the reader's row, measured for the first time, grows
    // upwards even when it is in view: it arrived above what the reader reads. It stood at its
    // estimate when the change was anchored, and pushed the reader's row 4 px down (found by the
    // fuzzer, issue #13).
    if (
      anchoredRow !== null &&
      item.index < anchoredRow.index &&
      !isRowMeasured(instance, item.key) &&
      getRowMessageKey(anchoredRow.index) === anchoredRow.key
    ) {
      return true;
    }
    return shouldCompensateResize(
      { ...row, isMeasured: isRowMeasured(instance, item.key) },
      instance.scrollOffset ?? 0,
      scroller?.clientHeight ?? 0,
    );
  };

  /**
   * Where a row TanStack is resizing stands now, and records its change. TanStack passes the row
   * as it was last laid out; rows above it resized since then moved it by their changes. Bringing
   * the layout up to date instead (as this did) lays out every row after it again, per resized
   * row: 200 ms at 100 000 messages and 2.3 s at 1 000 000 when the reader dragged the thumb to
   * the top and the first rows were measured (issue #15).
   */
  const placeResizedRow = (item: VirtualItem, delta: number, instance: ListVirtualizer) => {
    const changeCount = getSizeChangeCount(instance);
    let { start, size } = item;
    if (isLayoutCurrent(instance)) {
      resizesSinceLayout.changeCount = changeCount;
      resizesSinceLayout.resizes = [];
    } else if (changeCount !== resizesSinceLayout.changeCount + resizesSinceLayout.resizes.length) {
      // Changes this was not told of (made during a smooth scroll, which asks nothing): the
      // layout itself, brought up to date, knows.
      ({ start, size } = getLayout(instance)[item.index] ?? item);
      resizesSinceLayout.changeCount = changeCount;
      resizesSinceLayout.resizes = [];
    }
    for (const resize of resizesSinceLayout.resizes) {
      if (resize.index < item.index) start += resize.delta;
      else if (resize.index === item.index) size += resize.delta;
    }
    resizesSinceLayout.resizes.push({ index: item.index, delta });
    return { start, end: start + size };
  };

  /** `scrollToOffset` and `scrollBy`: raw moves by the app, which end any command under way. */
  const scrollRaw = (method: 'scrollToOffset' | 'scrollBy', value: number, scrollOptions?: ScrollToEdgeOptions) => {
    dispatch({ type: 'raw-move' });
    const writeBefore = scrollWriter.lastWrite;
    const scrollTopBefore = scroller?.scrollTop ?? 0;
    scrollWriter.asRawMove(() =>
      virtualizer[method](value, scrollOptions && { behavior: toMotionBehavior(scrollOptions.behavior) }),
    );
    const { lastWrite } = scrollWriter;
    // A move the browser clamps to where the scroller already stands (scrollBy down at the bottom,
    // scrollToOffset to the current offset) sends no scroll event: the edges are read now, as
    // that event would have. Otherwise the list, let go by the move, stayed let go at the bottom,
    // and the last message's next growth left it 39 px above (fuzz seed 20939).
    if (scroller !== null && lastWrite !== writeBefore && lastWrite?.reason === 'raw') {
      const reachable = Math.min(Math.max(scaling.scrollerOffset, 0), scroller.scrollHeight - scroller.clientHeight);
      if (Math.abs(reachable - scrollTopBefore) < 0.5) syncWithScroller(false);
    }
  };

  /** What the list tells the app about what is in view: seen, unseen count, range, read receipts, current turn. */
  const reporting = createReporting<TMessage>({
    options: () => inputs.options,
    messages: () => inputs.messages,
    getKeyAt: (index) => inputs.getKeyAt(index),
    scroller: () => scroller,
    hasOpened: () => hasOpened(),
    isReportable: () => isReportable(),
    getVisibleRange: () => getVisibleRange(),
    readMetrics: () => readMetrics(),
    rowAt: (index) => getLayout(virtualizer)[index + firstMessageRow()],
    isRowMeasured: (row) => isRowMeasured(virtualizer, row.key),
    isViewMoving: () => owner.kind === 'command',
    findCurrentTurn: () => turns.findCurrentTurn(),
  });
  const { seen, reportVisible, recheckRead } = reporting;

  const handle: ChatListHandle<TMessage> = {
    // The newest message is always laid out: before the opening, `scrollToBottom` waits with the
    // other commands, but unlike them it does not end an opening window to run sooner.
    scrollToBottom: (scrollOptions) =>
      hasOpened() || !isMounted
        ? scrollToBottom(scrollOptions?.behavior)
        : new Promise<boolean>((resolve) =>
            openingWindow.waitingCommands.push(() => resolve(scrollToBottom(scrollOptions?.behavior))),
          ),
    scrollToTop: (scrollOptions) =>
      resolveWhenLaidOut(() => {
        const behavior = toMotionBehavior(scrollOptions?.behavior ?? 'auto');
        return startCommand({ kind: 'top' }, behavior, 'handle', () => virtualizer.scrollToOffset(0, { behavior }));
      }),
    scrollToIndex(index, scrollOptions = {}) {
      const { length } = inputs.messages;
      if (!Number.isInteger(index) || index < 0 || index >= length) {
        warnOnce(() => `scrollToIndex: index ${index} is outside 0..${length - 1}.`);
        return Promise.resolve(false);
      }
      const { align } = scrollOptions;
      const behavior = toMotionBehavior(scrollOptions.behavior ?? 'auto');
      return resolveWhenLaidOut(() =>
        startCommand({ kind: 'index', index, align }, behavior, 'handle', () =>
          virtualizer.scrollToIndex(index + firstMessageRow(), { align: toVirtualizerAlign(align), behavior }),
        ),
      );
    },
    scrollToId(id, scrollOptions) {
      const { messages, getKeyAt } = inputs;
      // The newest match; `findKey` scans a non-empty range only.
      const index = messages.length === 0 ? -1 : findKey(id, getKeyAt, messages.length - 1, 0);
      if (index === -1) {
        warnOnce(() => `scrollToId: no message has the key ${JSON.stringify(id)}.`);
        return Promise.resolve(false);
      }
      return handle.scrollToIndex(index, scrollOptions);
    },
    scrollToOffset: (offset, scrollOptions) => runWhenLaidOut(() => scrollRaw('scrollToOffset', offset, scrollOptions)),
    scrollBy: (delta, scrollOptions) => runWhenLaidOut(() => scrollRaw('scrollBy', delta, scrollOptions)),
    get isAtTop() {
      return isAtTopEdge(readMetrics());
    },
    get isAtBottom() {
      return !hasNewer() && (isAtBottomEdge(readMetrics(), atBottomThreshold()) || glide.isGliding());
    },
    get isScrolling() {
      return isScrolling;
    },
    get scrollOffset() {
      return offsetNow();
    },
    get scrollSize() {
      return scrollSizeNow();
    },
    get viewportSize() {
      return scroller?.clientHeight ?? 0;
    },
    getVisibleRange,
    wasSeen: seen.wasSeen,
    get newestSeenId() {
      return seen.newestSeenKey;
    },
    get unseenCount() {
      return seen.getUnseenCount(inputs.messages.length);
    },
    getScrollElement: () => scroller,
    remeasure,
    getSnapshot,
    get currentTurnId() {
      return reporting.currentTurnKey;
    },
    scrollToTurn: (target, scrollOptions) =>
      resolveWhenLaidOut(() => {
        const turn = turns.findTarget(target);
        if (turn === null) return Promise.resolve(false);
        return scrollToRowOffset(
          turn.index,
          turn.offset,
          toMotionBehavior(scrollOptions?.behavior ?? 'auto'),
          'handle',
        );
      }),
  };

  /** Loading both ways: the app's loaders called near each end, and `aria-busy` while one loads. */
  const edgeLoaders = createEdgeLoaders<TMessage>({
    options: () => inputs.options,
    handle,
    scroller: () => scroller,
    isMounted: () => isMounted,
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
   * marked seen, issue #13).
   */
  const onLayoutChange = () => {
    if (rowMeasuring.isActive) {
      // Sizing the content and reading the scroller after each row forced a layout of the page and
      // a relayout of every row per row: 18 of each at the opening of 100 000 messages. Once,
      // after the last row: in the commit's layout effects, or in a microtask (before the paint)
      // when only rows committed.
      if (!rowMeasuring.hasChangedLayout) queueMicrotask(flushRowLayoutChange);
      rowMeasuring.hasChangedLayout = true;
      return;
    }
    fitSizer();
    pinToBottom();
    correctCommandTarget();
    if (!isReportable()) return;
    // A reader's edges move when the content changes size under them without a scroll event:
    // rows that re-wrapped to a wider viewport made the content fit, the list at its bottom kept
    // `isAtBottom` false from before, and did not follow the next message (fuzz seed 20266); a
    // message growing below a reader with 'never' left it true. A pinned list stays at the bottom
    // (above). Not in the middle of a step that moves the list once it is done, where the edges
    // mean nothing yet: a suffix that came or went (the commit follows it), an anchored offset the
    // commit is to write, a remeasure (read at the bottom with every size back at its estimate,
    // the reader was pinned there, and the remeasure's pin then moved their row 9 px).
    const isSettled = committedHasSuffix === inputs.hasSuffix && !hasOffsetToWrite && !isRemeasuring;
    if (owner.kind === 'reader' && isSettled) syncWithScroller();
    else reportVisible();
  };

  /**
   * Whether TanStack's change, which asks for a synchronous render (`isSync`: a scroll, or a
   * compensation of a resized row), gets one. Not while the commit's rows are measured (React is
   * committing), and not inside TanStack's ResizeObserver callback: React 19 renders every
   * pending update in a synchronous render, the app's too, and a row that the app's update
   * resizes there has had its size delivered already: "ResizeObserver loop completed with
   * undelivered notifications" (an image loading above the reader while a reply streams; fuzz
   * seed 20828). The rows need no render there: they are in the flow, and the compensation is
   * written; the render TanStack asked for comes in the next task.
   */
  const shouldRenderSynchronously = (isSync: boolean) => isSync && !rowMeasuring.isActive && !isDeliveringRowSizes;

  /** The layout change of the rows measured since the last flush, if any. */
  const flushRowLayoutChange = () => {
    if (!rowMeasuring.hasChangedLayout) return;
    rowMeasuring.hasChangedLayout = false;
    if (isMounted) onLayoutChange();
  };

  /**
   * The ref callback of every row: TanStack measures it, and the layout change waits for the
   * commit's other rows. TanStack skips a new row within 150 ms of a scroll event and leaves it
   * to its ResizeObserver; without one (jsdom, the testing kit) nothing measured it later, and a
   * row the reader scrolled into stood at its estimate until an anchored change measured it and
   * moved the reader (the kit's reader at 1000 px went to 940 px when a message arrived).
   */
  const measureRowRef = (element: HTMLElement | null, isNow = false) => {
    rowMeasuring.isActive = true;
    try {
      if (element !== null && (isNow || typeof ResizeObserver === 'undefined')) measureElementNow(virtualizer, element);
      else virtualizer.measureElement(element);
    } finally {
      rowMeasuring.isActive = false;
    }
  };

  /**
   * The ref callback of the rendered row at `virtualIndex`: one per row (its layout key), so
   * that React calls it again when an element goes on to show another row. Rows that share a
   * message key (bad input, SPEC §2.8) share React keys from one render to the next: React
   * handed the element of one such row to another without calling a callback that stayed the
   * same, the ResizeObserver, which already observed the element, said nothing when both rows
   * were as tall, and TanStack kept the new row at its estimate until the scroll ended:
   * getVisibleRange() a row off the DOM (a CI run of stop 41, in the duplicate-keys test).
   */
  const rowRef = (virtualIndex: number): RowRef => {
    const key = rowKeyGetter(virtualIndex);
    let ref = rowRefs.ofThisRender.get(key) ?? rowRefs.ofLastRender.get(key);
    if (ref === undefined) {
      ref = (element) => {
        const previousKey = element === null ? undefined : rowRefs.rowOfElement.get(element);
        if (element !== null) rowRefs.rowOfElement.set(element, key);
        if (element === null || previousKey === undefined || previousKey === key) return measureRowRef(element);
        // Measured now: TanStack observes it already, so no first observation will report it.
        forgetRowElement(virtualizer, previousKey, element);
        measureRowRef(element, true);
      };
    }
    rowRefs.ofThisRender.set(key, ref);
    return ref;
  };

  /**
   * Edges, owner, seen tracking and the history trigger, from the DOM as it is now.
   * `isOwnWrite` is false only for a scroll event none of our writes explains.
   */
  const syncWithScroller = (isOwnWrite = true) => {
    if (scroller === null) return;
    const { options } = inputs;
    const metrics = readMetrics();
    const wasAtTop = isAtTop;
    const wasAtBottom = isAtBottom;
    isAtTop = isAtTopEdge(metrics);
    // Not at the bottom of the conversation while newer messages are still to load (issue #16).
    const isAtBottomEdgeNow = !hasNewer() && isAtBottomEdge(metrics, atBottomThreshold());
    // A glide on its way there is at the bottom for the app: no "↓ new" flicker while it trails.
    // The owner reads the edge itself: the reader's scroll away must release the pin.
    isAtBottom = isAtBottomEdgeNow || glide.isGliding();
    scrollWriter.noteKnownOffset(metrics.scrollOffset);
    dispatch({ type: 'edges-read', isAtBottom: isAtPinnedBottomEdge(metrics), isOwnWrite });
    if (isAtTop !== wasAtTop) options.onAtTopChange?.(isAtTop);
    if (isAtBottom !== wasAtBottom) options.onAtBottomChange?.(isAtBottom);
    reportVisible();
    edgeLoaders.readZones(metrics, () => {
      const layout = getLayout(virtualizer);
      return {
        prefixSize: firstMessageRow() > 0 ? (layout[0]?.size ?? 0) : 0,
        suffixSize: inputs.hasSuffix ? (layout[layout.length - 1]?.size ?? 0) : 0,
      };
    });
  };

  /**
   * Keeps a pinned list at the bottom while its content or viewport changes size: streaming, a
   * suffix, a late image, a shrinking window. Runs in ResizeObserver callbacks, which come
   * after layout and before paint, so no frame shows the gap; also after every commit and
   * TanStack measurement. The reader's own scroll is read first (scroll events precede resize
   * observations in a frame), so a reader who scrolled up is never pulled back.
   */
  const pinToBottom = () => {
    if (
      scroller === null ||
      owner.kind !== 'pinned-to-bottom' ||
      // New rows are measured during their commit, before the policy has run for them: their
      // height is arrival, not growth, and only the follow policy may move the list for it.
      committedMessages !== inputs.messages ||
      committedHasSuffix !== inputs.hasSuffix ||
      // Moved since we last read or wrote it (the app set scrollTop, or a commit landed
      // before the scroll event): the scroll event decides, not a stale state.
      scrollWriter.isMovedSinceKnown(scroller)
    ) {
      return;
    }
    const bottom = bottomOffset(scroller);
    const offset = offsetNow();
    if (bottom - offset <= 0.5) scrollWriter.noteKnownOffset(offset);
    else if (glide.isFollowingByGliding()) glide.start();
    else scrollWriter.write(scroller, bottom, 'pin');
  };

  /**
   * The rows just measured may have moved a command's target (the bottom, when the rows the
   * command brought into view are taller than their estimates): the policy says whether to go
   * there again now, before the paint. Not when the scroller moved since we last read or wrote
   * it: the scroll event decides (see `pinToBottom`).
   */
  const correctCommandTarget = () => {
    if (scroller === null || owner.kind !== 'command' || scrollWriter.isMovedSinceKnown(scroller)) return;
    dispatch({ type: 'layout-changed', offset: offsetNow(), isOnTarget: isOnTarget(owner.command.target) });
  };

  // Listens to the scroller only while it is attached, so `scroller` is that element.
  const onScroll = () => {
    if (scroller !== null) readScrollerMove(scroller);
    const offset = offsetNow();
    const moved = offset - offsetAtLastScroll;
    offsetAtLastScroll = offset;
    isScrolling = true;
    inputs.options.onScroll?.(offset);
    clearTimeout(scrollEndTimer);
    scrollEndTimer = setTimeout(() => {
      isScrolling = false;
      if (!isMounted) return;
      // Rows mounted during a smooth scroll that TanStack drove (`scrollToOffset` and
      // `scrollBy` with `behavior: 'smooth'`, which are not commands and have no landing) were
      // not measured, and their ResizeObserver does not fire again: measured now, or the layout
      // keeps their estimates (the fuzzer found getVisibleRange() a row off the DOM, issue #13).
      if (content !== null && owner.kind !== 'command') measureRenderedRows(content);
      inputs.options.onScrollEnd?.();
    }, SCROLL_END_DELAY_MS);
    const write = scrollWriter.takeLastWrite();
    const isOwnWrite = write !== null && write.reason !== 'raw' && Math.abs(offset - write.offset) < 1;
    // The echo of our own pin arrives after layout: rows measured in between may have grown
    // the content again. That is still growth, not the reader.
    if (isOwnWrite && write.reason === 'pin') pinToBottom();
    // The reader moved: the rows they now read are in view, measured as rows in view are.
    if (!isOwnWrite) anchoredRow = null;
    // Someone else moved the scroller (a script, the scrollbar): older rows may come into view.
    // Not so our own write that the browser clamped at the bottom, the content having shrunk as
    // its rows were measured (the opening's).
    const isClampedEcho =
      write !== null &&
      write.reason !== 'raw' &&
      offset < write.offset &&
      scroller !== null &&
      bottomOffset(scroller) - offset < 1;
    if (!isOwnWrite && !isClampedEcho) endOpeningWindow();
    syncWithScroller(isOwnWrite);
    if (!isOwnWrite && owner.kind === 'reader' && moved !== 0) readerHeading = moved > 0 ? 'down' : 'up';
  };

  /**
   * A commit between a move of the scroller that we did not make (the reader's thumb, a script)
   * and that move's scroll event reads the move first, as its event would: the state the commit
   * acts on (pinned to the bottom, the offset we know) is from before it. A key replaced above
   * the view in the task of a reader's jump to the top was anchored at the top, whose write then
   * passed for the scroller's known offset, and the pin took the list back to the bottom: the
   * jump was lost for good. The event itself still reports the scroll to the app; the render
   * being committed planned from the scroller's offset already, so its anchored row stays.
   */
  const readMoveBeforeItsEvent = () => {
    if (scroller === null || !scrollWriter.hasUnreadMove(scroller)) return;
    readScrollerMove(scroller);
    endOpeningWindow();
    syncWithScroller(false);
  };

  /** The reader took the wheel: whatever we were scrolling towards, stop fighting them. */
  const onUserIntent = (event: Event) => {
    if (
      (event.type === 'keydown' && !SCROLL_KEYS.has((event as KeyboardEvent).key)) ||
      // A press on the scroller itself is its scrollbar; on a row it is a click, not a scroll.
      (event.type === 'pointerdown' && event.target !== scroller)
    ) {
      return;
    }
    // The reader may scroll to older rows: lay them out.
    endOpeningWindow();
    turns.release(virtualizer.getTotalSize());
    scaling.isReaderDriving = true;
    glide.holdForReader();
    // The browser animates a smooth command itself, and releasing the command does not stop it:
    // a wheel during a smooth scrollToTop left the list carried on to the top under the reader.
    // A write to where the list stands stops it; the reader's own scroll comes after this event.
    if (owner.kind === 'command' && owner.command.behavior === 'smooth' && scroller !== null) {
      scrollWriter.write(scroller, offsetNow(), 'halt');
    }
    dispatch({ type: 'reader-intent' });
  };

  const onViewportResize = () => {
    if (process.env.NODE_ENV !== 'production') warnIfUnbounded(scroller, virtualizer.getTotalSize());
    if (needsOpeningScroll && handle.viewportSize > 0) {
      needsOpeningScroll = false;
      void openConversation();
    }
    pinToBottom();
    syncWithScroller();
    // After the list's own response, as when TanStack had an observer of its own, created later.
    reportScrollerRect?.();
  };

  // A detach stays until the next element's replaces it, so after a ref call with null it runs
  // once more: harmless, as removing or disconnecting twice does nothing.
  const scrollerRef = (element: HTMLElement | null) => {
    detachScroller?.();
    scroller = element;
    if (element === null) return;
    element.addEventListener('scroll', onScroll, { passive: true });
    for (const type of INTENT_EVENTS) element.addEventListener(type, onUserIntent, { passive: true });
    element.ownerDocument.addEventListener('visibilitychange', recheckRead);
    const stopObserving = observeResize(element, onViewportResize);
    detachScroller = () => {
      element.removeEventListener('scroll', onScroll);
      for (const type of INTENT_EVENTS) element.removeEventListener(type, onUserIntent);
      element.ownerDocument.removeEventListener('visibilitychange', recheckRead);
      reporting.stop();
      stopObserving?.();
    };
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
      clearTimeout(scrollEndTimer);
      reporting.stop();
      glide.stop();
      cancelOpeningWindowEnd();
      scrollWriter.stop();
      edgeLoaders.unmount();
      // A watch frame still scheduled finds no command and stops.
      dispatch({ type: 'unmounted' });
      // Unmounted, a waiting command resolves false at once, as any command on an unmounted list.
      runWaitingCommands();
    };
  };

  /** The chat policy, once per committed change of the messages or affixes. */
  const commit = () => {
    readMoveBeforeItsEvent();
    applyRenderedSpace();
    measureRowsAboveAnchoredRow();
    flushRowLayoutChange();
    syncPolicy();
    const { options, messages, getKeyAt, hasSuffix } = inputs;
    const { follow = 'at-bottom', isReceived = defaultIsReceived } = options;
    if (hasOffsetToWrite && scroller !== null) {
      hasOffsetToWrite = false;
      // TanStack's offset already includes any compensation for rows measured during this commit.
      const modelOffset = virtualizer.scrollOffset ?? offsetNow();
      // The render clamped the anchor to a content whose new rows stood at their estimates; they
      // are measured now, and the content may reach further: a row given a new key, measured
      // 27 px taller than its estimate, pulled a list at the bottom to the top (fuzz seed 16002).
      const offset =
        clampedAnchor === null
          ? modelOffset
          : Math.min(clampedAnchor.anchoredOffset + modelOffset - clampedAnchor.plannedOffset, bottomOffset(scroller));
      clampedAnchor = null;
      // A write to where the scroller stands moves nothing, but it stops the browser's smooth
      // scroll of a command under way: scrollToBottom({ behavior: 'smooth' }) above a streamed
      // reply (a change below the reader's row) stood still until it timed out.
      const isSmoothCommand = owner.kind === 'command' && owner.command.behavior === 'smooth';
      const landed =
        isSmoothCommand && Math.abs(offset - offsetNow()) < 1
          ? offsetNow()
          : scrollWriter.write(scroller, offset, 'anchor');
      scrollWriter.setModelOffset(virtualizer, landed);
    }
    const { length } = messages;
    const change = detectMessageChange(committed, length, getKeyAt);
    const suffixChanged = committedHasSuffix !== hasSuffix;
    committed = getCommittedEdges(length, getKeyAt);
    committedHasSuffix = hasSuffix;
    committedMessages = messages;
    const wasAtLiveEnd = !committedHasNewer;
    committedHasNewer = hasNewer();
    reporting.applyChange(change, length, getKeyAt);

    const wasAtBottom = isAtBottom || isHeadingForBottom(owner);
    if (change.kind === 'opened') {
      // A new conversation opens at its newest message, whatever the follow mode (SPEC §2.5).
      edgeLoaders.reopen();
      readerHeading = null;
      turns.reset();
      needsOpeningScroll = handle.viewportSize === 0;
      void openConversation();
      // TanStack learns the new offset from the scroll event, after the re-render this commit
      // already queued: that render would mount and measure the rows at the old offset, then
      // the scroll event those at the bottom. Told now, the first frame renders and measures
      // only the bottom rows.
      scrollWriter.setModelOffset(virtualizer, offsetNow());
    } else if (change.newerCount > 0) {
      const newMessages = withoutHoles(messages.slice(length - change.newerCount));
      // A turn that starts at the live end is held at the top: sized before the follow aims at the bottom.
      if (wasAtLiveEnd && !committedHasNewer && turns.onNewerMessages(change.newerCount)) fitSizer();
      // A page loaded below a window that is not at the live end is not news: nothing follows it.
      const behavior = !wasAtLiveEnd
        ? false
        : decideFollow(
            resolveFollowPolicy(follow, isReceived, resolveIsSent(options.followSentMessages, options.isReceived)),
            { wasAtBottom, newMessages, handle },
          );
      if (behavior === false) dispatch({ type: 'follow-declined' });
      else void scrollToBottom(behavior, 'follow');
      pendingBatches.push(() => inputs.options.onNewerMessages?.(handle, newMessages));
      // Arrivals are announced, a loaded page is not; rows that merely mount never are.
      if (wasAtLiveEnd) pendingBatches.push(() => announceNewMessages(newMessages));
      edgeLoaders.messagesLoaded('newer');
    } else if (suffixChanged && wasAtBottom && pinsWhileGrowing) {
      // A suffix ("typing…") appearing at the bottom is growth of the last row.
      void scrollToBottom('auto', 'follow');
    }
    if (change.olderCount > 0) {
      const olderMessages = withoutHoles(messages.slice(0, change.olderCount));
      pendingBatches.push(() => inputs.options.onOlderMessages?.(handle, olderMessages));
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
    // The one place the turn's reserve is settled: the layout has just changed (issue #19).
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
    applyRenderedSpace();
    measureRowsAboveAnchoredRow();
    flushRowLayoutChange();
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
    // (issue #19); otherwise the commit or the scroll has reported the turn already.
    reporting.reportTurnIfOptionsChanged();
    if (isMounted) {
      if (isOpeningBlockInReach()) endOpeningWindow();
      else scheduleOpeningWindowEnd();
    }
    runWaitingCommands();
  };

  /** Whether the follow policy pins a list at the bottom while it grows, as of this render. */
  const syncPolicy = () => {
    const pins = !hasNewer() && isPinnedWhileGrowing(inputs.options.follow);
    if (pins === pinsWhileGrowing) return;
    pinsWhileGrowing = pins;
    dispatch({ type: 'policy-changed', isAtBottom: glide.isGliding() || isAtPinnedBottomEdge(readMetrics()) });
  };

  /**
   * onOlderMessages / onNewerMessages after the commit is painted, so a callback that sets
   * state does not block the frame that shows the messages.
   */
  const flushBatches = () => {
    const batches = pendingBatches;
    pendingBatches = [];
    // The callbacks are read now, from the latest options.
    for (const report of batches) report();
  };

  const announceNewMessages = (newMessages: readonly TMessage[]) => {
    const text = announcer && getAnnouncement(inputs.options.announceNewMessages, newMessages);
    if (announcer && text) announce(announcer, text);
  };

  const announcerRef = (element: HTMLElement | null) => {
    announcer = element;
  };

  /** The reader's row in TanStack's current layout (the previous render's), by its message key, or null. */
  const findCurrentAnchor = (): ReadingAnchor<MessageKey> | null => {
    const offset = scroller === null ? virtualizer.scrollOffset : offsetNow();
    if (offset === null || offset === undefined) return null;
    const layout = getLayout(virtualizer);
    const { firstMessageRow: firstRow, messages } = inputs;
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
    return row && { ...row, key: getRowMessageKey(row.index) };
  };

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
     * then the list renders no rows, and TanStack would only have forced a layout (issue #15).
     */
    attachScroller() {
      isScrollerAttached = true;
      attachScrollElement(virtualizer);
    },
    contentRef,
    sizerRef,
    announcerRef,
    scrollToFn: scrollWriter.scrollToFn,
    shouldAdjustScrollPositionOnItemSizeChange: shouldCompensate,
    /**
     * The render's inputs, before TanStack lays it out: the anchor is found in the last layout.
     * Returns TanStack's `getItemKey` for this render (see `rowKeyGetter`).
     */
    update(render: RenderInputs<TMessage>): (virtualIndex: number) => MessageKey {
      const previous = inputs as LaidOutInputs<TMessage> | undefined;
      rowRefs.ofLastRender = rowRefs.ofThisRender;
      rowRefs.ofThisRender = new Map();
      openingWindow.hiddenCount = planHiddenCount(previous, render);
      const next: LaidOutInputs<TMessage> = {
        ...render,
        firstMessageRow: openingWindow.hiddenCount > 0 ? -openingWindow.hiddenCount : render.hasPrefix ? 1 : 0,
      };
      // The one scan of the whole list per render; the layout keys and the duplicate-key count read only inside it.
      const changedWindow = previous === undefined ? undefined : findChangedWindow(previous.messages, next.messages);
      firstChangedRow =
        previous === undefined || changedWindow === undefined ? 0 : findFirstChangedRow(previous, next, changedWindow);
      if (previous !== undefined && changedWindow !== undefined) moveLayoutKeys(previous, next, changedWindow);
      if (firstChangedRow !== null) rowKeyGetter = createRowKeyGetter();
      if (process.env.NODE_ENV !== 'production') {
        const duplicate = duplicateKeys?.applyChange(
          changedWindow ?? { start: 0, previousEnd: 0, nextEnd: next.messages.length },
          previous === undefined ? next.getKeyAt : previous.getKeyAt,
          next.getKeyAt,
        );
        if (duplicate !== undefined) {
          warnOnce(
            () =>
              `duplicate message key ${JSON.stringify(duplicate)}: keys must be unique and stable. Every message is still rendered with its own size, but React keys of rendered rows that share it get a suffix, and scrollToId finds one of them.`,
          );
        }
      }
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
        readScrollerMove(scroller);
      if (hasMoved && virtualizer !== undefined) scrollWriter.setModelOffset(virtualizer, offsetNow());
      pendingAnchor =
        previous !== undefined &&
        virtualizer !== undefined &&
        (next.messages !== previous.messages || next.firstMessageRow !== previous.firstMessageRow)
          ? planAnchor(previous, next)
          : null;
      inputs = next;
      return rowKeyGetter;
    },
    /** TanStack's virtualizer, once this render's options are set. */
    adoptVirtualizer(instance: ListVirtualizer) {
      virtualizer = instance;
      replaceMaxScrollOffset(instance, maxListOffset);
      instance.shouldAdjustScrollPositionOnItemSizeChange = shouldCompensate;
      // TanStack redoes the layout from the first changed row only: on a new count it would redo
      // all of it (9 ms per append at 100 000 messages).
      if (firstChangedRow !== null && firstChangedRow > 0) relayoutFrom(instance, firstChangedRow);
      keepReaderAnchored(instance);
      planRenderedSpace(instance);
      keepRoomToAppend(instance);
    },
    /**
     * TanStack's `rangeExtractor` for this render: the rows beyond the viewport for the way the
     * reader last scrolled (core `overscan.ts`, see `readerHeading`).
     */
    rangeExtractor: () => getRangeExtractor(readerHeading),
    /** The row of `messages[0]` among TanStack's rows in this render (core `rows.ts`), set by `update`. */
    firstMessageRow,
    /** The space the latest render lays its rows out in: a row's top in the scroller is its `start` minus `shift`. */
    scrollSpace: () => scaling.renderedSpace,
    contentSize,
    mount,
    commit,
    afterRender,
    onLayoutChange,
    shouldRenderSynchronously,
    rowRef,
    flushBatches,
    observeElementOffset,
    observeElementRect,
  };

  /**
   * The reading anchor of this render's change, if it planned one: the offset moves so the
   * anchor's row keeps its place, before the rows of this render are chosen; the commit writes
   * it to the scroller.
   */
  function keepReaderAnchored(instance: ListVirtualizer) {
    const planned = pendingAnchor;
    pendingAnchor = null;
    if (planned === null) return;
    const { count } = instance.options;
    let index = findAnchorIndex(planned.anchor, count, getRowMessageKey, planned.expectedShift);
    // A replaced row (a temporary id swapped for the server's) stands where the old one was.
    if (index === -1 && planned.isSameCount) index = planned.anchor.index + planned.expectedShift;
    const row = index >= 0 && index < count ? getLayout(instance)[index] : undefined;
    if (row === undefined) return;
    anchoredRow = {
      key: getRowMessageKey(index),
      index,
      hasNewHeader: planned.wasGroupStart !== isGroupStartRowIn(inputs, index),
    };
    // Clamped as the browser will clamp it, so TanStack picks the rows for where the list really lands.
    const maxOffset = Math.max(0, contentSize() - (scroller?.clientHeight ?? 0));
    const anchoredOffset = getAnchoredOffset(planned.anchor, row.start);
    const offset = Math.min(anchoredOffset, maxOffset);
    clampedAnchor = offset < anchoredOffset ? { anchoredOffset, plannedOffset: offset } : null;
    if (Math.abs(offset - (instance.scrollOffset ?? 0)) < 0.01 && clampedAnchor === null) return;
    scrollWriter.setModelOffset(instance, offset);
    hasOffsetToWrite = true;
  }

  /** The space the rows of this render are laid out in; its commit applies it (issue #15). */
  function planRenderedSpace(instance: ListVirtualizer) {
    const contentHeight = contentSize();
    if (contentHeight <= MAX_SCROLL_SIZE && !isScaledSpace(scaling.appliedSpace)) {
      scaling.renderedSpace = scaling.appliedSpace;
      return;
    }
    // Where the commit leaves the list: the anchored offset it will write, or where the scroller
    // is (TanStack's offset lags it until the scroll event of a write made since the last render).
    const offset = hasOffsetToWrite || scroller === null ? (instance.scrollOffset ?? 0) : offsetNow();
    scaling.renderedSpace = planScrollSpace(scaling.appliedSpace, offset, {
      contentSize: contentHeight,
      viewportSize: scroller?.clientHeight ?? 0,
    });
  }

  /** The first row whose key or place may have changed from `previous` to `next`, or null when none did. */
  function findFirstChangedRow(
    previous: LaidOutInputs<TMessage>,
    next: LaidOutInputs<TMessage>,
    changedWindow: ChangedWindow,
  ): number | null {
    // A new estimate or key getter may change every row; a prefix that came or went moves every row.
    const isNewCallback =
      next.options.estimateSize !== previous.options.estimateSize ||
      next.options.getMessageKey !== previous.options.getMessageKey;
    if (process.env.NODE_ENV !== 'production') {
      if (isNewCallback) {
        callbackChurn.newCallbacks =
          callbackChurn.rendersSince < CALLBACK_CHURN_RENDERS ? callbackChurn.newCallbacks + 1 : 1;
        callbackChurn.rendersSince = 0;
      } else {
        callbackChurn.rendersSince++;
      }
      if (isNewCallback && callbackChurn.newCallbacks === 3) {
        warnOnce(
          'estimateSize or getMessageKey is a new function on every render: each new one lays out every row again (O(n) per render, a dropped frame per streamed token in a long conversation). Define it outside the component or wrap it in useCallback.',
        );
      }
    }
    // A new snapshot brings heights that stand in for estimates (issue #16).
    const isNewSnapshot = next.options.initialSnapshot !== previous.options.initialSnapshot;
    // The end of an opening window lays out every row: it moves the first message's row too.
    if (isNewCallback || isNewSnapshot || next.firstMessageRow !== previous.firstMessageRow) return 0;
    const prefixRows = next.firstMessageRow;
    // TanStack keeps the rows before `pendingMin` by copying its old list, at the old length: a
    // shorter list laid out from a later row keeps stale rows at its end (a blank strip, found
    // by the fuzzer, issue #13). Fewer rows are laid out from the first.
    if (next.messages.length < previous.messages.length || (previous.hasSuffix && !next.hasSuffix)) return 0;
    const firstChangedMessage = findFirstLayoutChange({
      previousCount: previous.messages.length,
      nextCount: next.messages.length,
      changedWindow,
      isSameMessageAt: (index) => previous.messages[index] === next.messages[index],
      previousKeyAt: previous.getKeyAt,
      nextKeyAt: next.getKeyAt,
    });
    if (firstChangedMessage !== null) return prefixRows + firstChangedMessage;
    // Same messages: only a suffix that came or went changes the rows, at the end.
    return next.hasSuffix !== previous.hasSuffix ? prefixRows + next.messages.length : null;
  }

  /**
   * Gives the next render's rows their layout keys (see `layoutKeyBase`): TanStack's measured
   * sizes and elements follow their messages through the change.
   */
  function moveLayoutKeys(
    previous: RenderInputs<TMessage>,
    next: RenderInputs<TMessage>,
    changedWindow: ChangedWindow,
  ) {
    if (next.messages === previous.messages || virtualizer === undefined) return;
    const plan = planLayoutKeys(layoutKeyBase, changedWindow);
    const previousCount = previous.messages.length;
    const nextCount = next.messages.length;
    // Another conversation (neither edge message of the last one is in it): its keys are not read
    // to look for the last one's. Asked only when no message stayed in place at either end.
    const isNewConversation =
      changedWindow.start === 0 &&
      changedWindow.previousEnd === previousCount &&
      changedWindow.nextEnd === nextCount &&
      detectMessageChange(getCommittedEdges(previousCount, previous.getKeyAt), nextCount, next.getKeyAt).kind ===
        'opened';
    applyLayoutKeyPlan(getRowKeyedMaps(virtualizer), plan, {
      previousKeyAt: previous.getKeyAt,
      nextKeyAt: next.getKeyAt,
      isSameConversation: !isNewConversation,
    });
    layoutKeyBase = plan.base;
  }

  /**
   * A new `getItemKey` for TanStack: the layout key of a row of the current render, the
   * prefix's, a message's (see `layoutKeyBase`) or the suffix's. TanStack calls it for every row
   * it lays out (100 000 at the opening), so it reads no message: only the row's place.
   */
  function createRowKeyGetter() {
    return (virtualIndex: number): MessageKey => {
      const index = messageIndexOfRow(virtualIndex, inputs.firstMessageRow, inputs.messages.length);
      if (index === PREFIX_ROW) return PREFIX_KEY;
      return index === SUFFIX_ROW ? SUFFIX_KEY : index + layoutKeyBase;
    };
  }

  /**
   * How many of the oldest messages this render leaves out of TanStack's layout (core
   * `opening-window.ts`): some at the opening of a long conversation at its newest message, and
   * none from the render that was asked to lay out all, or whose rows change, on.
   */
  function planHiddenCount(previous: LaidOutInputs<TMessage> | undefined, next: RenderInputs<TMessage>): number {
    const { initialAnchor, initialSnapshot } = next.options;
    if (previous === undefined) {
      return planOpeningWindow({
        messageCount: next.messages.length,
        opensAtNewest: initialAnchor === undefined && initialSnapshot === undefined,
      });
    }
    const isSameRows =
      next.messages === previous.messages &&
      next.hasPrefix === previous.hasPrefix &&
      next.hasSuffix === previous.hasSuffix &&
      next.options.estimateSize === previous.options.estimateSize &&
      next.options.getMessageKey === previous.options.getMessageKey &&
      initialSnapshot === previous.options.initialSnapshot;
    if (openingWindow.hiddenCount > 0 && !openingWindow.isEndRequested && isSameRows) {
      return openingWindow.hiddenCount;
    }
    openingWindow.isEndRequested = false;
    return 0;
  }

  /** The reading anchor of a change from `previous` to `next`, or null when the change keeps none. */
  function planAnchor(previous: LaidOutInputs<TMessage>, next: LaidOutInputs<TMessage>): PendingAnchor | null {
    const change = detectMessageChange(committed, next.messages.length, next.getKeyAt);
    // A new conversation opens at the bottom; a cleared one has nothing to keep.
    if (change.kind === 'opened' || change.kind === 'cleared') return null;
    const scrollOffset = scroller === null ? (virtualizer.scrollOffset ?? 0) : offsetNow();
    const isPrefixAppearing = next.hasPrefix && !previous.hasPrefix;
    if (!shouldKeepReadingAnchor({ scrollOffset, isPrefixAppearing })) return null;
    const anchor = findCurrentAnchor();
    if (anchor === null) return null;
    return {
      anchor,
      // A prefix that came or went, or an opening window that ended, moves the rows as well.
      expectedShift: change.olderCount + next.firstMessageRow - previous.firstMessageRow,
      isSameCount:
        next.messages.length === previous.messages.length && next.firstMessageRow === previous.firstMessageRow,
      wasGroupStart: isGroupStartRowIn(previous, anchor.index),
    };
  }
};

export type ChatListEngine<TMessage> = ReturnType<typeof createChatListEngine<TMessage>>;

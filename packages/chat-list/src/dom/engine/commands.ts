import {
  EDGE_TOLERANCE_PX,
  findKey,
  isAtBottomEdge,
  toVirtualizerAlign,
  type FollowBehavior,
  type ScrollCommand,
  type ScrollCommandReason,
  type ScrollMetrics,
  type ScrollOwnerEvent,
  type ScrollTarget,
} from '../../core';
import { toMotionBehavior } from '../accessibility';
import { warnOnce } from '../dev-warnings';
import { getLayout } from '../tanstack-internals';
import type { TurnTarget } from '../turn-anchor';
import type { ScrollToEdgeOptions } from '../types';
import type { ScrollWriter } from './scroll-writer';
import type { KernelView } from './kernel-view';

declare const process: { env: { NODE_ENV?: string } };

/** What the commands read from the kernel, and what they ask of it. */
export interface CommandsHost<TMessage> extends Pick<
  KernelView<TMessage>,
  | 'virtualizer'
  | 'scroller'
  | 'isMounted'
  | 'options'
  | 'messages'
  | 'getKeyAt'
  | 'firstMessageRow'
  | 'owner'
  | 'offsetNow'
  | 'readMetrics'
  | 'bottomOffset'
> {
  dispatch: (event: ScrollOwnerEvent) => void;
  isAtPinnedBottomEdge: (metrics: ScrollMetrics) => boolean;
  /** Measures the rendered rows, ending TanStack's own smooth scroll first. */
  remeasureRenderedRows: () => void;
  /** The command's writes go through the writer, as every write does. */
  writer: ScrollWriter;
  /** A command took the view: the reader's row of the last anchored change no longer stands. */
  forgetAnchoredRow: () => void;
  /** Tells the turns a command aimed at a message (it may bring a turn to the top). */
  noteCommandStarted: (target: ScrollTarget) => void;
  findLastTurn: () => TurnTarget | null;
  /** Reopens at `initialSnapshot`; null when there is none to reopen at (engine/snapshot.ts). */
  reopenSnapshot: () => Promise<boolean> | null;
  /** The scroller's own offset as last read or written (a scaled list's differs from the list's). */
  scrollerOffset: () => number;
  /** Reads the edges now, as the scroll event of a move that was not ours would. */
  readEdgesAsReaderMove: () => void;
}

/**
 * The scroll commands: the handle's (`scrollToBottom`, `scrollToIndex`…), the follow policy's
 * and the opening's, and the app's raw moves (`scrollToOffset`, `scrollBy`), which end them. A
 * command owns the scroll position until it lands, is abandoned or is superseded (core
 * `scroll-owner.ts` decides which); this module starts it, watches it once per frame, corrects
 * it where the rows turned out to stand, and resolves its promise. It owns that promise's
 * resolver and the watch's animation frame.
 */
export const createCommands = <TMessage>(host: CommandsHost<TMessage>) => {
  /** Resolves the promise of the command the owner holds; null when there is none. */
  let resolveCommand: ((landed: boolean) => void) | null = null;
  /** The animation frame of the next watch; 0 when none is scheduled. */
  let watchFrame = 0;

  const isOnTarget = (target: ScrollTarget): boolean => {
    switch (target.kind) {
      case 'bottom':
        return isAtBottomEdge(host.readMetrics());
      case 'top':
        return host.offsetNow() < EDGE_TOLERANCE_PX;
      case 'index': {
        const scroller = host.scroller();
        const offset = scroller === null ? undefined : messageTargetOffsetOf(target, scroller);
        return offset !== undefined && Math.abs(offset - host.offsetNow()) <= EDGE_TOLERANCE_PX;
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
    if (
      command.behavior !== 'smooth' ||
      target.kind !== 'index' ||
      Math.abs(host.offsetNow() - command.lastOffset) >= 0.5
    ) {
      return true;
    }
    host.remeasureRenderedRows();
    if (isOnTarget(target)) return true;
    host.virtualizer().scrollToIndex(target.index + host.firstMessageRow(), {
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
    if (target.kind === 'bottom') return host.bottomOffset(element);
    if (target.kind === 'top') return 0;
    return messageTargetOffsetOf(target, element) ?? host.offsetNow();
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
    const virtualizer = host.virtualizer();
    const row = target.index + host.firstMessageRow();
    let offset: number | undefined;
    if (target.offset === undefined) {
      offset = virtualizer.getOffsetForIndex(row, toVirtualizerAlign(target.align))?.[0];
    } else {
      const rowStart = getLayout(virtualizer)[row]?.start;
      offset = rowStart === undefined ? undefined : rowStart - target.offset;
    }
    return offset === undefined ? undefined : Math.min(Math.max(offset, 0), host.bottomOffset(element));
  };

  /** Once per frame while a command is under way. */
  const watch = () => {
    watchFrame = 0;
    const owner = host.owner();
    if (owner.kind !== 'command') return;
    host.dispatch({
      type: 'command-frame',
      offset: host.offsetNow(),
      isOnTarget: isOnTarget(owner.command.target) && measureOnArrival(owner.command),
      now: performance.now(),
      isAtBottom: host.isAtPinnedBottomEdge(host.readMetrics()),
    });
  };

  const watchNextFrame = () => {
    if (watchFrame === 0 && typeof requestAnimationFrame !== 'undefined') watchFrame = requestAnimationFrame(watch);
  };

  /** Starts a command: it owns the scroll position until it lands, is abandoned or superseded. */
  const start = (
    target: ScrollTarget,
    behavior: FollowBehavior,
    reason: ScrollCommandReason,
    begin: () => void,
  ): Promise<boolean> => {
    if (!host.isMounted() || host.scroller() === null) {
      host.dispatch({ type: 'raw-move' });
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
      host.dispatch({ type: 'command-started', command });
      host.noteCommandStarted(target);
      host.forgetAnchoredRow();
      resolveCommand = resolve;
      begin();
      host.writer.noteKnownOffset(host.offsetNow());
      watchNextFrame();
    });
  };

  const scrollToBottom = (requested: FollowBehavior = 'auto', reason: ScrollCommandReason = 'handle') => {
    // TanStack's scroll methods default to `behavior: 'auto'`, as ours do.
    const behavior = toMotionBehavior(requested);
    return start({ kind: 'bottom' }, behavior, reason, () => host.virtualizer().scrollToEnd({ behavior }));
  };

  /** Brings a message's top to `offset` px below the viewport's top, as the browser clamps it (a turn, a snapshot's row). */
  const scrollToRowOffset = (
    index: number,
    offset: number,
    behavior: 'auto' | 'smooth',
    reason: ScrollCommandReason,
  ): Promise<boolean> => {
    const target: ScrollTarget = { kind: 'index', index, align: 'start', offset };
    return start(target, behavior, reason, () => {
      const scroller = host.scroller();
      if (scroller !== null) host.writer.write(scroller, correctedOffsetOf(target, scroller), 'command', behavior);
    });
  };

  /**
   * `initialAnchor: 'last-turn'` (issue #19): the last turn's first message at the top; a turn
   * shorter than the viewport cannot scroll there, and the browser's clamp lands it at the
   * bottom, which is where such a transcript opens. Without a turn, at the bottom.
   */
  const openAtLastTurn = () => {
    const turn = host.findLastTurn();
    return turn === null
      ? scrollToBottom('auto', 'opening')
      : scrollToRowOffset(turn.index, turn.offset, 'auto', 'opening');
  };

  /** `scrollToOffset` and `scrollBy`: raw moves by the app, which end any command under way. */
  const scrollRaw = (method: 'scrollToOffset' | 'scrollBy', value: number, scrollOptions?: ScrollToEdgeOptions) => {
    const scroller = host.scroller();
    host.dispatch({ type: 'raw-move' });
    const writeBefore = host.writer.lastWrite;
    const scrollTopBefore = scroller?.scrollTop ?? 0;
    host.writer.asRawMove(() =>
      host.virtualizer()[method](value, scrollOptions && { behavior: toMotionBehavior(scrollOptions.behavior) }),
    );
    const { lastWrite } = host.writer;
    // A move the browser clamps to where the scroller already stands (scrollBy down at the bottom,
    // scrollToOffset to the current offset) sends no scroll event: the edges are read now, as
    // that event would have. Otherwise the list, let go by the move, stayed let go at the bottom,
    // and the last message's next growth left it 39 px above (fuzz seed 20939).
    if (scroller !== null && lastWrite !== writeBefore && lastWrite?.reason === 'raw') {
      const reachable = Math.min(Math.max(host.scrollerOffset(), 0), scroller.scrollHeight - scroller.clientHeight);
      if (Math.abs(reachable - scrollTopBefore) < 0.5) host.readEdgesAsReaderMove();
    }
  };

  return {
    start,
    scrollRaw,
    scrollToBottom,
    scrollToRowOffset,
    isOnTarget,

    /**
     * Opens a new conversation (SPEC §2.5, §2.9): at `initialAnchor`'s message when it is among
     * the messages, else at the newest one. An opening at a message is not at the bottom, so
     * newer messages follow by the policy's rule for a reader who scrolled up.
     */
    openConversation(): Promise<boolean> {
      const snapshotOpening = host.reopenSnapshot();
      if (snapshotOpening !== null) return snapshotOpening;
      const anchor = host.options().initialAnchor;
      if (anchor === 'last-turn') return openAtLastTurn();
      const getKeyAt = host.getKeyAt;
      const { length } = host.messages();
      const index = anchor === undefined || length === 0 ? -1 : findKey(anchor.id, getKeyAt, 0, length - 1);
      if (index === -1) {
        if (process.env.NODE_ENV !== 'production' && anchor !== undefined) {
          warnOnce(() => `initialAnchor: no message has the key ${JSON.stringify(anchor.id)}; opening at the bottom.`);
        }
        return scrollToBottom('auto', 'opening');
      }
      const align = anchor?.align ?? 'start';
      return start({ kind: 'index', index, align }, 'auto', 'opening', () =>
        host.virtualizer().scrollToIndex(index + host.firstMessageRow(), { align, behavior: 'auto' }),
      );
    },

    /** The owner's effect `watch-next-frame`: the command is looked at again in the next frame. */
    watchNextFrame,

    /** The owner's effect `correct-command`: the command goes where its target stands now. */
    correct() {
      const scroller = host.scroller();
      const owner = host.owner();
      // TanStack reconciles its own command, but drops it in states we cannot see (a
      // viewport that was hidden, a held offset): the DOM is the judge. (The browser clamps
      // the offset of content shorter than the viewport to 0.)
      if (scroller !== null && owner.kind === 'command') {
        host.writer.write(scroller, correctedOffsetOf(owner.command.target, scroller), 'command-correction');
      }
      host.dispatch({ type: 'command-corrected', offset: host.offsetNow() });
    },

    /** The owner's effect `settle-command`: the settled command's promise resolves. */
    resolve(landed: boolean) {
      const resolve = resolveCommand;
      resolveCommand = null;
      resolve?.(landed);
    },

    /**
     * The rows just measured may have moved a command's target (the bottom, when the rows the
     * command brought into view are taller than their estimates): the policy says whether to go
     * there again now, before the paint. Not when the scroller moved since we last read or wrote
     * it: the scroll event decides (see the pin).
     */
    correctTarget() {
      const scroller = host.scroller();
      const owner = host.owner();
      if (scroller === null || owner.kind !== 'command' || host.writer.isMovedSinceKnown(scroller)) return;
      host.dispatch({ type: 'layout-changed', offset: host.offsetNow(), isOnTarget: isOnTarget(owner.command.target) });
    },
  };
};

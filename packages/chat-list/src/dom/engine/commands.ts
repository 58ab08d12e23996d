import {
  smoothApproachOffset,
  type FollowBehavior,
  type ScrollCommand,
  type ScrollCommandReason,
  type ScrollMetrics,
  type ScrollOwnerEvent,
  type ScrollTarget,
} from '../../core';
import { toMotionBehavior } from '../accessibility';
import { createCommandTargets } from './command-targets';
import type { ScrollWriter } from './scroll-writer';
import type { KernelView } from './kernel-view';

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
  | 'requestRender'
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
}

/**
 * The scroll commands: the handle's (`scrollToBottom`, `scrollToIndex`…), the follow policy's
 * and the opening's. A command owns the scroll position until it lands, is abandoned or is
 * superseded (core `scroll-owner.ts` decides which); this module starts it, watches it once per
 * frame, corrects it where the rows turned out to stand (`command-targets.ts` says where), and
 * resolves its promise. It owns that promise's resolver and the watch's animation frame.
 */
export const createCommands = <TMessage>(host: CommandsHost<TMessage>) => {
  /** Resolves the promise of the command the owner holds; null when there is none. */
  let resolveCommand: ((landed: boolean) => void) | null = null;
  /** The animation frame of the next watch; 0 when none is scheduled. */
  let watchFrame = 0;

  /** Where each kind of target puts the list, and whether it is there. */
  const { isOnTarget, measureOnArrival, correctedOffsetOf, aimAtMessage, isTargetGone } = createCommandTargets(host);

  /** Once per frame while a command is under way. */
  const watch = () => {
    watchFrame = 0;
    const owner = host.owner();
    if (owner.kind !== 'command') return;
    if (isTargetGone(owner.command.target)) {
      host.dispatch({ type: 'target-gone' });
      return;
    }
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
      if (behavior === 'smooth') approach(host, target, correctedOffsetOf);
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

  return {
    start,
    scrollToBottom,
    scrollToRowOffset,
    isOnTarget,
    /** Starts TanStack's scroll to a message aligned in the viewport, where the list aims it. */
    aimAtMessage,

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
        const offset = correctedOffsetOf(owner.command.target, scroller);
        const before = host.offsetNow();
        const landed = host.writer.write(scroller, offset, 'command-correction');
        // A correction that moved the list tells TanStack its offset and has its rows rendered:
        // TanStack, waiting to read back its own write, took the scroll event for someone else's
        // after rendering the rows of its old aim (a follow's rows measured taller: 730 px blank,
        // the fuzzer), and a range read before the scroll event leaves that event no render.
        if (Math.abs(landed - before) >= 1) {
          host.writer.setModelOffset(host.virtualizer(), landed);
          host.requestRender();
        }
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

/** The commands module, as the modules that start commands hold it. */
export type Commands = ReturnType<typeof createCommands<unknown>>;

/**
 * A smooth command far from its target jumps first to a viewport short of it (core
 * `smooth-approach.ts`: the browser's long smooth scrolls paint frames before their rows).
 * TanStack's offset follows at once, so its smooth scroll starts from there.
 */
const approach = <TMessage>(
  host: CommandsHost<TMessage>,
  target: ScrollTarget,
  correctedOffsetOf: (target: ScrollTarget, element: HTMLElement) => number,
) => {
  const scroller = host.scroller();
  if (scroller === null) return;
  const from = host.offsetNow();
  const lead = smoothApproachOffset(from, correctedOffsetOf(target, scroller), scroller.clientHeight);
  if (lead === null) return;
  host.writer.setModelOffset(host.virtualizer(), host.writer.write(scroller, lead, 'command'));
  // As for a correction: a range read before the jump's scroll event leaves that event no render,
  // so a frame of the smooth scroll may paint the old offset's rows at the new one (one blank
  // frame 4 600 px into a smooth command across 10 000 messages, once, under load).
  host.requestRender();
};

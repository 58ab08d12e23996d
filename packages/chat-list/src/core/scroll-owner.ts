import type { FollowBehavior } from './follow-policy';
import type { MessageKey } from './message-changes';
import type { ScrollAlign } from './options';

/** Frames the target must hold before a scroll command counts as landed. */
export const LANDED_FRAMES = 2;
/** TanStack stops reconciling a command after 5 s; so do we. */
export const COMMAND_TIMEOUT_MS = 5000;

/** Where a scroll command takes the list. Indexes are message indexes (affix rows are not counted). */
export type ScrollTarget =
  | { kind: 'bottom' }
  | { kind: 'top' }
  | {
      kind: 'index';
      index: number;
      align: ScrollAlign | undefined;
      /**
       * Where the message's top goes, px below the viewport's top, instead of `align` (a restored
       * snapshot). TanStack cannot aim there: the list moves itself, and again when rows are measured.
       */
      offset?: number;
      /**
       * The message's key, when the command names a message (`scrollToId`): its index is found
       * again when the messages change under the command (a removal in the same task).
       */
      key?: MessageKey;
    };

/** Why a command runs: a handle call, a follow of newer messages, or the opening of a conversation. */
export type ScrollCommandReason = 'handle' | 'follow' | 'opening';

/** A scroll command under way: the list is moving to `target` and nothing else may move it. */
export interface ScrollCommand {
  target: ScrollTarget;
  behavior: FollowBehavior;
  reason: ScrollCommandReason;
  /** `performance.now()` when it started. */
  startedAt: number;
  /** Consecutive frames in which the list was on target and still; landed at {@link LANDED_FRAMES}. */
  landedFrames: number;
  /** Where the previous frame left the scroller, correction included; NaN before the first frame. */
  lastOffset: number;
}

/**
 * Who decides the scroll position, exactly one party at a time.
 *
 * - `reader`: the person scrolling. The list only reacts (edges, history, seen tracking);
 *   only anchoring writes, to keep the reader's row still when content changes above it.
 * - `pinned-to-bottom`: the list holds the bottom while content or viewport change size
 *   (streaming, a suffix, a late image, a resize).
 * - `command`: a scroll command (a handle call, a follow, the opening) takes the list to its
 *   target; the pin is off until it lands, so a re-render cannot undo it.
 *
 * ```text
 *            scroll read at the bottom (policy pins)
 *   reader ───────────────────────────────────────────▶ pinned-to-bottom
 *     ▲  ◀─────────────────────────────────────────────  │
 *     │  scroll not written by us, away from the bottom; │
 *     │  newer messages the policy does not follow       │
 *     │                                                  │ command-started
 *     │ reader intent / moved up / landed elsewhere      ▼
 *     └──────────────────────────────────────────────  command ──▶ pinned-to-bottom
 *                                                          landed at the bottom (policy pins)
 * ```
 */
export type ScrollOwner =
  { kind: 'reader' } | { kind: 'pinned-to-bottom' } | { kind: 'command'; command: ScrollCommand };

export type ScrollOwnerEvent =
  /** A command starts; one already under way is superseded (it settles `false`). */
  | { type: 'command-started'; command: ScrollCommand }
  /** Once per animation frame while a command is under way. */
  | {
      type: 'command-frame';
      offset: number;
      isOnTarget: boolean;
      now: number;
      /**
       * Whether the list is at the bottom edge, whatever the target: a command that lands there
       * (an index at the end, or content that fits) rests pinned, as a reader there would.
       */
      isAtBottom?: boolean;
    }
  /** A correction of this frame moved the scroller: the frame left it at `offset`. */
  | { type: 'command-corrected'; offset: number }
  /**
   * Rows were measured between frames (their commit, a ResizeObserver callback): `isOnTarget` says
   * whether the command's target is where the scroller is, as the content now stands.
   */
  | { type: 'layout-changed'; offset: number; isOnTarget: boolean }
  /**
   * Wheel, touch, a scrolling key or a press on the scrollbar: the reader takes over.
   * `isAtBottom`: whether the list stands at the bottom edge now, before the reader's scroll
   * (read only while a command is under way).
   */
  | { type: 'reader-intent'; isAtBottom: boolean }
  /** The app moved the list itself (`scrollToOffset`, `scrollBy`): whatever held it lets go. */
  | { type: 'raw-move' }
  /**
   * The command's message is no longer among the messages: a change in the same task as the
   * command (messages removed) put its index past the last one. It settles `false` where the
   * list is, rather than land on whatever message now ends the list.
   */
  | { type: 'target-gone' }
  /**
   * The edges were read from the DOM. `isOwnWrite` is false only for a scroll event that none of
   * our writes explains: the reader (or the app's own code) moved the list.
   */
  | { type: 'edges-read'; isAtBottom: boolean; isOwnWrite: boolean }
  /**
   * Newer messages arrived and the follow policy chose to stay: they are arrival, not growth,
   * so a pinned list lets go of the bottom and the reader keeps the view.
   */
  | { type: 'follow-declined' }
  /** The follow policy changed whether growth keeps a list at the bottom pinned. */
  | { type: 'policy-changed'; isAtBottom: boolean }
  | { type: 'unmounted' };

export type ScrollOwnerEffect =
  /** Resolve the command's promise. */
  | { type: 'settle-command'; landed: boolean }
  /** Stop the virtualizer's own reconciling of the command. */
  | { type: 'cancel-scroll' }
  /** Move to the target again (an instant command whose target moved). */
  | { type: 'correct-command' }
  /** Keep watching: ask for the next frame. */
  | { type: 'watch-next-frame' };

export interface ScrollOwnerTransition {
  owner: ScrollOwner;
  effects: ScrollOwnerEffect[];
}

export interface ScrollOwnerContext {
  /** Whether the follow policy keeps a list at the bottom pinned while it grows. */
  pinsWhileGrowing: boolean;
}

export const READER: Readonly<ScrollOwner> = { kind: 'reader' };
const PINNED: Readonly<ScrollOwner> = { kind: 'pinned-to-bottom' };

/** Where the list goes once nobody is moving it: pinned when it is at the bottom and the policy pins. */
const ownerAtRest = (isAtBottom: boolean, { pinsWhileGrowing }: ScrollOwnerContext): ScrollOwner =>
  isAtBottom && pinsWhileGrowing ? PINNED : READER;

const stay = (owner: ScrollOwner): ScrollOwnerTransition => ({ owner, effects: [] });

const SETTLE_NOT_LANDED: ScrollOwnerEffect = { type: 'settle-command', landed: false };
const SETTLE_LANDED: ScrollOwnerEffect = { type: 'settle-command', landed: true };
const WATCH_NEXT_FRAME: ScrollOwnerEffect = { type: 'watch-next-frame' };

/** A command given up (reader intent, a raw move, moved up under it): stop the virtualizer, settle not landed. */
const ABANDONED: ScrollOwnerTransition = {
  owner: READER,
  effects: [{ type: 'cancel-scroll' }, SETTLE_NOT_LANDED],
};

/** Whether the list counts as at the bottom for a follow decision, whatever the DOM said last. */
export const isHeadingForBottom = (owner: ScrollOwner): boolean =>
  owner.kind === 'pinned-to-bottom' || (owner.kind === 'command' && owner.command.target.kind === 'bottom');

export const reduceScrollOwner = (
  owner: ScrollOwner,
  event: ScrollOwnerEvent,
  context: ScrollOwnerContext,
): ScrollOwnerTransition => {
  switch (event.type) {
    case 'command-started':
      return {
        owner: { kind: 'command', command: event.command },
        effects: owner.kind === 'command' ? [SETTLE_NOT_LANDED] : [],
      };
    case 'reader-intent':
      // A pinned list stays pinned until the scroll event shows where the reader went:
      // a wheel down at the bottom moves nothing and sends no scroll event at all. So does a
      // command's list that stands at the bottom when the reader takes it: a follow of a list
      // that fits sends no scroll event either, and left to the reader it stayed at the top of a
      // viewport made shorter, 198 px above the newest message (found by the fuzzer).
      return owner.kind === 'command' ? { ...ABANDONED, owner: ownerAtRest(event.isAtBottom, context) } : stay(owner);
    case 'raw-move':
      return owner.kind === 'command' ? ABANDONED : stay(READER);
    case 'target-gone':
      return owner.kind === 'command' ? ABANDONED : stay(owner);
    case 'edges-read':
      if (owner.kind === 'command') return stay(owner);
      if (owner.kind === 'pinned-to-bottom') return stay(event.isOwnWrite || event.isAtBottom ? owner : READER);
      return stay(ownerAtRest(event.isAtBottom, context));
    case 'follow-declined':
      return stay(owner.kind === 'pinned-to-bottom' ? READER : owner);
    case 'policy-changed':
      return owner.kind === 'command' ? stay(owner) : stay(ownerAtRest(event.isAtBottom, context));
    case 'unmounted':
      return {
        owner: READER,
        effects: owner.kind === 'command' ? [SETTLE_NOT_LANDED] : [],
      };
    case 'command-corrected':
      return owner.kind === 'command'
        ? stay({ kind: 'command', command: { ...owner.command, lastOffset: event.offset } })
        : stay(owner);
    case 'command-frame':
      return owner.kind === 'command' ? watchCommandFrame(owner.command, event, context) : stay(owner);
    case 'layout-changed':
      if (owner.kind !== 'command') return stay(owner);
      // On its target where the layout left it: the browser clamped a command to the bottom
      // whose rows measured shorter. That is where the command stands now, so content that grows
      // back before the next frame is no move up from someone else: taken for one, it abandoned
      // the command 4 px above the bottom and unpinned (the long fuzz, seed 300128).
      if (event.isOnTarget) return stay({ kind: 'command', command: { ...owner.command, lastOffset: event.offset } });
      if (isMovedUpUnder(owner.command, event.offset)) return ABANDONED;
      // Rows measured taller than their estimates moved an instant command's target before the
      // paint: corrected only at the next frame (ours, or the virtualizer's reconcile of an index),
      // the opening of 1 000 rows of 150 px (estimate 80) painted its first frame 1 890 px above
      // the bottom, or the anchored message 490 px below the viewport's end.
      return owner.command.behavior === 'auto' ? { owner, effects: [{ type: 'correct-command' }] } : stay(owner);
  }
};

/**
 * Whether we move the scroller to a command's target again when the target moves. The virtualizer
 * reconciles index commands itself; a bottom command whose bottom moved (rows measured on
 * arrival) is moved there again, and so is a message held at an offset. A smooth command is
 * left to its animation.
 */
const isCorrectedInstantly = (command: ScrollCommand): boolean =>
  command.behavior === 'auto' &&
  (command.target.kind === 'bottom' || (command.target.kind === 'index' && command.target.offset !== undefined));

/**
 * Whether an instant bottom command off its target finds the list moved up since its last frame
 * or correction: code or a gesture we cannot see (a scrollbar drag, `scrollTop = 0`) took over,
 * and the command yields rather than pull back. A list that moved up and is still at the bottom
 * was clamped by the browser (rows measured shorter than their estimates): the fuzzer found that
 * taken for the reader, and a resize then lost the bottom by 367 px.
 */
const isMovedUpUnder = (command: ScrollCommand, offset: number): boolean =>
  command.target.kind === 'bottom' && command.behavior === 'auto' && offset < command.lastOffset - 1;

/** One frame of a command: landed, taken over, timed out, or still on its way. */
const watchCommandFrame = (
  command: ScrollCommand,
  {
    offset,
    isOnTarget,
    now,
    isAtBottom = false,
  }: { offset: number; isOnTarget: boolean; now: number; isAtBottom?: boolean },
  context: ScrollOwnerContext,
): ScrollOwnerTransition => {
  const isToBottom = command.target.kind === 'bottom';
  const restingOwner = ownerAtRest(isToBottom || isAtBottom, context);
  const isStill = Math.abs(offset - command.lastOffset) < 0.5;
  if (!isOnTarget && isMovedUpUnder(command, offset)) return ABANDONED;
  const landedFrames = isOnTarget && isStill ? command.landedFrames + 1 : 0;
  const next: ScrollCommand = { ...command, landedFrames, lastOffset: offset };
  if (landedFrames >= LANDED_FRAMES) {
    return { owner: restingOwner, effects: [SETTLE_LANDED] };
  }
  if (now - command.startedAt > COMMAND_TIMEOUT_MS) {
    return {
      owner: restingOwner === PINNED && !isOnTarget ? READER : restingOwner,
      effects: [isOnTarget ? SETTLE_LANDED : SETTLE_NOT_LANDED],
    };
  }
  const effects: ScrollOwnerEffect[] =
    !isOnTarget && isCorrectedInstantly(command) ? [{ type: 'correct-command' }, WATCH_NEXT_FRAME] : [WATCH_NEXT_FRAME];
  return { owner: { kind: 'command', command: next }, effects };
};

import {
  NO_CARRY,
  carryAfterCompensation,
  carryOfCompensation,
  type ScrollSpace,
  type SubpixelCarry,
} from '../../core';
import { isTracing, traceScrollWrite } from '../engine-trace';
import { forgetClampedAdjustment, setModelScrollOffset, type ListVirtualizer } from '../tanstack-internals';
import type { KernelView } from './kernel-view';

/**
 * Why the scroller's offset was written. Every write goes through the scroll writer, which
 * records the last one: the scroll event it causes is then recognised as ours (an echo), and
 * a write by anyone else (the reader, the app's own `scrollTop = …`) as theirs.
 * - `command`, `command-correction`: a scroll command under way, and its per-frame correction;
 * - `pin`: holding a pinned list at the bottom while it grows;
 * - `anchor`: keeping the reader's row still across a change of messages;
 * - `compensation`: TanStack keeping the view still while rows above it are measured;
 * - `raw`: `scrollToOffset` / `scrollBy` from the app, which is not ours to hold.
 */
export type ScrollWriteReason =
  | 'command'
  | 'command-correction'
  | 'pin'
  | 'anchor'
  | 'compensation'
  | 'raw'
  /** A scaled list's window moved under the reader, who sees no move. */
  | 'rebase'
  /** The browser's animation of a smooth command stopped where the list stands: the reader took over. */
  | 'halt'
  /** The browser's own clamp to the content's end, made for a browser that skipped it (see `clampToContentEnd`). */
  | 'clamp';

export interface ScrollWrite {
  offset: number;
  reason: ScrollWriteReason;
}

/**
 * The scaled space as the writer needs it (see `scroll-space.ts` in core): the scroller's offset
 * is the list's minus `appliedSpace.shift`. The writer notes where it put the scroller and that
 * the reader no longer drives it.
 */
export interface WriterScaling {
  appliedSpace: ScrollSpace;
  scrollerOffset: number;
  isReaderDriving: boolean;
}

/** What the scroll writer reads from the rest of the engine. */
export interface ScrollWriterHost extends Pick<
  KernelView<unknown>,
  'virtualizer' | 'scroller' | 'offsetNow' | 'bottomOffset'
> {
  scaling: WriterScaling;
  /** Moves a scaled list's window so that `offset` is inside it; true when it moved. */
  keepInScrollSpace: (offset: number) => boolean;
}

/**
 * Moves TanStack's idea of the offset before the DOM is written, so that the render in
 * progress picks the rows for where the list is about to be (see `setModelScrollOffset`).
 */
const setModelOffset = (instance: ListVirtualizer, offset: number) => setModelScrollOffset(instance, offset);

/**
 * A compensation that the content's end clamped is final once its frame is over: by then the
 * content's height includes every row measured with it, and TanStack has written the rest if
 * the content grew (it retries in the same measuring batch, and at the write's scroll event).
 * Any later growth is another change, which must not move the reader (fuzz seed 13006). Owns
 * the frame that forgets it.
 */
const createClampExpiry = (host: Pick<ScrollWriterHost, 'virtualizer'>) => {
  let frame = 0;
  return {
    expire() {
      if (frame !== 0 || typeof requestAnimationFrame === 'undefined') return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        forgetClampedAdjustment(host.virtualizer());
      });
    },
    /** The list unmounted: no frame of it may run. */
    stop() {
      cancelAnimationFrame(frame);
      frame = 0;
    },
  };
};

/**
 * The offset the list was last known at (the edges describe it, or our last write put the
 * scroller there), and the viewport's height then: a scroller found elsewhere was moved by
 * someone whose scroll event is still to come, unless the browser clamped it.
 */
const createKnownOffset = (host: Pick<ScrollWriterHost, 'scroller' | 'offsetNow' | 'bottomOffset'>) => {
  let knownOffset = 0;
  /** The viewport's height when `knownOffset` was noted (see `isClampedAtBottom`). */
  let knownViewportSize = 0;

  /**
   * Whether the scroller moved up from where we left it only because the content got shorter
   * under it: the browser clamps the offset to the new bottom. Rows measured smaller after a
   * resize (their wrapping changed) shrink the content for a frame before TanStack's total
   * catches up; the pin took that move for the reader's and let go, leaving the list 156 px
   * above the bottom once the total grew back (found by the fuzzer). A reader who
   * scrolls up does not stop exactly at the bottom edge. The same clamp comes from a viewport
   * that grew: the list at the bottom moves up, and the content may have grown in the same frame
   * (a turn held at the top reserves space by the viewport's height; rows re-wrapped narrower),
   * so it no longer stands at the content's end. A move up while the viewport grew is the
   * browser's: the reader's own scroll events come before the resize is observed, and noted the
   * offset then. Taken for the reader's, it let the pin go, and a list at the bottom was left 150
   * px above it (the long fuzz, seeds 100026 and 100023).
   */
  const isClampedAtBottom = (element: HTMLElement) =>
    isClampedByGrowth(element) || (host.offsetNow() < knownOffset && host.bottomOffset(element) - host.offsetNow() < 1);

  /** A move up while the viewport grew: the browser's clamp to the bottom of a taller viewport. */
  const isClampedByGrowth = (element: HTMLElement) =>
    host.offsetNow() < knownOffset && element.clientHeight > knownViewportSize;

  /**
   * Whether the scroller moved since we last read or wrote it (the app set `scrollTop`, or a
   * commit landed before the scroll event), other than by the browser's clamp: the scroll event
   * decides then, not a state it has not seen.
   */
  const isMovedSince = (element: HTMLElement) =>
    Math.abs(host.offsetNow() - knownOffset) >= 1 && !isClampedAtBottom(element);

  return {
    note(offset: number) {
      knownOffset = offset;
      knownViewportSize = host.scroller()?.clientHeight ?? 0;
    },
    isMovedSince,
    /**
     * The viewport resized: if the list still stands where it was known to, its height now is
     * what a later clamp is measured against. A viewport made shorter and then taller again
     * clamped the list from where it stood in the shorter one, and that went unseen when
     * compared with its height at the last write (found by the fuzzer).
     */
    noteViewportSize(element: HTMLElement) {
      if (Math.abs(host.offsetNow() - knownOffset) < 1) knownViewportSize = element.clientHeight;
    },
    /**
     * Where the list stood before the browser clamped it to the bottom of a viewport that grew,
     * if this is such a clamp; else null.
     */
    clampedByGrowthFrom: (element: HTMLElement): number | null => (isClampedByGrowth(element) ? knownOffset : null),
  };
};

/**
 * Where the app's smooth `scrollToOffset` / `scrollBy` is gliding to, while the browser animates
 * it: no command of ours follows it to its end, so the scroller's events tell whether it landed
 * or was interrupted (see scroller-events.ts).
 */
const createAppGlide = () => {
  let target: number | null = null;
  return {
    /** The glide's target while it may still be under way; else null. */
    get target(): number | null {
      return target;
    },
    /**
     * A write: the app's smooth raw move starts a glide. A command starts TanStack's own scroll
     * in its place, and a halt stops the animation. The list's corrections (an anchor, the pin, a
     * compensation) leave the browser's animation running on to its target: the glide goes on
     * (the long fuzz, seed 100039).
     */
    noteWrite(reason: ScrollWriteReason, offset: number, isSmooth: boolean) {
      if (reason === 'raw') target = isSmooth ? offset : null;
      else if (reason === 'command' || reason === 'halt') target = null;
    },
    /** The glide landed or was interrupted. */
    forget() {
      target = null;
    },
  };
};

/**
 * The only code that writes the scroller's offset and TanStack's (lint forbids it anywhere else
 * in src/), and so the one that knows which scroll events are echoes of our own writes. It owns
 * the last write, the offset the list was last known at, and the sub-pixel carry of TanStack's
 * compensations.
 */
export const createScrollWriter = (host: ScrollWriterHost) => {
  const { scaling, offsetNow } = host;
  /** The last write, until the scroll event it causes has been read. */
  let lastWrite: ScrollWrite | null = null;
  const known = createKnownOffset(host);
  const noteKnown = known.note;
  let subpixel: SubpixelCarry = NO_CARRY;
  const appGlide = createAppGlide();
  /** The reason of TanStack's writes that are not compensations: its commands, or the app's raw moves. */
  let tanstackWriteReason: ScrollWriteReason = 'command';
  /** Forgets a clamped compensation once its frame is over. */
  const clampExpiry = createClampExpiry(host);

  /**
   * Writes the scroller's offset and remembers who did and why. Writes that the list holds
   * itself read the offset back (the browser rounds and clamps), so the echo is recognised
   * exactly. Returns where the list landed.
   */
  const write = (element: HTMLElement, offset: number, reason: ScrollWriteReason, behavior?: ScrollBehavior) => {
    // A smooth move to outside the window jumps: from where the new window clamps the scroller,
    // the browser's animation would cross a window's height of rows it has not laid out, and the
    // next render's re-base stopped it half way (FUZZ_COPIES seed 20999).
    const isWindowMoved = host.keepInScrollSpace(offset);
    if (isTracing) traceScrollWrite(reason, offset, isWindowMoved ? undefined : behavior);
    const inScroller = offset - scaling.appliedSpace.shift;
    element.scrollTo({ top: inScroller, behavior: isWindowMoved ? undefined : behavior });
    scaling.scrollerOffset = inScroller;
    appGlide.noteWrite(reason, offset, behavior === 'smooth' && !isWindowMoved);
    // The list or the app moved it: until the reader's next intent, no move is a reader's jump.
    if (reason === 'command' || reason === 'raw' || reason === 'pin') scaling.isReaderDriving = false;
    // A re-base keeps the list's offset: its echo is that of whatever write came before, if any.
    if (reason === 'rebase') {
      lastWrite ??= { offset, reason };
      noteKnown(offset);
      return offset;
    }
    // The scroller is where this write put it: an older compensation's dropped fraction is void.
    if (reason !== 'compensation') subpixel = NO_CARRY;
    const isReadBack = reason === 'pin' || reason === 'anchor' || reason === 'command-correction';
    const landed = isReadBack ? offsetNow() : offset;
    lastWrite = { offset: landed, reason };
    if (reason !== 'raw') noteKnown(landed);
    return landed;
  };

  /** TanStack's `scrollToFn`: its commands, corrections and compensations all come through here. */
  const scrollToFn = (
    offset: number,
    { adjustments, behavior }: { adjustments?: number; behavior?: ScrollBehavior },
    instance: ListVirtualizer,
  ): void => {
    const element = instance.scrollElement;
    if (element === null) return;
    const isCompensation = adjustments !== undefined && behavior !== 'smooth';
    const next = offset + (adjustments ?? 0);
    if (!isCompensation) {
      write(element, next, tanstackWriteReason, behavior);
      return;
    }
    // TanStack's offset is where the reader was before a move it has not read yet: a compensation
    // from there writes that old offset back, and the move is lost for good. The move wins.
    if (hasUnreadMove(element)) {
      subpixel = NO_CARRY;
      return;
    }
    // The sub-pixel carry (core `subpixel-carry.ts`) keeps hundreds of them within a pixel.
    const carry = carryOfCompensation(subpixel, offset, offsetNow());
    write(element, next + carry, 'compensation');
    clampExpiry.expire();
    // Reading scrollTop costs a layout, so only compensations (which need it) do.
    subpixel = carryAfterCompensation(next, carry, offsetNow());
  };

  /**
   * Whether the scroller stands where neither our last write nor the last scroll event left it:
   * someone else (the reader's thumb, a script) moved it, and the move's scroll event has not
   * come yet. A write that moves nothing sends no scroll event, so the last write is not always
   * echoed, and is compared as well. The browser clamping the offset to a content that shrank
   * under it is not a move.
   */
  const hasUnreadMove = (element: HTMLElement) =>
    known.isMovedSince(element) && (lastWrite === null || Math.abs(offsetNow() - lastWrite.offset) >= 1);

  /**
   * WebKit can leave the scroller past the end of its content when the content gets shorter or
   * the viewport taller, where every other browser clamps it: it stood at 27 832 px of 28 088 in
   * a 450 px viewport, its bottom 194 px blank, and a cleared list at 24 536 px of 450, all blank
   * until the reader scrolled. This makes that clamp, as the browser would: not noted as ours,
   * so that what follows reads it as the browser's clamp (see `clampedByGrowthFrom`).
   */
  const clampToContentEnd = (element: HTMLElement) => {
    const end = Math.max(0, element.scrollHeight - element.clientHeight);
    if (element.scrollTop <= end + 0.5) return;
    if (isTracing) traceScrollWrite('clamp', end + scaling.appliedSpace.shift, undefined);
    element.scrollTo({ top: end });
    scaling.scrollerOffset = end;
  };

  return {
    write,
    setModelOffset,
    scrollToFn,
    clampToContentEnd,
    isMovedSinceKnown: known.isMovedSince,
    clampedByGrowthFrom: known.clampedByGrowthFrom,
    noteViewportSize: known.noteViewportSize,
    hasUnreadMove,
    /** The list was read or put at `offset` (the edges were read, a command started, the pin found it there). */
    noteKnownOffset: noteKnown,
    /** The last write not yet echoed by a scroll event, if any. */
    get lastWrite(): ScrollWrite | null {
      return lastWrite;
    },
    /** A scroll event reads the write it may echo: after it, no earlier write explains a move. */
    takeLastWrite(): ScrollWrite | null {
      const taken = lastWrite;
      lastWrite = null;
      return taken;
    },
    /**
     * Runs TanStack's `scrollToOffset` / `scrollBy` for the app: their writes are `raw`, not a
     * command's.
     */
    asRawMove(move: () => void) {
      tanstackWriteReason = 'raw';
      try {
        move();
      } finally {
        tanstackWriteReason = 'command';
      }
    },
    /** The app's smooth raw move, while it may still be under way. */
    appGlide,
    /** The list unmounted: no frame of it may run. */
    stop: clampExpiry.stop,
  };
};

export type ScrollWriter = ReturnType<typeof createScrollWriter>;

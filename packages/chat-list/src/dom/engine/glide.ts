import { SCROLL_END_DELAY_MS, nextGlideOffset } from '../../core';
import { toMotionBehavior } from '../accessibility';
import type { KernelView } from './kernel-view';

/** What a glide reads from the kernel, and the one write it asks of it. */
export interface GlideHost extends Pick<KernelView<unknown>, 'scroller' | 'isMounted' | 'offsetNow' | 'bottomOffset'> {
  /** Whether the list is pinned to the bottom: a glide moves only a pinned list. */
  isPinned: () => boolean;
  isSmoothFollowAsked: () => boolean;
  /** Writes a step of the glide as the pin's write: its scroll event is ours, and the list stays pinned. */
  writePin: (element: HTMLElement, offset: number) => void;
}

/**
 * Smooth following (`smoothFollow`): growth of a pinned list is followed by gliding towards the
 * bottom a part of the way each frame, instead of jumping there (core `glide.ts` says how far).
 * It owns its animation frame and how long it holds still for the reader.
 */
export const createGlide = (host: GlideHost) => {
  /** The animation frame of a glide to the bottom; 0 when none is under way. */
  let frame = 0;
  /**
   * Until when a glide writes nothing (a `performance.now()` time): the reader's intent came, and
   * its scroll event decides who owns the offset. A glide write in between would move the list
   * back under the reader's wheel and pass for ours (found by the smooth-follow test at DPR 1.25).
   */
  let heldUntil = 0;

  /**
   * One frame of a glide: towards the bottom as it is now, so the target moves with the content.
   */
  const step = () => {
    frame = 0;
    const scroller = host.scroller();
    if (scroller === null || !host.isMounted() || !host.isPinned()) return;
    const bottom = host.bottomOffset(scroller);
    const offset = host.offsetNow();
    if (bottom - offset <= 0.5) return;
    if (performance.now() >= heldUntil) host.writePin(scroller, nextGlideOffset(offset, bottom));
    frame = requestAnimationFrame(step);
  };

  const stop = () => {
    cancelAnimationFrame(frame);
    frame = 0;
  };

  return {
    /** Whether growth is followed by gliding (`smoothFollow`, not under `prefers-reduced-motion`). */
    isFollowingByGliding: () =>
      host.isSmoothFollowAsked() &&
      typeof requestAnimationFrame !== 'undefined' &&
      toMotionBehavior('smooth') === 'smooth',
    /** Glides to the bottom, unless a glide is under way already (it aims at the bottom as it is then). */
    start() {
      if (frame === 0) frame = requestAnimationFrame(step);
    },
    /** Whether a glide towards the bottom is under way (and not held for the reader). */
    isGliding: () => frame !== 0 && host.isPinned() && performance.now() >= heldUntil,
    stop,
    /**
     * The reader's intent: in the same frame, no glide write may land before the reader's own
     * scroll is read. A wheel down at the bottom sends no scroll event: the glide resumes after
     * the scroll-end delay.
     */
    holdForReader() {
      stop();
      heldUntil = performance.now() + SCROLL_END_DELAY_MS;
    },
  };
};

import { EDGE_TOLERANCE_PX } from '../../core';
import type { KernelView } from './kernel-view';

/** What the pin reads of the kernel, and the writes it asks of it. */
export interface BottomPinHost extends Pick<KernelView<unknown>, 'scroller' | 'owner' | 'offsetNow' | 'bottomOffset'> {
  /**
   * Whether the rendered rows are the committed ones: new rows are measured during their commit,
   * before the follow policy has run for them, and their height is arrival, not growth.
   */
  isCommitted: () => boolean;
  /** Whether the scroller moved since we last read or wrote it (the app set `scrollTop`). */
  isMovedSinceKnown: (element: HTMLElement) => boolean;
  noteKnownOffset: (offset: number) => void;
  /** Writes the pin's offset; returns the offset the scroller took. */
  writePin: (element: HTMLElement, offset: number) => number;
  /** Smooth following: growth glides to the bottom instead of jumping there (`smoothFollow`). */
  isFollowingByGliding: () => boolean;
  startGlide: () => void;
}

/**
 * The pin: a list at the bottom stays there while its content or viewport changes size. It owns
 * how far above the exact bottom it holds the list: a list is at the bottom within the edge
 * tolerance, and a change that brings it there (a taller viewport that left it 1 px above the
 * end) must not move the rows to close that last pixel. The fuzzer found the reader's row moved
 * 1.5 px by that snap, with a re-wrapped row's rounding on top.
 */
export const createBottomPin = (host: BottomPinHost) => {
  /** How far above the bottom the list stood when it was pinned, within the edge tolerance. */
  let heldGap = 0;

  const isPinned = () => host.owner().kind === 'pinned-to-bottom';

  /** The offset the pin holds in `element`: the bottom, less the gap it was pinned at. */
  const heldOffset = (element: HTMLElement) => Math.max(0, host.bottomOffset(element) - heldGap);

  return {
    /** The owner became the pin: the list's distance from the bottom now is the one it keeps. */
    notePinned() {
      const scroller = host.scroller();
      const gap = scroller === null ? 0 : host.bottomOffset(scroller) - host.offsetNow();
      heldGap = gap > 0 && gap <= EDGE_TOLERANCE_PX ? gap : 0;
    },
    heldOffset,
    /**
     * Keeps a pinned list at the bottom while its content or viewport changes size: streaming, a
     * suffix, a late image, a shrinking window. Runs in ResizeObserver callbacks, which come after
     * layout and before paint, so no frame shows the gap; also after every commit and TanStack
     * measurement. The reader's own scroll is read first (scroll events precede resize
     * observations in a frame), so a reader who scrolled up is never pulled back.
     */
    holdAtBottom() {
      const scroller = host.scroller();
      // Moved since we last read or wrote it (the app set scrollTop, or a commit landed before
      // the scroll event): the scroll event decides, not a stale state.
      if (scroller === null || !isPinned() || !host.isCommitted() || host.isMovedSinceKnown(scroller)) return;
      const target = heldOffset(scroller);
      const offset = host.offsetNow();
      if (Math.abs(target - offset) <= 0.5) host.noteKnownOffset(offset);
      else if (host.isFollowingByGliding()) {
        // The glide ends at the exact bottom.
        heldGap = 0;
        host.startGlide();
      } else host.writePin(scroller, target);
    },
    /** Writes the pin's offset now, where the content clamped the scroller and no scroll event may tell the pin. */
    writeNow(element: HTMLElement) {
      return host.writePin(element, heldOffset(element));
    },
  };
};

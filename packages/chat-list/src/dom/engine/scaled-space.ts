import {
  MAX_SCROLL_SIZE,
  UNSCALED_SPACE,
  isScaledSpace,
  planScrollSpace,
  scrollSizeIn,
  spaceAround,
  spaceForReaderJump,
  type ScrollSpace,
  type ScrollSpaceGeometry,
} from '../../core';
import type { WriterScaling } from './scroll-writer';
import type { KernelView } from './kernel-view';

/** What the scaled space reads from the kernel, and the one write it asks of it. */
export interface ScaledSpaceHost extends Pick<
  KernelView<unknown>,
  'scroller' | 'contentSize' | 'offsetNow' | 'bottomOffset'
> {
  /** Whether the owner is taking the list to the bottom (the pin, or a command there). */
  isHeadingForBottom: () => boolean;
  /** Sizes the content element to the space in force. */
  fitSizer: () => void;
  /** Moves the scroller by the difference of two spaces, which the reader does not see as a move. */
  writeRebase: (element: HTMLElement, offset: number) => void;
}

/**
 * How the scroller's offsets map onto the list's: past `MAX_SCROLL_SIZE` (the
 * browser's height cap) the scroller holds a window of the content (core `scroll-space.ts`).
 * The scroller and every offset read use `appliedSpace`; the latest render laid its rows out in
 * `renderedSpace`, which its commit applies. `scrollerOffset` is the scroller's own offset as
 * last read or written, to tell a reader's jump from a scroll; `isReaderDriving` is true from
 * the reader's intent until the list or the app moves the scroller. The writer shares the
 * record (it notes where it put the scroller, and that the reader no longer drives it).
 */
export const createScaledSpace = (host: ScaledSpaceHost) => {
  const state: WriterScaling & { renderedSpace: ScrollSpace } = {
    appliedSpace: UNSCALED_SPACE,
    renderedSpace: UNSCALED_SPACE,
    scrollerOffset: 0,
    isReaderDriving: false,
  };

  const geometry = (): ScrollSpaceGeometry => ({
    contentSize: host.contentSize(),
    viewportSize: host.scroller()?.clientHeight ?? 0,
  });

  /**
   * Makes `next` the scroller's space between renders, keeping the scroller where it is: a
   * command aimed outside the window, or a jump of the reader's. The rendered rows stand where
   * the old space put them until TanStack re-renders for the new offset (a jump's frame, as in
   * any virtualized list).
   */
  const move = (next: ScrollSpace) => {
    state.appliedSpace = next;
    host.fitSizer();
  };

  return {
    state,

    /**
     * In the commit of a render: the space its rows were laid out in becomes the scroller's, and
     * the scroller moves by the difference, so the reader sees no move (one task, before paint).
     */
    applyRendered() {
      if (state.renderedSpace === state.appliedSpace) return;
      const scroller = host.scroller();
      const offset = host.offsetNow();
      // A list heading for the bottom that stands at the end of its scroller was put there by the
      // browser's clamp, to a sizer that lagged the content (rows measured in this commit): it
      // stays at the bottom. Kept at the clamp's offset, it was 70 px short after the re-base, and
      // the bottom command's next check took that for a reader's move up and let go (FUZZ_COPIES
      // seed 20991: follow 'always' left an append 770 px above the bottom).
      const isClampedAtBottom =
        scroller !== null &&
        host.isHeadingForBottom() &&
        scroller.scrollTop >= scroller.scrollHeight - scroller.clientHeight - 1;
      state.appliedSpace = state.renderedSpace;
      host.fitSizer();
      if (scroller !== null) host.writeRebase(scroller, isClampedAtBottom ? host.bottomOffset(scroller) : offset);
      // The write may have moved the window on (the reader moved past it since the render): the
      // scroller's space is the one in force now, for the rest of this commit.
      state.renderedSpace = state.appliedSpace;
    },

    /** A target outside a scaled list's window moves the window there first; true when it did. */
    keepIn(offset: number): boolean {
      const space = state.appliedSpace;
      if (!isScaledSpace(space)) return false;
      const now = geometry();
      const inScroller = offset - space.shift;
      const maxInScroller = scrollSizeIn(space, now.contentSize) - now.viewportSize;
      // Past the end of a window open to the content's end the browser clamps, as unscaled.
      if (inScroller >= 0 && (inScroller <= maxInScroller || space.end === null)) return false;
      move(spaceAround(offset, now));
      return true;
    },

    /**
     * Every scroll event, before its offset is read: a move of the reader's by many viewports at
     * once (the thumb, Home, End) lands at the same fraction of the whole conversation. Returns
     * whether the scroller moved since it was last read or written.
     */
    readScrollerMove(element: HTMLElement): boolean {
      const offset = element.scrollTop;
      const previous = state.scrollerOffset;
      state.scrollerOffset = offset;
      if (offset === previous) return false;
      if (!state.isReaderDriving || !isScaledSpace(state.appliedSpace)) return true;
      const next = spaceForReaderJump(state.appliedSpace, offset, previous, geometry());
      if (next !== null) move(next);
      return true;
    },

    /**
     * The space the rows of a render are laid out in, from where its commit leaves the list
     * (`offset`); the commit applies it.
     */
    planRendered(offset: () => number) {
      const contentSize = host.contentSize();
      if (contentSize <= MAX_SCROLL_SIZE && !isScaledSpace(state.appliedSpace)) {
        state.renderedSpace = state.appliedSpace;
        return;
      }
      state.renderedSpace = planScrollSpace(state.appliedSpace, offset(), {
        contentSize,
        viewportSize: host.scroller()?.clientHeight ?? 0,
      });
    },
  };
};

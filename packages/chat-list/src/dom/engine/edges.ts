import { AT_BOTTOM_THRESHOLD_RULE, isAtBottomEdge, isAtTopEdge, sanitizeNumber, type ScrollMetrics } from '../../core';
import type { KernelView } from './kernel-view';

/** What the edges read from the kernel. */
export interface EdgesHost<TMessage> extends Pick<KernelView<TMessage>, 'options' | 'readMetrics'> {
  /** Whether a glide is on its way to the bottom: at the bottom for the app, no "↓ new" flicker while it trails. */
  isGliding: () => boolean;
}

/**
 * The list's edges as the app sees them: at the top, and at the bottom of the conversation
 * (within `atBottomThreshold`, or a glide on its way there, and never while `hasNewer` says newer
 * messages are still to load). It owns what `onAtTopChange` and `onAtBottomChange` last reported.
 */
export const createEdges = <TMessage>(host: EdgesHost<TMessage>) => {
  const hasNewer = () => host.options().hasNewer === true;
  const atBottomThreshold = () => sanitizeNumber(host.options().atBottomThreshold, AT_BOTTOM_THRESHOLD_RULE);
  /** The edges as the last read found them; an empty list is at both. */
  const reported = { isAtTop: true, isAtBottom: true };
  const isAtBottomFor = (metrics: ScrollMetrics) =>
    !hasNewer() && (isAtBottomEdge(metrics, atBottomThreshold()) || host.isGliding());

  return {
    hasNewer,
    reported: reported as Readonly<typeof reported>,
    /** At the bottom as the app sees it now, from the scroller (the handle's `isAtBottom`). */
    isAtBottomNow: () => isAtBottomFor(host.readMetrics()),
    /**
     * Whether the list stands at the bottom of the conversation within the edge tolerance, whatever
     * `atBottomThreshold` says: only there does the pin hold it. The threshold widens what counts
     * as at the bottom (`isAtBottom`, following the next message, the unseen count); a pin that
     * held the whole threshold pulled a reader who stepped 60 px up (a wheel notch, an arrow key)
     * back to the bottom at the next measurement.
     */
    isAtPinnedBottomEdge: (metrics: ScrollMetrics) => !hasNewer() && isAtBottomEdge(metrics),
    /**
     * Reads the edges from the scroller's metrics. Returns what tells the app of a change, for the
     * caller to call once the owner of the scroll position has read the edges too.
     */
    read(metrics: ScrollMetrics): () => void {
      const was = { ...reported };
      reported.isAtTop = isAtTopEdge(metrics);
      // The owner reads the edge itself: the reader's scroll away must release the pin.
      reported.isAtBottom = isAtBottomFor(metrics);
      return () => {
        const { onAtTopChange, onAtBottomChange } = host.options();
        if (reported.isAtTop !== was.isAtTop) onAtTopChange?.(reported.isAtTop);
        if (reported.isAtBottom !== was.isAtBottom) onAtBottomChange?.(reported.isAtBottom);
      };
    },
  };
};

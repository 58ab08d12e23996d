import type { MessageKey } from './message-changes';
import type { NumberRule } from './options';

/**
 * Read reporting: a message is read once at least `minVisibleRatio` of it has been
 * in view for `minVisibleMs` without a break, while the document was visible. Unlike the seen
 * tracking behind `unseenCount` (any part in view, at once), this is what an app sends read
 * receipts for: a row flicking past during a fast scroll is not read.
 */
export interface ReadCriteria {
  /** The part of a message that must be in view, 0–1 (see {@link getVisibleRatio}). */
  minVisibleRatio: number;
  /** How long it must stay in view, ms. */
  minVisibleMs: number;
}

export const MESSAGES_SEEN_RATIO_RULE: NumberRule = { name: 'messagesSeenRatio', fallback: 0.5, min: 0, max: 1 };
export const MESSAGES_SEEN_DELAY_RULE: NumberRule = { name: 'messagesSeenDelay', fallback: 300, min: 0 };

/** A message in view and how much of it shows. */
export interface MessageVisibility {
  key: MessageKey;
  visibleRatio: number;
}

/** What the tracker is told at one moment: the messages in view now. */
export interface ReadObservation {
  /** A monotonic clock, ms. */
  now: number;
  visible: readonly MessageVisibility[];
  /** A hidden tab reads nothing; the time in view starts over when it shows again. */
  isDocumentVisible: boolean;
  /**
   * A scroll command (the opening, a jump, a follow) is carrying the view to its target. A message
   * that comes into view on the way starts its time when the view arrives, not before: rows pass
   * by, and at the opening the first layouts are estimates the reader never saw. Without this the
   * messages on screen when a conversation opens came in two or three calls, a frame apart.
   * Messages that were already in view and stay there keep their time.
   */
  isViewMoving: boolean;
}

/** The tracker's answer, as data: what to report now and when to look again. */
export interface ReadDecision {
  /** Messages read since the last decision, in the order observed; each is reported once. */
  read: MessageKey[];
  /** When a message in view will have been in view long enough (observe again then), or null. */
  checkAt: number | null;
}

export interface ReadTracker {
  observe(observation: ReadObservation, criteria: ReadCriteria): ReadDecision;
  /** Forgets the reported keys that are no longer messages, once there are many more of them than messages. */
  prune(count: number, getKey: (index: number) => MessageKey): void;
}

/**
 * How much of a row shows in the viewport, 0–1. A row taller than the viewport counts as fully
 * in view when it fills the viewport: otherwise a long reply could never be read.
 */
export const getVisibleRatio = (row: { start: number; end: number }, scrollOffset: number, viewportSize: number) => {
  const shown = Math.min(row.end, scrollOffset + viewportSize) - Math.max(row.start, scrollOffset);
  const whole = Math.min(row.end - row.start, viewportSize);
  return shown <= 0 || whole <= 0 ? 0 : Math.min(1, shown / whole);
};

export const createReadTracker = (): ReadTracker => {
  /** Messages in view well enough, and since when (the `now` of the observation that first saw them so). */
  let inViewSince = new Map<MessageKey, number>();
  let reported = new Set<MessageKey>();

  return {
    observe({ now, visible, isDocumentVisible, isViewMoving }, { minVisibleRatio, minVisibleMs }) {
      const read: MessageKey[] = [];
      const stillInView = new Map<MessageKey, number>();
      let checkAt: number | null = null;
      if (isDocumentVisible) {
        for (const { key, visibleRatio } of visible) {
          if (reported.has(key) || visibleRatio <= 0 || visibleRatio < minVisibleRatio) continue;
          const since = inViewSince.get(key) ?? (isViewMoving ? undefined : now);
          if (since === undefined) continue;
          if (now - since >= minVisibleMs) {
            reported.add(key);
            read.push(key);
          } else {
            stillInView.set(key, since);
            checkAt = Math.min(checkAt ?? Infinity, since + minVisibleMs);
          }
        }
      }
      // A message that left the view (or a hidden document) starts over next time.
      inViewSince = stillInView;
      return { read, checkAt };
    },
    prune(count, getKey) {
      if (reported.size <= 2 * count + 64) return;
      const kept = new Set<MessageKey>();
      for (let index = 0; index < count; index++) {
        const key = getKey(index);
        if (reported.has(key)) kept.add(key);
      }
      reported = kept;
    },
  };
};

import {
  MESSAGES_SEEN_DELAY_RULE,
  MESSAGES_SEEN_RATIO_RULE,
  createReadTracker,
  getVisibleRatio,
  sanitizeNumber,
  type MessageVisibility,
} from '../core';
import type { ChatListFeature, ChatListFeatureContext } from '../dom/features';
import type { VisibleRange } from '../dom/types';

/**
 * Read receipts: `onMessagesSeen` is called with the messages the reader has read, a message being
 * read once `messagesSeenRatio` of it (or of the viewport) stayed in view for `messagesSeenDelay`
 * ms while the page was visible. Pass it in `features` to use `onMessagesSeen`:
 *
 * @example
 * import { readReceipts } from '@chat-list/react/read-receipts';
 * <ChatList features={[readReceipts]} onMessagesSeen={(ids) => markRead(ids)} … />
 */
export const readReceipts: ChatListFeature = {
  name: 'readReceipts',
  create: <TMessage>(list: ChatListFeatureContext<TMessage>) => {
    const reads = createReadTracker();
    /** The timer that looks again when the tracker says a message will be read. */
    let checkTimer: ReturnType<typeof setTimeout> | undefined;

    /** The messages in view and how much of each, as the tracker reads them. */
    const visibleMessages = (range: VisibleRange | null): MessageVisibility[] => {
      const messages = list.messages();
      const { scrollOffset, viewportSize } = list.metrics();
      const visible: MessageVisibility[] = [];
      const rows = list.rows();
      const firstMessageRow = list.firstMessageRow();
      for (let index = range?.firstIndex ?? 0; range !== null && index <= range.lastIndex; index++) {
        const row = rows[index + firstMessageRow];
        const message = messages[index];
        // A hole gets a stand-in key: there is no message to have read.
        if (row === undefined || message === undefined || message === null) continue;
        // An unmeasured row's place is a guess: an estimate once read a row the edge cut in half
        // (a throttled CPU, with messagesSeenDelay 0). It is looked at again once measured.
        if (!list.isMeasured(row)) continue;
        visible.push({ key: list.keyAt(index), visibleRatio: getVisibleRatio(row, scrollOffset, viewportSize) });
      }
      return visible;
    };

    /**
     * Tells the tracker which messages are in view, reports the ones it found read, and looks
     * again when it says one will be (its decision, as data).
     */
    const report = (range: VisibleRange | null) => {
      const options = list.options();
      const scroller = list.scroller();
      clearTimeout(checkTimer);
      if (options.onMessagesSeen === undefined || scroller === null) return;
      const now = performance.now();
      const { read, checkAt } = reads.observe(
        {
          now,
          visible: visibleMessages(range),
          isDocumentVisible: scroller.ownerDocument.visibilityState !== 'hidden',
          isViewMoving: list.isMovingToTarget(),
        },
        {
          minVisibleRatio: sanitizeNumber(options.messagesSeenRatio, MESSAGES_SEEN_RATIO_RULE),
          minVisibleMs: sanitizeNumber(options.messagesSeenDelay, MESSAGES_SEEN_DELAY_RULE),
        },
      );
      if (checkAt !== null) checkTimer = setTimeout(recheck, checkAt - now);
      if (read.length > 0) options.onMessagesSeen(read);
    };

    /** The timer, the tab shown or hidden, a command that landed: the same messages, another time. */
    const recheck = () => {
      if (list.canReadView()) report(list.getVisibleRange());
    };

    return {
      onViewChange: report,
      onRecheck: recheck,
      onMessagesChange: (length, keyAt) => reads.prune(length, keyAt),
      stop: () => clearTimeout(checkTimer),
    };
  },
};

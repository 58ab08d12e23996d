import { announce, getAnnouncement } from '../accessibility';
import type { KernelView } from './kernel-view';

/**
 * What a commit tells the app and the screen reader once it is painted: `onOlderMessages`,
 * `onNewerMessages` and the announcement of newer messages, so that a callback that sets state
 * does not hold up the frame that shows the messages. It owns the calls waiting for the paint,
 * and the visually hidden polite live region the announcements go to.
 */
export const createAfterPaint = <TMessage>(host: Pick<KernelView<TMessage>, 'options'>) => {
  let pending: Array<() => void> = [];
  /** The live region, when the markup renders one (`announcerRef`). */
  let announcer: HTMLElement | null = null;

  return {
    /** Calls `report` after the paint, with the callbacks of the options then. */
    queue(report: () => void) {
      pending.push(report);
    },
    /** Newer messages arrived as news: the screen reader hears of them after the paint. */
    queueAnnouncement(newMessages: readonly TMessage[]) {
      pending.push(() => {
        const text = announcer && getAnnouncement(host.options().announceNewMessages, newMessages);
        if (announcer && text) announce(announcer, text);
      });
    },
    /** The commit was painted. */
    flush() {
      const reports = pending;
      pending = [];
      for (const report of reports) report();
    },
    announcerRef(element: HTMLElement | null) {
      announcer = element;
    },
  };
};

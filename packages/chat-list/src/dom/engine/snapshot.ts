import { findKey, type MessageKey } from '../../core';
import { warnOnce } from '../dev-warnings';
import { isRowMeasured } from '../tanstack-internals';
import type { ChatListSnapshot } from '../types';
import type { Commands } from './commands';
import type { KernelView } from './kernel-view';

declare const process: { env: { NODE_ENV?: string } };

/** What snapshots read from the kernel, and the commands a reopening asks for. */
export interface SnapshotHost<TMessage> extends Pick<
  KernelView<TMessage>,
  'virtualizer' | 'scroller' | 'isMounted' | 'options' | 'messages' | 'getKeyAt' | 'firstMessageRow'
> {
  /** The reader's row in the current layout and its distance from the viewport's top, or null. */
  findReaderRow: () => { index: number; distance: number } | null;
  isAtBottom: () => boolean;
  newestSeenKey: () => MessageKey | undefined;
  /** A snapshot's newest seen message is seen again when the list reopens at it. */
  restoreNewestSeen: (index: number) => void;
  /** The commands module: a reopening is a command like any other. */
  commands: Pick<Commands, 'scrollToBottom' | 'scrollToRowOffset'>;
}

/**
 * Reopening a conversation where the reader left it: `getSnapshot()` records the
 * reader's row and its pixel, the edges, what was seen and the measured sizes around the reader;
 * `initialSnapshot` reopens there. It owns nothing: a snapshot is the app's to keep.
 */
export const createSnapshots = <TMessage>(host: SnapshotHost<TMessage>) => {
  /**
   * Reopens at `initialSnapshot`: the reader's row at its pixel, what they had seen
   * as seen. Null when there is no snapshot or its row is not among the messages.
   */
  const reopen = (): Promise<boolean> | null => {
    const snapshot = host.options().initialSnapshot;
    const getKeyAt = host.getKeyAt;
    const last = host.messages().length - 1;
    const index = snapshot === undefined || last < 0 ? -1 : findKey(snapshot.row.id, getKeyAt, 0, last);
    if (snapshot === undefined || index === -1) {
      if (process.env.NODE_ENV !== 'production' && snapshot !== undefined && last >= 0) {
        warnOnce(
          () => `initialSnapshot: no message has the key ${JSON.stringify(snapshot.row.id)}; opening as without it.`,
        );
      }
      return null;
    }
    const newestSeenIndex =
      snapshot.newestSeenId === undefined ? -1 : findKey(snapshot.newestSeenId, getKeyAt, last, 0);
    if (newestSeenIndex !== -1) host.restoreNewestSeen(newestSeenIndex);
    // At the bottom with nothing new: the bottom, pinned as it was.
    if (snapshot.isAtBottom && newestSeenIndex === last) return host.commands.scrollToBottom('auto', 'opening');
    return host.commands.scrollToRowOffset(index, snapshot.row.offset, 'auto', 'opening');
  };

  return {
    reopen,

    /** What `getSnapshot` returns: the reader's row, the edges, what was seen, the sizes around the reader. */
    get(): ChatListSnapshot | null {
      const messages = host.messages();
      const { getKeyAt } = host;
      if (!host.isMounted() || host.scroller() === null || messages.length === 0) return null;
      const anchor = host.findReaderRow();
      if (anchor === null) return null;
      const virtualizer = host.virtualizer();
      const firstMessageRow = host.firstMessageRow();
      const sizes: Array<[MessageKey, number]> = [];
      for (const item of virtualizer.getVirtualItems()) {
        const index = item.index - firstMessageRow;
        if (index >= 0 && index < messages.length && isRowMeasured(virtualizer, item.key)) {
          sizes.push([getKeyAt(index), item.size]);
        }
      }
      return {
        row: { id: getKeyAt(anchor.index - firstMessageRow), offset: anchor.distance },
        isAtBottom: host.isAtBottom(),
        newestSeenId: host.newestSeenKey(),
        sizes,
      };
    },
  };
};

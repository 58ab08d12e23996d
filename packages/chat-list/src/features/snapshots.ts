import { findKey, type MessageKey } from '../core';
import { warnOnce } from '../dom/dev-warnings';
import type { ChatListFeature, ChatListFeatureContext, FeatureOpening } from '../dom/features';
import type { ChatListSnapshot } from '../dom/types';

declare const process: { env: { NODE_ENV?: string } };

/**
 * Snapshots: `handle.getSnapshot()` records where the reader is (their row and its pixel, the
 * edges, what was seen, the measured heights around them), and `initialSnapshot` reopens the
 * conversation exactly there. Pass it in `features` to use either:
 *
 * @example
 * import { snapshots } from '@chat-list/react/snapshots';
 * <ChatList features={[snapshots]} initialSnapshot={saved} ref={listRef} … />
 */
export const snapshots: ChatListFeature = {
  name: 'snapshots',
  /** Owns nothing but the heights of the snapshot it reopens at: a snapshot is the app's to keep. */
  create: <TMessage>(list: ChatListFeatureContext<TMessage>) => {
    /** `initialSnapshot`'s heights by key, made again only for a new snapshot. */
    let sizes: { of: ChatListSnapshot | undefined; byKey: Map<MessageKey, number> | undefined } = {
      of: undefined,
      byKey: undefined,
    };
    const sizesByKey = () => {
      const snapshot = list.options().initialSnapshot;
      if (snapshot !== sizes.of) sizes = { of: snapshot, byKey: snapshot && new Map(snapshot.sizes) };
      return sizes.byKey;
    };

    return {
      // A snapshot's measured heights stand in for the estimates of its rows, so that a reopened
      // conversation puts the reader's row on its pixel in the first frame.
      knownSize: (key) => sizesByKey()?.get(key),

      /**
       * Reopens at `initialSnapshot`: the reader's row at its pixel, what they had seen as seen.
       * Null when there is no snapshot or its row is not among the messages.
       */
      findOpening(): FeatureOpening | null {
        const snapshot = list.options().initialSnapshot;
        const last = list.messages().length - 1;
        const keyAt = (index: number) => list.keyAt(index);
        const index = snapshot === undefined || last < 0 ? -1 : findKey(snapshot.row.id, keyAt, 0, last);
        if (snapshot === undefined || index === -1) {
          if (process.env.NODE_ENV !== 'production' && snapshot !== undefined && last >= 0) {
            warnOnce(
              () =>
                `initialSnapshot: no message has the key ${JSON.stringify(snapshot.row.id)}; opening as without it.`,
            );
          }
          return null;
        }
        const newestSeenIndex =
          snapshot.newestSeenId === undefined ? -1 : findKey(snapshot.newestSeenId, keyAt, last, 0);
        // At the bottom with nothing new: the bottom, pinned as it was.
        const isAtBottom = snapshot.isAtBottom && newestSeenIndex === last;
        return { at: isAtBottom ? 'bottom' : { index, offset: snapshot.row.offset }, newestSeenIndex };
      },

      getSnapshot(): ChatListSnapshot | null {
        const messages = list.messages();
        const reader = messages.length === 0 ? null : list.readerRow();
        if (reader === null) return null;
        const firstMessageRow = list.firstMessageRow();
        const sizes: Array<[MessageKey, number]> = [];
        for (const row of list.renderedRows()) {
          const index = row.index - firstMessageRow;
          if (index >= 0 && index < messages.length && list.isMeasured(row)) sizes.push([list.keyAt(index), row.size]);
        }
        return {
          row: { id: list.keyAt(reader.index - firstMessageRow), offset: reader.offset },
          isAtBottom: list.isAtBottom(),
          newestSeenId: list.newestSeenId(),
          sizes,
        };
      },
    };
  },
};

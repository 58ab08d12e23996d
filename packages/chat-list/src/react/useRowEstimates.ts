import * as React from 'react';
import {
  DEFAULT_ESTIMATED_SIZE,
  describeEstimateProblem,
  messageIndexOfRow,
  sanitizeEstimate,
  PREFIX_ROW,
  SUFFIX_ROW,
  type MessageKey,
} from '../core';
import { warnOnce } from '../dom/dev-warnings';
import type { ChatListBehaviorOptions } from '../dom/types';

declare const process: { env: { NODE_ENV?: string } };

/** The estimated height of the prefix and suffix rows until they are measured. */
export const AFFIX_ESTIMATED_SIZE = 40;

/** What the rows' estimates are made of. */
interface RowEstimatesInputs<TMessage> {
  messages: readonly TMessage[];
  getKeyAt: (index: number) => MessageKey;
  estimateSize: ChatListBehaviorOptions<TMessage>['estimateSize'];
  /** Told apart by identity only: a new snapshot brings new known heights. */
  initialSnapshot: ChatListBehaviorOptions<TMessage>['initialSnapshot'];
  /** A height known for a message before it is measured (a snapshot's, as the features answer), or undefined. */
  knownSize: (key: MessageKey) => number | undefined;
  /** The row of `messages[0]` among TanStack's rows, as of this render (read when TanStack asks). */
  firstMessageRow: () => number;
}

/**
 * The heights TanStack lays rows out at until they are measured: the app's `estimateSize`
 * (checked), a snapshot's measured heights for its rows (with `snapshots`), the default without
 * either.
 */
export const useRowEstimates = <TMessage>({
  messages,
  getKeyAt,
  estimateSize,
  initialSnapshot,
  knownSize,
  firstMessageRow,
}: RowEstimatesInputs<TMessage>) => {
  // TanStack asks every row's estimate: without an estimate of the app's or a snapshot, no
  // message is read.
  const isEstimateFixed = estimateSize === undefined && initialSnapshot === undefined;
  const estimateMessageSize = React.useCallback(
    (index: number): number => {
      if (isEstimateFixed) return DEFAULT_ESTIMATED_SIZE;
      // A snapshot's measured heights stand in for the estimates of its rows, so that a reopened
      // conversation puts the reader's row on its pixel in the first frame.
      const measured = initialSnapshot === undefined ? undefined : knownSize(getKeyAt(index));
      if (measured !== undefined) return measured;
      const message = messages[index];
      // Without `estimateSize` (or for a hole) the estimate is missing, which sanitizes to the default.
      const estimate = message === undefined || message === null ? undefined : estimateSize?.(message, index);
      const size = sanitizeEstimate(estimate);
      if (process.env.NODE_ENV !== 'production' && estimateSize && size !== estimate) {
        warnOnce(describeEstimateProblem(estimate));
      }
      return size;
    },
    [isEstimateFixed, estimateSize, messages, initialSnapshot, knownSize, getKeyAt],
  );
  // Asked after `chat.update` of this render, which places the first message among the rows.
  const estimateItemSize = React.useCallback(
    (virtualIndex: number): number => {
      const index = messageIndexOfRow(virtualIndex, firstMessageRow(), messages.length);
      return index === PREFIX_ROW || index === SUFFIX_ROW ? AFFIX_ESTIMATED_SIZE : estimateMessageSize(index);
    },
    [firstMessageRow, messages, estimateMessageSize],
  );
  return { isEstimateFixed, estimateMessageSize, estimateItemSize };
};

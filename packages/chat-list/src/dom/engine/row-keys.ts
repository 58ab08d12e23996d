import {
  applyLayoutKeyPlan,
  createDuplicateKeyCounter,
  detectMessageChange,
  findChangedWindow,
  findFirstLayoutChange,
  getCommittedEdges,
  messageIndexOfRow,
  planLayoutKeys,
  PREFIX_ROW,
  SUFFIX_ROW,
  type ChangedWindow,
  type MessageKey,
} from '../../core';
import { warnOnce } from '../dev-warnings';
import { getRowKeyedMaps, type ListVirtualizer } from '../tanstack-internals';
import type { LaidOutInputs, RenderInputs } from './inputs';

declare const process: { env: { NODE_ENV?: string } };

/** The layout keys of the prefix and suffix rows ("Loading…", "typing…"). */
export const PREFIX_KEY = '\u0000prefix';
export const SUFFIX_KEY = '\u0000suffix';

/** The message key of a row of a render (the prefix and the suffix have their own), for the reading anchor. */
export const messageKeyOfRow = <TMessage>(inputs: LaidOutInputs<TMessage>, virtualIndex: number): MessageKey => {
  const index = messageIndexOfRow(virtualIndex, inputs.firstMessageRow, inputs.messages.length);
  if (index === PREFIX_ROW) return PREFIX_KEY;
  return index === SUFFIX_ROW ? SUFFIX_KEY : inputs.getKeyAt(index);
};

/**
 * New key or estimate functions that come within this many renders of each other count as one
 * churn; three of them warn. The list's own renders between two of the app's are a few.
 */
const CALLBACK_CHURN_RENDERS = 10;

/** What the row keys read from the kernel. */
export interface RowKeysHost<TMessage> {
  /** TanStack's virtualizer; undefined during the first render's `update`. */
  virtualizer: () => ListVirtualizer | undefined;
  /** The inputs of the render TanStack lays out (set once `update` is done). */
  inputs: () => LaidOutInputs<TMessage>;
}

/**
 * The rows' layout keys: TanStack's key of a row's measured size and element. It owns the key
 * getter handed to TanStack, the first row whose layout a render must redo, where the message
 * keys start, and (in development) the counts that warn about duplicate keys and about key or
 * estimate functions that are new on every render.
 */
export const createRowKeys = <TMessage>(host: RowKeysHost<TMessage>) => {
  /**
   * TanStack's `getItemKey`, a new function only when TanStack must lay rows out again (a key
   * moved or changed, an affix came or went, a new estimate): TanStack redoes its layout when
   * it gets a new one. A streamed token keeps it, so TanStack keeps its layout.
   */
  let rowKeyGetter = createRowKeyGetter();
  /** The first row this render's layout must be redone from, or null when it keeps the last one. */
  let firstChangedRow: number | null = null;
  /**
   * A message row's layout key (TanStack's key of its measured size) is its index plus this:
   * positions that follow their messages (core `layout-keys.ts`), so that TanStack's layout
   * reads no message and hashes no id.
   */
  let layoutKeyBase = 0;
  /**
   * The lowest layout key a row was rendered under (TanStack measures only rendered rows), kept
   * through the key moves of each change: below it the list keeps no size and no element, so a
   * render's scan for the changed messages starts there (core `findChangedWindow`'s
   * `uncheckedBefore`). It only goes down: once a reader has been to the top, every render
   * compares all the messages again.
   */
  let lowestRenderedKey = Infinity;
  /** The development warnings about the keys and callbacks of each render (none in production). */
  const warnings = process.env.NODE_ENV === 'production' ? undefined : createRenderWarnings();

  return {
    /** TanStack's `getItemKey` for the render being laid out. */
    get getter() {
      return rowKeyGetter;
    },
    /** The first row this render's layout must be redone from, or null when it keeps the last one. */
    get firstChangedRow() {
      return firstChangedRow;
    },
    /** The layout key of a row being rendered (its ref callback's): rows below the lowest one hold nothing of the list's. */
    keyOfRenderedRow(virtualIndex: number): MessageKey {
      const key = rowKeyGetter(virtualIndex);
      if (typeof key === 'number' && key < lowestRenderedKey) lowestRenderedKey = key;
      return key;
    },
    /** A render's change from `previous` to `next`: which rows to lay out again, and where their sizes go. */
    planRender(previous: LaidOutInputs<TMessage> | undefined, next: LaidOutInputs<TMessage>) {
      // The one scan of the messages per render, from the lowest rendered row; the layout keys and
      // the duplicate-key count read only inside the window it finds.
      const changedWindow =
        previous === undefined
          ? undefined
          : findChangedWindow(previous.messages, next.messages, lowestRenderedKey - layoutKeyBase);
      firstChangedRow =
        previous === undefined || changedWindow === undefined ? 0 : findFirstChangedRow(previous, next, changedWindow);
      if (previous !== undefined && changedWindow !== undefined) moveLayoutKeys(previous, next, changedWindow);
      if (firstChangedRow !== null) rowKeyGetter = createRowKeyGetter();
      warnings?.noteKeys(previous, next, changedWindow);
    },
  };

  /** The first row whose key or place may have changed from `previous` to `next`, or null when none did. */
  function findFirstChangedRow(
    previous: LaidOutInputs<TMessage>,
    next: LaidOutInputs<TMessage>,
    changedWindow: ChangedWindow,
  ): number | null {
    // A new estimate or key getter may change every row; a prefix that came or went moves every row.
    const isNewCallback =
      next.options.estimateSize !== previous.options.estimateSize ||
      next.options.getMessageKey !== previous.options.getMessageKey;
    warnings?.noteCallbacks(isNewCallback);
    // A new snapshot brings heights that stand in for estimates.
    const isNewSnapshot = next.options.initialSnapshot !== previous.options.initialSnapshot;
    // The end of an opening window lays out every row: it moves the first message's row too.
    if (isNewCallback || isNewSnapshot || next.firstMessageRow !== previous.firstMessageRow) return 0;
    const prefixRows = next.firstMessageRow;
    // TanStack keeps the rows before `pendingMin` by copying its old list, at the old length: a
    // shorter list laid out from a later row keeps stale rows at its end (a blank strip, found
    // by the fuzzer). Fewer rows are laid out from the first.
    if (next.messages.length < previous.messages.length || (previous.hasSuffix && !next.hasSuffix)) return 0;
    const firstChangedMessage = findFirstLayoutChange({
      previousCount: previous.messages.length,
      nextCount: next.messages.length,
      changedWindow,
      isSameMessageAt: (index) => previous.messages[index] === next.messages[index],
      previousKeyAt: previous.getKeyAt,
      nextKeyAt: next.getKeyAt,
    });
    if (firstChangedMessage !== null) return prefixRows + firstChangedMessage;
    // Same messages: only a suffix that came or went changes the rows, at the end.
    return next.hasSuffix !== previous.hasSuffix ? prefixRows + next.messages.length : null;
  }

  /**
   * Gives the next render's rows their layout keys (see `layoutKeyBase`): TanStack's measured
   * sizes and elements follow their messages through the change.
   */
  function moveLayoutKeys(
    previous: RenderInputs<TMessage>,
    next: RenderInputs<TMessage>,
    changedWindow: ChangedWindow,
  ) {
    const virtualizer = host.virtualizer();
    if (next.messages === previous.messages || virtualizer === undefined) return;
    const plan = planLayoutKeys(layoutKeyBase, changedWindow);
    const previousCount = previous.messages.length;
    const nextCount = next.messages.length;
    // Another conversation (neither edge message of the last one is in it): its keys are not read
    // to look for the last one's. Asked only when no message stayed in place at either end.
    const isNewConversation =
      changedWindow.start === 0 &&
      changedWindow.previousEnd === previousCount &&
      changedWindow.nextEnd === nextCount &&
      detectMessageChange(getCommittedEdges(previousCount, previous.getKeyAt), nextCount, next.getKeyAt).kind ===
        'opened';
    const lowestWritten = applyLayoutKeyPlan(getRowKeyedMaps(virtualizer), plan, {
      previousKeyAt: previous.getKeyAt,
      nextKeyAt: next.getKeyAt,
      isSameConversation: !isNewConversation,
    });
    // Another conversation leaves no message row anything: its rows count from those it renders.
    lowestRenderedKey = isNewConversation ? Infinity : Math.min(lowestRenderedKey, lowestWritten);
    layoutKeyBase = plan.base;
  }

  /**
   * A new `getItemKey` for TanStack: the layout key of a row of the current render, the
   * prefix's, a message's (see `layoutKeyBase`) or the suffix's. TanStack calls it for every row
   * it lays out (100 000 at the opening), so it reads no message: only the row's place.
   */
  function createRowKeyGetter() {
    return (virtualIndex: number): MessageKey => {
      const index = messageIndexOfRow(virtualIndex, host.inputs().firstMessageRow, host.inputs().messages.length);
      if (index === PREFIX_ROW) return PREFIX_KEY;
      return index === SUFFIX_ROW ? SUFFIX_KEY : index + layoutKeyBase;
    };
  }
};

/**
 * What the row keys warn about in development: message keys that two messages share (counted
 * from the keys of each change's window), and `estimateSize` or `getMessageKey` functions that
 * are new on every render.
 */
const createRenderWarnings = () => {
  const duplicateKeys = createDuplicateKeyCounter();
  /**
   * New `estimateSize` or `getMessageKey` functions that came close together, and the renders
   * since the last one. The list renders on its own between the app's renders (a measurement, a
   * scroll, focus), with the same functions: counted in a row, a parent's inline function never
   * warned.
   */
  const callbackChurn = { newCallbacks: 0, rendersSince: 0 };
  return {
    noteKeys<TMessage>(
      previous: LaidOutInputs<TMessage> | undefined,
      next: LaidOutInputs<TMessage>,
      changedWindow: ChangedWindow | undefined,
    ) {
      const duplicate = duplicateKeys.applyChange(
        changedWindow ?? { start: 0, previousEnd: 0, nextEnd: next.messages.length },
        previous === undefined ? next.getKeyAt : previous.getKeyAt,
        next.getKeyAt,
      );
      if (duplicate !== undefined) {
        warnOnce(
          () =>
            `duplicate message key ${JSON.stringify(duplicate)}: keys must be unique and stable. Every message is still rendered with its own size, but React keys of rendered rows that share it get a suffix, and scrollToId finds one of them.`,
        );
      }
    },
    noteCallbacks(isNewCallback: boolean) {
      if (isNewCallback) {
        callbackChurn.newCallbacks =
          callbackChurn.rendersSince < CALLBACK_CHURN_RENDERS ? callbackChurn.newCallbacks + 1 : 1;
        callbackChurn.rendersSince = 0;
      } else {
        callbackChurn.rendersSince++;
      }
      if (isNewCallback && callbackChurn.newCallbacks === 3) {
        warnOnce(
          'estimateSize or getMessageKey is a new function on every render: each new one lays out every row again (O(n) per render, a dropped frame per streamed token in a long conversation). Define it outside the component or wrap it in useCallback.',
        );
      }
    },
  };
};

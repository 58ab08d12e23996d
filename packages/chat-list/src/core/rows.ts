/**
 * The rows TanStack lays out: the prefix (when there is one), the messages, then the suffix
 * (when there is one). Whatever needs to know which one a row is asks here, so that the order
 * is decided in one place.
 *
 * Where the messages start among the rows is one number, the row of `messages[0]`
 * (`firstMessageRow`): 1 after a prefix row, 0 without one, and `-n` while the `n` oldest
 * messages are left out of the layout (the opening window, `opening-window.ts`). Then the
 * prefix is left out too: it stands above the oldest message.
 */

/** {@link messageIndexOfRow} of the prefix row. */
export const PREFIX_ROW = -1;
/** {@link messageIndexOfRow} of the suffix row. */
export const SUFFIX_ROW = -2;

/**
 * The index in `messages` of the row at `virtualIndex`, or {@link PREFIX_ROW} or
 * {@link SUFFIX_ROW} for an affix row. A number, not a record: TanStack's layout asks it for
 * every row (100 000 once the opening window is gone).
 */
export const messageIndexOfRow = (virtualIndex: number, firstMessageRow: number, messageCount: number): number => {
  const index = virtualIndex - firstMessageRow;
  if (index < 0) return PREFIX_ROW;
  return index < messageCount ? index : SUFFIX_ROW;
};

/** How many rows TanStack lays out for `messageCount` messages whose first is at `firstMessageRow`. */
export const rowCount = (firstMessageRow: number, messageCount: number, hasSuffix: boolean): number =>
  Math.max(0, firstMessageRow + messageCount) + (hasSuffix ? 1 : 0);

/**
 * The rows TanStack lays out: the prefix (when there is one), the messages, then the suffix
 * (when there is one). Whatever needs to know which one a row is asks here, so that the order
 * is decided in one place.
 */

/** {@link messageIndexOfRow} of the prefix row. */
export const PREFIX_ROW = -1;
/** {@link messageIndexOfRow} of the suffix row. */
export const SUFFIX_ROW = -2;

/**
 * The index in `messages` of the row at `virtualIndex`, or {@link PREFIX_ROW} or
 * {@link SUFFIX_ROW} for an affix row. A number, not a record: TanStack's layout asks it for
 * every row (100 000 at an opening).
 */
export const messageIndexOfRow = (virtualIndex: number, hasPrefix: boolean, messageCount: number): number => {
  const index = hasPrefix ? virtualIndex - 1 : virtualIndex;
  if (index < 0) return PREFIX_ROW;
  return index < messageCount ? index : SUFFIX_ROW;
};

import { READER_ROW_TOP_TOLERANCE_PX } from './reading-anchor';
import { messageIndexOfRow } from './rows';

/**
 * What a message's group is known by (a day, an author's run): consecutive messages with the
 * same key form one group, and the first of them carries the group's header.
 */
export type GroupKey = string | number;

/**
 * Whether the message at `index` starts a group: the first message, or one whose group key
 * differs from the one before it. A message without a key (`undefined`) belongs to no group
 * and starts none; the first keyed message after it starts one.
 */
export const isGroupStart = (index: number, groupKeyAt: (index: number) => GroupKey | undefined): boolean =>
  startsGroup(groupKeyAt(index), index === 0 ? undefined : groupKeyAt(index - 1));

/** Whether a message keyed `key` starts a group after one keyed `previousKey` (undefined for none before it). */
export const startsGroup = (key: GroupKey | undefined, previousKey: GroupKey | undefined): boolean =>
  key !== undefined && !Object.is(key, previousKey);

/** Where the message rows are among TanStack's rows, and their group keys. */
export interface GroupedRows {
  /** The row of the first message (`rows.ts`): 1 after the "Loading..." prefix, 0 without, negative in an opening window. */
  firstMessageRow: number;
  messageCount: number;
  groupKeyAt: (index: number) => GroupKey | undefined;
}

/** Whether the row at `virtualIndex` (TanStack's index, the prefix counted) is a message that starts a group. */
export const isGroupStartRow = (virtualIndex: number, rows: GroupedRows): boolean => {
  const index = messageIndexOfRow(virtualIndex, rows.firstMessageRow, rows.messageCount);
  return index >= 0 && isGroupStart(index, rows.groupKeyAt);
};

/** What the sticky-header decision reads of the layout (rows in TanStack's virtual indexes, px from the content's top). */
export interface GroupLayout {
  count: number;
  rowAt(index: number): { start: number; end: number } | undefined;
  /** Whether the row is a message (the prefix and suffix rows belong to no group). */
  isMessageRow(index: number): boolean;
  /** Whether the row is a message that starts a group (and so carries its header). */
  isGroupStartRow(index: number): boolean;
}

/** Where the viewport is and how tall the sticky header is. */
export interface StickyHeaderView {
  /** A row at or before the first row in view, where the search starts. */
  firstRowInView: number;
  scrollOffset: number;
  /** Height of the sticky header as rendered (px); 0 before it has been rendered. */
  headerSize: number;
}

/** The group header stuck to the top of the viewport. */
export interface StickyHeader {
  /** The message row at the viewport's top, whose group the header shows. */
  rowIndex: number;
  /**
   * How far the header is pushed up out of the viewport (px, ≤ 0): the next group's own header
   * takes its place from below instead of sliding under it.
   */
  pushOffset: number;
}

/**
 * Which group's header sticks to the top, or null when none does. A group's header is its
 * first row's own while that row's top is in view (within {@link READER_ROW_TOP_TOLERANCE_PX},
 * as for the reading anchor): a sticky copy over it would show the header twice as it scrolls.
 * Once the first row's top leaves the viewport, the copy stands in for it, exactly where the
 * row's header was, so the switch shows nothing; it stays while any row of the group spans the
 * top. The prefix row ("Loading...") at the top belongs to no group: no header sticks over it.
 */
export const findStickyHeader = (layout: GroupLayout, view: StickyHeaderView): StickyHeader | null => {
  const { scrollOffset, headerSize } = view;
  let rowIndex = Math.max(0, view.firstRowInView);
  // The row that spans the viewport's top: the first that ends below it, by more than the reading
  // anchor's rounding. A row that ends within half a pixel below the top is the one above the
  // reader's row, not the reader's: a start-aligned scrollToIndex lands on whole pixels, rows start
  // at fractions, and the header of the previous group stuck, pushed up but for a sliver (fuzz).
  const topEdge = scrollOffset + READER_ROW_TOP_TOLERANCE_PX;
  for (let row = layout.rowAt(rowIndex); row !== undefined && row.end <= topEdge; row = layout.rowAt(rowIndex)) {
    rowIndex++;
  }
  const top = layout.rowAt(rowIndex);
  if (top === undefined || !layout.isMessageRow(rowIndex)) return null;
  if (layout.isGroupStartRow(rowIndex) && top.start >= scrollOffset - READER_ROW_TOP_TOLERANCE_PX) return null;
  // The next group's header, when it is within the sticky header's height of the top, pushes it up.
  let pushOffset = 0;
  for (let index = rowIndex + 1; index < layout.count; index++) {
    const row = layout.rowAt(index);
    if (row === undefined || row.start >= scrollOffset + headerSize) break;
    if (layout.isGroupStartRow(index)) {
      pushOffset = Math.min(0, row.start - scrollOffset - headerSize);
      break;
    }
  }
  return { rowIndex, pushOffset };
};

import { findStickyHeader, isGroupStartRow, messageIndexOfRow, type GroupKey } from '../core';
import { getLayout, type ListVirtualizer } from './tanstack-internals';

/** The group header stuck to the top of the list: the group of the message at the viewport's top. */
export interface StuckGroupHeader<TMessage> {
  groupKey: GroupKey;
  /** The message at the top of the viewport when the group got stuck. */
  message: TMessage;
}

/** What the sticky header reads of the list, as of the latest render. */
export interface StickyGroupHeaderSource<TMessage> {
  virtualizer: () => ListVirtualizer;
  messages: () => readonly TMessage[];
  /** The row of `messages[0]` among TanStack's rows (core `rows.ts`). */
  firstMessageRow: () => number;
  groupKeyAt: (index: number) => GroupKey | undefined;
  /** Whether a header sticks at all (groups are on and `stickyGroupHeader` is not false). */
  isEnabled: () => boolean;
  /** The list's offset (the scroller's, plus the content above a scaled list's window). */
  scrollOffset: () => number;
  /**
   * The stuck group changed. After a scroll (`isFromScroll`, called from the animation frame of
   * the frame that scrolled) the new header must be on screen in that frame, so it is rendered
   * synchronously; after a render it is rendered before that render is painted.
   */
  onChange: (header: StuckGroupHeader<TMessage> | null, isFromScroll: boolean) => void;
}

/**
 * Keeps the header of the group at the viewport's top stuck to the top of the list.
 * The core decides which group and how far the next group's header pushes it up; this reads the
 * scroll offset and the header's height, writes the push to the header element directly (it
 * changes every frame of a scroll, a render per frame would be wasted), and asks for a render
 * only when the group changes.
 */
export const createStickyGroupHeader = <TMessage>(source: StickyGroupHeaderSource<TMessage>) => {
  let scroller: HTMLElement | null = null;
  let header: HTMLElement | null = null;
  let stuck: StuckGroupHeader<TMessage> | null = null;
  let pushOffset = 0;

  const find = () => {
    const virtualizer = source.virtualizer();
    const layout = getLayout(virtualizer);
    const rows = {
      firstMessageRow: source.firstMessageRow(),
      messageCount: source.messages().length,
      groupKeyAt: source.groupKeyAt,
    };
    const scrollOffset = source.scrollOffset();
    return findStickyHeader(
      {
        count: layout.length,
        rowAt: (index) => layout[index],
        isMessageRow: (index) => messageIndexOfRow(index, rows.firstMessageRow, rows.messageCount) >= 0,
        isGroupStartRow: (index) => isGroupStartRow(index, rows),
      },
      {
        firstRowInView: virtualizer.getVirtualItemForOffset(scrollOffset)?.index ?? 0,
        scrollOffset,
        headerSize: header?.offsetHeight ?? 0,
      },
    );
  };

  const writePush = (offset: number) => {
    if (header === null || offset === pushOffset) return;
    pushOffset = offset;
    header.style.transform = offset === 0 ? '' : `translateY(${offset}px)`;
  };

  const update = (isFromScroll: boolean) => {
    let found = scroller !== null && source.isEnabled() ? find() : null;
    const index = found === null ? -1 : found.rowIndex - source.firstMessageRow();
    const groupKey = index < 0 ? undefined : source.groupKeyAt(index);
    const next: StuckGroupHeader<TMessage> | null =
      groupKey === undefined ? null : { groupKey, message: source.messages()[index] as TMessage };
    if (next?.groupKey !== stuck?.groupKey) {
      stuck = next;
      source.onChange(next, isFromScroll);
      // Rendered synchronously: the push is measured against the new header's height.
      if (isFromScroll && scroller !== null && next !== null) found = find();
    }
    writePush(next === null ? 0 : (found?.pushOffset ?? 0));
  };

  /**
   * The scroll's frame, not the scroll event: animation frames run after every scroll event of
   * the frame and before its paint. A synchronous render inside the event ran before TanStack's
   * own listener had read the new offset, and it rendered what the app had just set in the same
   * event too (the "Loading..." of a history load started by that scroll): the list was
   * anchored against the old offset and went back to where the scroll started (found in the
   * demo).
   */
  let frame = 0;
  const onScroll = () => {
    // Lists without a sticky header pay nothing per scrolled frame.
    if (frame !== 0 || !source.isEnabled()) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      update(true);
    });
  };

  return {
    /** Attach to the scroller (besides the engine's own ref). */
    scrollerRef(element: HTMLElement | null) {
      scroller?.removeEventListener('scroll', onScroll);
      cancelAnimationFrame(frame);
      frame = 0;
      scroller = element;
      element?.addEventListener('scroll', onScroll, { passive: true });
    },
    /** Attach to the element that holds the stuck header's content: it is measured and pushed. */
    headerRef(element: HTMLElement | null) {
      header = element;
      pushOffset = 0;
    },
    /** After every render: rows, sizes or groups may have changed under a still viewport. */
    update,
  };
};

export type StickyGroupHeader<TMessage> = ReturnType<typeof createStickyGroupHeader<TMessage>>;

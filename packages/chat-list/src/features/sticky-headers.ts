import { findStickyHeader, isGroupStartRow, messageIndexOfRow } from '../core';
import type { ChatListFeature, ChatListFeatureContext, StuckGroupHeader } from '../dom/features';

/**
 * Sticky group headers: the header of the group at the top of the viewport (`getGroupKey`, a
 * day) sticks to the top of the list while the group is in view, pushed up by the next group's
 * header as it arrives. Pass it in `features` to make the headers stick:
 *
 * @example
 * import { stickyHeaders } from '@chat-list/react/sticky-headers';
 * <ChatList features={[stickyHeaders]} getGroupKey={(message) => message.day} renderGroupHeader={…} … />
 */
export const stickyHeaders: ChatListFeature = {
  name: 'stickyHeaders',
  /**
   * The core decides which group sticks and how far the next group's header pushes it up; this
   * reads the scroll offset and the header's height, writes the push to the header element
   * directly (it changes every frame of a scroll, a render per frame would be wasted), and asks
   * for a render only when the group changes.
   */
  create: <TMessage>(list: ChatListFeatureContext<TMessage>) => {
    let header: HTMLElement | null = null;
    let stuck: StuckGroupHeader<TMessage> | null = null;
    let pushOffset = 0;
    /** The scroll's animation frame, or 0 while none is asked. */
    let frame = 0;

    const isEnabled = () => {
      const { getGroupKey, stickyGroupHeader } = list.options();
      return getGroupKey !== undefined && stickyGroupHeader !== false;
    };

    const find = () => {
      const rows = list.rows();
      const grouped = {
        firstMessageRow: list.firstMessageRow(),
        messageCount: list.messages().length,
        groupKeyAt: (index: number) => list.groupKeyAt(index),
      };
      const scrollOffset = list.scrollOffset();
      return findStickyHeader(
        {
          count: rows.length,
          rowAt: (index) => rows[index],
          isMessageRow: (index) => messageIndexOfRow(index, grouped.firstMessageRow, grouped.messageCount) >= 0,
          isGroupStartRow: (index) => isGroupStartRow(index, grouped),
        },
        {
          firstRowInView: list.rowAtOffset(scrollOffset)?.index ?? 0,
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

    /**
     * After a scroll (`isFromScroll`, from the animation frame of the frame that scrolled) a new
     * header must be on screen in that frame, so it is rendered at once; after a render it is
     * rendered before that render is painted.
     */
    const update = (isFromScroll: boolean) => {
      const isOn = list.scroller() !== null && isEnabled();
      let found = isOn ? find() : null;
      const index = found === null ? -1 : found.rowIndex - list.firstMessageRow();
      const groupKey = index < 0 ? undefined : list.groupKeyAt(index);
      const next: StuckGroupHeader<TMessage> | null =
        groupKey === undefined ? null : { groupKey, message: list.messages()[index] as TMessage };
      if (next?.groupKey !== stuck?.groupKey) {
        stuck = next;
        list.render(isFromScroll);
        // Rendered at once: the push is measured against the new header's height.
        if (isFromScroll && list.scroller() !== null && next !== null) found = find();
      }
      writePush(next === null ? 0 : (found?.pushOffset ?? 0));
    };

    return {
      /**
       * The scroll's frame, not the scroll event: animation frames run after every scroll event
       * of the frame and before its paint. A render inside the event ran before TanStack's own
       * listener had read the new offset, and it rendered what the app had just set in the same
       * event too (the "Loading..." of a history load started by that scroll): the list was
       * anchored against the old offset and went back to where the scroll started (found in
       * the demo). Lists whose headers do not stick pay nothing per scrolled frame.
       */
      onScroll() {
        if (frame !== 0 || !isEnabled()) return;
        frame = requestAnimationFrame(() => {
          frame = 0;
          update(true);
        });
      },
      // Rows, sizes or groups may have changed under a still viewport.
      onRender: () => update(false),
      stuckGroupHeader: () => stuck,
      onStickyHeaderElement(element) {
        header = element;
        pushOffset = 0;
      },
      stop() {
        cancelAnimationFrame(frame);
        frame = 0;
      },
    };
  },
};

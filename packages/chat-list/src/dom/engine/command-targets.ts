import {
  EDGE_TOLERANCE_PX,
  findKey,
  isAtBottomEdge,
  toVirtualizerAlign,
  type ScrollCommand,
  type ScrollTarget,
} from '../../core';
import { warnOnce } from '../dev-warnings';
import { getLayout } from '../tanstack-internals';
import type { KernelView } from './kernel-view';

declare const process: { env: { NODE_ENV?: string } };
/** What the targets read from the kernel. */
export interface CommandTargetsHost extends Pick<
  KernelView<unknown>,
  | 'virtualizer'
  | 'scroller'
  | 'messages'
  | 'getKeyAt'
  | 'firstMessageRow'
  | 'offsetNow'
  | 'readMetrics'
  | 'bottomOffset'
> {
  /** Measures the rendered rows, ending TanStack's own smooth scroll first. */
  remeasureRenderedRows: () => void;
}

/**
 * Where a command's target (the bottom, the top, a message aligned in the viewport or held at
 * an offset) puts the list as the rows are laid out now, and whether the list is there. Owns
 * nothing: it reads the layout each time.
 */
export const createCommandTargets = (host: CommandTargetsHost) => {
  /** The last index found for a target named by its key, and in which messages. */
  let found: { target: MessageTarget; messages: readonly unknown[]; index: number } | null = null;

  /**
   * Where a message target's message is now, or -1 when it is gone. The messages may have
   * changed after the command was given (a removal in the same task as the call): an index past
   * the last message is nowhere, and a message named by its key (`scrollToId`) is found again.
   */
  const indexOf = (target: MessageTarget): number => {
    const messages = host.messages();
    const { length } = messages;
    const { index, key } = target;
    if (key === undefined || (index < length && host.getKeyAt(index) === key)) return index < length ? index : -1;
    if (found?.target === target && found.messages === messages) return found.index;
    found = { target, messages, index: length === 0 ? -1 : findKey(key, host.getKeyAt, length - 1, 0) };
    return found.index;
  };

  /** Whether a command's message is no longer among the messages (see `indexOf`); warns once. */
  const isTargetGone = (target: ScrollTarget): boolean => {
    if (target.kind !== 'index' || indexOf(target) !== -1) return false;
    if (process.env.NODE_ENV !== 'production') {
      warnOnce('A scroll to a message was given up: the message was gone before the list got there.', 'target-gone');
    }
    return true;
  };

  const isOnTarget = (target: ScrollTarget): boolean => {
    switch (target.kind) {
      case 'bottom':
        return isAtBottomEdge(host.readMetrics());
      case 'top':
        return host.offsetNow() < EDGE_TOLERANCE_PX;
      case 'index': {
        const scroller = host.scroller();
        const offset = scroller === null ? undefined : messageTargetOffsetOf(target, scroller);
        return offset !== undefined && Math.abs(offset - host.offsetNow()) <= EDGE_TOLERANCE_PX;
      }
    }
  };

  /**
   * Measures the rendered rows when a smooth command reached its target by TanStack's layout, and
   * returns whether it is still there. On the way, TanStack measures only the rows near the target
   * (`shouldMeasureDuringScroll`), so the layout it aimed by can hold estimates for rows the
   * view now shows: the fuzzer found a message asked to end at the viewport's bottom resolved
   * `true` 40 px above it. Rows measured to other sizes move the target: the
   * command goes there at once, and lands on a later frame.
   */
  const measureOnArrival = (command: ScrollCommand): boolean => {
    const { target } = command;
    if (
      command.behavior !== 'smooth' ||
      target.kind !== 'index' ||
      Math.abs(host.offsetNow() - command.lastOffset) >= 0.5
    ) {
      return true;
    }
    host.remeasureRenderedRows();
    if (isOnTarget(target)) return true;
    aimAtMessage(target, 'auto');
    return false;
  };

  /**
   * Starts TanStack's scroll to a message aligned in the viewport. TanStack aims the last row
   * aligned at its end at the content's end, and below the last message may stand the space a
   * held turn reserves: that message's end belongs at the viewport's bottom, where the list aims
   * it itself (`scrollToId(…, { align: 'end' })` resolved `true` with the message 35 to 126 px
   * above it, the long fuzz, seed 100023).
   */
  const aimAtMessage = (target: Extract<ScrollTarget, { kind: 'index' }>, behavior: ScrollBehavior) => {
    const virtualizer = host.virtualizer();
    const index = indexOf(target);
    if (index === -1) return;
    const row = index + host.firstMessageRow();
    const align = toVirtualizerAlign(target.align);
    const scroller = host.scroller();
    const offset =
      isLastRowAtItsEnd(target, row) && scroller !== null ? messageTargetOffsetOf(target, scroller) : undefined;
    if (offset === undefined) virtualizer.scrollToIndex(row, { align, behavior });
    else virtualizer.scrollToOffset(offset, { behavior });
  };

  /** A message target that TanStack would aim at the content's end (see `aimAtMessage`). */
  const isLastRowAtItsEnd = (target: Extract<ScrollTarget, { kind: 'index' }>, row: number) =>
    target.offset === undefined &&
    toVirtualizerAlign(target.align) === 'end' &&
    row === host.virtualizer().options.count - 1;

  /**
   * Where a command's target puts the scroller as the rows are laid out now, as the browser will
   * clamp it: the bottom, the top, a message aligned in the viewport (where TanStack aims), or a
   * message's top at `offset` px below the viewport's top (a restored snapshot).
   */
  const correctedOffsetOf = (target: ScrollTarget, element: HTMLElement): number => {
    if (target.kind === 'bottom') return host.bottomOffset(element);
    if (target.kind === 'top') return 0;
    return messageTargetOffsetOf(target, element) ?? host.offsetNow();
  };

  /**
   * Where a message target puts the scroller: aligned in the viewport (where TanStack aims), or
   * its top at `offset` px below the viewport's top. The browser clamps, so a target past either
   * end is reached at that end (content that just fills the viewport has nowhere to scroll, #13).
   * Unknown while the row is not in the layout: such a command is never on its target, and times
   * out rather than resolve `true` somewhere else.
   */
  const messageTargetOffsetOf = (
    target: Extract<ScrollTarget, { kind: 'index' }>,
    element: HTMLElement,
  ): number | undefined => {
    // TanStack clamps an index past the last row to the last row: such a target is nowhere.
    const index = indexOf(target);
    if (index === -1) return undefined;
    const virtualizer = host.virtualizer();
    const row = index + host.firstMessageRow();
    let offset: number | undefined;
    if (isLastRowAtItsEnd(target, row)) {
      // Not TanStack's aim, the content's end (see `aimAtMessage`): the row's own end.
      const rowEnd = getLayout(virtualizer)[row]?.end;
      offset = rowEnd === undefined ? undefined : rowEnd - element.clientHeight;
    } else if (target.offset === undefined) {
      offset = virtualizer.getOffsetForIndex(row, toVirtualizerAlign(target.align))?.[0];
    } else {
      const rowStart = getLayout(virtualizer)[row]?.start;
      offset = rowStart === undefined ? undefined : rowStart - target.offset;
    }
    return offset === undefined ? undefined : Math.min(Math.max(offset, 0), host.bottomOffset(element));
  };

  return { isOnTarget, measureOnArrival, correctedOffsetOf, aimAtMessage, isTargetGone };
};

/** A command's target that is a message. */
type MessageTarget = Extract<ScrollTarget, { kind: 'index' }>;

import * as React from 'react';
import type { FocusEvent, KeyboardEvent } from 'react';
import { getKeyboardAction, type KeyboardAction, type KeyboardFocus, type MessageKey } from '../core';
import { getLayout } from '../dom/tanstack-internals';
import type { UseChatListResult } from './useChatList.types';
import { useIsomorphicLayoutEffect } from './useIsomorphicLayoutEffect';

/** What can take focus inside a message row by Tab (its links, buttons, fields). */
const CONTROLS =
  'a[href],button:not([disabled]),input:not([disabled]),select:not([disabled]),textarea:not([disabled]),[contenteditable="true"],[tabindex]:not([tabindex="-1"])';

const MESSAGE_ROW = '[data-index]';

interface KeyboardNavigationInputs<TMessage> {
  list: UseChatListResult<TMessage>;
  messages: readonly TMessage[];
  /** The message whose row has focus, kept rendered by `useChatList` however far it scrolls away. */
  focusedKey: MessageKey | undefined;
  setFocusedKey: (key: MessageKey | undefined) => void;
}

export interface KeyboardNavigation {
  onKeyDown: (event: KeyboardEvent<HTMLElement>) => void;
  onFocus: (event: FocusEvent<HTMLElement>) => void;
  onBlur: (event: FocusEvent<HTMLElement>) => void;
  /** An element after the scroller, focused just before the browser handles Tab, so that Tab leaves the list. */
  exitRef: (element: HTMLElement | null) => void;
}

/** Whether the browser shows a focus ring for this focus (keyboard, not a click). */
const isKeyboardFocus = (element: HTMLElement): boolean => {
  try {
    return element.matches(':focus-visible');
  } catch {
    // An engine without :focus-visible (old jsdom): treat it as keyboard focus.
    return true;
  }
};

/**
 * Keyboard access for `ChatList`: the policy (which key does what) is the core's
 * `getKeyboardAction`; this hook reads where focus is, moves it, and scrolls the target into
 * view through the list's own commands, so that rows not rendered yet are reached too. Focus
 * moves without the browser scrolling (`preventScroll`): the list's command owns the position.
 */
export const useKeyboardNavigation = <TMessage>({
  list,
  messages,
  focusedKey,
  setFocusedKey,
}: KeyboardNavigationInputs<TMessage>): KeyboardNavigation => {
  const exit = React.useRef<HTMLElement | null>(null);
  /** A message row to focus as soon as it is rendered: the target of the last key, maybe not rendered yet. */
  const pendingFocus = React.useRef<number | null>(null);
  const latest = { list, messages, setFocusedKey };
  const current = React.useRef(latest);
  current.current = latest;

  const focusPendingRow = React.useCallback(() => {
    const index = pendingFocus.current;
    const scroller = current.current.list.handle.getScrollElement();
    const row = index === null ? null : scroller?.querySelector<HTMLElement>(`[data-index="${index}"]`);
    if (!row) return;
    pendingFocus.current = null;
    row.focus({ preventScroll: true });
  }, []);

  // After every render: the row asked for may have just been rendered.
  useIsomorphicLayoutEffect(focusPendingRow);

  // The focused message was removed, and its row with it: the browser drops focus to the body and
  // sends no blur, which left the list without a tab stop. Focus stays in the list, on the scroller.
  useIsomorphicLayoutEffect(() => {
    const scroller = list.handle.getScrollElement();
    const active = document.activeElement;
    if (focusedKey === undefined || pendingFocus.current !== null || scroller === null) return;
    if (active === null || active === document.body) scroller.focus({ preventScroll: true });
  });

  const focusMessage = (index: number, landing: Promise<boolean>) => {
    pendingFocus.current = index;
    // Kept rendered from now on, so it can take focus before the scroll lands.
    current.current.setFocusedKey(current.current.list.getMessageKeyAt(index));
    focusPendingRow();
    void landing.then(focusPendingRow);
  };

  const perform = (action: KeyboardAction, scroller: HTMLElement, row: HTMLElement | null) => {
    const { handle } = current.current.list;
    switch (action.type) {
      case 'focus-message':
        focusMessage(action.index, handle.scrollToIndex(action.index, { align: 'nearest' }));
        return;
      case 'focus-newest':
        // Landing at the bottom is what resumes following.
        focusMessage(current.current.messages.length - 1, handle.scrollToBottom());
        return;
      case 'focus-scroller':
        scroller.focus({ preventScroll: true });
        return;
      case 'enter-row':
        row?.querySelector<HTMLElement>(CONTROLS)?.focus();
        return;
      case 'leave-row':
        row?.focus({ preventScroll: true });
        return;
      case 'leave-list':
        // Focus moves first, then the browser's own Tab handling moves on from there.
        (action.direction === 'forward' ? exit.current : scroller)?.focus({ preventScroll: true });
        return;
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const scroller = event.currentTarget;
    const target = event.target as HTMLElement;
    const row = target === scroller ? null : target.closest<HTMLElement>(MESSAGE_ROW);
    if (target !== scroller && (row === null || !scroller.contains(row))) return;
    let focus: KeyboardFocus;
    if (row === null) focus = { kind: 'scroller' };
    else if (row === target) focus = { kind: 'message', index: Number(row.dataset.index) };
    else {
      const controls = Array.from(row.querySelectorAll<HTMLElement>(CONTROLS));
      focus = {
        kind: 'inside-message',
        index: Number(row.dataset.index),
        isFirstControl: controls[0] === target,
        isLastControl: controls[controls.length - 1] === target,
      };
    }
    const { list: chat, messages: all } = current.current;
    const { firstMessageRow } = chat;
    const layout = getLayout(chat.virtualizer);
    const action = getKeyboardAction(event, {
      focus,
      messageCount: all.length,
      visibleRange: chat.handle.getVisibleRange(),
      messageIndexAtOffset: (offset) => {
        const virtualIndex = chat.virtualizer.getVirtualItemForOffset(Math.max(0, offset))?.index ?? firstMessageRow;
        return Math.max(0, Math.min(all.length - 1, virtualIndex - firstMessageRow));
      },
      messageStart: (index) => layout[index + firstMessageRow]?.start ?? 0,
      viewportSize: chat.handle.viewportSize,
    });
    if (action === null) return;
    // Tab keeps its default: the browser moves focus on from where `perform` put it.
    if (action.type !== 'leave-list') event.preventDefault();
    perform(action, scroller, row);
  };

  const onFocus = (event: FocusEvent<HTMLElement>) => {
    const scroller = event.currentTarget;
    const target = event.target as HTMLElement;
    const row = target === scroller ? null : target.closest<HTMLElement>(MESSAGE_ROW);
    const cameFromOutside = !(event.relatedTarget instanceof Node && scroller.contains(event.relatedTarget));
    // Tabbing into the list lands on its one tab stop, not on a link inside a message.
    if (row !== null && row !== target && cameFromOutside && isKeyboardFocus(target)) {
      scroller.focus({ preventScroll: true });
      return;
    }
    const index = row === null ? -1 : Number(row.dataset.index);
    current.current.setFocusedKey(index === -1 ? undefined : current.current.list.getMessageKeyAt(index));
  };

  const onBlur = (event: FocusEvent<HTMLElement>) => {
    const next = event.relatedTarget;
    if (next instanceof Node && event.currentTarget.contains(next)) return;
    // The window losing focus keeps the row: focus comes back to it.
    if (next === null && !document.hasFocus()) return;
    pendingFocus.current = null;
    current.current.setFocusedKey(undefined);
  };

  const exitRef = React.useCallback((element: HTMLElement | null) => {
    exit.current = element;
  }, []);

  return { onKeyDown, onFocus, onBlur, exitRef };
};

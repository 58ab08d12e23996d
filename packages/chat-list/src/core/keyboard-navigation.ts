import type { VisibleIndexRange } from './visible-range';

/**
 * What a key pressed in the list asks for. The list has one tab stop: the scroller,
 * or the message row that has focus. Arrow keys, Page Up/Down, Home and End move focus between
 * message rows; Enter or F2 moves into the focused row's own controls (links, buttons), Escape
 * back out to the row and from a row to the scroller; Tab leaves the list.
 */
export type KeyboardAction =
  /** Focus message `index`, scrolling it into view (`'nearest'`: only as far as needed). */
  | { type: 'focus-message'; index: number }
  /** Focus the newest message and land at the bottom, which resumes following. */
  | { type: 'focus-newest' }
  /** Focus the scroller itself. */
  | { type: 'focus-scroller' }
  /** Focus the first control inside the focused row. */
  | { type: 'enter-row' }
  /** Focus the row that holds the focused control. */
  | { type: 'leave-row' }
  /** Move focus out of the list, forwards or backwards (Tab, Shift+Tab). */
  | { type: 'leave-list'; direction: 'forward' | 'backward' };

/** Where focus is inside the list when the key is pressed. */
export type KeyboardFocus =
  | { kind: 'scroller' }
  | { kind: 'message'; index: number }
  /** A control (link, button) inside message row `index`. */
  | { kind: 'inside-message'; index: number; isFirstControl: boolean; isLastControl: boolean };

/** What the list knows when a key is pressed. */
export interface KeyboardContext {
  focus: KeyboardFocus;
  messageCount: number;
  /** The messages in view, or null when none is. */
  visibleRange: VisibleIndexRange | null;
  /** The message whose row spans `offset` px from the top of the content (clamped to the messages). */
  messageIndexAtOffset: (offset: number) => number;
  /** Top of message `index`'s row, px from the top of the content. */
  messageStart: (index: number) => number;
  viewportSize: number;
}

/** The keys the list answers; modifiers other than Shift (for Tab) leave every key to the browser. */
export interface KeyPress {
  key: string;
  /** The physical key: WebKitGTK reports Shift+Tab with `key` 'Unidentified' and `code` 'Tab'. */
  code?: string;
  shiftKey?: boolean;
  altKey?: boolean;
  ctrlKey?: boolean;
  metaKey?: boolean;
}

/**
 * The action for a key, or null when the list leaves the key to the browser (the scroller
 * scrolls natively on Page Up/Down; a control inside a row keeps its own keys).
 */
export const getKeyboardAction = (press: KeyPress, context: KeyboardContext): KeyboardAction | null => {
  if (press.altKey || press.ctrlKey || press.metaKey) return null;
  const { focus, messageCount } = context;
  if (press.key === 'Tab' || (press.key === 'Unidentified' && press.code === 'Tab')) {
    const direction = press.shiftKey ? 'backward' : 'forward';
    // Inside a row, Tab moves between the row's controls and leaves the list past the last one.
    if (focus.kind === 'inside-message') {
      if (direction === 'forward' && focus.isLastControl) return { type: 'leave-list', direction };
      if (direction === 'backward' && focus.isFirstControl) return { type: 'leave-row' };
      return null;
    }
    return { type: 'leave-list', direction };
  }
  if (focus.kind === 'inside-message') return press.key === 'Escape' ? { type: 'leave-row' } : null;
  if (press.shiftKey || messageCount === 0) return null;

  if (focus.kind === 'scroller') {
    const { visibleRange } = context;
    switch (press.key) {
      // Into the messages from the scroller: the newest one in view going up, the oldest going down.
      case 'ArrowUp':
        return { type: 'focus-message', index: visibleRange?.lastIndex ?? messageCount - 1 };
      case 'ArrowDown':
        return { type: 'focus-message', index: visibleRange?.firstIndex ?? messageCount - 1 };
      case 'Home':
        return { type: 'focus-message', index: 0 };
      case 'End':
        return { type: 'focus-newest' };
      default:
        return null;
    }
  }

  const index = Math.min(focus.index, messageCount - 1);
  const last = messageCount - 1;
  switch (press.key) {
    case 'ArrowUp':
      return { type: 'focus-message', index: Math.max(0, index - 1) };
    case 'ArrowDown':
      return { type: 'focus-message', index: Math.min(last, index + 1) };
    case 'PageUp': {
      // The message a viewport above the focused one, and at least the previous one.
      const target = context.messageIndexAtOffset(context.messageStart(index) - context.viewportSize);
      return { type: 'focus-message', index: Math.max(0, Math.min(target, index - 1)) };
    }
    case 'PageDown': {
      const target = context.messageIndexAtOffset(context.messageStart(index) + context.viewportSize);
      return { type: 'focus-message', index: Math.min(last, Math.max(target, index + 1)) };
    }
    case 'Home':
      return { type: 'focus-message', index: 0 };
    case 'End':
      return { type: 'focus-newest' };
    case 'Enter':
    case 'F2':
      return { type: 'enter-row' };
    case 'Escape':
      return { type: 'focus-scroller' };
    default:
      return null;
  }
};

/** "1 new message", "3 new messages": what the list announces for newer messages by default. */
export const describeNewMessages = (count: number): string => (count === 1 ? '1 new message' : `${count} new messages`);

import { describe, expect, it } from 'vitest';
import {
  describeNewMessages,
  getKeyboardAction,
  type KeyboardContext,
  type KeyboardFocus,
} from './keyboard-navigation';

/** 100 messages of 50 px in a 400 px viewport showing messages 40–47. */
const context = (focus: KeyboardFocus, overrides: Partial<KeyboardContext> = {}): KeyboardContext => ({
  focus,
  messageCount: 100,
  visibleRange: { firstIndex: 40, lastIndex: 47 },
  messageIndexAtOffset: (offset) => Math.max(0, Math.min(99, Math.floor(offset / 50))),
  messageStart: (index) => index * 50,
  viewportSize: 400,
  ...overrides,
});

const onMessage = (index: number) => context({ kind: 'message', index });
const inside = (isFirstControl: boolean, isLastControl: boolean) =>
  context({ kind: 'inside-message', index: 42, isFirstControl, isLastControl });

describe('getKeyboardAction from the scroller', () => {
  const scroller = context({ kind: 'scroller' });

  it('enters the messages at the newest one in view going up and the oldest one going down', () => {
    expect(getKeyboardAction({ key: 'ArrowUp' }, scroller)).toEqual({ type: 'focus-message', index: 47 });
    expect(getKeyboardAction({ key: 'ArrowDown' }, scroller)).toEqual({ type: 'focus-message', index: 40 });
  });

  it('enters at the newest message when none is in view (a hidden list)', () => {
    const hidden = context({ kind: 'scroller' }, { visibleRange: null });
    expect(getKeyboardAction({ key: 'ArrowUp' }, hidden)).toEqual({ type: 'focus-message', index: 99 });
  });

  it('goes to the first message on Home and to the newest, following again, on End', () => {
    expect(getKeyboardAction({ key: 'Home' }, scroller)).toEqual({ type: 'focus-message', index: 0 });
    expect(getKeyboardAction({ key: 'End' }, scroller)).toEqual({ type: 'focus-newest' });
  });

  it('leaves Page Up/Down to the browser, which scrolls the scroller', () => {
    expect(getKeyboardAction({ key: 'PageUp' }, scroller)).toBeNull();
    expect(getKeyboardAction({ key: 'PageDown' }, scroller)).toBeNull();
  });

  it('does nothing with no messages, and leaves keys with modifiers to the browser', () => {
    expect(getKeyboardAction({ key: 'ArrowUp' }, context({ kind: 'scroller' }, { messageCount: 0 }))).toBeNull();
    expect(getKeyboardAction({ key: 'ArrowUp', ctrlKey: true }, scroller)).toBeNull();
    expect(getKeyboardAction({ key: 'Home', metaKey: true }, scroller)).toBeNull();
  });
});

describe('getKeyboardAction from a message row', () => {
  it('moves to the previous and next message, and stays at either end', () => {
    expect(getKeyboardAction({ key: 'ArrowUp' }, onMessage(42))).toEqual({ type: 'focus-message', index: 41 });
    expect(getKeyboardAction({ key: 'ArrowDown' }, onMessage(42))).toEqual({ type: 'focus-message', index: 43 });
    expect(getKeyboardAction({ key: 'ArrowUp' }, onMessage(0))).toEqual({ type: 'focus-message', index: 0 });
    expect(getKeyboardAction({ key: 'ArrowDown' }, onMessage(99))).toEqual({ type: 'focus-message', index: 99 });
  });

  it('moves by a viewport on Page Up/Down, and by at least one message when a row is taller than the viewport', () => {
    expect(getKeyboardAction({ key: 'PageUp' }, onMessage(42))).toEqual({ type: 'focus-message', index: 34 });
    expect(getKeyboardAction({ key: 'PageDown' }, onMessage(42))).toEqual({ type: 'focus-message', index: 50 });
    expect(getKeyboardAction({ key: 'PageUp' }, onMessage(3))).toEqual({ type: 'focus-message', index: 0 });
    const tallRows = context({ kind: 'message', index: 5 }, { messageIndexAtOffset: () => 5 });
    expect(getKeyboardAction({ key: 'PageUp' }, tallRows)).toEqual({ type: 'focus-message', index: 4 });
    expect(getKeyboardAction({ key: 'PageDown' }, tallRows)).toEqual({ type: 'focus-message', index: 6 });
  });

  it('goes to the ends on Home and End, into the row on Enter or F2, and back to the scroller on Escape', () => {
    expect(getKeyboardAction({ key: 'Home' }, onMessage(42))).toEqual({ type: 'focus-message', index: 0 });
    expect(getKeyboardAction({ key: 'End' }, onMessage(42))).toEqual({ type: 'focus-newest' });
    expect(getKeyboardAction({ key: 'Enter' }, onMessage(42))).toEqual({ type: 'enter-row' });
    expect(getKeyboardAction({ key: 'F2' }, onMessage(42))).toEqual({ type: 'enter-row' });
    expect(getKeyboardAction({ key: 'Escape' }, onMessage(42))).toEqual({ type: 'focus-scroller' });
  });

  it('clamps a focused index that a removal left past the end', () => {
    expect(getKeyboardAction({ key: 'ArrowUp' }, context({ kind: 'message', index: 120 }))).toEqual({
      type: 'focus-message',
      index: 98,
    });
  });

  it("leaves the list on a Shift+Tab whose key the browser could not name (WebKitGTK: 'Unidentified', code 'Tab')", () => {
    expect(getKeyboardAction({ key: 'Unidentified', code: 'Tab', shiftKey: true }, onMessage(42))).toEqual({
      type: 'leave-list',
      direction: 'backward',
    });
    // Another unnamed key is left to the browser.
    expect(getKeyboardAction({ key: 'Unidentified', code: 'KeyQ' }, onMessage(42))).toBeNull();
  });

  it('leaves the list on Tab and Shift+Tab (one tab stop)', () => {
    expect(getKeyboardAction({ key: 'Tab' }, onMessage(42))).toEqual({ type: 'leave-list', direction: 'forward' });
    expect(getKeyboardAction({ key: 'Tab', shiftKey: true }, onMessage(42))).toEqual({
      type: 'leave-list',
      direction: 'backward',
    });
    expect(getKeyboardAction({ key: 'Tab' }, context({ kind: 'scroller' }))).toEqual({
      type: 'leave-list',
      direction: 'forward',
    });
  });
});

describe('getKeyboardAction inside a row (its links and buttons)', () => {
  it('leaves the row on Escape and keeps every other key for the control', () => {
    expect(getKeyboardAction({ key: 'Escape' }, inside(false, false))).toEqual({ type: 'leave-row' });
    expect(getKeyboardAction({ key: 'ArrowDown' }, inside(false, false))).toBeNull();
    expect(getKeyboardAction({ key: 'Enter' }, inside(false, false))).toBeNull();
  });

  it('tabs between the row’s controls, out of the list past the last, back to the row before the first', () => {
    expect(getKeyboardAction({ key: 'Tab' }, inside(true, false))).toBeNull();
    expect(getKeyboardAction({ key: 'Tab' }, inside(false, true))).toEqual({
      type: 'leave-list',
      direction: 'forward',
    });
    expect(getKeyboardAction({ key: 'Tab', shiftKey: true }, inside(false, true))).toBeNull();
    expect(getKeyboardAction({ key: 'Tab', shiftKey: true }, inside(true, false))).toEqual({ type: 'leave-row' });
  });
});

describe('describeNewMessages', () => {
  it('counts in words, singular and plural', () => {
    expect(describeNewMessages(1)).toBe('1 new message');
    expect(describeNewMessages(3)).toBe('3 new messages');
  });
});

// React wiring of the accessibility features (issue #17): what the live region says and when,
// aria-busy while a page loads, the roving tab stop. Focus moves and scrolling are geometry:
// test/browser/accessibility.browser.test.ts drives them in Chromium.
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ChatList, type ChatListProps } from '../index';
import { type Message, getScroller, makeMessages, renderText } from './test-messages';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

type Props = Omit<ChatListProps<Message>, 'renderMessage'>;

function renderList(props: Props) {
  const result = render(<ChatList renderMessage={renderText} {...props} />);
  const update = (next: Props) => result.rerender(<ChatList renderMessage={renderText} {...next} />);
  const announcement = () => result.container.querySelector('[data-chat-list-announcer]')?.textContent ?? null;
  return { ...result, update, announcement, scroller: getScroller(result.container) };
}

describe('announcing newer messages', () => {
  test('says how many arrived, and says it again (differently) for the next arrival', () => {
    const initial = makeMessages(5);
    const list = renderList({ messages: initial });
    expect(list.announcement(), 'the opening is not news').toBe('');
    const withOne = [...initial, ...makeMessages(1, 5)];
    list.update({ messages: withOne });
    expect(list.announcement()).toBe('1 new message');
    const withOneMore = [...withOne, ...makeMessages(1, 6)];
    list.update({ messages: withOneMore });
    // A live region speaks changes: the same text twice would be silent.
    expect(list.announcement()).not.toBe('1 new message');
    expect(list.announcement()?.trim()).toBe('1 new message');
    list.update({ messages: [...withOneMore, ...makeMessages(3, 7)] });
    expect(list.announcement()).toBe('3 new messages');
  });

  test('never announces prepended history or a streamed message growing', () => {
    const initial = makeMessages(5, 10);
    const list = renderList({ messages: initial });
    list.update({ messages: [...makeMessages(10), ...initial] });
    expect(list.announcement()).toBe('');
    const grown = [...makeMessages(10), ...initial.slice(0, -1), { ...initial[4]!, text: 'text 14 and more' }];
    list.update({ messages: grown });
    expect(list.announcement()).toBe('');
  });

  test('never announces a page loaded below a window that is not at the live end (hasNewer)', () => {
    const initial = makeMessages(5);
    const list = renderList({ messages: initial, hasNewer: true });
    list.update({ messages: [...initial, ...makeMessages(10, 5)], hasNewer: true });
    expect(list.announcement()).toBe('');
  });

  test('says what the app’s function returns for the arrivals, and nothing when it returns null', () => {
    const initial = makeMessages(2);
    const announceNewMessages = vi.fn((arrivals: readonly Message[]) =>
      arrivals[0]!.id === 'm2' ? null : `New: ${arrivals.map((message) => message.text).join(', ')}`,
    );
    const list = renderList({ messages: initial, announceNewMessages });
    const mine = [...initial, ...makeMessages(1, 2)];
    list.update({ messages: mine, announceNewMessages });
    expect(announceNewMessages).toHaveBeenLastCalledWith([mine[2]]);
    expect(list.announcement()).toBe('');
    list.update({ messages: [...mine, ...makeMessages(2, 3)], announceNewMessages });
    expect(list.announcement()).toBe('New: text 3, text 4');
  });

  test('announces nothing, and renders no live region, when turned off', () => {
    const initial = makeMessages(2);
    const list = renderList({ messages: initial, announceNewMessages: false });
    list.update({ messages: [...initial, ...makeMessages(1, 2)], announceNewMessages: false });
    expect(list.container.querySelector('[data-chat-list-announcer]')).toBeNull();
  });
});

describe('aria-busy', () => {
  test('is set while a history request is pending and removed when it settles', async () => {
    let settle = () => {};
    const onOlderEndReached = vi.fn(() => new Promise<void>((resolve) => (settle = resolve)));
    const list = renderList({ messages: makeMessages(50), onOlderEndReached, olderEndOffset: 100 });
    expect(list.scroller.hasAttribute('aria-busy')).toBe(false);
    // jsdom has no content height: give the scroller one, then the reader scrolls near the top.
    Object.defineProperty(list.scroller, 'scrollHeight', { configurable: true, value: 2500 });
    fireEvent.wheel(list.scroller, { deltaY: -100 });
    list.scroller.scrollTop = 50;
    fireEvent.scroll(list.scroller);
    expect(onOlderEndReached).toHaveBeenCalledTimes(1);
    expect(list.scroller.getAttribute('aria-busy')).toBe('true');
    await act(async () => settle());
    expect(list.scroller.hasAttribute('aria-busy')).toBe(false);
  });
});

describe('the tab stop', () => {
  test('is the scroller until a message row takes focus, then that row alone', () => {
    const list = renderList({ messages: makeMessages(5) });
    expect(list.scroller.tabIndex).toBe(0);
    const row = list.container.querySelector<HTMLElement>('[data-index="2"]')!;
    act(() => row.focus());
    expect(list.scroller.tabIndex).toBe(-1);
    expect(document.activeElement).toBe(row);
    const outside = document.body.appendChild(document.createElement('button'));
    act(() => outside.focus());
    expect(list.scroller.tabIndex).toBe(0);
    outside.remove();
  });
});

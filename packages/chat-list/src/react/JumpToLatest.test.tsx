import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useRef, type ReactNode } from 'react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ChatList, JumpToLatest, type ChatListHandle, type JumpToLatestProps } from '../index';
import { ROW_HEIGHT } from './jsdom-setup';
import { type Message, makeMessages, renderText } from './test-messages';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

type ButtonProps = Omit<JumpToLatestProps, 'list'>;

/** The screen's list ref, for the tests to spy on its handle. */
let screenListRef: { current: ChatListHandle | null } = { current: null };

function Screen({ messages, button, children }: { messages: Message[]; button?: ButtonProps; children?: ReactNode }) {
  const listRef = useRef<ChatListHandle>(null);
  screenListRef = listRef;
  return (
    <>
      <ChatList ref={listRef} messages={messages} renderMessage={renderText} follow="never" />
      <JumpToLatest list={listRef} {...button} {...(children === undefined ? {} : { children })} />
    </>
  );
}

/** Renders the screen, and scrolls the reader up from the bottom of 100 rows of 50 px. */
function renderScrolledUp(button?: ButtonProps, children?: ReactNode) {
  const messages = makeMessages(100);
  const result = render(
    <Screen messages={messages} button={button}>
      {children}
    </Screen>,
  );
  const scroller = result.container.querySelector<HTMLElement>('[data-chat-list-scroller]')!;
  Object.defineProperty(scroller, 'scrollHeight', { configurable: true, value: 100 * ROW_HEIGHT });
  act(() => {
    fireEvent.wheel(scroller, { deltaY: -2000 });
    scroller.scrollTop = 2000;
    fireEvent.scroll(scroller);
  });
  const rerenderWith = (next: Message[]) =>
    result.rerender(
      <Screen messages={next} button={button}>
        {children}
      </Screen>,
    );
  return { ...result, scroller, messages, rerenderWith };
}

describe('JumpToLatest', () => {
  test('renders nothing at the bottom, and a labelled button once the reader scrolls up', () => {
    render(<Screen messages={makeMessages(5)} />);
    expect(screen.queryByRole('button')).toBeNull();

    cleanup();
    renderScrolledUp();
    const button = screen.getByRole('button');
    expect(button.getAttribute('type')).toBe('button');
    expect(button.getAttribute('aria-label')).toMatch(/^Jump to the latest message/);
  });

  test('counts the messages that arrive out of view, in its label, its content and data-unseen-count', () => {
    const { messages, rerenderWith } = renderScrolledUp();
    const before = Number(screen.getByRole('button').dataset.unseenCount);
    rerenderWith([...messages, ...makeMessages(3, 100)]);
    const button = screen.getByRole('button');
    expect(Number(button.dataset.unseenCount)).toBe(before + 3);
    expect(button.getAttribute('aria-label')).toBe(`Jump to the latest message, ${before + 3} new`);
    expect(button.textContent).toBe(`${before + 3} new messages`);
  });

  test("takes the app's content, a function of the count, and the app's label", () => {
    renderScrolledUp({ label: (count) => `Aller en bas (${count})` }, '↓');
    const button = screen.getByRole('button');
    expect(button.textContent).toBe('↓');
    expect(button.getAttribute('aria-label')).toMatch(/^Aller en bas \(\d+\)$/);
    cleanup();
    renderScrolledUp({ children: ({ unseenCount }) => `+${unseenCount}` });
    expect(screen.getByRole('button').textContent).toMatch(/^\+\d+$/);
  });

  test("whenAtBottom 'disable' keeps a disabled button at the bottom", () => {
    render(<Screen messages={makeMessages(5)} button={{ whenAtBottom: 'disable', className: 'jump' }} />);
    const button = screen.getByRole('button');
    expect(button).toHaveProperty('disabled', true);
    expect(button.className).toBe('jump');
  });

  test('scrolls the list to the bottom, smoothly by default', () => {
    renderScrolledUp();
    const scrollToBottom = vi.spyOn(screenListRef.current!, 'scrollToBottom');
    fireEvent.click(screen.getByRole('button'));
    expect(scrollToBottom).toHaveBeenCalledWith({ behavior: 'smooth' });
  });

  test("calls the app's onClick first, and leaves the list alone when it prevents the default", () => {
    const onClick = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    renderScrolledUp({ onClick });
    const scrollToBottom = vi.spyOn(screenListRef.current!, 'scrollToBottom');
    fireEvent.click(screen.getByRole('button'));
    expect(onClick).toHaveBeenCalledTimes(1);
    expect(scrollToBottom).not.toHaveBeenCalled();
  });
});

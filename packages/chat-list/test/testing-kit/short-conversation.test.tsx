// An app's own test of a screen that uses ChatList, with nothing but the README's testing kit
// setup (./setup.ts): what a user of the package would write.
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createRef, useState } from 'react';
import { afterEach, expect, test, vi } from 'vitest';
import { ChatList, type ChatListHandle } from '@chat-list/react';

interface Message {
  id: string;
  role: 'user' | 'assistant';
  text: string;
}

const makeMessages = (count: number, from = 0): Message[] =>
  Array.from({ length: count }, (_, i) => ({
    id: `m${from + i}`,
    role: i % 2 ? 'assistant' : 'user',
    text: `message ${from + i}`,
  }));

function Chat({ initial, onUnseen }: { initial: Message[]; onUnseen?: (count: number) => void }) {
  const [messages, setMessages] = useState(initial);
  return (
    <div>
      <ChatList messages={messages} renderMessage={(message) => <p>{message.text}</p>} onUnseenCountChange={onUnseen} />
      <button onClick={() => setMessages((current) => [...current, ...makeMessages(1, current.length)])} type="button">
        Send
      </button>
    </div>
  );
}

afterEach(cleanup);

test('renders the messages of a short conversation and a message sent by the user', () => {
  render(<Chat initial={makeMessages(3)} />);
  expect(screen.getByRole('feed', { name: 'Messages' })).toBeTruthy();
  expect(screen.getByText('message 2')).toBeTruthy();

  fireEvent.click(screen.getByRole('button', { name: 'Send' }));
  expect(screen.getByText('message 3')).toBeTruthy();
});

test('a long conversation is virtualized: only the rows near the viewport are in the DOM', () => {
  render(<Chat initial={makeMessages(10_000)} />);
  const rows = document.querySelectorAll('[data-index]');
  expect(rows.length).toBeGreaterThan(0);
  expect(rows.length).toBeLessThan(100);
});

test('the handle answers in jsdom too', async () => {
  const list = createRef<ChatListHandle<Message>>();
  const onUnseen = vi.fn();
  render(
    <ChatList
      ref={list}
      messages={makeMessages(3)}
      renderMessage={(m) => <p>{m.text}</p>}
      onUnseenCountChange={onUnseen}
    />,
  );
  await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
  // Three 50 px rows fit the 600 px viewport: both edges, all seen.
  expect(list.current?.isAtTop).toBe(true);
  expect(list.current?.isAtBottom).toBe(true);
  expect(list.current?.unseenCount).toBe(0);
  expect(list.current?.wasSeen('m2')).toBe(true);
});

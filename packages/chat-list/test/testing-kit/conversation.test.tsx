// An app's own test of a long conversation screen, with nothing but the README's testing kit
// setup (./setup.ts): jsdom then shows ChatList as a browser would, newest messages in view.
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createRef, useState } from 'react';
import { afterEach, expect, test } from 'vitest';
import { ChatList, type ChatListHandle } from '@chat-list/react';
import { scrollAsReader } from '@chat-list/react/testing';

interface Message {
  id: string;
  text: string;
}

const makeMessages = (count: number, from = 0): Message[] =>
  Array.from({ length: count }, (_, i) => ({ id: `m${from + i}`, text: `message ${from + i}` }));

function Chat({ initial, list }: { initial: Message[]; list?: React.Ref<ChatListHandle<Message>> }) {
  const [messages, setMessages] = useState(initial);
  const [unseen, setUnseen] = useState(0);
  return (
    <div>
      <ChatList
        ref={list}
        messages={messages}
        renderMessage={(message) => <p>{message.text}</p>}
        onUnseenCountChange={setUnseen}
      />
      <output aria-label="unseen">{unseen}</output>
      <button type="button" onClick={() => setMessages((current) => [...current, ...makeMessages(1, current.length)])}>
        Receive
      </button>
    </div>
  );
}

afterEach(cleanup);

test('opens a conversation of 5 000 messages at the newest one, with nothing unseen', async () => {
  render(<Chat initial={makeMessages(5000)} />);
  await waitFor(() => expect(screen.getByText('message 4999')).toBeTruthy());
  expect(screen.queryByText('message 0'), 'the oldest rows are not rendered').toBeNull();
  expect(document.querySelectorAll('[data-index]').length).toBeLessThan(50);
  await waitFor(() => expect(screen.getByLabelText('unseen').textContent).toBe('0'));
});

test('follows a new message at the bottom, and counts it unseen once the reader scrolled up', async () => {
  const list = createRef<ChatListHandle<Message>>();
  render(<Chat initial={makeMessages(5000)} list={list} />);
  await waitFor(() => expect(list.current?.isAtBottom).toBe(true));

  fireEvent.click(screen.getByRole('button', { name: 'Receive' }));
  await waitFor(() => expect(screen.getByText('message 5000')).toBeTruthy());
  await waitFor(() => expect(list.current?.isAtBottom).toBe(true));

  // The reader scrolls up.
  const scroller = screen.getByRole('feed');
  await act(() => scrollAsReader(scroller, 1000));
  expect(list.current?.isAtBottom).toBe(false);
  // The rows the scroll brought in are measured (the kit's 50 px against the list's estimate) and
  // the list keeps the reader's text where it was, as in a browser: the offset moves with them.
  const readerOffset = scroller.scrollTop;
  expect(readerOffset).toBeLessThanOrEqual(1000);
  fireEvent.click(screen.getByRole('button', { name: 'Receive' }));
  await waitFor(() => expect(screen.getByLabelText('unseen').textContent).toBe('1'));
  expect(scroller.scrollTop, 'not pulled down').toBe(readerOffset);
});

test('the handle scrolls: scrollToIndex brings an old message into the DOM and resolves true', async () => {
  const list = createRef<ChatListHandle<Message>>();
  render(<Chat initial={makeMessages(5000)} list={list} />);
  await waitFor(() => expect(list.current?.isAtBottom).toBe(true));
  let landed: boolean | undefined;
  await act(async () => {
    landed = await list.current!.scrollToIndex(100, { align: 'start' });
  });
  expect(landed).toBe(true);
  expect(screen.getByText('message 100')).toBeTruthy();
  expect(list.current!.getVisibleRange()?.firstIndex).toBe(100);
});

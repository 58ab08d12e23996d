'use client';

import { ChatList, followWhen } from '@chat-list/react';
import { useRef, useState, type FormEvent } from 'react';
import type { Message } from '../lib/conversation';

/**
 * Rows rendered before the list can measure anything: in the server HTML and in the render that
 * hydrates it. About a viewport's worth, so the message area is full before the JavaScript runs.
 */
const SERVER_RENDERED_MESSAGES = 20;

// The reader's own message is always brought into view; others only when already at the bottom.
const followOwnMessages = followWhen<Message>(({ newMessages }) => newMessages.some((m) => m.role === 'user'));

// Defined once, outside the component: a stable renderMessage lets rows skip re-rendering.
function renderMessage(message: Message) {
  return (
    <div className="message" data-role={message.role}>
      <div className="bubble">
        <div className="author">{message.name}</div>
        <p>{message.content}</p>
      </div>
    </div>
  );
}

export function Conversation({ initialMessages }: { initialMessages: Message[] }) {
  const [messages, setMessages] = useState(initialMessages);
  const [draft, setDraft] = useState('');
  const sent = useRef(0);

  const send = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const content = draft.trim();
    if (content === '') return;
    sent.current += 1;
    const message: Message = { id: `local-${sent.current}`, role: 'user', name: 'You', content };
    setMessages((previous) => [...previous, message]);
    setDraft('');
  };

  return (
    <div className="app">
      <header>
        <h1>Chat List on the Next.js App Router</h1>
        <p>{messages.length.toLocaleString('en-US')} messages, the newest ones in the server HTML</p>
      </header>
      <main>
        <ChatList
          className="messages"
          messages={messages}
          renderMessage={renderMessage}
          initialRenderCount={SERVER_RENDERED_MESSAGES}
          follow={followOwnMessages}
        />
      </main>
      <form className="composer" onSubmit={send}>
        <input
          aria-label="Message"
          placeholder="Write a message"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
        <button type="submit">Send</button>
      </form>
    </div>
  );
}

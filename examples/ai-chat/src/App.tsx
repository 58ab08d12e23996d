import { useChat } from '@ai-sdk/react';
import { ChatList, JumpToLatest, useChatListState, type ChatListHandle, type MessageKey } from '@chat-list/react';
import { turns } from '@chat-list/react/turns';
import { DefaultChatTransport, type UIMessage } from 'ai';
import { useRef, useState, type FormEvent } from 'react';
import Markdown from 'react-markdown';
import { earlierMessages } from './history';

const transport = new DefaultChatTransport({ api: '/api/chat' });

// A turn is a prompt and its reply: the reader's messages start one. Module-level, like estimateSize.
function isPrompt(message: UIMessage): boolean {
  return message.role === 'user';
}

/** Turns are a feature the list takes in `features`: a list without them does not carry their code. */
const LIST_FEATURES = [turns];

/** Px of the previous reply left in view above a prompt brought to the top. */
const TURN_PEEK = 24;

function textOf(message: UIMessage | undefined): string {
  return message?.parts.map((part) => (part.type === 'text' ? part.text : '')).join('') ?? '';
}

// Module-level like renderMessage: a new function on each render would make the list re-estimate
// (or re-render) rows that did not change, on every streamed token.
function estimateMessageHeight(message: UIMessage): number {
  return 56 + Math.ceil(textOf(message).length / 70) * 21;
}

function renderMessage(message: UIMessage) {
  return (
    <div className="message" data-role={message.role}>
      <div className="bubble">
        {message.parts.map((part, index) =>
          part.type === 'text' ? <Markdown key={index}>{part.text}</Markdown> : null,
        )}
      </div>
    </div>
  );
}

export function App() {
  const { messages, sendMessage, regenerate, stop, status, error } = useChat({ messages: earlierMessages, transport });
  const list = useRef<ChatListHandle<UIMessage>>(null);
  // The turn being read: its first message's key, from onCurrentTurnChange.
  const [currentTurnId, setCurrentTurnId] = useState<MessageKey>();
  const [draft, setDraft] = useState('');
  // Renders again when the reader reaches or leaves the bottom (and with the unseen count).
  const isAtBottom = useChatListState(list, (state) => state.isAtBottom);
  // null while the reader is at the bottom; otherwise the length of the last message when they left it.
  const [lengthWhenLeft, setLengthWhenLeft] = useState<number | null>(null);
  const lastLength = textOf(messages.at(-1)).length;
  if (isAtBottom && lengthWhenLeft !== null) setLengthWhenLeft(null);
  if (!isAtBottom && lengthWhenLeft === null) setLengthWhenLeft(lastLength);
  // The unseen count counts whole messages: a reply that keeps streaming after the reader scrolled
  // up began in view, so it counts as seen, and its growth is noticed here.
  const isReplyGrowingBelow = lengthWhenLeft !== null && lastLength > lengthWhenLeft;
  const isAnswering = status === 'submitted' || status === 'streaming';
  const turnIds = messages.filter(isPrompt).map((message) => message.id);
  const currentTurn = currentTurnId === undefined ? -1 : turnIds.indexOf(String(currentTurnId));
  const canRegenerate = !isAnswering && (messages.at(-1)?.role === 'assistant' || status === 'error');

  function send(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const text = draft.trim();
    if (text === '' || isAnswering) return;
    void sendMessage({ text });
    setDraft('');
  }

  return (
    <main className="chat">
      <nav className="turns" aria-label="Turns">
        <button type="button" onClick={() => void list.current?.scrollToTurn('previous')}>
          <span aria-hidden="true">↑ </span>Previous turn
        </button>
        <span className="turn-label" data-testid="turn-label">
          {currentTurn === -1 ? `${turnIds.length} turns` : `Turn ${currentTurn + 1} of ${turnIds.length}`}
        </span>
        <button type="button" onClick={() => void list.current?.scrollToTurn('next')}>
          <span aria-hidden="true">↓ </span>Next turn
        </button>
      </nav>
      <div className="messages">
        <ChatList
          ref={list}
          messages={messages}
          renderMessage={renderMessage}
          estimateSize={estimateMessageHeight}
          features={LIST_FEATURES}
          isTurnStart={isPrompt} // a prompt you send goes to the top; its reply streams in below it
          turnPeek={TURN_PEEK}
          initialAnchor="last-turn" // open at the last question of the earlier conversation
          onCurrentTurnChange={setCurrentTurnId}
          suffix={status === 'submitted' ? <p className="thinking">Thinking…</p> : null}
        />
        <JumpToLatest
          list={list}
          className="new-badge"
          label={(count) =>
            count > 0
              ? `Jump to the latest message, ${count} new`
              : isReplyGrowingBelow
                ? 'Jump to the latest message, the reply continues'
                : 'Jump to the latest message'
          }
        >
          {({ unseenCount }) => (
            <>
              <span aria-hidden="true">↓ </span>
              {unseenCount > 0 ? `${unseenCount} new` : isReplyGrowingBelow ? 'Reply continues' : 'Latest'}
            </>
          )}
        </JumpToLatest>
      </div>
      {error && (
        <p role="alert" className="error">
          Something went wrong. Try Regenerate.
        </p>
      )}
      <form className="composer" onSubmit={send}>
        <input
          aria-label="Message"
          placeholder="Ask something…"
          autoComplete="off"
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
        <button type="submit" disabled={isAnswering || draft.trim() === ''}>
          Send
        </button>
        {isAnswering && (
          <button type="button" onClick={() => void stop()}>
            Stop
          </button>
        )}
        {canRegenerate && (
          <button type="button" onClick={() => void regenerate()}>
            Regenerate
          </button>
        )}
      </form>
    </main>
  );
}

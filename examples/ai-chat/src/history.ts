import type { UIMessage } from 'ai';

const QUESTIONS = [
  'How do I keep a list pinned to the bottom?',
  'Can you show that as a list?',
  'What about very long code blocks?',
  'Why does the view not jump when history loads?',
  'Summarize that in one sentence.',
];

const ANSWERS = [
  'Follow new messages only while the reader is **at the bottom**; once they scroll up, leave them be.',
  '- pin while streaming\n- release on scroll\n- offer a way back',
  'Let them scroll sideways:\n\n```css\npre { overflow-x: auto; }\n```',
  'The row at the top of the viewport is *anchored*: rows added above it move nothing the reader sees.',
  'Stay out of the reader’s way, and tell them when there is something new.',
];

function textMessage(id: string, role: UIMessage['role'], text: string): UIMessage {
  return { id, role, parts: [{ type: 'text', text }] };
}

/**
 * The last answer of the earlier conversation: taller than the viewport of a laptop screen (about
 * 1 250 px at the example's 760 px column), so that `initialAnchor="last-turn"` opens with its
 * question at the top and the answer to read below it. On a taller window the whole turn fits and
 * the list opens at the bottom instead.
 */
const LAST_ANSWER = `Here is the whole setup, step by step.

**1. Give every message a stable key.** The list tells a prepend from an append by its keys, and keeps a row's measured height under its key: \`useChat\`'s message \`id\` is exactly that.

**2. Say which messages start a turn.** Pass the \`turns\` feature (\`import { turns } from '@chat-list/react/turns'\`, then \`features={[turns]}\`), and with \`isTurnStart={(message) => message.role === 'user'}\` a prompt you send goes to the top of the viewport, and its answer streams in below it without anything moving.

**3. Leave some of the previous answer in view.** \`turnPeek\` keeps a few pixels of it above the new prompt, so the reader sees where they came from.

**4. Open where the reader left off.** \`initialAnchor="last-turn"\` opens a saved conversation at its last question, not at the last line of its last answer.

**5. Let the reader move from turn to turn.** The handle's \`scrollToTurn\` takes \`'previous'\`, \`'next'\` or a message's key, and \`onCurrentTurnChange\` says which turn is being read.

Put together:

\`\`\`tsx
const list = useRef<ChatListHandle<UIMessage>>(null);
const [turnId, setTurnId] = useState<MessageKey>();

<ChatList
  ref={list}
  messages={messages}
  renderMessage={renderMessage}
  estimateSize={estimateMessageHeight}
  features={[turns]}
  isTurnStart={(message) => message.role === 'user'}
  turnPeek={24}
  initialAnchor="last-turn"
  onCurrentTurnChange={setTurnId}
/>;

<button onClick={() => list.current?.scrollToTurn('previous')}>
  Previous turn
</button>;
<button onClick={() => list.current?.scrollToTurn('next')}>
  Next turn
</button>;
\`\`\`

A few things to keep in mind:

- \`isTurnStart\`, \`estimateSize\` and \`renderMessage\` are module-level functions: a new function on every render would make the list re-estimate rows on every streamed token.
- A reader who scrolls lets go of the turn at once; the next prompt holds its own.
- Once an answer fills the viewport, the list follows it to the bottom as it grows, as a chat without turns does.
- Stop and Regenerate need nothing from the list: a shorter answer leaves the question where it is.

That is all: the rest is the chat you already have.`;

/**
 * An earlier conversation, long enough to scroll: 100 questions and their answers, the last one
 * taller than the viewport.
 */
export const earlierMessages: UIMessage[] = Array.from({ length: 200 }, (_, index) => {
  const turn = Math.floor(index / 2);
  const topic = turn % QUESTIONS.length;
  if (index === 198) return textMessage(`earlier-${index}`, 'user', `Walk me through the whole setup. (#${turn + 1})`);
  if (index === 199) return textMessage(`earlier-${index}`, 'assistant', LAST_ANSWER);
  return index % 2 === 0
    ? textMessage(`earlier-${index}`, 'user', `${QUESTIONS[topic]} (#${turn + 1})`)
    : textMessage(`earlier-${index}`, 'assistant', ANSWERS[topic] ?? '');
});

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

/** An earlier conversation, long enough to scroll: 100 questions and their answers. */
export const earlierMessages: UIMessage[] = Array.from({ length: 200 }, (_, index) => {
  const turn = Math.floor(index / 2);
  const topic = turn % QUESTIONS.length;
  return index % 2 === 0
    ? textMessage(`earlier-${index}`, 'user', `${QUESTIONS[topic]} (#${turn + 1})`)
    : textMessage(`earlier-${index}`, 'assistant', ANSWERS[topic] ?? '');
});

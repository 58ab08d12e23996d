import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, test } from 'vitest';
import { ChatList } from '../index';
import './jsdom-setup';

afterEach(cleanup);

interface Message {
  id: string;
  text: string;
}

const makeMessages = (count: number, prefix = 'm'): Message[] =>
  Array.from({ length: count }, (_, i) => ({ id: `${prefix}${i}`, text: `text ${i}` }));

function countingRenderers() {
  const renders = new Map<string, number>();
  const count = (message: Message) => renders.set(message.id, (renders.get(message.id) ?? 0) + 1);
  return {
    renders,
    byMessage: (message: Message) => {
      count(message);
      return <p>{message.text}</p>;
    },
    byMessageAndIndex: (message: Message, index: number) => {
      count(message);
      return (
        <p>
          {index}: {message.text}
        </p>
      );
    },
  };
}

describe('row re-rendering', () => {
  test('rows rendered with (message) => … do not re-render when newer messages are appended or older ones prepended', () => {
    const { renders, byMessage } = countingRenderers();
    const messages = makeMessages(5);
    const { rerender } = render(<ChatList messages={messages} renderMessage={byMessage} />);
    const before = new Map(renders);

    const newer = makeMessages(1, 'new');
    rerender(<ChatList messages={[...messages, ...newer]} renderMessage={byMessage} />);
    rerender(<ChatList messages={[...makeMessages(2, 'old'), ...messages, ...newer]} renderMessage={byMessage} />);

    for (const message of messages) expect(renders.get(message.id), message.id).toBe(before.get(message.id));
    expect(renders.get('new0')).toBe(1);
  });

  test('rows rendered with (message, index) => … re-render when a prepend shifts their index', () => {
    const { renders, byMessageAndIndex } = countingRenderers();
    const messages = makeMessages(5);
    const { rerender, container } = render(<ChatList messages={messages} renderMessage={byMessageAndIndex} />);
    const before = renders.get('m0') ?? 0;

    rerender(<ChatList messages={[...makeMessages(1, 'old'), ...messages]} renderMessage={byMessageAndIndex} />);

    expect(renders.get('m0')).toBe(before + 1);
    expect(container.querySelector('[data-id="m0"]')?.textContent).toBe('1: text 0');
  });

  test('a changed message re-renders its row only', () => {
    const { renders, byMessage } = countingRenderers();
    const messages = makeMessages(5);
    const { rerender, container } = render(<ChatList messages={messages} renderMessage={byMessage} />);
    const before = new Map(renders);

    const edited = messages.map((message, index) => (index === 2 ? { ...message, text: 'edited' } : message));
    rerender(<ChatList messages={edited} renderMessage={byMessage} />);

    expect(renders.get('m2')).toBe((before.get('m2') ?? 0) + 1);
    expect(renders.get('m1')).toBe(before.get('m1'));
    expect(container.querySelector('[data-id="m2"]')?.textContent).toBe('edited');
  });
});

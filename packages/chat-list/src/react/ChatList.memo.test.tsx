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
  test('rows do not re-render when newer messages are appended', () => {
    const { renders, byMessage } = countingRenderers();
    const messages = makeMessages(5);
    const { rerender } = render(<ChatList messages={messages} renderMessage={byMessage} />);
    const before = new Map(renders);

    const newer = makeMessages(1, 'new');
    rerender(<ChatList messages={[...messages, ...newer]} renderMessage={byMessage} />);

    for (const message of messages) expect(renders.get(message.id), message.id).toBe(before.get(message.id));
    expect(renders.get('new0')).toBe(1);
  });

  test('a renderMessage with a defaulted index parameter still shows the new index after a prepend', () => {
    // `(message, index = 0) => …` declares one parameter: counting parameters would keep the stale index.
    const renderWithDefault = (message: Message, index = 0) => (
      <p>
        {index}: {message.text}
      </p>
    );
    expect(renderWithDefault.length).toBe(1);
    const messages = makeMessages(5);
    const { rerender, container } = render(<ChatList messages={messages} renderMessage={renderWithDefault} />);

    rerender(<ChatList messages={[...makeMessages(2, 'old'), ...messages]} renderMessage={renderWithDefault} />);

    expect(container.querySelector('[data-id="m0"]')?.textContent).toBe('2: text 0');
  });

  test('a renderMessage that changes with messages re-renders the rows in view (a row reading its neighbours)', () => {
    const messages = makeMessages(3);
    const byNeighbour = (list: readonly Message[]) => (message: Message, index: number) => (
      <p>{index === list.length - 1 ? `${message.text} (last)` : message.text}</p>
    );
    const { rerender, container } = render(<ChatList messages={messages} renderMessage={byNeighbour(messages)} />);
    expect(container.querySelector('[data-id="m2"]')?.textContent).toBe('text 2 (last)');

    const appended = [...messages, ...makeMessages(1, 'new')];
    rerender(<ChatList messages={appended} renderMessage={byNeighbour(appended)} />);

    expect(container.querySelector('[data-id="m2"]')?.textContent).toBe('text 2');
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

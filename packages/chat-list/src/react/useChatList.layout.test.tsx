import { cleanup, render } from '@testing-library/react';
import type { Virtualizer } from '@tanstack/react-virtual';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { getLayout } from '../dom/tanstack-internals';
import './jsdom-setup';
import { makeMessages, type Message } from './test-messages';
import { useChatList } from './useChatList';

afterEach(cleanup);

const COUNT = 10_000;
const ROW_SIZE = 50;

/** The headless hook with an estimate that counts its calls: one call per row TanStack lays out. */
function renderList(messages: readonly Message[], hasPrefix = false) {
  const estimateSize = vi.fn((_message: Message, _index: number) => ROW_SIZE);
  let virtualizer: Virtualizer<HTMLElement, HTMLElement> | undefined;
  function List({ messages: current }: { messages: readonly Message[] }) {
    const result = useChatList<Message>({ messages: current, estimateSize, hasPrefix });
    virtualizer = result.virtualizer;
    return <div ref={result.scrollerRef} />;
  }
  const { rerender } = render(<List messages={messages} />);
  return {
    estimateSize,
    update: (next: readonly Message[]) => {
      estimateSize.mockClear();
      rerender(<List messages={next} />);
    },
    layout: () => getLayout(virtualizer!),
  };
}

describe('the layout after a change of messages', () => {
  test('appending a message to 10 000 lays out only the new row, at the end of the old ones', () => {
    const messages = makeMessages(COUNT);
    const list = renderList(messages);

    list.update([...messages, ...makeMessages(1, COUNT)]);

    expect(list.estimateSize.mock.calls.map(([, index]) => index)).toEqual([COUNT]);
    const layout = list.layout();
    expect(layout).toHaveLength(COUNT + 1);
    expect(layout[COUNT]).toMatchObject({ key: `m${COUNT}`, start: COUNT * ROW_SIZE, size: ROW_SIZE });
    expect(layout[COUNT - 1]).toMatchObject({ key: `m${COUNT - 1}`, start: (COUNT - 1) * ROW_SIZE });
  });

  test('with a prefix row, an append still lays out only the new rows, one index further', () => {
    const messages = makeMessages(COUNT);
    const list = renderList(messages, true);

    list.update([...messages, ...makeMessages(2, COUNT)]);

    expect(list.estimateSize.mock.calls.map(([, index]) => index)).toEqual([COUNT, COUNT + 1]);
    expect(list.layout()[COUNT + 2]).toMatchObject({ key: `m${COUNT + 1}` });
  });

  test('a prepend lays out every row again: every key moved', () => {
    const messages = makeMessages(COUNT, 1);
    const list = renderList(messages);

    list.update([...makeMessages(1, 0), ...messages]);

    expect(list.estimateSize).toHaveBeenCalledTimes(COUNT + 1);
    expect(list.layout()[COUNT]).toMatchObject({ key: `m${COUNT}`, start: COUNT * ROW_SIZE });
  });

  test('an append together with an edit of an earlier message lays out every row again, with the new keys', () => {
    const messages = makeMessages(COUNT);
    const list = renderList(messages);
    // The message at index 5 is replaced by another one (a new key), in the same update as an append.
    const replaced = messages.map((message, index) => (index === 5 ? { id: 'replacement', text: 'new' } : message));

    list.update([...replaced, ...makeMessages(1, COUNT)]);

    expect(list.estimateSize).toHaveBeenCalledTimes(COUNT + 1);
    expect(list.layout()[5]).toMatchObject({ key: 'replacement' });
  });
});

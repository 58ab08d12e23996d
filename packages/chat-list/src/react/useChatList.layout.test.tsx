import * as React from 'react';
import { cleanup, render, waitFor } from '@testing-library/react';
import type { Virtualizer } from '@tanstack/react-virtual';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { getLayout } from '../dom/tanstack-internals';
import './jsdom-setup';
import { makeMessages, type Message } from './test-messages';
import { OPENING_WINDOW_ROWS } from '../core';
import { useChatList } from './useChatList';

afterEach(cleanup);

const COUNT = 10_000;
const ROW_SIZE = 50;

/**
 * Waits until the opening window has ended (core `opening-window.ts`): a conversation of 10 000
 * messages or more opens with only its newest rows laid out, until the task after the first
 * paint. The tests below are about the layout after that.
 */
const laidOutInFull = (firstMessageRow: () => number) =>
  waitFor(() => expect(firstMessageRow()).toBeGreaterThanOrEqual(0));

/** The headless hook with an estimate that counts its calls: one call per row TanStack lays out. */
async function renderList(messages: readonly Message[], hasPrefix = false, isRenderingRows = false) {
  const estimateSize = vi.fn((_message: Message, _index: number) => ROW_SIZE);
  let virtualizer: Virtualizer<HTMLElement, HTMLElement> | undefined;
  let firstMessageRow = 0;
  let renderedIndexes: number[] = [];
  function List({ messages: current }: { messages: readonly Message[] }) {
    const result = useChatList<Message>({ messages: current, estimateSize, hasPrefix });
    virtualizer = result.virtualizer;
    firstMessageRow = result.firstMessageRow;
    const rows = isRenderingRows ? result.rows.filter((row) => row.kind === 'message') : [];
    renderedIndexes = rows.map((row) => row.index);
    return (
      <div ref={result.scrollerRef} data-chat-list-scroller="">
        {rows.map((row) => (
          <div key={row.key} {...result.getRowAttributes(row)} />
        ))}
      </div>
    );
  }
  const { rerender } = render(<List messages={messages} />);
  await laidOutInFull(() => firstMessageRow);
  return {
    estimateSize,
    update: (next: readonly Message[]) => {
      estimateSize.mockClear();
      rerender(<List messages={next} />);
    },
    layout: () => getLayout(virtualizer!),
    renderedIndexes: () => renderedIndexes,
  };
}

describe('the layout after a change of messages', () => {
  test('appending a message to 10 000 lays out only the new row, at the end of the old ones', async () => {
    const messages = makeMessages(COUNT);
    const list = await renderList(messages);

    list.update([...messages, ...makeMessages(1, COUNT)]);

    expect(list.estimateSize.mock.calls.map(([, index]) => index)).toEqual([COUNT]);
    const layout = list.layout();
    expect(layout).toHaveLength(COUNT + 1);
    // Layout keys are positions that follow their messages (core layout-keys.ts): an append keeps every one.
    expect(layout[COUNT]).toMatchObject({ key: COUNT, start: COUNT * ROW_SIZE, size: ROW_SIZE });
    expect(layout[COUNT - 1]).toMatchObject({ key: COUNT - 1, start: (COUNT - 1) * ROW_SIZE });
  });

  test('with a prefix row, an append still lays out only the new rows, one index further', async () => {
    const messages = makeMessages(COUNT);
    const list = await renderList(messages, true);

    list.update([...messages, ...makeMessages(2, COUNT)]);

    expect(list.estimateSize.mock.calls.map(([, index]) => index)).toEqual([COUNT, COUNT + 1]);
    expect(list.layout()[COUNT + 2]).toMatchObject({ key: COUNT + 1, start: 40 + (COUNT + 1) * ROW_SIZE });
  });

  test('a prepend lays out every row again: every row moved, and keeps its layout key', async () => {
    const messages = makeMessages(COUNT, 1);
    const list = await renderList(messages);

    list.update([...makeMessages(1, 0), ...messages]);

    expect(list.estimateSize).toHaveBeenCalledTimes(COUNT + 1);
    // The last message was at index COUNT - 1 under key COUNT - 1: it keeps the key at its new index.
    expect(list.layout()[COUNT]).toMatchObject({ key: COUNT - 1, start: COUNT * ROW_SIZE });
  });

  // The list keeps sizes of rendered rows only: below the lowest row it rendered it compares no
  // message (a token at the bottom of 100 000 compares a few rows, not all of them), and what
  // goes unseen there is an edit made in the same update as a change below it.
  test('an append together with a replaced message the list never rendered lays out the appended row only', async () => {
    const messages = makeMessages(COUNT);
    const list = await renderList(messages);
    const replaced = messages.map((message, index) => (index === 5 ? { id: 'replacement', text: 'new' } : message));

    list.update([...replaced, ...makeMessages(1, COUNT)]);

    expect(list.estimateSize.mock.calls.map(([, index]) => index)).toEqual([COUNT]);
    expect(list.layout()[5]).toMatchObject({ key: 5, start: 5 * ROW_SIZE });
  });

  test('an append together with a replaced message the list rendered lays out from the replaced row on, with the new key', async () => {
    const messages = makeMessages(COUNT);
    const list = await renderList(messages, false, true);
    // jsdom has no scroll height: the list sits at the top and renders its first rows.
    const firstRendered = 5;
    expect(list.renderedIndexes()).toContain(firstRendered);
    const replaced = messages.map((message, index) =>
      index === firstRendered ? { id: 'replacement', text: 'new' } : message,
    );

    list.update([...replaced, ...makeMessages(1, COUNT)]);

    expect(list.estimateSize).toHaveBeenCalledTimes(COUNT + 1 - firstRendered);
    expect(list.estimateSize.mock.calls[0]?.[0]).toMatchObject({ id: 'replacement' });
    expect(list.layout()[firstRendered]).toMatchObject({ key: firstRendered, start: firstRendered * ROW_SIZE });
  });
});

describe('the opening', () => {
  // Issue #15: TanStack lays out every row at the opening. Message ids parsed from JSON were never
  // hashed, and reading one loads its message: the layout reads neither, only the rendered rows do.
  test('opening 10 000 messages reads the keys of the rendered rows and the edges only', () => {
    const messages = makeMessages(COUNT);
    const getMessageKey = vi.fn((message: Message) => message.id);
    function List() {
      const result = useChatList<Message>({ messages, getMessageKey });
      return <div ref={result.scrollerRef} />;
    }
    // Development builds count every key of a new list for duplicates (a warning); production does not.
    const environment = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      render(<List />);
    } finally {
      process.env.NODE_ENV = environment;
    }
    expect(getMessageKey.mock.calls.length).toBeGreaterThan(0);
    expect(getMessageKey.mock.calls.length).toBeLessThan(200);
  });
});

describe('the opening window (issue #15)', () => {
  const LONG = 100_000;

  test('100 000 messages open with the newest OPENING_WINDOW_ROWS (200) laid out below one block of the others, which then take its place', async () => {
    const messages = makeMessages(LONG);
    let result: ReturnType<typeof useChatList<Message>> | undefined;
    function List() {
      result = useChatList<Message>({ messages, hasPrefix: true });
      return <div ref={result.scrollerRef} />;
    }
    render(<List />);
    const opening = getLayout(result!.virtualizer);
    expect(result!.firstMessageRow).toBe(-(LONG - OPENING_WINDOW_ROWS));
    expect(opening).toHaveLength(OPENING_WINDOW_ROWS);
    // The prefix (40 px) and 99 000 messages at the default estimate (80 px) stand above.
    const blockSize = 40 + (LONG - OPENING_WINDOW_ROWS) * 80;
    expect(opening[0]).toMatchObject({ start: blockSize, key: LONG - OPENING_WINDOW_ROWS });
    const openingTotal = result!.virtualizer.getTotalSize();

    await laidOutInFull(() => result!.firstMessageRow);

    expect(result!.firstMessageRow).toBe(1);
    const layout = getLayout(result!.virtualizer);
    expect(layout).toHaveLength(LONG + 1);
    // The same message at the same place, under the same layout key: nothing moved.
    expect(layout[LONG - OPENING_WINDOW_ROWS + 1]).toMatchObject({ start: blockSize, key: LONG - OPENING_WINDOW_ROWS });
    expect(result!.virtualizer.getTotalSize()).toBe(openingTotal);
  });

  test('an estimate of the app sizes the block as the sum of the estimates of the messages it stands for', () => {
    const messages = makeMessages(LONG);
    const estimateSize = (_message: Message, index: number) => (index % 2 === 0 ? 30 : 70);
    let virtualizer: Virtualizer<HTMLElement, HTMLElement> | undefined;
    function List() {
      const result = useChatList<Message>({ messages, estimateSize });
      virtualizer = result.virtualizer;
      return <div ref={result.scrollerRef} />;
    }
    render(<List />);
    expect(getLayout(virtualizer!)[0]?.start).toBe(((LONG - OPENING_WINDOW_ROWS) / 2) * (30 + 70));
  });

  test('a change of messages in the window lays out every row with the change, in the same render', () => {
    const messages = makeMessages(LONG);
    let result: ReturnType<typeof useChatList<Message>> | undefined;
    function List({ current }: { current: readonly Message[] }) {
      result = useChatList<Message>({ messages: current });
      return <div ref={result.scrollerRef} />;
    }
    const { rerender } = render(<List current={messages} />);
    expect(result!.firstMessageRow).toBeLessThan(0);

    const next = [...makeMessages(1, -1), ...messages];
    rerender(<List current={next} />);

    expect(result!.firstMessageRow).toBe(0);
    expect(getLayout(result!.virtualizer)).toHaveLength(LONG + 1);
    // Every row laid out at its estimate, the newest at the end of all of them.
    expect(getLayout(result!.virtualizer)[LONG]).toMatchObject({ start: LONG * 80, size: 80 });
  });

  test('an opening at a message lays out every row from the first render', () => {
    const messages = makeMessages(LONG);
    let firstMessageRow: number | undefined;
    function List() {
      const result = useChatList<Message>({ messages, initialAnchor: { id: 'm5' } });
      firstMessageRow = result.firstMessageRow;
      return <div ref={result.scrollerRef} />;
    }
    render(<List />);
    expect(firstMessageRow).toBe(0);
  });
});

describe('the duplicate-key check of development builds', () => {
  test('an append to 10 000 messages reads the keys of the rendered rows and the new message, not every key', () => {
    const messages = makeMessages(COUNT);
    const getMessageKey = vi.fn((message: Message) => message.id);
    function List({ messages: current }: { messages: readonly Message[] }) {
      const result = useChatList<Message>({ messages: current, getMessageKey });
      return <div ref={result.scrollerRef} />;
    }
    const { rerender } = render(<List messages={messages} />);
    getMessageKey.mockClear();

    rerender(<List messages={[...messages, ...makeMessages(1, COUNT)]} />);

    expect(process.env.NODE_ENV).not.toBe('production');
    expect(getMessageKey.mock.calls.length).toBeGreaterThan(0);
    expect(getMessageKey.mock.calls.length).toBeLessThan(200);
  });
});

describe('the layout after a streamed token', () => {
  const STREAMED = 100_000;

  test('streaming into the last of 100 000 messages reads no estimate and only the changed message keys', async () => {
    const messages = makeMessages(STREAMED);
    const getMessageKey = vi.fn((message: Message) => message.id);
    const estimateSize = vi.fn((_message: Message, _index: number) => ROW_SIZE);
    let firstMessageRow = 0;
    function List({ messages: current }: { messages: readonly Message[] }) {
      const result = useChatList<Message>({ messages: current, estimateSize, getMessageKey });
      firstMessageRow = result.firstMessageRow;
      return <div ref={result.scrollerRef} />;
    }
    const { rerender } = render(<List messages={messages} />);
    await laidOutInFull(() => firstMessageRow);
    let current = messages;
    for (let token = 0; token < 5; token++) {
      const last = current[current.length - 1]!;
      current = [...current.slice(0, -1), { ...last, text: `${last.text} word` }];
      estimateSize.mockClear();
      getMessageKey.mockClear();
      rerender(<List messages={current} />);
      expect(estimateSize, `estimates for token ${token}`).not.toHaveBeenCalled();
      // The changed message, before and after, plus the edges and the rows in view the policy reads.
      expect(getMessageKey.mock.calls.length, `key reads for token ${token}`).toBeLessThan(50);
    }
    // Mounting 100 000 rows in jsdom is slow on a loaded machine; the test is about calls, not time.
  }, 30_000);

  test('a new estimateSize re-estimates every row that was not measured', () => {
    const messages = makeMessages(1000);
    function List({ estimate }: { estimate: number }) {
      const estimateSize = React.useCallback(() => estimate, [estimate]);
      const result = useChatList<Message>({ messages, estimateSize });
      virtualizer = result.virtualizer;
      return <div ref={result.scrollerRef} />;
    }
    let virtualizer: Virtualizer<HTMLElement, HTMLElement> | undefined;
    const { rerender } = render(<List estimate={50} />);
    expect(getLayout(virtualizer!)[999]).toMatchObject({ start: 999 * 50, size: 50 });
    rerender(<List estimate={120} />);
    expect(getLayout(virtualizer!)[999]).toMatchObject({ start: 999 * 120, size: 120 });
  });
});

describe('callbacks that are new on every render', () => {
  test('warn once that each new estimateSize lays out every row again', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const messages = makeMessages(100);
    function List({ tick }: { tick: number }) {
      // A new function on every render, as an inline prop is.
      const result = useChatList<Message>({ messages, estimateSize: () => 40 + (tick % 1) });
      return <div ref={result.scrollerRef} />;
    }
    const { rerender } = render(<List tick={0} />);
    for (let tick = 1; tick <= 6; tick++) rerender(<List tick={tick} />);
    const warnings = warn.mock.calls.filter(([text]) => String(text).includes('new function on every render'));
    expect(warnings).toHaveLength(1);
    warn.mockRestore();
  });
});

describe('types', () => {
  test('getMessageKey is required when the message type has no id, optional when it has one', () => {
    interface NoId {
      uuid: string;
    }
    // Type-level checks only: the component is never rendered.
    function List({ messages }: { messages: NoId[] }) {
      // @ts-expect-error getMessageKey is required: NoId has no `id`.
      useChatList({ messages });
      useChatList({ messages, getMessageKey: (message) => message.uuid });
      useChatList({ messages: [{ id: 1, text: 'a' }] });
      return null;
    }
    expect(List).toBeTypeOf('function');
  });
});

describe('the layout after messages are removed', () => {
  test('removing a message from the middle leaves no stale row at the end (TanStack copies its old rows at the old length)', async () => {
    const messages = makeMessages(COUNT);
    const list = await renderList(messages);
    list.update(messages.filter((_, index) => index !== 5000));
    const layout = list.layout();
    expect(layout).toHaveLength(COUNT - 1);
    expect(layout[COUNT - 2]).toMatchObject({ key: COUNT - 2, end: (COUNT - 1) * ROW_SIZE });
  });
});

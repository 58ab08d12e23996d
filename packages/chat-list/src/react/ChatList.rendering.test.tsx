import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, expectTypeOf, test, vi } from 'vitest';
import { ChatList, type ChatListHandle, type ChatListProps } from '../index';
import { ROW_HEIGHT, VIEWPORT_HEIGHT } from './jsdom-setup';
import { type Message, getScroller, makeMessages, messageRows } from './test-messages';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const renderText = (message: Message, _index?: number, _messages?: readonly Message[]) => <p>{message.text}</p>;

describe('message rows', () => {
  test('each rendered row carries data-index (its index in messages) and data-id (String(key))', () => {
    const messages = makeMessages(5);
    const { container } = render(<ChatList messages={messages} renderMessage={renderText} />);

    const rows = messageRows(container);
    expect(rows).toHaveLength(5);
    rows.forEach((row, i) => {
      expect(row.getAttribute('data-index')).toBe(String(i));
      expect(row.getAttribute('data-id')).toBe(`m${i}`);
      expect(row.textContent).toBe(`text ${i}`);
    });
  });

  test('a numeric key becomes data-id via String(key)', () => {
    const messages = [{ id: 7 }, { id: 42 }];
    const { container } = render(<ChatList messages={messages} renderMessage={(m) => <p>#{m.id}</p>} />);

    expect(messageRows(container).map((row) => row.getAttribute('data-id'))).toEqual(['7', '42']);
  });

  test('renderMessage receives (message, index, messages) for every rendered row', () => {
    const messages = makeMessages(4);
    const renderMessage = vi.fn(renderText);
    render(<ChatList messages={messages} renderMessage={renderMessage} />);

    for (const [i, message] of messages.entries()) {
      expect(renderMessage).toHaveBeenCalledWith(message, i, messages);
    }
    for (const [message, index, list] of renderMessage.mock.calls) {
      expect(list).toBe(messages);
      expect(list?.[index ?? -1]).toBe(message);
    }
  });

  test.each([
    { overscan: undefined, label: 'default overscan (10)', expectedOverscan: 10 },
    { overscan: 2, label: 'overscan 2', expectedOverscan: 2 },
  ])(
    'only a bounded number of rows is in the DOM for 10 000 messages ($label)',
    async ({ overscan, expectedOverscan }) => {
      const messages = makeMessages(10_000);
      const { container } = render(
        <ChatList messages={messages} renderMessage={renderText} {...(overscan === undefined ? {} : { overscan })} />,
      );

      const inViewport = Math.ceil(VIEWPORT_HEIGHT / ROW_HEIGHT);
      // At least the viewport is filled… once the opening window (core opening-window.ts) has ended:
      // jsdom's list stays at its top, where the block of the older messages stands until then.
      await waitFor(() => expect(messageRows(container).length).toBeGreaterThanOrEqual(inViewport));
      const rows = messageRows(container);
      // …and no more than the viewport plus overscan on both sides, plus a few.
      expect(rows.length).toBeLessThanOrEqual(inViewport + 2 * expectedOverscan + 2);
      // The rows are consecutive messages, each with its own index.
      const indexes = rows.map((row) => Number(row.getAttribute('data-index')));
      expect(indexes).toEqual(indexes.map((_, i) => (indexes[0] ?? 0) + i));
      for (const row of rows) {
        expect(row.getAttribute('data-id')).toBe(`m${row.getAttribute('data-index')}`);
      }
    },
  );
});

describe('the scroller element', () => {
  test('has data-chat-list-scroller, overflow-y auto, overflow-anchor none, role "feed" and aria-label "Messages" by default', () => {
    const { container } = render(<ChatList messages={makeMessages(3)} renderMessage={renderText} />);

    const scroller = getScroller(container);
    expect(scroller.style.overflowY).toBe('auto');
    expect(scroller.style.getPropertyValue('overflow-anchor')).toBe('none');
    expect(scroller.getAttribute('role')).toBe('feed');
    expect(scroller.getAttribute('aria-label')).toBe('Messages');
    expect(screen.getByRole('feed', { name: 'Messages' })).toBe(scroller);
    // The rows live inside the scroller.
    expect(scroller.querySelectorAll('[data-index]')).toHaveLength(3);
  });

  test('makes each message an article that states its place among all messages, and nothing else an article', () => {
    const { container } = render(
      <ChatList
        messages={makeMessages(3)}
        renderMessage={renderText}
        prefix={<span>Loading...</span>}
        suffix={<span>typing…</span>}
      />,
    );

    const articles = screen.getAllByRole('article');
    expect(articles.map((row) => [row.getAttribute('aria-posinset'), row.getAttribute('aria-setsize')])).toEqual([
      ['1', '3'],
      ['2', '3'],
      ['3', '3'],
    ]);
    // Focusable from the keyboard, but not tab stops: the list is one.
    expect(articles.every((row) => row.tabIndex === -1)).toBe(true);
    expect(getScroller(container).tabIndex).toBe(0);
    // A feed holds articles only: the affix rows have no role ("Loading..." is the feed's aria-busy).
    expect(container.querySelector('[data-chat-list-prefix]')?.hasAttribute('role')).toBe(false);
    expect(container.querySelector('[data-chat-list-suffix]')?.hasAttribute('role')).toBe(false);
  });

  test('makes a labelled prefix or suffix an article named by its label, not counted among the messages', () => {
    render(
      <ChatList
        messages={makeMessages(2)}
        renderMessage={renderText}
        prefix={<span>Loading...</span>}
        prefixLabel="Loading older messages"
        suffix={<span>…</span>}
        suffixLabel="Alice is typing"
      />,
    );
    const prefix = screen.getByRole('article', { name: 'Loading older messages' });
    expect(prefix.hasAttribute('data-chat-list-prefix')).toBe(true);
    expect(prefix.hasAttribute('aria-posinset')).toBe(false);
    expect(screen.getByRole('article', { name: 'Alice is typing' }).hasAttribute('data-chat-list-suffix')).toBe(true);
    expect(screen.getAllByRole('article').map((row) => row.getAttribute('aria-setsize'))).toEqual([
      null,
      '2',
      '2',
      null,
    ]);
  });

  test('is a group while it has no messages, and a feed from the first one', () => {
    const { container, rerender } = render(<ChatList messages={[]} renderMessage={renderText} />);
    expect(getScroller(container).getAttribute('role')).toBe('group');
    rerender(<ChatList messages={makeMessages(1)} renderMessage={renderText} />);
    expect(getScroller(container).getAttribute('role')).toBe('feed');
  });

  test('renders a visually hidden polite live region beside the scroller, and none when announcements are off', () => {
    const { container, rerender } = render(<ChatList messages={makeMessages(3)} renderMessage={renderText} />);
    const announcer = container.querySelector<HTMLElement>('[data-chat-list-announcer]');
    expect(announcer?.getAttribute('aria-live')).toBe('polite');
    expect(announcer?.style.position).toBe('absolute');
    expect(getScroller(container).contains(announcer)).toBe(false);
    rerender(<ChatList messages={makeMessages(3)} renderMessage={renderText} announceNewMessages={false} />);
    expect(container.querySelector('[data-chat-list-announcer]')).toBeNull();
  });

  test('forwards aria-label, role, other aria-* props, className and style to the scroller', () => {
    const { container } = render(
      <ChatList
        messages={makeMessages(3)}
        renderMessage={renderText}
        aria-label="Support chat"
        role="feed"
        aria-describedby="chat-help"
        aria-busy={true}
        aria-live="polite"
        className="my-chat"
        style={{ height: 320, backgroundColor: 'red' }}
      />,
    );

    const scroller = getScroller(container);
    expect(scroller.getAttribute('aria-label')).toBe('Support chat');
    expect(scroller.getAttribute('role')).toBe('feed');
    expect(scroller.getAttribute('aria-describedby')).toBe('chat-help');
    expect(scroller.getAttribute('aria-busy')).toBe('true');
    expect(scroller.getAttribute('aria-live')).toBe('polite');
    expect(scroller.classList.contains('my-chat')).toBe(true);
    expect(scroller.style.height).toBe('320px');
    expect(scroller.style.backgroundColor).toBe('red');
    // The user's style is merged over the contract styles, not instead of them.
    expect(scroller.style.overflowY).toBe('auto');
    expect(scroller.style.getPropertyValue('overflow-anchor')).toBe('none');
    expect(screen.getByRole('feed', { name: 'Support chat' })).toBe(scroller);
  });

  test('forwards id, title, lang, dir and data-* attributes to the scroller, and keeps its own data attribute', () => {
    const { container } = render(
      <ChatList
        messages={makeMessages(3)}
        renderMessage={renderText}
        id="support-chat"
        title="Conversation"
        lang="fr"
        dir="rtl"
        data-testid="chat"
        data-chat-list-scroller="overridden?"
      />,
    );
    const scroller = getScroller(container);
    expect(scroller.id).toBe('support-chat');
    expect(scroller.title).toBe('Conversation');
    expect(scroller.lang).toBe('fr');
    expect(scroller.dir).toBe('rtl');
    expect(scroller.dataset.testid).toBe('chat');
    expect(scroller.getAttribute('data-chat-list-scroller'), 'the contract attribute stays').toBe('');
    expect(screen.getByTestId('chat')).toBe(scroller);
  });

  test('sizes by a rule of zero specificity, so that a class can set the height; no inline height', () => {
    const { container } = render(<ChatList messages={makeMessages(3)} renderMessage={renderText} className="x" />);
    const scroller = getScroller(container);
    expect(scroller.style.height).toBe('');
    expect(scroller.querySelector('style')?.textContent).toBe(':where([data-chat-list-scroller]){height:100%}');
  });

  test('gives that style element the nonce a Content Security Policy asks for, and none without one', () => {
    const { container, rerender } = render(
      <ChatList messages={makeMessages(3)} renderMessage={renderText} nonce="r4nd0m" />,
    );
    expect(getScroller(container).querySelector('style')?.getAttribute('nonce')).toBe('r4nd0m');
    rerender(<ChatList messages={makeMessages(3)} renderMessage={renderText} />);
    expect(getScroller(container).querySelector('style')?.hasAttribute('nonce')).toBe(false);
  });
});

describe('prefix and suffix', () => {
  test('prefix renders a [data-chat-list-prefix] row before the messages and suffix a [data-chat-list-suffix] row after', () => {
    const { container } = render(
      <ChatList
        messages={makeMessages(3)}
        renderMessage={renderText}
        prefix={<span>Loading...</span>}
        suffix={<span>typing…</span>}
      />,
    );

    const prefix = container.querySelector('[data-chat-list-prefix]');
    const suffix = container.querySelector('[data-chat-list-suffix]');
    expect(prefix?.textContent).toBe('Loading...');
    expect(suffix?.textContent).toBe('typing…');
    // Document order: prefix, the messages, suffix — all siblings in one list of rows.
    const rows = Array.from(prefix?.parentElement?.children ?? []);
    expect(rows.map((row) => row.getAttribute('data-id') ?? row.textContent)).toEqual([
      'Loading...',
      'm0',
      'm1',
      'm2',
      'typing…',
    ]);
    // Affix rows are not messages.
    expect(prefix?.hasAttribute('data-index')).toBe(false);
    expect(suffix?.hasAttribute('data-index')).toBe(false);
  });

  test('affixes do not shift the data-index of messages', () => {
    const messages = makeMessages(3);
    const { container } = render(
      <ChatList messages={messages} renderMessage={renderText} prefix="Loading..." suffix="typing…" />,
    );

    expect(messageRows(container).map((row) => [row.getAttribute('data-index'), row.getAttribute('data-id')])).toEqual([
      ['0', 'm0'],
      ['1', 'm1'],
      ['2', 'm2'],
    ]);
  });

  test('renderMessage gets message indexes, not row positions, when a prefix is present', () => {
    const messages = makeMessages(2);
    const renderMessage = vi.fn(renderText);
    render(<ChatList messages={messages} renderMessage={renderMessage} prefix="Loading..." />);

    expect(renderMessage).toHaveBeenCalledWith(messages[0], 0, messages);
    expect(renderMessage).toHaveBeenCalledWith(messages[1], 1, messages);
    expect(renderMessage.mock.calls.every(([, index]) => index === 0 || index === 1)).toBe(true);
  });

  test('null, undefined and false affixes render no affix row', () => {
    const { container } = render(
      <ChatList messages={makeMessages(2)} renderMessage={renderText} prefix={false} suffix={null} />,
    );

    expect(container.querySelector('[data-chat-list-prefix]')).toBeNull();
    expect(container.querySelector('[data-chat-list-suffix]')).toBeNull();
    expect(messageRows(container)).toHaveLength(2);
  });

  test('empty messages render only the affixes, and the handle reports isAtTop and isAtBottom true', () => {
    const ref = createRef<ChatListHandle<Message>>();
    const renderMessage = vi.fn(renderText);
    const { container } = render(
      <ChatList ref={ref} messages={[]} renderMessage={renderMessage} prefix="Loading..." suffix="typing…" />,
    );

    expect(messageRows(container)).toHaveLength(0);
    expect(renderMessage).not.toHaveBeenCalled();
    expect(container.querySelector('[data-chat-list-prefix]')?.textContent).toBe('Loading...');
    expect(container.querySelector('[data-chat-list-suffix]')?.textContent).toBe('typing…');
    expect(ref.current?.isAtTop).toBe(true);
    expect(ref.current?.isAtBottom).toBe(true);
    expect(ref.current?.getVisibleRange()).toBeNull();
    expect(ref.current?.unseenCount).toBe(0);
  });
});

describe('getMessageKey', () => {
  test('a custom key function is used for data-id', () => {
    const messages = [
      { uuid: 'a-1', body: 'first' },
      { uuid: 'b-2', body: 'second' },
    ];
    const getMessageKey = vi.fn((m: { uuid: string }) => `key:${m.uuid}`);
    const { container } = render(
      <ChatList messages={messages} getMessageKey={getMessageKey} renderMessage={(m) => <p>{m.body}</p>} />,
    );

    expect(messageRows(container).map((row) => row.getAttribute('data-id'))).toEqual(['key:a-1', 'key:b-2']);
    expect(getMessageKey).toHaveBeenCalledWith(messages[0]);
  });

  test('the default key is m.id, even when a message has other id-like fields', () => {
    const messages = [
      { id: 'real-1', key: 'not-this', index: 9 },
      { id: 'real-2', key: 'nor-this', index: 8 },
    ];
    const { container } = render(<ChatList messages={messages} renderMessage={(m) => <p>{m.id}</p>} />);

    expect(messageRows(container).map((row) => row.getAttribute('data-id'))).toEqual(['real-1', 'real-2']);
  });

  test('types: getMessageKey is required when the message type has no id, optional when it has one', () => {
    interface NoId {
      uuid: string;
    }
    interface WithId {
      id: number;
      text: string;
    }
    const noId: NoId[] = [{ uuid: 'x' }];
    const withId: WithId[] = [{ id: 1, text: 'a' }];

    // Type-level checks only: these elements are created, never rendered.
    const elements = [
      // @ts-expect-error getMessageKey is required: NoId has no `id`.
      <ChatList key="a" messages={noId} renderMessage={(m) => m.uuid} />,
      <ChatList key="b" messages={noId} getMessageKey={(m) => m.uuid} renderMessage={(m) => m.uuid} />,
      <ChatList key="c" messages={withId} renderMessage={(m) => m.text} />,
      <ChatList key="d" messages={withId} getMessageKey={(m) => m.id * 2} renderMessage={(m) => m.text} />,
    ];
    expect(elements).toHaveLength(4);

    expectTypeOf<ChatListProps<NoId>['getMessageKey']>().toEqualTypeOf<(message: NoId) => string | number>();
    expectTypeOf<ChatListProps<WithId>['getMessageKey']>().toEqualTypeOf<
      ((message: WithId) => string | number) | undefined
    >();
  });
});

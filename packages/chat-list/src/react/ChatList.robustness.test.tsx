import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { StrictMode, createRef } from 'react';
import { afterEach, beforeEach, describe, expect, test, vi, type MockInstance } from 'vitest';
import { ChatList, type ChatListHandle, type ChatListProps } from '../index';
import { ROW_HEIGHT, VIEWPORT_HEIGHT } from './jsdom-setup';
import { type Message, getScroller, makeMessages, messageRows, renderText } from './test-messages';

const warningsMentioning = (spy: MockInstance, text: string) =>
  spy.mock.calls.filter((args) => args.map(String).join(' ').includes(text));

let warn: MockInstance<typeof console.warn>;
let error: MockInstance<typeof console.error>;

beforeEach(() => {
  warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
  error = vi.spyOn(console, 'error').mockImplementation(() => {});
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('duplicate keys', () => {
  test('every message with a duplicate key is rendered, with one console.warn naming the key and no React key error', () => {
    const messages: Message[] = [
      { id: 'a', text: 'first a' },
      { id: 'dup-key', text: 'first dup' },
      { id: 'b', text: 'b' },
      { id: 'dup-key', text: 'second dup' },
      { id: 'dup-key', text: 'third dup' },
    ];
    const { container, rerender } = render(<ChatList messages={messages} renderMessage={renderText} />);

    const rows = messageRows(container);
    expect(rows).toHaveLength(5);
    expect(rows.map((row) => row.textContent)).toEqual(['first a', 'first dup', 'b', 'second dup', 'third dup']);
    expect(rows.map((row) => row.getAttribute('data-index'))).toEqual(['0', '1', '2', '3', '4']);
    expect(rows.filter((row) => row.getAttribute('data-id') === 'dup-key')).toHaveLength(3);

    // A later change with the same duplicates does not warn again.
    rerender(<ChatList messages={[...messages, { id: 'c', text: 'c' }]} renderMessage={renderText} />);
    expect(messageRows(container)).toHaveLength(6);

    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain('"dup-key"');
    expect(error).not.toHaveBeenCalled();
  });

  test('duplicate numeric keys are rendered too', () => {
    const messages = [
      { id: 1, text: 'one' },
      { id: 1, text: 'one again' },
    ];
    const { container } = render(<ChatList messages={messages} renderMessage={(m) => <p>{m.text}</p>} />);

    expect(messageRows(container).map((row) => row.textContent)).toEqual(['one', 'one again']);
    expect(warningsMentioning(warn, 'duplicate')).toHaveLength(1);
    expect(error).not.toHaveBeenCalled();
  });
});

describe('bad numeric props', () => {
  // Each case uses a value of its own: the library warns once per distinct message.
  test.each<{ name: string; prop: string; props: Partial<ChatListProps<Message>> }>([
    { name: 'negative overscan', prop: 'overscan', props: { overscan: -3 } },
    { name: 'NaN overscan', prop: 'overscan', props: { overscan: Number.NaN } },
    { name: 'fractional overscan', prop: 'overscan', props: { overscan: 2.5 } },
    { name: 'infinite overscan', prop: 'overscan', props: { overscan: Number.POSITIVE_INFINITY } },
    { name: 'overscan of 1e9 (every row)', prop: 'overscan', props: { overscan: 1e9 } },
    { name: 'NaN olderEndOffset', prop: 'olderEndOffset', props: { olderEndOffset: Number.NaN } },
    { name: 'negative olderEndOffset', prop: 'olderEndOffset', props: { olderEndOffset: -50 } },
    { name: 'estimateSize returning NaN', prop: 'estimateSize', props: { estimateSize: () => Number.NaN } },
    { name: 'estimateSize returning 0', prop: 'estimateSize', props: { estimateSize: () => 0 } },
    { name: 'estimateSize returning -10', prop: 'estimateSize', props: { estimateSize: () => -10 } },
  ])('$name: a console.warn names the prop, no throw, rows still render', ({ prop, props }) => {
    const messages = makeMessages(1000);
    let container!: HTMLElement;
    expect(() => {
      ({ container } = render(<ChatList messages={messages} renderMessage={renderText} {...props} />));
    }).not.toThrow();

    expect(warningsMentioning(warn, prop)).toHaveLength(1);
    const rows = messageRows(container);
    expect(rows.length).toBeGreaterThanOrEqual(VIEWPORT_HEIGHT / ROW_HEIGHT);
    // Clamped to something sane: still virtualized.
    expect(rows.length).toBeLessThan(100);
    expect(error).not.toHaveBeenCalled();
  });

  test('a valid value does not warn', () => {
    render(
      <ChatList
        messages={makeMessages(50)}
        renderMessage={renderText}
        overscan={0}
        olderEndOffset={0}
        estimateSize={() => 33}
      />,
    );

    expect(warn).not.toHaveBeenCalled();
  });
});

describe('React.StrictMode', () => {
  test('renders without errors, and one append calls onNewerMessages once', () => {
    const ref = createRef<ChatListHandle<Message>>();
    const onNewerMessages = vi.fn();
    const onOlderMessages = vi.fn();
    const initial = makeMessages(20, 10);
    const view = (messages: Message[]) => (
      <StrictMode>
        <ChatList
          ref={ref}
          messages={messages}
          renderMessage={renderText}
          onNewerMessages={onNewerMessages}
          onOlderMessages={onOlderMessages}
        />
      </StrictMode>
    );
    const { container, rerender } = render(view(initial));
    expect(messageRows(container).length).toBeGreaterThan(0);
    expect(ref.current?.getScrollElement()).toBe(getScroller(container));
    onNewerMessages.mockClear();

    const appended = makeMessages(2, 30);
    rerender(view([...initial, ...appended]));
    expect(onNewerMessages).toHaveBeenCalledTimes(1);
    expect(onNewerMessages.mock.calls[0]?.[1]).toEqual(appended);

    const prepended = makeMessages(3, 7);
    rerender(view([...prepended, ...initial, ...appended]));
    expect(onOlderMessages).toHaveBeenCalledTimes(1);
    expect(onOlderMessages.mock.calls[0]?.[1]).toEqual(prepended);
    expect(onNewerMessages).toHaveBeenCalledTimes(1);

    expect(error).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
  });

  // StrictMode's simulated unmount/remount happens only in development builds, so
  // browser tests against a production build cannot see it; jsdom runs React's dev build.
  test.each([
    { strict: false, follow: 'at-bottom' },
    { strict: true, follow: 'at-bottom' },
    { strict: false, follow: 'never' },
    { strict: true, follow: 'never' },
  ] as const)(
    'the opening scroll to the bottom survives the simulated unmount/remount (strict: $strict, follow: $follow)',
    async ({ strict, follow }) => {
      // Content taller than the viewport from the first commit on (a browser would report it).
      const scrollHeight = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollHeight');
      Object.defineProperty(HTMLElement.prototype, 'scrollHeight', {
        configurable: true,
        get(this: HTMLElement) {
          return this.matches('[data-chat-list-scroller]') ? 5000 : (scrollHeight?.get?.call(this) ?? 0);
        },
      });
      try {
        const ref = createRef<ChatListHandle<Message>>();
        const list = <ChatList ref={ref} messages={makeMessages(100)} renderMessage={renderText} follow={follow} />;
        render(strict ? <StrictMode>{list}</StrictMode> : list);
        // A few frames: the opening command checks it has landed on animation frames.
        await act(() => new Promise((resolve) => setTimeout(resolve, 100)));

        expect(ref.current?.isAtBottom).toBe(true);
        expect(ref.current?.scrollOffset).toBe(5000 - VIEWPORT_HEIGHT);
      } finally {
        delete (HTMLElement.prototype as { scrollHeight?: number }).scrollHeight;
      }
    },
  );

  test('scroll listeners are attached once: one scroll event, one onScroll call', () => {
    const onScroll = vi.fn();
    const { container } = render(
      <StrictMode>
        <ChatList messages={makeMessages(20)} renderMessage={renderText} onScroll={onScroll} />
      </StrictMode>,
    );

    fireEvent.scroll(getScroller(container));

    expect(onScroll).toHaveBeenCalledTimes(1);
  });
});

describe('unmount', () => {
  test('resolving a pending onOlderEndReached promise after unmount causes no error or warning', async () => {
    let finish: () => void = () => {};
    const onOlderEndReached = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    const { container, unmount } = render(
      <ChatList messages={makeMessages(100)} renderMessage={renderText} onOlderEndReached={onOlderEndReached} />,
    );
    const scroller = getScroller(container);
    Object.defineProperty(scroller, 'scrollHeight', { configurable: true, value: 5000 });
    fireEvent.wheel(scroller);
    scroller.scrollTop = 2;
    fireEvent.scroll(scroller);
    expect(onOlderEndReached).toHaveBeenCalledTimes(1);

    unmount();
    await act(async () => {
      finish();
      await new Promise((resolve) => setTimeout(resolve, 20));
    });

    expect(error).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
  });

  test('a history load aborted (rejected) after unmount logs nothing', async () => {
    let abort: () => void = () => {};
    const onOlderEndReached = vi.fn(
      () =>
        new Promise<void>((_resolve, reject) => {
          abort = () => reject(new Error('aborted'));
        }),
    );
    const { container, unmount } = render(
      <ChatList messages={makeMessages(100)} renderMessage={renderText} onOlderEndReached={onOlderEndReached} />,
    );
    const scroller = getScroller(container);
    Object.defineProperty(scroller, 'scrollHeight', { configurable: true, value: 5000 });
    scroller.scrollTop = 2;
    fireEvent.scroll(scroller);
    expect(onOlderEndReached).toHaveBeenCalledTimes(1);

    unmount();
    await act(async () => {
      abort();
      await new Promise((resolve) => setTimeout(resolve, 20));
    });

    expect(error).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
  });

  test('handle commands after unmount resolve false without throwing', async () => {
    const ref = createRef<ChatListHandle<Message>>();
    const { unmount } = render(<ChatList ref={ref} messages={makeMessages(10)} renderMessage={renderText} />);
    const handle = ref.current;
    if (handle === null) throw new Error('ref not set');
    unmount();

    await expect(handle.scrollToBottom()).resolves.toBe(false);
    await expect(handle.scrollToIndex(3)).resolves.toBe(false);
    expect(() => handle.scrollToOffset(10)).not.toThrow();
    expect(error).not.toHaveBeenCalled();
  });
});

describe('holes and missing keys in messages', () => {
  test('undefined and null entries render as empty rows, with one warning for all of them, and nothing after them is lost', () => {
    const messages = [...makeMessages(3), undefined, null, undefined, ...makeMessages(5).slice(3)] as Message[];
    const { container } = render(<ChatList messages={messages} renderMessage={renderText} />);

    const rows = messageRows(container);
    expect(rows).toHaveLength(8);
    expect(rows.map((row) => row.textContent)).toEqual(['text 0', 'text 1', 'text 2', '', '', '', 'text 3', 'text 4']);
    expect(warningsMentioning(warn, 'every entry must be a message')).toHaveLength(1);
    expect(warningsMentioning(warn, 'messages[3] is undefined')).toHaveLength(1);
    expect(error).not.toHaveBeenCalled();
  });

  test('a key getter that returns no key warns once for the whole list, not once per message', () => {
    const messages = makeMessages(110);
    render(
      <ChatList messages={messages} renderMessage={renderText} getMessageKey={() => undefined as unknown as string} />,
    );

    expect(warningsMentioning(warn, 'getMessageKey returned undefined')).toHaveLength(1);
  });

  test('a hole appended while following does not reach the follow policy or onNewerMessages', () => {
    const onNewerMessages = vi.fn();
    const follow = vi.fn(() => true);
    const messages = makeMessages(3);
    const { rerender } = render(
      <ChatList messages={messages} renderMessage={renderText} follow={follow} onNewerMessages={onNewerMessages} />,
    );
    const next = [...messages, undefined, ...makeMessages(1, 100)] as Message[];
    rerender(<ChatList messages={next} renderMessage={renderText} follow={follow} onNewerMessages={onNewerMessages} />);

    expect(follow).toHaveBeenCalledWith(expect.objectContaining({ newMessages: [next[4]] }));
    expect(onNewerMessages).toHaveBeenCalledWith(expect.anything(), [next[4]]);
  });
});

describe('a list without a bounded height', () => {
  // First: warnings are once per kind for the whole module, so the one that warns comes last.
  test('does not warn for a bounded scroller with more content than fits', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const innerHeight = window.innerHeight;
    window.innerHeight = 400;
    try {
      render(<ChatList messages={makeMessages(100)} renderMessage={renderText} />);
      expect(warn.mock.calls.filter(([text]) => String(text).includes('no bounded height'))).toHaveLength(0);
    } finally {
      window.innerHeight = innerHeight;
      warn.mockRestore();
    }
  });

  test('warns once, not on every render, when the scroller grows with its content past the window', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const innerHeight = window.innerHeight;
    // A scroller exactly as tall as its 12 rows of 50 px (600 px), in a window 400 px tall: it grew with them.
    window.innerHeight = 400;
    try {
      const { rerender } = render(<ChatList messages={makeMessages(12)} renderMessage={renderText} />);
      rerender(<ChatList messages={makeMessages(12)} renderMessage={renderText} />);
      rerender(<ChatList messages={makeMessages(12)} renderMessage={renderText} />);
      const warnings = warn.mock.calls.filter(([text]) => String(text).includes('no bounded height'));
      expect(warnings).toHaveLength(1);
    } finally {
      window.innerHeight = innerHeight;
      warn.mockRestore();
    }
  });
});

describe('props that are not what the list takes', () => {
  test('a follow that is not a mode warns once, naming it and the modes, and follows as at-bottom', () => {
    const follow = 'bottom' as unknown as 'at-bottom';
    const messages = makeMessages(100);
    const handle = createRef<ChatListHandle<Message>>();
    const { rerender } = render(
      <ChatList ref={handle} messages={messages} renderMessage={renderText} follow={follow} />,
    );
    let current = messages;
    for (let batch = 0; batch < 3; batch++) {
      current = [...current, ...makeMessages(1, 1000 + batch)];
      expect(() =>
        rerender(<ChatList ref={handle} messages={current} renderMessage={renderText} follow={follow} />),
      ).not.toThrow();
    }

    const warnings = warningsMentioning(warn, 'follow="bottom"');
    expect(warnings).toHaveLength(1);
    expect(String(warnings[0]![0])).toContain("'at-bottom'");
    expect(handle.current!.isAtBottom, 'followed, as at-bottom does').toBe(true);
    expect(error).not.toHaveBeenCalled();
  });

  test('a missing renderMessage warns once, naming the prop, and renders empty rows instead of throwing', () => {
    const props = { messages: makeMessages(50) } as unknown as ChatListProps<Message>;
    let container!: HTMLElement;
    expect(() => ({ container } = render(<ChatList {...props} />))).not.toThrow();
    render(<ChatList {...props} />);

    expect(warningsMentioning(warn, 'renderMessage is missing')).toHaveLength(1);
    expect(messageRows(container).length).toBeGreaterThan(0);
    expect(error).not.toHaveBeenCalled();
  });

  test('an estimateSize that is new at every render of the parent warns once, also with renders of the list between', () => {
    const messages = makeMessages(200);
    function Parent({ tick }: { tick: number }) {
      // Inline: a new function each time the parent renders.
      return <ChatList messages={messages} renderMessage={renderText} estimateSize={() => 40 + (tick % 1)} />;
    }
    const { rerender, container } = render(<Parent tick={0} />);
    for (let tick = 1; tick <= 6; tick++) {
      rerender(<Parent tick={tick} />);
      // The list renders on its own between the parent's renders (in a browser: a measurement,
      // a scroll; here a message row that takes focus).
      act(() => messageRows(container)[tick % 2]!.focus());
    }

    expect(warningsMentioning(warn, 'estimateSize or getMessageKey is a new function')).toHaveLength(1);
  });
});

import { cleanup, fireEvent, render } from '@testing-library/react';
import { createRef, useRef } from 'react';
import { afterEach, describe, expect, expectTypeOf, test, vi } from 'vitest';
import {
  ChatList,
  followWhen,
  type ChatListFeature,
  type ChatListHandle,
  type ChatListSnapshot,
  type MessageKey,
  type VisibleRange,
} from '../index';
import { snapshots } from '../features/snapshots';
import { turns } from '../features/turns';
import { VIEWPORT_HEIGHT } from './jsdom-setup';
import { type Message, makeMessages, renderText } from './test-messages';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

function renderList(messages: Message[] = makeMessages(100), features?: readonly ChatListFeature[]) {
  const ref = createRef<ChatListHandle<Message>>();
  const result = render(<ChatList ref={ref} messages={messages} renderMessage={renderText} features={features} />);
  const handle = ref.current;
  if (handle === null) throw new Error('ref not set after mount');
  const scroller = result.container.querySelector<HTMLElement>('[data-chat-list-scroller]');
  if (scroller === null) throw new Error('no scroller');
  return { ...result, ref, handle, scroller, messages };
}

/** jsdom's scrollHeight is always 0 (content "fits"); a test that needs a scrollable list says how tall it is. */
function makeScrollable(scroller: HTMLElement, scrollHeight: number): void {
  Object.defineProperty(scroller, 'scrollHeight', { configurable: true, value: scrollHeight });
}

describe('a ref typed without the message type', () => {
  // Type-checked with the rest of the sources (`npm run typecheck`): before the fix, the message
  // type was inferred as `unknown` from the ref, so `getMessageKey` was required and
  // `message.text` did not compile.
  function Conversation({ messages }: { messages: Message[] }) {
    const listRef = useRef<ChatListHandle>(null);
    return <ChatList ref={listRef} messages={messages} renderMessage={(message) => <p>{message.text}</p>} />;
  }

  test('leaves the message type to messages, and is given the handle', () => {
    const { container } = render(<Conversation messages={makeMessages(3)} />);
    expect(container.querySelector('[data-chat-list-scroller]')?.textContent).toContain('text 2');
  });
});

describe('the handle has every member of SPEC §2.2', () => {
  test('types of the members', () => {
    type H = ChatListHandle<Message>;
    expectTypeOf<H['scrollToBottom']>().returns.toEqualTypeOf<Promise<boolean>>();
    expectTypeOf<H['scrollToTop']>().returns.toEqualTypeOf<Promise<boolean>>();
    expectTypeOf<H['scrollToIndex']>().returns.toEqualTypeOf<Promise<boolean>>();
    expectTypeOf<H['scrollToIndex']>().parameter(0).toEqualTypeOf<number>();
    expectTypeOf<H['scrollToId']>().returns.toEqualTypeOf<Promise<boolean>>();
    expectTypeOf<H['scrollToId']>().parameter(0).toEqualTypeOf<MessageKey>();
    expectTypeOf<H['scrollToOffset']>().returns.toEqualTypeOf<void>();
    expectTypeOf<H['scrollBy']>().returns.toEqualTypeOf<void>();
    expectTypeOf<H['isAtTop']>().toEqualTypeOf<boolean>();
    expectTypeOf<H['isAtBottom']>().toEqualTypeOf<boolean>();
    expectTypeOf<H['isScrolling']>().toEqualTypeOf<boolean>();
    expectTypeOf<H['scrollOffset']>().toEqualTypeOf<number>();
    expectTypeOf<H['scrollSize']>().toEqualTypeOf<number>();
    expectTypeOf<H['viewportSize']>().toEqualTypeOf<number>();
    expectTypeOf<H['getVisibleRange']>().returns.toEqualTypeOf<VisibleRange | null>();
    expectTypeOf<H['wasSeen']>().returns.toEqualTypeOf<boolean>();
    expectTypeOf<H['newestSeenId']>().toEqualTypeOf<MessageKey | undefined>();
    expectTypeOf<H['unseenCount']>().toEqualTypeOf<number>();
    expectTypeOf<H['getScrollElement']>().returns.toEqualTypeOf<HTMLElement | null>();
    expectTypeOf<H['remeasure']>().returns.toEqualTypeOf<void>();
    expectTypeOf<H['getSnapshot']>().returns.toEqualTypeOf<ChatListSnapshot | null>();
    expectTypeOf<H['currentTurnId']>().toEqualTypeOf<MessageKey | undefined>();
    expectTypeOf<H['scrollToTurn']>().returns.toEqualTypeOf<Promise<boolean>>();
    expectTypeOf<H['scrollToTurn']>().parameter(0).toEqualTypeOf<'previous' | 'next' | MessageKey>();
  });

  test('at runtime every method is a function and every getter has a value of the right type', () => {
    const { handle } = renderList();

    for (const method of [
      'scrollToBottom',
      'scrollToTop',
      'scrollToIndex',
      'scrollToId',
      'scrollToOffset',
      'scrollBy',
      'getVisibleRange',
      'wasSeen',
      'getScrollElement',
      'remeasure',
      'getSnapshot',
      'scrollToTurn',
    ] as const) {
      expect(typeof handle[method], method).toBe('function');
    }
    for (const flag of ['isAtTop', 'isAtBottom', 'isScrolling'] as const) {
      expect(typeof handle[flag], flag).toBe('boolean');
    }
    for (const size of ['scrollOffset', 'scrollSize', 'viewportSize', 'unseenCount'] as const) {
      expect(typeof handle[size], size).toBe('number');
    }
    expect(['string', 'number']).toContain(typeof handle.newestSeenId);
  });

  test('the handle is the same object across re-renders', () => {
    const ref = createRef<ChatListHandle<Message>>();
    const { rerender } = render(<ChatList ref={ref} messages={makeMessages(3)} renderMessage={renderText} />);
    const first = ref.current;
    rerender(<ChatList ref={ref} messages={makeMessages(5)} renderMessage={renderText} />);

    expect(first).not.toBeNull();
    expect(ref.current).toBe(first);
  });
});

describe('scroll commands', () => {
  test('scrollToBottom, scrollToTop, scrollToIndex and scrollToId return promises that resolve to booleans', async () => {
    // Content that fits the viewport is at both edges: every command lands.
    const { handle } = renderList(makeMessages(3));

    const commands = [
      () => handle.scrollToBottom(),
      () => handle.scrollToTop({ behavior: 'auto' }),
      () => handle.scrollToIndex(1, { align: 'center' }),
      () => handle.scrollToId('m2', { align: 'end', behavior: 'auto' }),
    ];
    for (const command of commands) {
      const result = command();
      expect(result).toBeInstanceOf(Promise);
      await expect(result).resolves.toBe(true);
    }
  });

  test('scrollToOffset and scrollBy call through to the scroller', () => {
    const { handle, scroller } = renderList();
    makeScrollable(scroller, 5000);
    const scrollTo = vi.spyOn(scroller, 'scrollTo');

    handle.scrollToOffset(300);
    expect(scrollTo).toHaveBeenLastCalledWith(expect.objectContaining({ top: 300 }));
    expect(scroller.scrollTop).toBe(300);

    handle.scrollBy(-120);
    expect(scrollTo).toHaveBeenLastCalledWith(expect.objectContaining({ top: 180 }));
    expect(scroller.scrollTop).toBe(180);
  });

  test('a raw scrollToOffset takes over from a pending scrollToBottom, which resolves false', async () => {
    const { handle, scroller } = renderList();
    makeScrollable(scroller, 5000);

    const toBottom = handle.scrollToBottom();
    handle.scrollToOffset(100);

    await expect(toBottom).resolves.toBe(false);
  });

  test('a wheel on the scroller (the reader taking over) makes a pending scrollToBottom resolve false', async () => {
    const { handle, scroller } = renderList();
    makeScrollable(scroller, 5000);

    const toBottom = handle.scrollToBottom();
    fireEvent.wheel(scroller, { deltaY: -100 });

    await expect(toBottom).resolves.toBe(false);
  });

  test('unmounting resolves a pending scroll command with false', async () => {
    const { handle, scroller, unmount } = renderList();
    makeScrollable(scroller, 5000);

    const toIndex = handle.scrollToIndex(50, { align: 'start' });
    unmount();

    await expect(toIndex).resolves.toBe(false);
  });

  test('scrollToIndex with an out-of-range index resolves false and warns once', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { handle } = renderList(makeMessages(10));

    await expect(handle.scrollToIndex(10)).resolves.toBe(false);
    await expect(handle.scrollToIndex(10)).resolves.toBe(false);

    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toMatch(/scrollToIndex.*\b10\b/);

    await expect(handle.scrollToIndex(-1)).resolves.toBe(false);
    await expect(handle.scrollToIndex(2.5)).resolves.toBe(false);
    expect(warn).toHaveBeenCalledTimes(3);
  });

  test('scrollToId with an unknown id resolves false and warns once, naming the id', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { handle } = renderList(makeMessages(10));

    await expect(handle.scrollToId('no-such-id')).resolves.toBe(false);
    await expect(handle.scrollToId('no-such-id')).resolves.toBe(false);

    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain('no-such-id');
  });
});

describe("getSnapshot and initialSnapshot (wiring; the geometry is the browser suite's)", () => {
  const features = [snapshots];
  const snapshotAt = (id: string): ChatListSnapshot => ({
    row: { id, offset: 0 },
    isAtBottom: false,
    newestSeenId: id,
    sizes: [],
  });

  // First in the file: the warning is said once per kind.
  test('getSnapshot and initialSnapshot without snapshots in features say once how to add them; getSnapshot is null', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const { handle } = renderList(makeMessages(20));
    expect(handle.getSnapshot()).toBeNull();
    expect(handle.getSnapshot()).toBeNull();
    render(<ChatList messages={makeMessages(20)} initialSnapshot={snapshotAt('m3')} renderMessage={renderText} />);
    const advice = warn.mock.calls.map(([text]) => String(text)).filter((text) => text.includes('snapshots'));
    expect(advice).toEqual([expect.stringContaining("import { snapshots } from '@chat-list/react/snapshots'")]);
  });

  test('getSnapshot is null without messages and after unmount', () => {
    expect(renderList([], features).handle.getSnapshot()).toBeNull();
    cleanup();
    const { handle, unmount } = renderList(makeMessages(100), features);
    unmount();
    expect(handle.getSnapshot()).toBeNull();
  });

  test('getSnapshot with snapshots records the reader’s row, the edges and the rows measured', () => {
    const { handle } = renderList(makeMessages(3), features);
    // jsdom lays the rows out from the top, 50 px each: the list fits, so it is at the bottom.
    expect(handle.getSnapshot()).toEqual({
      row: { id: 'm0', offset: 0 },
      isAtBottom: true,
      newestSeenId: 'm2',
      sizes: [
        ['m0', 50],
        ['m1', 50],
        ['m2', 50],
      ],
    });
  });

  test('a reopening at a snapshot restores what the reader had seen, and its heights stand in for estimates', () => {
    const estimateSize = vi.fn(() => 80);
    const ref = createRef<ChatListHandle<Message>>();
    const snapshot = { ...snapshotAt('m60'), sizes: [['m70', 123]] as Array<[MessageKey, number]> };
    render(
      <ChatList
        ref={ref}
        messages={makeMessages(100)}
        initialSnapshot={snapshot}
        estimateSize={estimateSize}
        renderMessage={renderText}
        features={features}
      />,
    );
    expect(ref.current!.newestSeenId).toBe('m60');
    // m70's height came from the snapshot: its estimate was never asked.
    expect(estimateSize.mock.calls.some((call) => (call as unknown[])[1] === 70)).toBe(false);
    expect(estimateSize.mock.calls.some((call) => (call as unknown[])[1] === 69)).toBe(true);
  });

  test('a snapshot whose row is not among the messages opens as without one, warning once', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const snapshot = snapshotAt('gone');
    const list = (messages: Message[]) => (
      <ChatList messages={messages} initialSnapshot={snapshot} renderMessage={renderText} features={features} />
    );
    const { rerender } = render(list(makeMessages(20)));
    rerender(list(makeMessages(30, 1000)));
    expect(warn).toHaveBeenCalledTimes(1);
    expect(String(warn.mock.calls[0]?.[0])).toContain('initialSnapshot: no message has the key "gone"');
  });
});

describe("turns (wiring; the geometry is the browser suite's)", () => {
  const isPrompt = (message: Message) => Number(message.id.slice(1)) % 4 === 0;
  const features = [turns];

  test('without isTurnStart there is no current turn and scrollToTurn resolves false at once', async () => {
    const { handle } = renderList();
    expect(handle.currentTurnId).toBeUndefined();
    await expect(handle.scrollToTurn('previous')).resolves.toBe(false);
    await expect(handle.scrollToTurn('m4')).resolves.toBe(false);
  });

  test('isTurnStart without turns in features says once how to add them, and finds no turn', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const ref = createRef<ChatListHandle<Message>>();
    const list = (count: number) => (
      <ChatList ref={ref} messages={makeMessages(count)} renderMessage={renderText} isTurnStart={isPrompt} />
    );
    const { rerender } = render(list(3));
    rerender(list(4));
    expect(ref.current!.currentTurnId).toBeUndefined();
    await expect(ref.current!.scrollToTurn('previous')).resolves.toBe(false);
    const advice = warn.mock.calls.map(([text]) => String(text)).filter((text) => text.includes('isTurnStart'));
    expect(advice).toEqual([expect.stringContaining("import { turns } from '@chat-list/react/turns'")]);
  });

  test('the turn at the top of a list that fits is its last turn start at or above the reading line', () => {
    const onCurrentTurnChange = vi.fn();
    const ref = createRef<ChatListHandle<Message>>();
    render(
      <ChatList
        ref={ref}
        messages={makeMessages(3)}
        renderMessage={renderText}
        features={features}
        isTurnStart={isPrompt}
        onCurrentTurnChange={onCurrentTurnChange}
      />,
    );
    // jsdom lays nothing out: every row starts at 0, so the row at the line is the first, m0, a prompt.
    expect(ref.current!.currentTurnId).toBe('m0');
    expect(onCurrentTurnChange).toHaveBeenLastCalledWith('m0');
  });

  test('isTurnStart given, changed or taken away after mount reports the turn at once, without a scroll', () => {
    const onCurrentTurnChange = vi.fn();
    const ref = createRef<ChatListHandle<Message>>();
    const list = (isTurnStart?: (message: Message) => boolean) => (
      <ChatList
        ref={ref}
        messages={makeMessages(3)}
        renderMessage={renderText}
        features={features}
        isTurnStart={isTurnStart}
        onCurrentTurnChange={onCurrentTurnChange}
      />
    );
    const { rerender } = render(list());
    expect(ref.current!.currentTurnId).toBeUndefined();
    rerender(list(isPrompt));
    expect(ref.current!.currentTurnId).toBe('m0');
    rerender(list(() => false));
    expect(ref.current!.currentTurnId).toBeUndefined();
    rerender(list());
    expect(onCurrentTurnChange.mock.calls).toEqual([['m0'], [undefined]]);
  });

  test('an unknown turn id resolves false; a negative turnPeek warns once and counts as 0', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const ref = createRef<ChatListHandle<Message>>();
    const list = (count: number) => (
      <ChatList
        ref={ref}
        messages={makeMessages(count)}
        renderMessage={renderText}
        features={features}
        isTurnStart={isPrompt}
        turnPeek={-5}
      />
    );
    const { rerender } = render(list(8));
    rerender(list(9));
    await expect(ref.current!.scrollToTurn('nope')).resolves.toBe(false);
    const peekWarnings = warn.mock.calls.filter((args) => String(args[0]).includes('turnPeek'));
    expect(peekWarnings).toHaveLength(1);
  });
});

describe('state getters', () => {
  test('remeasure after unmount does nothing and throws nothing', () => {
    const { handle, unmount } = renderList();
    unmount();
    expect(() => handle.remeasure()).not.toThrow();
  });

  test('getScrollElement returns the scroller element', () => {
    const { handle, scroller } = renderList();
    expect(handle.getScrollElement()).toBe(scroller);
  });

  test('scrollOffset, scrollSize and viewportSize read the scroller', () => {
    const { handle, scroller } = renderList();
    makeScrollable(scroller, 4321);
    scroller.scrollTop = 123;

    expect(handle.scrollOffset).toBe(123);
    expect(handle.scrollSize).toBe(4321);
    expect(handle.viewportSize).toBe(VIEWPORT_HEIGHT);
  });

  test('isAtTop / isAtBottom follow the scroller position', () => {
    const { handle, scroller } = renderList();
    makeScrollable(scroller, 5000);

    scroller.scrollTop = 0;
    expect([handle.isAtTop, handle.isAtBottom]).toEqual([true, false]);
    scroller.scrollTop = 2000;
    expect([handle.isAtTop, handle.isAtBottom]).toEqual([false, false]);
    scroller.scrollTop = 5000 - VIEWPORT_HEIGHT;
    expect([handle.isAtTop, handle.isAtBottom]).toEqual([false, true]);
  });

  test('isScrolling is false at rest and true after a scroll event', () => {
    const { handle, scroller } = renderList();
    expect(handle.isScrolling).toBe(false);

    fireEvent.scroll(scroller);
    expect(handle.isScrolling).toBe(true);
  });

  test('getVisibleRange returns the first and last visible message with their ids', () => {
    const { handle, messages } = renderList();

    const range = handle.getVisibleRange();
    expect(range).not.toBeNull();
    if (range === null) return;
    expect(range.firstIndex).toBe(0);
    expect(range.lastIndex).toBeGreaterThanOrEqual(range.firstIndex);
    expect(range.lastIndex).toBeLessThan(messages.length);
    expect(range.firstId).toBe(messages[range.firstIndex]?.id);
    expect(range.lastId).toBe(messages[range.lastIndex]?.id);
  });

  test('wasSeen, newestSeenId and unseenCount are consistent with the messages in view', () => {
    const { handle, messages } = renderList();

    expect(handle.wasSeen('m0')).toBe(true);
    expect(handle.wasSeen('m99')).toBe(false);
    expect(handle.wasSeen('not-a-message')).toBe(false);
    const newest = handle.newestSeenId;
    expect(newest).toBeDefined();
    const newestIndex = messages.findIndex((m) => m.id === newest);
    expect(newestIndex).toBeGreaterThanOrEqual(0);
    expect(handle.wasSeen(newest as MessageKey)).toBe(true);
    expect(handle.unseenCount).toBe(messages.length - 1 - newestIndex);
  });
});

describe('types a new user writes (issue #14)', () => {
  test('followWhen<Message> types the handle from the message type alone', () => {
    const policy = followWhen<Message>(({ handle, newMessages }) => handle.isAtBottom || newMessages.length > 1);
    expectTypeOf<Parameters<typeof policy>[0]['handle']>().toEqualTypeOf<ChatListHandle<Message>>();
    expectTypeOf<Parameters<typeof policy>[0]['newMessages']>().toEqualTypeOf<readonly Message[]>();
    render(<ChatList messages={makeMessages(3)} renderMessage={renderText} follow={policy} />);
  });

  test('a ref typed ChatListHandle without the message type works with any list', () => {
    const ref = createRef<ChatListHandle>();
    render(<ChatList ref={ref} messages={makeMessages(3)} renderMessage={renderText} />);
    expect(ref.current?.getScrollElement()).not.toBeNull();
  });

  test('the handle has no phantom members for autocomplete to show', () => {
    const { handle } = renderList();
    const members = [...Object.keys(handle), ...Object.keys(Object.getOwnPropertyDescriptors(handle))];
    expect(members.filter((name) => name.startsWith('_'))).toEqual([]);
    expectTypeOf<Extract<keyof ChatListHandle, `_${string}`>>().toEqualTypeOf<never>();
  });
});

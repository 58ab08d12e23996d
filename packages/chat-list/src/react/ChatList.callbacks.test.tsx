import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { createRef } from 'react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { readReceipts } from '../features/read-receipts';
import { ChatList, type ChatListHandle, type ChatListProps, type FollowContext } from '../index';
import { VIEWPORT_HEIGHT } from './jsdom-setup';
import { type Message, makeMessages, renderText } from './test-messages';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

type Props = Omit<ChatListProps<Message>, 'renderMessage'>;

/** Renders a ChatList; `update` re-renders it with new props (the same ref and renderMessage). */
function renderList(props: Props) {
  const ref = createRef<ChatListHandle<Message>>();
  const result = render(<ChatList ref={ref} renderMessage={renderText} {...props} />);
  const scroller = result.container.querySelector<HTMLElement>('[data-chat-list-scroller]');
  if (scroller === null || ref.current === null) throw new Error('ChatList did not mount');
  const update = (next: Props) => result.rerender(<ChatList ref={ref} renderMessage={renderText} {...next} />);
  return { ...result, ref, handle: ref.current, scroller, update };
}

/** jsdom has no layout; give the scroller the scroll geometry a browser would report. */
function setScrollGeometry(scroller: HTMLElement, geometry: { scrollHeight?: number; scrollTop?: number }): void {
  if (geometry.scrollHeight !== undefined) {
    Object.defineProperty(scroller, 'scrollHeight', { configurable: true, value: geometry.scrollHeight });
  }
  if (geometry.scrollTop !== undefined) scroller.scrollTop = geometry.scrollTop;
}

/** The reader scrolls: moves scrollTop and fires the scroll event a browser would. */
function scrollTo(scroller: HTMLElement, scrollTop: number): void {
  scroller.scrollTop = scrollTop;
  fireEvent.scroll(scroller);
}

/** The reader takes the wheel: cancels the opening scroll to the bottom, then scrolls. */
function readerScrollsTo(scroller: HTMLElement, scrollTop: number): void {
  fireEvent.wheel(scroller, { deltaY: scrollTop - scroller.scrollTop });
  scrollTo(scroller, scrollTop);
}

describe('onNewerMessages / onOlderMessages', () => {
  test('onNewerMessages(handle, batch) is called once with exactly the appended messages', () => {
    const onNewerMessages = vi.fn();
    const onOlderMessages = vi.fn();
    const initial = makeMessages(10);
    const { ref, update } = renderList({ messages: initial, onNewerMessages, onOlderMessages });
    onNewerMessages.mockClear();

    const appended = makeMessages(3, 10);
    update({ messages: [...initial, ...appended], onNewerMessages, onOlderMessages });

    expect(onNewerMessages).toHaveBeenCalledTimes(1);
    const [handle, batch] = onNewerMessages.mock.calls[0] ?? [];
    expect(handle).toBe(ref.current);
    expect(batch).toEqual(appended);
    expect((batch as Message[]).every((message, i) => message === appended[i])).toBe(true);
    expect(onOlderMessages).not.toHaveBeenCalled();
  });

  test('onOlderMessages(handle, batch) is called once with exactly the prepended messages', () => {
    const onNewerMessages = vi.fn();
    const onOlderMessages = vi.fn();
    const initial = makeMessages(10, 100);
    const { ref, update } = renderList({ messages: initial, onNewerMessages, onOlderMessages });
    onNewerMessages.mockClear();

    const prepended = makeMessages(4, 96);
    update({ messages: [...prepended, ...initial], onNewerMessages, onOlderMessages });

    expect(onOlderMessages).toHaveBeenCalledTimes(1);
    const [handle, batch] = onOlderMessages.mock.calls[0] ?? [];
    expect(handle).toBe(ref.current);
    expect(batch).toEqual(prepended);
    expect((batch as Message[]).every((message, i) => message === prepended[i])).toBe(true);
    expect(onNewerMessages).not.toHaveBeenCalled();
  });

  test('a prepend and an append in one update report each batch to its own callback', () => {
    const onNewerMessages = vi.fn();
    const onOlderMessages = vi.fn();
    const initial = makeMessages(5, 50);
    const { update } = renderList({ messages: initial, onNewerMessages, onOlderMessages });
    onNewerMessages.mockClear();

    const older = makeMessages(2, 48);
    const newer = makeMessages(3, 55);
    update({ messages: [...older, ...initial, ...newer], onNewerMessages, onOlderMessages });

    expect(onOlderMessages).toHaveBeenCalledTimes(1);
    expect(onOlderMessages.mock.calls[0]?.[1]).toEqual(older);
    expect(onNewerMessages).toHaveBeenCalledTimes(1);
    expect(onNewerMessages.mock.calls[0]?.[1]).toEqual(newer);
  });

  test('a history load (prefix shown, then removed with the prepend) reports the prepend once, and the prefix never', () => {
    const onNewerMessages = vi.fn();
    const onOlderMessages = vi.fn();
    const initial = makeMessages(10, 100);
    const { update } = renderList({ messages: initial, onNewerMessages, onOlderMessages });
    onNewerMessages.mockClear();

    update({ messages: initial, prefix: 'Loading...', onNewerMessages, onOlderMessages });
    expect(onOlderMessages).not.toHaveBeenCalled();

    const prepended = makeMessages(10, 90);
    update({ messages: [...prepended, ...initial], prefix: null, onNewerMessages, onOlderMessages });
    expect(onOlderMessages).toHaveBeenCalledTimes(1);
    expect(onOlderMessages.mock.calls[0]?.[1]).toEqual(prepended);
    expect(onNewerMessages).not.toHaveBeenCalled();
  });

  test.each([
    {
      change: 'an edit of a middle message (same keys)',
      edit: (messages: Message[]) => messages.map((m, i) => (i === 5 ? { ...m, text: 'edited' } : m)),
    },
    {
      change: 'an insert in the middle',
      edit: (messages: Message[]) => [...messages.slice(0, 5), { id: 'inserted', text: 'new' }, ...messages.slice(5)],
    },
    {
      change: 'a removal in the middle',
      edit: (messages: Message[]) => messages.filter((_, i) => i !== 5),
    },
    { change: 'a copy of the same messages', edit: (messages: Message[]) => [...messages] },
  ])('neither fires for $change', ({ edit }) => {
    const onNewerMessages = vi.fn();
    const onOlderMessages = vi.fn();
    const initial = makeMessages(10);
    const { update, container } = renderList({ messages: initial, onNewerMessages, onOlderMessages });
    onNewerMessages.mockClear();

    const next = edit(initial);
    update({ messages: next, onNewerMessages, onOlderMessages });

    expect(onNewerMessages).not.toHaveBeenCalled();
    expect(onOlderMessages).not.toHaveBeenCalled();
    // The change itself was rendered.
    expect(container.querySelectorAll('[data-index]')).toHaveLength(next.length);
  });

  test('the latest callback prop is the one called', () => {
    const first = vi.fn();
    const second = vi.fn();
    const initial = makeMessages(3);
    const { update } = renderList({ messages: initial, onNewerMessages: first });
    first.mockClear();

    update({ messages: [...initial, ...makeMessages(1, 3)], onNewerMessages: second });

    expect(first).not.toHaveBeenCalled();
    expect(second).toHaveBeenCalledTimes(1);
  });
});

describe('scroll callbacks', () => {
  test('onScroll(offset) fires on a scroll event with the scroller scrollTop', () => {
    const onScroll = vi.fn();
    const { scroller } = renderList({ messages: makeMessages(100), onScroll });
    setScrollGeometry(scroller, { scrollHeight: 5000 });

    scrollTo(scroller, 1234);
    expect(onScroll).toHaveBeenLastCalledWith(1234);
    scrollTo(scroller, 56);
    expect(onScroll).toHaveBeenLastCalledWith(56);
    expect(onScroll).toHaveBeenCalledTimes(2);
  });

  test('onScrollEnd fires once, 150 ms after the last scroll event', () => {
    const onScrollEnd = vi.fn();
    const { scroller, handle } = renderList({ messages: makeMessages(100), onScrollEnd });
    setScrollGeometry(scroller, { scrollHeight: 5000 });
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });

    scrollTo(scroller, 100);
    act(() => void vi.advanceTimersByTime(100));
    scrollTo(scroller, 200);
    act(() => void vi.advanceTimersByTime(149));
    expect(onScrollEnd).not.toHaveBeenCalled();
    expect(handle.isScrolling).toBe(true);

    act(() => void vi.advanceTimersByTime(1));
    expect(onScrollEnd).toHaveBeenCalledTimes(1);
    expect(handle.isScrolling).toBe(false);

    act(() => void vi.advanceTimersByTime(1000));
    expect(onScrollEnd).toHaveBeenCalledTimes(1);
  });

  test('onAtTopChange / onAtBottomChange fire when the edge state changes, and only then', () => {
    const onAtTopChange = vi.fn();
    const onAtBottomChange = vi.fn();
    const { scroller } = renderList({ messages: makeMessages(100), onAtTopChange, onAtBottomChange });
    // jsdom reports scrollHeight 0: the content "fits", so both edges are true and nothing changed yet.
    expect(onAtTopChange).not.toHaveBeenCalled();
    expect(onAtBottomChange).not.toHaveBeenCalled();

    const bottom = 5000 - VIEWPORT_HEIGHT;
    setScrollGeometry(scroller, { scrollHeight: 5000 });
    readerScrollsTo(scroller, 0); // at top, no longer at bottom
    expect(onAtTopChange).not.toHaveBeenCalled();
    expect(onAtBottomChange.mock.calls).toEqual([[false]]);

    scrollTo(scroller, 2000); // in the middle
    expect(onAtTopChange.mock.calls).toEqual([[false]]);
    scrollTo(scroller, 2500); // still in the middle: nothing changes
    expect(onAtTopChange).toHaveBeenCalledTimes(1);
    expect(onAtBottomChange).toHaveBeenCalledTimes(1);

    scrollTo(scroller, bottom - 1); // within 1.5 px counts as at the bottom
    expect(onAtBottomChange.mock.calls).toEqual([[false], [true]]);

    scrollTo(scroller, 0);
    expect(onAtTopChange.mock.calls).toEqual([[false], [true]]);
    expect(onAtBottomChange.mock.calls).toEqual([[false], [true], [false]]);
  });

  test('onUnseenCountChange reports the unseen count after newer messages arrive out of view', () => {
    const onUnseenCountChange = vi.fn();
    const initial = makeMessages(100);
    const { handle, scroller, update } = renderList({ messages: initial, onUnseenCountChange, follow: 'never' });
    // Seen tracking updates on scroll events; one brings it in step with the measured rows.
    fireEvent.scroll(scroller);
    const before = handle.unseenCount;
    expect(before).toBeGreaterThan(0);

    update({ messages: [...initial, ...makeMessages(3, 100)], onUnseenCountChange, follow: 'never' });

    expect(handle.unseenCount).toBe(before + 3);
    expect(onUnseenCountChange).toHaveBeenLastCalledWith(before + 3);
  });
});

describe('follow policy wiring', () => {
  test('a FollowPolicy function gets { wasAtBottom, newMessages, handle } with exactly the appended messages', () => {
    const follow = vi.fn((_context: FollowContext<Message>) => false);
    const initial = makeMessages(10);
    const { ref, update } = renderList({ messages: initial, follow });
    follow.mockClear();

    const appended = makeMessages(2, 10);
    update({ messages: [...initial, ...appended], follow });

    expect(follow).toHaveBeenCalledTimes(1);
    const context = follow.mock.calls[0]?.[0];
    expect(context?.handle).toBe(ref.current);
    expect(context?.newMessages).toEqual(appended);
    // Content that fits the viewport is at the bottom.
    expect(context?.wasAtBottom).toBe(true);
  });

  test('wasAtBottom is false when the reader had scrolled up', () => {
    const follow = vi.fn((_context: FollowContext<Message>) => false);
    const initial = makeMessages(100);
    const { scroller, update } = renderList({ messages: initial, follow });
    setScrollGeometry(scroller, { scrollHeight: 5000 });
    readerScrollsTo(scroller, 1000);

    update({ messages: [...initial, ...makeMessages(1, 100)], follow });

    expect(follow).toHaveBeenCalledTimes(1);
    expect(follow.mock.calls[0]?.[0].wasAtBottom).toBe(false);
  });

  test('the policy is not called for prepends', () => {
    const follow = vi.fn(() => true);
    const initial = makeMessages(10, 10);
    const { update } = renderList({ messages: initial, follow });
    follow.mockClear();

    update({ messages: [...makeMessages(5, 5), ...initial], follow });

    expect(follow).not.toHaveBeenCalled();
  });

  test('the policy answer decides whether the list scrolls: false stays, true scrolls to the bottom', () => {
    let answer = false;
    const follow = vi.fn(() => answer);
    const initial = makeMessages(100);
    const { scroller, update } = renderList({ messages: initial, follow });
    setScrollGeometry(scroller, { scrollHeight: 5000 });
    readerScrollsTo(scroller, 1000);
    const scrollToSpy = vi.spyOn(scroller, 'scrollTo');

    update({ messages: [...initial, ...makeMessages(1, 100)], follow });
    expect(follow).toHaveBeenCalledTimes(1);
    expect(scrollToSpy).not.toHaveBeenCalled();
    expect(scroller.scrollTop).toBe(1000);

    answer = true;
    update({ messages: [...initial, ...makeMessages(2, 100)], follow });
    expect(follow).toHaveBeenCalledTimes(2);
    expect(scrollToSpy).toHaveBeenCalled();
    expect(scroller.scrollTop).toBe(5000 - VIEWPORT_HEIGHT);
  });
});

describe('named follow modes', () => {
  interface RoleMessage {
    id: string;
    role: 'user' | 'assistant';
  }
  const makeRoleMessages = (count: number, from: number, role: RoleMessage['role']): RoleMessage[] =>
    Array.from({ length: count }, (_, i) => ({ id: `r${from + i}`, role }));

  /** Appends one message while the reader is `where`; tells whether the list issued a scroll. */
  function appendAndWatch(
    props: Omit<ChatListProps<RoleMessage>, 'messages' | 'renderMessage'>,
    where: 'scrolled-up' | 'at-bottom',
    role: RoleMessage['role'],
  ): { scrolled: boolean; calls: unknown[][] } {
    const initial = makeRoleMessages(100, 0, 'user');
    const view = (messages: RoleMessage[]) => (
      <ChatList messages={messages} renderMessage={(m) => <p>{m.id}</p>} {...props} />
    );
    const { container, rerender } = render(view(initial));
    const scroller = container.querySelector<HTMLElement>('[data-chat-list-scroller]');
    if (scroller === null) throw new Error('no scroller');
    setScrollGeometry(scroller, { scrollHeight: 5000 });
    readerScrollsTo(scroller, where === 'at-bottom' ? 5000 - VIEWPORT_HEIGHT : 1000);
    const spy = vi.spyOn(scroller, 'scrollTo');

    rerender(view([...initial, ...makeRoleMessages(1, 100, role)]));

    return { scrolled: spy.mock.calls.length > 0, calls: spy.mock.calls };
  }

  test.each([
    { follow: 'always', where: 'scrolled-up', role: 'user', scrolls: true },
    { follow: 'always', where: 'at-bottom', role: 'user', scrolls: true },
    { follow: 'never', where: 'scrolled-up', role: 'assistant', scrolls: false },
    { follow: 'never', where: 'at-bottom', role: 'assistant', scrolls: false },
    { follow: 'at-bottom', where: 'scrolled-up', role: 'assistant', scrolls: false },
    { follow: 'at-bottom', where: 'at-bottom', role: 'user', scrolls: true },
    { follow: 'only-received', where: 'scrolled-up', role: 'assistant', scrolls: true },
    { follow: 'only-received', where: 'at-bottom', role: 'user', scrolls: true },
  ] as const)(
    "follow='$follow', reader $where, new $role message: scrolls to the bottom = $scrolls",
    ({ follow, where, role, scrolls }) => {
      expect(appendAndWatch({ follow }, where, role).scrolled).toBe(scrolls);
    },
  );

  test.each([
    { follow: 'at-bottom', followSentMessages: undefined, scrolls: true },
    { follow: 'only-received', followSentMessages: undefined, scrolls: true },
    { follow: 'never', followSentMessages: undefined, scrolls: false },
    { follow: 'at-bottom', followSentMessages: false, scrolls: false },
    { follow: 'only-received', followSentMessages: false, scrolls: false },
  ] as const)(
    "a message the reader sends while scrolled up, follow='$follow', followSentMessages=$followSentMessages: scrolls = $scrolls",
    ({ follow, followSentMessages, scrolls }) => {
      expect(appendAndWatch({ follow, followSentMessages }, 'scrolled-up', 'user').scrolled).toBe(scrolls);
    },
  );

  test("follow='only-received' uses the isReceived prop", () => {
    const isReceived = vi.fn((m: RoleMessage) => m.role === 'user');
    const { scrolled } = appendAndWatch({ follow: 'only-received', isReceived }, 'scrolled-up', 'user');

    expect(isReceived).toHaveBeenCalled();
    expect(scrolled).toBe(true);
  });

  test("a policy answering 'smooth' scrolls with behavior 'smooth'", () => {
    const { calls } = appendAndWatch({ follow: () => 'smooth' }, 'scrolled-up', 'user');

    expect(calls).toContainEqual([expect.objectContaining({ behavior: 'smooth' })]);
  });

  test("a policy answering 'smooth' jumps instead when the reader prefers reduced motion", () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query === '(prefers-reduced-motion: reduce)' }));
    try {
      const { calls } = appendAndWatch({ follow: () => 'smooth' }, 'scrolled-up', 'user');
      expect(calls.length).toBeGreaterThan(0);
      expect(calls).not.toContainEqual([expect.objectContaining({ behavior: 'smooth' })]);
    } finally {
      vi.unstubAllGlobals();
    }
  });
});

describe('onOlderEndReached', () => {
  test('is called with the handle when a scroll puts the offset within olderEndOffset of the top', () => {
    const onOlderEndReached = vi.fn();
    const { scroller, ref } = renderList({ messages: makeMessages(100), olderEndOffset: 100, onOlderEndReached });
    setScrollGeometry(scroller, { scrollHeight: 5000 });

    readerScrollsTo(scroller, 2000);
    scrollTo(scroller, 150);
    expect(onOlderEndReached).not.toHaveBeenCalled();

    scrollTo(scroller, 80);
    expect(onOlderEndReached).toHaveBeenCalledTimes(1);
    expect(onOlderEndReached).toHaveBeenCalledWith(ref.current);
  });

  test('is not called again while its promise is pending', async () => {
    let finish: () => void = () => {};
    const onOlderEndReached = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    const { scroller } = renderList({ messages: makeMessages(100), onOlderEndReached });
    setScrollGeometry(scroller, { scrollHeight: 5000 });

    readerScrollsTo(scroller, 5);
    expect(onOlderEndReached).toHaveBeenCalledTimes(1);
    scrollTo(scroller, 2);
    scrollTo(scroller, 500); // out of the zone…
    scrollTo(scroller, 0); // …and back, still pending
    expect(onOlderEndReached).toHaveBeenCalledTimes(1);

    await act(async () => finish());
    scrollTo(scroller, 500);
    scrollTo(scroller, 3);
    expect(onOlderEndReached).toHaveBeenCalledTimes(2);
  });

  test('is not called again after its promise settles while nothing changed (no loop)', async () => {
    const onOlderEndReached = vi.fn(() => Promise.resolve());
    const { scroller } = renderList({ messages: makeMessages(100), onOlderEndReached });
    setScrollGeometry(scroller, { scrollHeight: 5000 });

    readerScrollsTo(scroller, 4);
    await act(async () => {});
    scrollTo(scroller, 3);
    scrollTo(scroller, 0);
    await act(async () => {});

    expect(onOlderEndReached).toHaveBeenCalledTimes(1);
  });

  test('is not called when the list is not scrollable', () => {
    const onOlderEndReached = vi.fn();
    const { scroller } = renderList({ messages: makeMessages(5), olderEndOffset: 100, onOlderEndReached });

    // jsdom's scrollHeight 0: content shorter than the viewport.
    scrollTo(scroller, 0);
    // Content exactly as tall as the viewport.
    setScrollGeometry(scroller, { scrollHeight: VIEWPORT_HEIGHT });
    scrollTo(scroller, 0);

    expect(onOlderEndReached).not.toHaveBeenCalled();
  });

  test('is not called at the bottom, even within olderEndOffset of the top', () => {
    const onOlderEndReached = vi.fn();
    const { scroller } = renderList({ messages: makeMessages(5), olderEndOffset: 100, onOlderEndReached });
    setScrollGeometry(scroller, { scrollHeight: VIEWPORT_HEIGHT + 50 });

    scrollTo(scroller, 50); // at the bottom, 50 px from the top

    expect(onOlderEndReached).not.toHaveBeenCalled();
  });

  test('is never called while hasOlder is false, and is once it is true again', () => {
    const onOlderEndReached = vi.fn();
    const messages = makeMessages(100);
    const { scroller, update } = renderList({ messages, hasOlder: false, onOlderEndReached });
    setScrollGeometry(scroller, { scrollHeight: 5000 });

    readerScrollsTo(scroller, 2000);
    scrollTo(scroller, 0);
    expect(onOlderEndReached).not.toHaveBeenCalled();

    update({ messages, hasOlder: true, onOlderEndReached });
    scrollTo(scroller, 1);
    expect(onOlderEndReached).toHaveBeenCalledTimes(1);
  });
});

describe('the former names onHistoryEndReached and historyEndOffset', () => {
  test('still ask for older messages at their offset, and warn once that they were renamed', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const onHistoryEndReached = vi.fn();
    const messages = makeMessages(100);
    const { scroller, update } = renderList({ messages, historyEndOffset: 300, onHistoryEndReached });
    update({ messages: [...messages], historyEndOffset: 300, onHistoryEndReached });
    setScrollGeometry(scroller, { scrollHeight: 5000 });

    readerScrollsTo(scroller, 2000);
    scrollTo(scroller, 250); // within the former offset of 300, beyond the default 10
    expect(onHistoryEndReached).toHaveBeenCalledTimes(1);

    const renames = warn.mock.calls.map(([text]) => String(text)).filter((text) => text.includes('is now called'));
    expect(renames).toEqual([
      expect.stringContaining('onHistoryEndReached is now called onOlderEndReached'),
      expect.stringContaining('historyEndOffset is now called olderEndOffset'),
    ]);
  });

  test('give way to the new names when both are given', () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const onHistoryEndReached = vi.fn();
    const onOlderEndReached = vi.fn();
    const { scroller } = renderList({
      messages: makeMessages(100),
      historyEndOffset: 300,
      olderEndOffset: 100,
      onHistoryEndReached,
      onOlderEndReached,
    });
    setScrollGeometry(scroller, { scrollHeight: 5000 });

    readerScrollsTo(scroller, 2000);
    scrollTo(scroller, 250);
    expect(onOlderEndReached).not.toHaveBeenCalled();
    scrollTo(scroller, 50);
    expect(onOlderEndReached).toHaveBeenCalledTimes(1);
    expect(onHistoryEndReached).not.toHaveBeenCalled();
  });
});

describe('onMessagesSeen (read receipts)', () => {
  /**
   * The opening (and a follow) is a scroll command that lands after two still frames: the
   * messages it brings into view start their time then. More than enough here.
   */
  const LANDING_MS = 100;
  /** Read receipts are a feature the app passes in. */
  const features = [readReceipts];

  test('is called once, messagesSeenDelay after the opening landed, with the messages in view; never again for them', () => {
    vi.useFakeTimers();
    const onMessagesSeen = vi.fn();
    // 5 rows of 50 px in a 600 px viewport: all in view.
    renderList({ messages: makeMessages(5), features, onMessagesSeen, messagesSeenDelay: 500 });
    act(() => vi.advanceTimersByTime(499));
    expect(onMessagesSeen).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(LANDING_MS));
    expect(onMessagesSeen).toHaveBeenCalledTimes(1);
    expect(onMessagesSeen).toHaveBeenCalledWith(['m0', 'm1', 'm2', 'm3', 'm4']);
    act(() => vi.advanceTimersByTime(5000));
    expect(onMessagesSeen).toHaveBeenCalledTimes(1);
  });

  test('a message appended into view is reported on its own, after the delay', () => {
    vi.useFakeTimers();
    const onMessagesSeen = vi.fn();
    const initial = makeMessages(2);
    const { update } = renderList({ messages: initial, features, onMessagesSeen });
    act(() => vi.advanceTimersByTime(300 + LANDING_MS));
    expect(onMessagesSeen).toHaveBeenLastCalledWith(['m0', 'm1']);
    update({ messages: [...initial, ...makeMessages(1, 2)], features, onMessagesSeen });
    act(() => vi.advanceTimersByTime(299));
    expect(onMessagesSeen).toHaveBeenCalledTimes(1);
    act(() => vi.advanceTimersByTime(LANDING_MS));
    expect(onMessagesSeen).toHaveBeenCalledTimes(2);
    expect(onMessagesSeen).toHaveBeenLastCalledWith(['m2']);
  });

  test('leaves no timer behind once unmounted', () => {
    vi.useFakeTimers();
    const onMessagesSeen = vi.fn();
    const { unmount } = renderList({ messages: makeMessages(3), features, onMessagesSeen });
    unmount();
    act(() => vi.advanceTimersByTime(1000));
    expect(onMessagesSeen).not.toHaveBeenCalled();
  });

  test('without readReceipts in features, says once how to add them, and reports nothing', () => {
    vi.useFakeTimers();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const onMessagesSeen = vi.fn();
    const { update } = renderList({ messages: makeMessages(3), onMessagesSeen });
    update({ messages: makeMessages(4), onMessagesSeen });
    act(() => vi.advanceTimersByTime(1000));
    expect(onMessagesSeen).not.toHaveBeenCalled();
    const advice = warn.mock.calls.map(([text]) => String(text)).filter((text) => text.includes('readReceipts'));
    expect(advice).toEqual([expect.stringContaining("import { readReceipts } from '@chat-list/react/read-receipts'")]);
  });

  test('stops when the app stops passing the feature, and starts again when it does', () => {
    vi.useFakeTimers();
    const onMessagesSeen = vi.fn();
    const initial = makeMessages(2);
    const { update } = renderList({ messages: initial, features, onMessagesSeen, messagesSeenDelay: 500 });
    // Taken away before the delay: its timer is stopped, nothing is reported.
    update({ messages: initial, features: [], onMessagesSeen, messagesSeenDelay: 500 });
    act(() => vi.advanceTimersByTime(1000));
    expect(onMessagesSeen).not.toHaveBeenCalled();
    update({ messages: [...initial, ...makeMessages(1, 2)], features, onMessagesSeen, messagesSeenDelay: 500 });
    act(() => vi.advanceTimersByTime(500 + LANDING_MS));
    expect(onMessagesSeen).toHaveBeenCalledWith(['m0', 'm1', 'm2']);
  });
});

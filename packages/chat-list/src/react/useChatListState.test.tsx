import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { useRef, useState, type RefObject } from 'react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { ChatList, useChatList, useChatListState, type ChatListHandle, type ChatListState } from '../index';
import { ROW_HEIGHT } from './jsdom-setup';
import { type Message, makeMessages, renderText } from './test-messages';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

/** jsdom has no layout: the scroller reports the scroll height a browser would. */
function setScrollHeight(scroller: HTMLElement, scrollHeight: number): void {
  Object.defineProperty(scroller, 'scrollHeight', { configurable: true, value: scrollHeight });
}

/** The reader takes the wheel and scrolls to `scrollTop`, with the scroll event a browser fires. */
function readerScrollsTo(scroller: HTMLElement, scrollTop: number): void {
  fireEvent.wheel(scroller, { deltaY: scrollTop - scroller.scrollTop });
  scroller.scrollTop = scrollTop;
  fireEvent.scroll(scroller);
}

const scrollerOf = (container: HTMLElement): HTMLElement => {
  const scroller = container.querySelector<HTMLElement>('[data-chat-list-scroller]');
  if (scroller === null) throw new Error('no scroller');
  return scroller;
};

/** A screen: the list, and a control beside it that renders with the list's state. */
function Screen({
  messages,
  onOlderEndReached,
  renders,
}: {
  messages: Message[];
  onOlderEndReached?: () => Promise<void>;
  renders: ChatListState[];
}) {
  const listRef = useRef<ChatListHandle>(null);
  return (
    <>
      <StateView list={listRef} renders={renders} />
      <ChatList
        ref={listRef}
        messages={messages}
        renderMessage={renderText}
        follow="never"
        onOlderEndReached={onOlderEndReached}
      />
    </>
  );
}

function StateView({ list, renders }: { list: RefObject<ChatListHandle | null>; renders: ChatListState[] }) {
  const state = useChatListState(list);
  renders.push(state);
  return <output data-testid="state">{JSON.stringify(state)}</output>;
}

describe('useChatListState', () => {
  test('renders with the list beside it: away from the bottom, then the unseen count as messages arrive (the way back is a browser test)', () => {
    const renders: ChatListState[] = [];
    const messages = makeMessages(100);
    const { container, rerender } = render(<Screen messages={messages} renders={renders} />);
    const scroller = scrollerOf(container);
    expect(renders.at(-1)).toMatchObject({ isAtBottom: true, isLoadingOlder: false, currentTurnId: undefined });

    setScrollHeight(scroller, 100 * ROW_HEIGHT);
    act(() => readerScrollsTo(scroller, 2000));
    expect(renders.at(-1)).toMatchObject({ isAtBottom: false, isAtTop: false });
    const unseenBefore = renders.at(-1)!.unseenCount;

    rerender(<Screen messages={[...messages, ...makeMessages(3, 100)]} renders={renders} />);
    expect(renders.at(-1)!.unseenCount).toBe(unseenBefore + 3);
  });

  test('reports loading older messages while the promise of onOlderEndReached is pending', async () => {
    const renders: ChatListState[] = [];
    let finish = () => {};
    const onOlderEndReached = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const { container } = render(
      <Screen messages={makeMessages(100)} onOlderEndReached={onOlderEndReached} renders={renders} />,
    );
    const scroller = scrollerOf(container);
    setScrollHeight(scroller, 5000);

    act(() => readerScrollsTo(scroller, 2000));
    act(() => readerScrollsTo(scroller, 0));
    expect(onOlderEndReached).toHaveBeenCalledTimes(1);
    expect(renders.at(-1)!.isLoadingOlder).toBe(true);

    await act(async () => finish());
    expect(renders.at(-1)!.isLoadingOlder).toBe(false);
  });

  test('renders only when the selected value changes', () => {
    const selections: boolean[] = [];
    function AtBottom({ list }: { list: RefObject<ChatListHandle | null> }) {
      selections.push(useChatListState(list, (state) => state.isAtBottom));
      return null;
    }
    function SelectingScreen({ messages }: { messages: Message[] }) {
      const listRef = useRef<ChatListHandle>(null);
      return (
        <>
          <AtBottom list={listRef} />
          <ChatList ref={listRef} messages={messages} renderMessage={renderText} follow="never" />
        </>
      );
    }
    const messages = makeMessages(100);
    const { container } = render(<SelectingScreen messages={messages} />);
    const scroller = scrollerOf(container);
    setScrollHeight(scroller, 5000);
    act(() => readerScrollsTo(scroller, 2000));
    const rendersAway = selections.length;
    // Scrolling within the middle changes nothing selected: no render (isAtTop and the unseen count may change).
    act(() => readerScrollsTo(scroller, 1500));
    act(() => readerScrollsTo(scroller, 1000));
    expect(selections.length).toBe(rendersAway);
    expect(selections.at(-1)).toBe(false);
  });

  test('follows a list mounted after it, and the new list when it remounts under a new key', () => {
    const renders: ChatListState[] = [];
    function LaterScreen({ conversation }: { conversation: string | null }) {
      const listRef = useRef<ChatListHandle>(null);
      return (
        <>
          <StateView list={listRef} renders={renders} />
          {conversation !== null && (
            <ChatList
              key={conversation}
              ref={listRef}
              messages={makeMessages(100)}
              renderMessage={renderText}
              follow="never"
            />
          )}
        </>
      );
    }
    const { container, rerender } = render(<LaterScreen conversation={null} />);
    rerender(<LaterScreen conversation="a" />);
    let scroller = scrollerOf(container);
    setScrollHeight(scroller, 5000);
    act(() => readerScrollsTo(scroller, 2000));
    expect(renders.at(-1)!.isAtBottom).toBe(false);

    // A new conversation opens at its bottom: the control reads the new list, not the old one's state.
    rerender(<LaterScreen conversation="b" />);
    expect(renders.at(-1)!.isAtBottom).toBe(true);
    scroller = scrollerOf(container);
    setScrollHeight(scroller, 5000);
    act(() => readerScrollsTo(scroller, 1000));
    expect(renders.at(-1)!.isAtBottom).toBe(false);

    rerender(<LaterScreen conversation={null} />);
    expect(renders.at(-1)).toMatchObject({ isAtBottom: true, unseenCount: 0 });
  });

  test("reads a headless list through useChatList's handle", () => {
    const states: ChatListState[] = [];
    function Headless() {
      const list = useChatList({ messages: makeMessages(10) });
      states.push(useChatListState(list.handle));
      const [, setTick] = useState(0);
      return (
        <div ref={list.scrollerRef} data-chat-list-scroller="" onClick={() => setTick((tick) => tick + 1)}>
          <div ref={list.contentRef}>
            {list.rows.map((row) => (
              <div key={row.key} {...list.getRowAttributes(row)} />
            ))}
          </div>
        </div>
      );
    }
    render(<Headless />);
    expect(states.at(-1)).toMatchObject({ isAtBottom: true, isAtTop: true, isLoadingNewer: false });
  });

  test('the same state object until a value changes', () => {
    const ref: { current: ChatListHandle | null } = { current: null };
    render(<ChatList ref={ref} messages={makeMessages(5)} renderMessage={renderText} />);
    const handle = ref.current!;
    const listener = vi.fn();
    const unsubscribe = handle.subscribe(listener);
    const state = handle.getState();
    fireEvent.scroll(handle.getScrollElement()!);
    expect(handle.getState()).toBe(state);
    expect(listener).not.toHaveBeenCalled();
    unsubscribe();
  });
});

import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { afterEach, describe, expect, test, vi } from 'vitest';
import { stickyHeaders } from '../features/sticky-headers';
import { ChatList, useChatList, type ChatListProps, type GroupKey } from '../index';
import { ROW_HEIGHT } from './jsdom-setup';
import { getScroller, messageRows } from './test-messages';

// Issue #16: day headers. Where they stick and how far they are pushed is layout, tested in
// Chromium (test/browser/group-headers.browser.test.ts); this is the React wiring.

interface DatedMessage {
  id: string;
  day: string;
  text: string;
}

/** `perDay` messages a day for each of `days`, oldest first. */
const makeDays = (days: string[], perDay: number): DatedMessage[] =>
  days.flatMap((day) =>
    Array.from({ length: perDay }, (_, index) => ({ id: `${day}-${index}`, day, text: `${day} #${index}` })),
  );

const getDay = (message: DatedMessage) => message.day;
const features = [stickyHeaders];
const renderDay = (day: GroupKey, message: DatedMessage) => <h2 data-first={message.id}>{day}</h2>;
const renderText = (message: DatedMessage) => <p>{message.text}</p>;

/** Days with their headers; the props a test is about come on top. */
const DayList = (props: Omit<ChatListProps<DatedMessage>, 'renderMessage'>) => (
  <ChatList renderMessage={renderText} getGroupKey={getDay} renderGroupHeader={renderDay} {...props} />
);

/** Scrolls the list `rows` rows down from its top, as a reader's scroll event would. */
const scrollToRow = (container: HTMLElement, rows: number) =>
  act(() => {
    const scroller = getScroller(container);
    // As tall as its rows, as a browser would say (jsdom's scrollHeight is 0: the content would
    // "fit", and the list puts a scroller past the end of its content back at the end).
    const messageCount = Number(messageRows(container)[0]?.getAttribute('aria-setsize') ?? 0);
    Object.defineProperty(scroller, 'scrollHeight', { configurable: true, value: messageCount * ROW_HEIGHT });
    scroller.scrollTop = rows * ROW_HEIGHT;
    fireEvent.scroll(scroller);
  });

/** The header text of each rendered row, null for a row without one. */
const headersByRow = (container: HTMLElement) =>
  messageRows(container).map((row) => row.querySelector('[data-chat-list-group-header]')?.textContent ?? null);

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

describe('group headers', () => {
  // First in the file: the warning is said once per kind, and the tests below group without the feature.
  test('getGroupKey without sticky headers in features says once how to add them, and sticks no header', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const messages = makeDays(['mon', 'tue', 'wed'], 10);
    const list = (stickyGroupHeader?: boolean) => <DayList messages={messages} stickyGroupHeader={stickyGroupHeader} />;
    const { container, rerender } = render(list(false));
    const advice = () => warn.mock.calls.map(([text]) => String(text)).filter((text) => text.includes('sticky'));
    // Headers kept in their rows on purpose: nothing to add.
    expect(advice()).toEqual([]);
    rerender(list());
    rerender(list());
    scrollToRow(container, 13);
    expect(container.querySelector('[data-chat-list-sticky-header]')).toBeNull();
    expect(advice()).toEqual([
      expect.stringContaining("import { stickyHeaders } from '@chat-list/react/sticky-headers'"),
    ]);
  });

  test('the first message of each group carries renderGroupHeader(key, that message) in its row', () => {
    const messages = makeDays(['mon', 'tue', 'wed'], 3);
    const { container } = render(
      <ChatList messages={messages} renderMessage={renderText} getGroupKey={getDay} renderGroupHeader={renderDay} />,
    );
    expect(headersByRow(container)).toEqual(['mon', null, null, 'tue', null, null, 'wed', null, null]);
    const firstOfTuesday = container.querySelector('[data-id="tue-0"] [data-chat-list-group-header] h2');
    expect(firstOfTuesday?.getAttribute('data-first')).toBe('tue-0');
    // The header comes before the message in the row: it is read first.
    expect(messageRows(container)[3]?.textContent).toBe('tuetue #0');
  });

  test('without renderGroupHeader (or getGroupKey) no row has a header', () => {
    const messages = makeDays(['mon', 'tue'], 2);
    const { container, rerender } = render(
      <ChatList messages={messages} renderMessage={renderText} getGroupKey={getDay} />,
    );
    expect(headersByRow(container)).toEqual([null, null, null, null]);
    rerender(<ChatList messages={messages} renderMessage={renderText} renderGroupHeader={renderDay} />);
    expect(headersByRow(container)).toEqual([null, null, null, null]);
  });

  test('a message whose group key is undefined starts no group, and the next keyed one starts one', () => {
    const messages: DatedMessage[] = [
      { id: 'a', day: 'mon', text: 'a' },
      { id: 'b', day: '', text: 'b' },
      { id: 'c', day: 'mon', text: 'c' },
    ];
    const { container } = render(
      <ChatList
        messages={messages}
        renderMessage={renderText}
        getGroupKey={(message) => message.day || undefined}
        renderGroupHeader={renderDay}
      />,
    );
    expect(headersByRow(container)).toEqual(['mon', null, 'mon']);
  });

  test('a prepended page that continues the first day moves the header up to its first message', () => {
    const messages = makeDays(['tue'], 3);
    const { container, rerender } = render(
      <ChatList messages={messages} renderMessage={renderText} getGroupKey={getDay} renderGroupHeader={renderDay} />,
    );
    expect(headersByRow(container)).toEqual(['tue', null, null]);
    const older = [
      { id: 'mon-9', day: 'mon', text: 'mon #9' },
      { id: 'tue-early', day: 'tue', text: 'tue early' },
    ];
    rerender(
      <ChatList
        messages={[...older, ...messages]}
        renderMessage={renderText}
        getGroupKey={getDay}
        renderGroupHeader={renderDay}
      />,
    );
    expect(headersByRow(container)).toEqual(['mon', 'tue', null, null, null]);
    expect(container.querySelector('[data-id="tue-0"] [data-chat-list-group-header]')).toBeNull();
  });

  test('a group key that is not a string or a number warns once and puts the message in no group', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const messages = makeDays(['mon', 'tue'], 2);
    const { container } = render(
      <ChatList
        messages={messages}
        renderMessage={renderText}
        getGroupKey={(message) => new Date(message.day) as unknown as string}
        renderGroupHeader={renderDay}
      />,
    );
    expect(messageRows(container)).toHaveLength(4);
    expect(headersByRow(container)).toEqual([null, null, null, null]);
    const groupWarnings = warn.mock.calls.filter((args) => String(args[0]).includes('getGroupKey'));
    expect(groupWarnings).toHaveLength(1);
    expect(String(groupWarnings[0]?.[0])).toContain('message 0');
  });

  test('scrolling into a group sticks a copy of its header, hidden from screen readers, over the covered own header', () => {
    const messages = makeDays(['mon', 'tue', 'wed'], 10);
    const { container } = render(<DayList messages={messages} features={features} />);
    expect(container.querySelector('[data-chat-list-sticky-header]')).toBeNull();
    // Three rows into Tuesday (rows are ROW_HEIGHT tall in jsdom).
    scrollToRow(container, 13);
    const stuck = container.querySelector('[data-chat-list-sticky-header]');
    expect(stuck?.textContent).toBe('tue');
    expect(stuck?.getAttribute('aria-hidden')).toBe('true');
    // Back to the very top: Monday's own header is in view, nothing is stuck.
    scrollToRow(container, 0);
    expect(container.querySelector('[data-chat-list-sticky-header]')).toBeNull();
  });

  test('stickyGroupHeader={false} keeps the headers in their rows and sticks none', () => {
    const messages = makeDays(['mon', 'tue'], 10);
    const { container } = render(<DayList messages={messages} stickyGroupHeader={false} features={features} />);
    // Two rows down: the first row (mon's header) is above the viewport, and still rendered
    // behind a scroll down (core overscan.ts keeps 2 rows there).
    scrollToRow(container, 2);
    expect(container.querySelector('[data-chat-list-sticky-header]')).toBeNull();
    expect(headersByRow(container)[0]).toBe('mon');
  });

  test('the headless hook reports each row’s group and whether it starts it', () => {
    const seen: Array<{ id: string; groupKey: GroupKey | undefined; isGroupStart: boolean }> = [];
    function Headless({ messages }: { messages: DatedMessage[] }) {
      const list = useChatList({ messages, getGroupKey: getDay });
      seen.length = 0;
      for (const row of list.rows) {
        if (row.kind === 'message')
          seen.push({ id: row.message.id, groupKey: row.groupKey, isGroupStart: row.isGroupStart });
      }
      return (
        <div ref={list.scrollerRef} data-chat-list-scroller="">
          {list.rows.map((row) => (
            <div key={row.key} {...list.getRowAttributes(row)} />
          ))}
        </div>
      );
    }
    render(<Headless messages={makeDays(['mon', 'tue'], 2)} />);
    expect(seen).toEqual([
      { id: 'mon-0', groupKey: 'mon', isGroupStart: true },
      { id: 'mon-1', groupKey: 'mon', isGroupStart: false },
      { id: 'tue-0', groupKey: 'tue', isGroupStart: true },
      { id: 'tue-1', groupKey: 'tue', isGroupStart: false },
    ]);
  });
});

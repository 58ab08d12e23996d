// @vitest-environment node
import { renderToString } from 'react-dom/server';
import { afterEach, expect, test, vi } from 'vitest';
import { ChatList, useChatList } from '../index';

interface Message {
  id: string;
  text: string;
}

const makeMessages = (count: number): Message[] =>
  Array.from({ length: count }, (_, i) => ({ id: `m${i}`, text: `text ${i}` }));

afterEach(() => {
  vi.restoreAllMocks();
});

test('the environment really has no DOM (so any window/document access during render would throw)', () => {
  expect(typeof window).toBe('undefined');
  expect(typeof document).toBe('undefined');
});

test('renderToString(<ChatList/>) renders the scroller with its attributes and styles, without errors', () => {
  const error = vi.spyOn(console, 'error');
  const warn = vi.spyOn(console, 'warn');

  const html = renderToString(
    <ChatList
      messages={makeMessages(1000)}
      renderMessage={(m) => <p>{m.text}</p>}
      prefix={<span>Loading...</span>}
      suffix={<span>typing…</span>}
      className="chat"
      aria-describedby="help"
    />,
  );

  expect(html).toContain('data-chat-list-scroller');
  expect(html).toContain('role="feed"');
  expect(html).toContain('aria-label="Messages"');
  expect(html).toContain('aria-describedby="help"');
  expect(html).toContain('class="chat"');
  expect(html).toMatch(/overflow-y:\s*auto/);
  expect(html).toMatch(/overflow-anchor:\s*none/);
  // Without a viewport nothing says which rows are near it; the server HTML is never all 1000 messages.
  expect(html.match(/data-index=/g)?.length ?? 0).toBeLessThan(100);
  expect(error).not.toHaveBeenCalled();
  expect(warn).not.toHaveBeenCalled();
});

test('renderToString works with empty messages', () => {
  const error = vi.spyOn(console, 'error');
  const html = renderToString(<ChatList messages={[]} renderMessage={() => null} />);

  expect(html).toContain('data-chat-list-scroller');
  expect(html).not.toContain('data-index=');
  expect(error).not.toHaveBeenCalled();
});

test('useChatList can be rendered on the server', () => {
  function Custom() {
    const { scrollerRef, rows, totalSize } = useChatList({ messages: makeMessages(10) });
    return (
      <div ref={scrollerRef} data-total={totalSize}>
        {rows.length}
      </div>
    );
  }

  expect(() => renderToString(<Custom />)).not.toThrow();
});

test('initialRenderCount renders the newest messages in the server HTML, in order, in normal flow', () => {
  const error = vi.spyOn(console, 'error');
  const html = renderToString(
    <ChatList
      messages={makeMessages(1000)}
      renderMessage={(m) => <p>{m.text}</p>}
      initialRenderCount={12}
      suffix={<span>typing…</span>}
    />,
  );
  const indexes = [...html.matchAll(/data-index="(\d+)"/g)].map((match) => Number(match[1]));
  expect(indexes).toEqual(Array.from({ length: 12 }, (_, i) => 988 + i));
  expect(html).toContain('text 999');
  expect(html).toContain('data-chat-list-suffix');
  // No content height and no translation: the browser lays the rows out at the bottom.
  expect(html).not.toMatch(/translateY/);
  expect(error).not.toHaveBeenCalled();
});

test('without initialRenderCount the server HTML has no rows', () => {
  const html = renderToString(<ChatList messages={makeMessages(1000)} renderMessage={(m) => <p>{m.text}</p>} />);
  expect(html).not.toContain('data-index=');
});

// Shared by the jsdom wiring tests: one message shape, one way to find the list's elements.

export interface Message {
  id: string;
  text: string;
}

/** `count` messages with keys `m{from}`, `m{from + 1}`, … */
export const makeMessages = (count: number, from = 0): Message[] =>
  Array.from({ length: count }, (_, i) => ({ id: `m${from + i}`, text: `text ${from + i}` }));

export const renderText = (message: Message) => <p>{message.text}</p>;

export function getScroller(container: HTMLElement): HTMLElement {
  const scroller = container.querySelector<HTMLElement>('[data-chat-list-scroller]');
  if (scroller === null) throw new Error('no [data-chat-list-scroller] element');
  return scroller;
}

export const messageRows = (container: HTMLElement) =>
  Array.from(container.querySelectorAll<HTMLElement>('[data-index]'));

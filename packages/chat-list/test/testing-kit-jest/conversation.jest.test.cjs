// An app's Jest test of a long conversation screen, with nothing but the README's testing kit
// setup (./setup.cjs), on the package's CommonJS build: jsdom then shows ChatList as a browser
// would, newest messages in view. Plain CommonJS and createElement, as Jest runs it with no transform.
const { act, cleanup, fireEvent, render, screen, waitFor } = require('@testing-library/react');
const React = require('react');
const { ChatList } = require('@chat-list/react');
const { scrollAsReader } = require('@chat-list/react/testing');

const h = React.createElement;

const makeMessages = (count, from = 0) =>
  Array.from({ length: count }, (_, i) => ({ id: `m${from + i}`, text: `message ${from + i}` }));

function Chat({ initial, list }) {
  const [messages, setMessages] = React.useState(initial);
  const [unseen, setUnseen] = React.useState(0);
  const receive = () => setMessages((current) => [...current, ...makeMessages(1, current.length)]);
  return h(
    'div',
    null,
    h(ChatList, {
      ref: list,
      messages,
      renderMessage: (message) => h('p', null, message.text),
      onUnseenCountChange: setUnseen,
    }),
    h('output', { 'aria-label': 'unseen' }, unseen),
    h('button', { type: 'button', onClick: receive }, 'Receive'),
  );
}

afterEach(cleanup);

test(`runs on the React the run asks for (${process.env.CHAT_LIST_REACT ?? '19'})`, () => {
  expect(React.version.split('.')[0]).toBe(process.env.CHAT_LIST_REACT ?? '19');
});

test('opens a conversation of 5 000 messages at the newest one, with nothing unseen', async () => {
  render(h(Chat, { initial: makeMessages(5000) }));
  await waitFor(() => expect(screen.getByText('message 4999')).toBeTruthy());
  expect(screen.queryByText('message 0')).toBeNull();
  expect(document.querySelectorAll('[data-index]').length).toBeLessThan(50);
  await waitFor(() => expect(screen.getByLabelText('unseen').textContent).toBe('0'));
});

test('follows a new message at the bottom, and counts it unseen once the reader scrolled up', async () => {
  const list = React.createRef();
  render(h(Chat, { initial: makeMessages(5000), list }));
  await waitFor(() => expect(list.current?.isAtBottom).toBe(true));

  fireEvent.click(screen.getByRole('button', { name: 'Receive' }));
  await waitFor(() => expect(screen.getByText('message 5000')).toBeTruthy());
  await waitFor(() => expect(list.current?.isAtBottom).toBe(true));

  const scroller = screen.getByRole('feed');
  await act(() => scrollAsReader(scroller, 1000));
  expect(list.current?.isAtBottom).toBe(false);
  // The rows the scroll brought in are measured (the kit's 50 px against the list's estimate) and
  // the list keeps the reader's text where it was, as in a browser: the offset moves with them.
  const readerOffset = scroller.scrollTop;
  expect(readerOffset).toBeLessThanOrEqual(1000);
  fireEvent.click(screen.getByRole('button', { name: 'Receive' }));
  await waitFor(() => expect(screen.getByLabelText('unseen').textContent).toBe('1'));
  expect(scroller.scrollTop).toBe(readerOffset);
});

test('the handle scrolls: scrollToIndex brings an old message into the DOM and resolves true', async () => {
  const list = React.createRef();
  render(h(Chat, { initial: makeMessages(5000), list }));
  await waitFor(() => expect(list.current?.isAtBottom).toBe(true));
  let landed;
  await act(async () => {
    landed = await list.current.scrollToIndex(100, { align: 'start' });
  });
  expect(landed).toBe(true);
  expect(screen.getByText('message 100')).toBeTruthy();
  expect(list.current.getVisibleRange()?.firstIndex).toBe(100);
});

// <Activity> hides a subtree and unmounts its effects, keeping its state: the list's engine
// lives on and is mounted again. React 19.2+ only, so the react18 project leaves this file out.
import { act, cleanup, fireEvent, render } from '@testing-library/react';
import { Activity } from 'react';
import { afterEach, expect, test, vi } from 'vitest';
import { ChatList } from '../index';
import { getScroller, makeMessages, renderText } from './test-messages';
import './jsdom-setup';

afterEach(cleanup);

test('a history request that settles after the list was hidden and shown again does not unlock another call while the newer one is pending', async () => {
  const settleRequest: Array<() => void> = [];
  const onOlderEndReached = vi.fn(() => new Promise<void>((resolve) => settleRequest.push(resolve)));
  const messages = makeMessages(100);
  const list = (mode: 'visible' | 'hidden') => (
    <Activity mode={mode}>
      <ChatList messages={messages} renderMessage={renderText} onOlderEndReached={onOlderEndReached} />
    </Activity>
  );
  const { container, rerender } = render(list('visible'));
  const scroller = getScroller(container);
  Object.defineProperty(scroller, 'scrollHeight', { configurable: true, value: 5000 });
  const scrollTo = (offset: number) => {
    scroller.scrollTop = offset;
    fireEvent.scroll(scroller);
  };

  scrollTo(2);
  expect(onOlderEndReached).toHaveBeenCalledTimes(1);
  rerender(list('hidden'));
  rerender(list('visible'));
  scrollTo(1000);
  scrollTo(2);
  expect(onOlderEndReached).toHaveBeenCalledTimes(2);

  // The first request settles late; the second is still pending, so leaving the zone and
  // coming back must not ask a third time.
  await act(async () => settleRequest[0]!());
  scrollTo(1000);
  scrollTo(2);
  expect(onOlderEndReached).toHaveBeenCalledTimes(2);

  await act(async () => settleRequest[1]!());
  scrollTo(1000);
  scrollTo(2);
  expect(onOlderEndReached).toHaveBeenCalledTimes(3);
});

// Runs in both jsdom projects: `react` (the workspace's React 19) and `react18`
// (aliases from @chat-list/react-18). It proves the run really uses the React it
// claims, for the test file, the testing library and TanStack Virtual alike.
import { render, screen } from '@testing-library/react';
import { version as reactVersion, useState } from 'react';
import { version as reactDomVersion } from 'react-dom';
import { expect, test } from 'vitest';
import { ChatList } from '../../src/index';

const expectedMajor = process.env.CHAT_LIST_REACT ?? '19';

test(`react and react-dom are React ${expectedMajor}`, () => {
  expect(reactVersion.split('.')[0]).toBe(expectedMajor);
  expect(reactDomVersion).toBe(reactVersion);
});

test('the testing library and TanStack Virtual render with that same React', () => {
  function Conversation() {
    const [messages] = useState(() => [
      { id: 'a', text: 'first' },
      { id: 'b', text: 'second' },
    ]);
    return <ChatList messages={messages} renderMessage={(message) => <p>{message.text}</p>} />;
  }
  // A second copy of React anywhere in this chain would throw "Invalid hook call".
  render(<Conversation />);
  expect(screen.getByRole('feed', { name: 'Messages' })).toBeTruthy();
  expect(screen.getByText('second')).toBeTruthy();
});

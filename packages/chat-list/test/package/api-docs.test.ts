// The READMEs' props, handle and hook tables are generated from the TSDoc
// (scripts/api-docs.mjs); this keeps them in sync and every member documented.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { applyBlocks, collectApi, READMES, renderBlocks, syncReadmes } from '../../scripts/api-docs.mjs';
import { TOOL_CHECK_TIMEOUT } from './tool-check-timeout';

const api = collectApi();

describe('API reference', () => {
  test.each([
    ['ChatList props', api.props],
    ['ChatListHandle members', api.handle],
    ['useChatList options', api.hookOptions],
  ] as const)('every one of the %s has a description and a @defaultValue', (_, rows) => {
    const undocumented = rows
      .filter((row) => !row.description || row.defaultValue === undefined)
      .map((row) => row.name);
    expect(undocumented).toEqual([]);
  });

  test('every prop and handle member of SPEC §2 is public', () => {
    const props = api.props.map((row) => row.name);
    const handle = api.handle.map((row) => row.name);
    expect(props).toEqual(
      expect.arrayContaining([
        'messages',
        'renderMessage',
        'getMessageKey',
        'estimateSize',
        'alignment',
        'overscan',
        'prefix',
        'suffix',
        'follow',
        'isReceived',
        'historyEndOffset',
        'onHistoryEndReached',
        'onOlderMessages',
        'onNewerMessages',
        'onAtTopChange',
        'onAtBottomChange',
        'onScroll',
        'onScrollEnd',
        'onUnseenCountChange',
        'className',
        'style',
        'aria-label',
        'role',
      ]),
    );
    expect(handle).toEqual(
      expect.arrayContaining([
        'scrollToBottom',
        'scrollToTop',
        'scrollToIndex',
        'scrollToId',
        'scrollToOffset',
        'scrollBy',
        'isAtTop',
        'isAtBottom',
        'isScrolling',
        'scrollOffset',
        'scrollSize',
        'viewportSize',
        'getVisibleRange',
        'wasSeen',
        'newestSeenId',
        'unseenCount',
        'getScrollElement',
      ]),
    );
  });

  // Both READMEs carry every section of the documentation list.
  const SHARED = [
    'comparison',
    'install',
    'usage',
    'follow-modes',
    'history',
    'read-receipts',
    'day-headers',
    'turns',
    'accessibility',
    'dom-contract',
    'testing-jsdom',
    'faq',
  ];
  test.each([
    [READMES[0]!, [...SHARED, 'props', 'handle', 'hook-options', 'hook-result']],
    [READMES[1]!, [...SHARED, 'props', 'handle']],
  ])('%s has the generated blocks %j', (file, names) => {
    expect(applyBlocks(readFileSync(file, 'utf8'), renderBlocks(file, api)).found.sort()).toEqual([...names].sort());
  });

  // Type-checking the public types and formatting both READMEs takes seconds, many more on a
  // loaded machine.
  test(
    'the READMEs carry the current tables (run `pnpm --filter @chat-list/react run docs` to update them)',
    async () => {
      await expect(syncReadmes({ write: false })).resolves.toEqual([]);
    },
    TOOL_CHECK_TIMEOUT,
  );
});

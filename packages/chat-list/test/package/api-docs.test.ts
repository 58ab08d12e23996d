// The API reference (docs/api.md) is generated from the TSDoc, the repository README's comparison
// from docs/comparison.md, and the package README from the repository's (scripts/api-docs.mjs):
// this keeps them in sync, and every public member documented.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import {
  API_REFERENCE,
  apiBlocks,
  applyBlocks,
  collectApi,
  PACKAGE_README,
  ROOT_README,
  syncDocs,
} from '../../scripts/api-docs.mjs';
import { TOOL_CHECK_TIMEOUT } from './tool-check-timeout';

const api = collectApi();

describe('API reference', () => {
  test.each([
    ['ChatList props', api.props],
    ['ChatListHandle members', api.handle],
    ['useChatList options', api.hookOptions],
    ['ChatListState members', api.state ?? []],
    ['JumpToLatest props', api.jumpToLatest ?? []],
  ] as const)('every one of the %s has a description and a @defaultValue', (_, rows) => {
    const undocumented = rows
      .filter((row) => !row.description || row.defaultValue === undefined)
      .map((row) => row.name);
    expect(undocumented).toEqual([]);
  });

  test('every member of the useChatList result has a description', () => {
    expect(api.hookResult.filter((row) => !row.description).map((row) => row.name)).toEqual([]);
  });

  test('the main props, handle members, state and jump button are public', () => {
    const names = (rows: { name: string }[] | undefined) => (rows ?? []).map((row) => row.name);
    expect(names(api.props)).toEqual(
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
        'hasOlder',
        'olderEndOffset',
        'onOlderEndReached',
        'hasNewer',
        'newerEndOffset',
        'onNewerEndReached',
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
    expect(names(api.handle)).toEqual(
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
        'getState',
        'subscribe',
      ]),
    );
    expect(names(api.state)).toEqual(
      expect.arrayContaining(['isAtBottom', 'isAtTop', 'unseenCount', 'isLoadingOlder', 'isLoadingNewer']),
    );
    expect(names(api.jumpToLatest)).toEqual(expect.arrayContaining(['list', 'children', 'label', 'whenAtBottom']));
  });

  test('deprecated members are left out of the reference', () => {
    const all = [...api.props, ...api.hookOptions].map((row) => row.name);
    expect(all).not.toContain('onHistoryEndReached');
    expect(all).not.toContain('historyEndOffset');
  });

  test('docs/api.md has every generated table', () => {
    expect(applyBlocks(readFileSync(API_REFERENCE, 'utf8'), apiBlocks(api)).found.sort()).toEqual(
      ['handle', 'hook-options', 'hook-result', 'jump-to-latest', 'props', 'state'].sort(),
    );
  });

  test('the README is a front door: short, with the comparison generated and the tables in docs/api.md', () => {
    const readme = readFileSync(ROOT_README, 'utf8');
    expect(readme.split('\n').length).toBeLessThanOrEqual(250);
    expect(readme).toContain('<!-- BEGIN GENERATED: comparison -->');
    expect(readme).not.toContain('<!-- BEGIN GENERATED: props -->');
  });

  test('the package README is the repository README, for npm', () => {
    const text = readFileSync(PACKAGE_README, 'utf8');
    expect(text).toContain('# Chat List');
    expect(text).toContain(
      'https://raw.githubusercontent.com/chat-list/chat-list/main/packages/chat-list/docs/images/demo.png',
    );
  });

  // Type-checking the public types and formatting the generated files takes seconds, many more on
  // a loaded machine.
  test(
    'the generated docs are up to date (run `pnpm --filter @chat-list/react run docs` to update them)',
    async () => {
      await expect(syncDocs({ write: false })).resolves.toEqual([]);
    },
    TOOL_CHECK_TIMEOUT,
  );
});

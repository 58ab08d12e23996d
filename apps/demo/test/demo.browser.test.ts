// Browser smoke test of the built playground (apps/demo/dist) in Chromium.
// It assumes the dist is built (`pnpm -r build` runs first in the root test command).
// Every wait is a poll on a condition or a count of animation frames; the only
// time-based expectations are the 1000 ms history delay and the 600 ms delay of a page of
// newer messages, which are the subject there.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SCROLLER, finish, frames, useDemoBrowser } from './demo-page';

const EDGE = 1.5;
const DRIFT = 1;

const { openDemo } = useDemoBrowser();

interface Metrics {
  scrollTop: number;
  scrollHeight: number;
  clientHeight: number;
  /** scrollHeight − scrollTop − clientHeight */
  gap: number;
}

function metrics(page: Page): Promise<Metrics> {
  return page.locator(SCROLLER).evaluate((element) => ({
    scrollTop: element.scrollTop,
    scrollHeight: element.scrollHeight,
    clientHeight: element.clientHeight,
    gap: element.scrollHeight - element.scrollTop - element.clientHeight,
  }));
}

const bottomGap = async (page: Page) => (await metrics(page)).gap;

async function messageCount(page: Page): Promise<number> {
  return Number(await page.getByTestId('status-count').getAttribute('data-value'));
}

function statusText(page: Page, name: 'at-top' | 'at-bottom' | 'scrolling' | 'loading' | 'unseen') {
  return page.getByTestId(`status-${name}`).textContent();
}

function debugLines(page: Page): Promise<string[]> {
  return page
    .getByTestId('debug-list')
    .locator('[role="listitem"]')
    .evaluateAll((rows) => rows.map((row) => row.textContent ?? ''));
}

function button(page: Page, group: string, name: string) {
  return page.getByRole('group', { name: group, exact: true }).getByRole('button', { name, exact: true });
}

function followSelect(page: Page) {
  return page.getByRole('group', { name: 'Logic', exact: true }).getByRole('combobox', {
    name: 'Follow new messages',
    exact: true,
  });
}

interface RowPosition {
  id: string;
  /**
   * Top of the row's message (its `.message`, below a day header or the "New messages"
   * line the row may hold) relative to the scroller's top edge, px. The message, not the
   * row: when a prepend continues the first message's day, its header moves up to the new
   * first row and the row shrinks at its top, while the message stays still.
   */
  offset: number;
}

/** The message row at the top of the viewport (the first one intersecting it). */
function topVisibleRow(page: Page): Promise<RowPosition | null> {
  return page.locator(SCROLLER).evaluate((scroller) => {
    const box = scroller.getBoundingClientRect();
    let best: { id: string; offset: number } | null = null;
    for (const row of scroller.querySelectorAll('[data-index][data-id]')) {
      const rect = row.getBoundingClientRect();
      if (rect.height === 0 || rect.bottom <= box.top + 0.5 || rect.top >= box.bottom) continue;
      const offset = (row.querySelector('.message') ?? row).getBoundingClientRect().top - box.top;
      if (!best || offset < best.offset) best = { id: row.getAttribute('data-id') ?? '', offset };
    }
    return best;
  });
}

/** Offset of the row with this id (of its message, see `RowPosition`) from the scroller's top, or null when it is not rendered. */
function rowOffset(page: Page, id: string): Promise<number | null> {
  return page.locator(SCROLLER).evaluate((scroller, rowId) => {
    const row = scroller.querySelector(`[data-id="${CSS.escape(rowId)}"]`);
    if (!row) return null;
    return (row.querySelector('.message') ?? row).getBoundingClientRect().top - scroller.getBoundingClientRect().top;
  }, id);
}

/** Offset of the "New messages" line from the scroller's top, or null when it is not rendered. */
function separatorOffset(page: Page): Promise<number | null> {
  return page.locator(SCROLLER).evaluate((scroller) => {
    const separator = scroller.querySelector('[role="separator"]');
    if (!separator) return null;
    return separator.getBoundingClientRect().top - scroller.getBoundingClientRect().top;
  });
}

/** `isAtBottom` of the list's handle, which the page exposes as `window.chatList`. */
function handleIsAtBottom(page: Page): Promise<boolean | undefined> {
  return page.evaluate(
    () => (window as Window & { chatList?: { readonly isAtBottom: boolean } | null }).chatList?.isAtBottom,
  );
}

/**
 * Scrolls to the end of what is loaded while newer messages remain: a page of `added`
 * messages is asked for and arrives below after its simulated delay, and the row the
 * reader was reading does not move.
 */
async function expectNewerPageKeepsReader(page: Page, added: number, scenario: string) {
  const before = await messageCount(page);
  await expect
    .poll(() => statusText(page, 'loading'), { message: `${scenario}: no load under way`, timeout: 5000 })
    .toBe('no');
  await page.locator(SCROLLER).evaluate((scroller) => {
    scroller.scrollTop = scroller.scrollHeight;
  });
  // The page is asked for at the bottom edge; "Loading..." shows below the last row.
  await expect
    .poll(() => statusText(page, 'loading'), { message: `${scenario}: a newer page should load`, timeout: 5000 })
    .toBe('yes');
  await expect(
    page.getByRole('article', { name: 'Loading newer messages' }).count(),
    `${scenario}: "Loading..." row below the messages`,
  ).resolves.toBe(1);
  expect(await handleIsAtBottom(page), `${scenario}: isAtBottom at the end of the window`).toBe(false);
  await frames(page, 3);
  const anchor = await topVisibleRow(page);
  expect(anchor, `${scenario}: no message row is visible before the page arrives`).not.toBeNull();
  expect(await messageCount(page), `${scenario}: the page arrived before the reader's row was read`).toBe(before);
  await expectCount(page, before + added, scenario);
  await frames(page, 5);
  const after = await rowOffset(page, anchor!.id);
  expect(after, `${scenario}: the reader's row (id ${anchor!.id}) is no longer rendered`).not.toBeNull();
  const drift = Math.abs(after! - anchor!.offset);
  expect(
    drift,
    `${scenario}: the page below moved the reader's row by ${drift.toFixed(2)} px (from ${anchor!.offset.toFixed(2)} to ${after!.toFixed(2)})`,
  ).toBeLessThanOrEqual(DRIFT);
  await expect
    .poll(() => statusText(page, 'loading'), { message: `${scenario}: loading should end`, timeout: 5000 })
    .toBe('no');
}

/** Where the reader is in the shown conversation: scrolls to `fraction` of the way down and reads the top visible row. */
async function scrollToFraction(page: Page, fraction: number, scenario: string): Promise<RowPosition> {
  await page.locator(SCROLLER).evaluate((scroller, f) => {
    scroller.scrollTop = Math.round((scroller.scrollHeight - scroller.clientHeight) * f);
  }, fraction);
  await expect
    .poll(() => statusText(page, 'scrolling'), { message: `${scenario}: scrolling should end`, timeout: 5000 })
    .toBe('no');
  await frames(page, 5);
  const row = await topVisibleRow(page);
  expect(row, `${scenario}: no message row is visible`).not.toBeNull();
  // Still there a few frames later: the position is settled.
  await frames(page, 3);
  expect(await rowOffset(page, row!.id), `${scenario}: the top visible row moved while settling`).toBeCloseTo(
    row!.offset,
    0,
  );
  return row!;
}

function conversationButton(page: Page, id: 'A' | 'B') {
  return button(page, 'Conversation', `Conversation ${id}`);
}

/** Switches conversation and checks the buttons say which one is shown. */
async function switchTo(page: Page, id: 'A' | 'B') {
  await conversationButton(page, id).click();
  const other = id === 'A' ? 'B' : 'A';
  await expect
    .poll(() => conversationButton(page, id).getAttribute('aria-pressed'), {
      message: `Conversation ${id}: pressed after the switch`,
    })
    .toBe('true');
  expect(await conversationButton(page, other).getAttribute('aria-pressed'), `Conversation ${other}: not pressed`).toBe(
    'false',
  );
}

/** The row comes back within 1 px of where the reader left it. */
async function expectRowRestored(page: Page, row: RowPosition, scenario: string) {
  await expect
    .poll(async () => Math.abs(((await rowOffset(page, row.id)) ?? Infinity) - row.offset), {
      message: `${scenario}: the row (id ${row.id}) should be back within ${DRIFT} px of ${row.offset.toFixed(2)} px`,
      timeout: 5000,
    })
    .toBeLessThanOrEqual(DRIFT);
  // And stays there.
  await frames(page, 5);
  const offset = await rowOffset(page, row.id);
  const drift = Math.abs((offset ?? Infinity) - row.offset);
  expect(
    drift,
    `${scenario}: the row (id ${row.id}) moved to ${offset?.toFixed(2)} px (left at ${row.offset.toFixed(2)} px)`,
  ).toBeLessThanOrEqual(DRIFT);
}

async function expectAtBottom(page: Page, scenario: string) {
  await expect
    .poll(() => bottomGap(page), { message: `${scenario}: bottom gap (px) should settle ≤ ${EDGE}`, timeout: 5000 })
    .toBeLessThanOrEqual(EDGE);
}

async function expectCount(page: Page, expected: number, scenario: string) {
  await expect
    .poll(() => messageCount(page), { message: `${scenario}: message count should be ${expected}`, timeout: 5000 })
    .toBe(expected);
}

/** Clicks a button that adds messages above and checks the top visible row stays within 1 px. */
async function expectPrependKeepsAnchor(page: Page, name: 'Prepend 1' | 'Prepend 10' | 'Prepend 1000') {
  const added = Number(name.split(' ')[1]);
  const before = await messageCount(page);
  const anchor = await topVisibleRow(page);
  expect(anchor, `${name}: no message row is visible before the prepend`).not.toBeNull();
  await button(page, 'Messages', name).click();
  await expectCount(page, before + added, name);
  await frames(page, 5);
  const after = await rowOffset(page, anchor!.id);
  expect(after, `${name}: the top visible row (id ${anchor!.id}) is no longer rendered`).not.toBeNull();
  const drift = Math.abs(after! - anchor!.offset);
  expect(
    drift,
    `${name}: the top visible row moved by ${drift.toFixed(2)} px (from ${anchor!.offset.toFixed(2)} to ${after!.toFixed(2)})`,
  ).toBeLessThanOrEqual(DRIFT);
}

describe('demo playground (built, in Chromium at 1280×800)', () => {
  it('opens at the bottom with 10 messages, a 10-line debug list and a status line', async () => {
    const scenario = 'initial load';
    const demo = await openDemo();
    const { page } = demo;
    await expectAtBottom(page, scenario);
    await expect.poll(() => debugLines(page), { message: `${scenario}: debug list lines` }).toHaveLength(10);
    const lines = await debugLines(page);
    lines.forEach((line, index) =>
      expect(line, `${scenario}: debug line ${index}`).toMatch(new RegExp(`^${index}: [A-Za-z0-9]{10}$`)),
    );
    await expect(page.getByRole('heading', { name: 'Items (index: id)', exact: true }).count()).resolves.toBe(1);
    expect(await messageCount(page), `${scenario}: status count`).toBe(10);
    await expect.poll(() => statusText(page, 'at-bottom'), { message: `${scenario}: status at bottom` }).toBe('yes');
    await expect.poll(() => statusText(page, 'at-top'), { message: `${scenario}: status at top` }).toBe('no');
    expect(await statusText(page, 'loading'), `${scenario}: status loading`).toBe('no');
    expect(await statusText(page, 'unseen'), `${scenario}: status unseen`).toBe('0');
    const status = await page.getByRole('status', { name: 'List status' }).textContent();
    expect(status, `${scenario}: status line text`).toMatch(
      /Messages: 10.*At top: no.*At bottom: yes.*Scrolling: (yes|no).*Unseen: 0.*Loading: no/,
    );

    // Rows carry their role; both kinds are styled apart.
    const roles = await page.locator(`${SCROLLER} [data-role]`).evaluateAll((rows) =>
      rows.map((row) => ({
        role: row.getAttribute('data-role'),
        background: getComputedStyle(row.querySelector('.message__bubble')!).backgroundColor,
      })),
    );
    expect(roles.length, `${scenario}: rendered rows with data-role`).toBeGreaterThan(0);
    for (const { role } of roles) expect(['user', 'assistant'], `${scenario}: data-role value`).toContain(role);
    const userBg = roles.find((row) => row.role === 'user')?.background;
    const assistantBg = roles.find((row) => row.role === 'assistant')?.background;
    if (userBg && assistantBg)
      expect(userBg, `${scenario}: user and assistant bubbles share a colour`).not.toBe(assistantBg);

    // The same seed gives the same messages.
    const again = await openDemo();
    await expect
      .poll(() => debugLines(again.page), { message: `${scenario}: debug lines after reload` })
      .toEqual(lines);
    await finish(again, `${scenario} (reload)`);
    await finish(demo, scenario);
  });

  it('Append 1 / 10 / 1000 add at the end and follow to the bottom (follow: Always)', async () => {
    const demo = await openDemo();
    const { page } = demo;
    await expectAtBottom(page, 'before Append');
    expect(await followSelect(page).inputValue(), 'follow select default').toBe('always');
    let expected = 10;
    for (const added of [10, 1, 1000]) {
      const name = `Append ${added}`;
      await button(page, 'Messages', name).click();
      expected += added;
      await expectCount(page, expected, name);
      await expectAtBottom(page, `${name} with follow Always`);
      const bottomIndex = await page.locator(SCROLLER).evaluate((scroller) => {
        const rows = [...scroller.querySelectorAll('[data-index]')].map((row) =>
          Number(row.getAttribute('data-index')),
        );
        return Math.max(...rows);
      });
      expect(bottomIndex, `${name}: last rendered row index`).toBe(expected - 1);
    }
    await finish(demo, 'Append 1 / 10 / 1000');
  });

  it('Prepend 1 / 10 / 1000 add at the start without moving the top visible row', async () => {
    const demo = await openDemo();
    const { page } = demo;
    await expectAtBottom(page, 'before Prepend');
    await button(page, 'Messages', 'Append 10').click();
    await expectCount(page, 20, 'Append 10 before Prepend');
    await expectAtBottom(page, 'Append 10 before Prepend');
    const firstLineBefore = (await debugLines(page))[0];
    await expectPrependKeepsAnchor(page, 'Prepend 10');
    await expectPrependKeepsAnchor(page, 'Prepend 1');
    await expectPrependKeepsAnchor(page, 'Prepend 1000');
    // The old first message is now at index 1011.
    const oldFirstId = firstLineBefore?.split(': ')[1];
    const idAt1011 = await page.locator(`${SCROLLER} [data-index="1011"]`).count();
    if (idAt1011 > 0) {
      expect(
        await page.locator(`${SCROLLER} [data-index="1011"]`).getAttribute('data-id'),
        'Prepend: old first message index',
      ).toBe(oldFirstId);
    }
    expect(await statusText(page, 'at-bottom'), 'Prepend while at the bottom: still at bottom').toBe('yes');
    await finish(demo, 'Prepend 1 / 10 / 1000');
  });

  it('Clear empties the list; the status says at top and at bottom', async () => {
    const demo = await openDemo();
    const { page } = demo;
    await expectAtBottom(page, 'before Clear');
    await button(page, 'Messages', 'Clear').click();
    await expectCount(page, 0, 'Clear');
    await expect.poll(() => debugLines(page), { message: 'Clear: debug list lines' }).toHaveLength(0);
    await expect.poll(() => statusText(page, 'at-top'), { message: 'Clear: status at top' }).toBe('yes');
    await expect.poll(() => statusText(page, 'at-bottom'), { message: 'Clear: status at bottom' }).toBe('yes');
    expect(await page.locator(`${SCROLLER} [data-index]`).count(), 'Clear: message rows left in the DOM').toBe(0);
    // A new conversation opens at the bottom again.
    await button(page, 'Messages', 'Append 10').click();
    await expectCount(page, 10, 'Append 10 after Clear');
    await expectAtBottom(page, 'Append 10 after Clear');
    await finish(demo, 'Clear');
  });

  it('Narrow / Wide and Short / Tall change the chat size', async () => {
    const demo = await openDemo();
    const { page } = demo;
    const chat = page.getByTestId('chat-panel');
    const widthOf = async () => (await chat.boundingBox())?.width ?? 0;
    const heightOf = async () => (await metrics(page)).clientHeight;

    const wide = await widthOf();
    await button(page, 'Dimensions', 'Narrow').click();
    await expect(button(page, 'Dimensions', 'Wide').count(), 'Narrow: button is now named "Wide"').resolves.toBe(1);
    expect(await button(page, 'Dimensions', 'Narrow').count(), 'Narrow: no "Narrow" button left').toBe(0);
    await expect
      .poll(widthOf, { message: `Narrow: chat width (was ${wide} px) should shrink by at least 200 px` })
      .toBeLessThanOrEqual(wide - 200);
    await button(page, 'Dimensions', 'Wide').click();
    await expect.poll(widthOf, { message: `Wide: chat width should return to ${wide} px` }).toBe(wide);

    const tall = await heightOf();
    await button(page, 'Dimensions', 'Short').click();
    await expect(button(page, 'Dimensions', 'Tall').count(), 'Short: button is now named "Tall"').resolves.toBe(1);
    await expect
      .poll(heightOf, { message: `Short: list height (was ${tall} px) should shrink by at least 150 px` })
      .toBeLessThanOrEqual(tall - 150);
    await button(page, 'Dimensions', 'Tall').click();
    await expect.poll(heightOf, { message: `Tall: list height should return to ${tall} px` }).toBe(tall);
    await finish(demo, 'Dimensions');
  });

  it('Jump to top and Jump to bottom land at the edges', async () => {
    const demo = await openDemo('?seed=1&count=200');
    const { page } = demo;
    await expectAtBottom(page, 'before Jump to top');
    // Reaching the top starts a history load. Its "Loading..." prefix is content added
    // above the reader (SPEC §2.5), so the list may then rest with the prefix just above
    // the viewport: scrollTop = prefix height, oldest message at the top edge.
    const topState = () =>
      page.locator(SCROLLER).evaluate((scroller) => {
        const row = scroller.querySelector('[data-index="0"]');
        const prefix = scroller.querySelector('[data-chat-list-prefix]');
        const box = scroller.getBoundingClientRect();
        return {
          scrollTop: scroller.scrollTop,
          oldestOffset: row ? row.getBoundingClientRect().top - box.top : null,
          prefixHeight: prefix ? prefix.getBoundingClientRect().height : 0,
        };
      });
    await button(page, 'Actions', 'Jump to top').click();
    await expect
      .poll(
        async () => {
          const state = await topState();
          const landed =
            state.scrollTop < EDGE ||
            (state.prefixHeight > 0 &&
              state.oldestOffset !== null &&
              Math.abs(state.oldestOffset) <= EDGE &&
              Math.abs(state.scrollTop - state.prefixHeight) <= EDGE);
          return landed ? 'landed' : JSON.stringify(state);
        },
        {
          message: `Jump to top: scrollTop should be < ${EDGE} (or only the "Loading..." prefix above the viewport)`,
          timeout: 5000,
        },
      )
      .toBe('landed');

    await button(page, 'Actions', 'Jump to bottom').click();
    await expectAtBottom(page, 'Jump to bottom');
    await expect.poll(() => statusText(page, 'at-bottom'), { message: 'Jump to bottom: status at bottom' }).toBe('yes');
    await finish(demo, 'Jump to top / bottom');
  });

  it('follow "Never": Append 10 does not move the scroll offset', async () => {
    const demo = await openDemo();
    const { page } = demo;
    const options = await followSelect(page)
      .locator('option')
      .evaluateAll((items) => items.map((item) => `${(item as HTMLOptionElement).value}=${item.textContent}`));
    expect(options, 'Follow new messages options').toEqual([
      'always=Always',
      'never=Never',
      'at-bottom=At bottom',
      'only-received=Only received',
    ]);
    await expectAtBottom(page, 'before Never');
    await followSelect(page).selectOption('never');
    const before = await metrics(page);
    await button(page, 'Messages', 'Append 10').click();
    await expectCount(page, 20, 'Never + Append 10');
    await frames(page, 5);
    const after = await metrics(page);
    const moved = Math.abs(after.scrollTop - before.scrollTop);
    expect(
      moved,
      `Never + Append 10: scrollTop moved by ${moved.toFixed(2)} px (from ${before.scrollTop} to ${after.scrollTop})`,
    ).toBeLessThanOrEqual(DRIFT);
    expect(
      after.gap,
      `Never + Append 10: new content should be below the viewport (gap ${after.gap.toFixed(1)} px)`,
    ).toBeGreaterThan(EDGE);
    await expect
      .poll(() => statusText(page, 'at-bottom'), { message: 'Never + Append 10: status at bottom' })
      .toBe('no');
    await expect.poll(() => statusText(page, 'unseen'), { message: 'Never + Append 10: unseen count' }).toBe('10');
    await finish(demo, 'Never');
  });

  it('?follow= and ?count= set the initial state', async () => {
    const demo = await openDemo('?seed=2&follow=at-bottom&count=0');
    const { page } = demo;
    expect(await followSelect(page).inputValue(), '?follow=at-bottom: select value').toBe('at-bottom');
    expect(await messageCount(page), '?count=0: message count').toBe(0);
    await finish(demo, '?follow=at-bottom&count=0');

    const big = await openDemo('?seed=3&count=100000');
    expect(await messageCount(big.page), '?count=100000: message count').toBe(100_000);
    await expectAtBottom(big.page, '?count=100000');
    const debugRows = (await debugLines(big.page)).length;
    expect(debugRows, `?count=100000: debug list renders ${debugRows} rows`).toBeLessThan(100);
    const chatRows = await big.page.locator(`${SCROLLER} [data-index]`).count();
    expect(chatRows, `?count=100000: chat renders ${chatRows} rows`).toBeLessThan(100);
    await finish(big, '?count=100000');
  });

  it('scrolling to the very top shows "Loading..." above the rows, then prepends exactly 10 older messages without a jump', async () => {
    const scenario = 'history load';
    const demo = await openDemo();
    const { page } = demo;
    // Short list: 10 messages are surely taller than the viewport.
    await button(page, 'Dimensions', 'Short').click();
    await expect
      .poll(async () => (await metrics(page)).clientHeight, { message: `${scenario}: short list height` })
      .toBeLessThan(400);
    // A list at the bottom stays pinned when its viewport shrinks; jump anyway so the start is certain.
    await button(page, 'Actions', 'Jump to bottom').click();
    await expectAtBottom(page, `${scenario}: before scrolling up`);
    const { scrollHeight, clientHeight } = await metrics(page);
    expect(
      scrollHeight - clientHeight,
      `${scenario}: content overflow (px) must exceed the 100 px history zone`,
    ).toBeGreaterThan(200);
    const firstIdBefore = (await debugLines(page))[0]?.split(': ')[1];

    // Scroll to the top and read where the first message sits, in the same task.
    const anchor = await page.locator(SCROLLER).evaluate((scroller) => {
      scroller.scrollTop = 0;
      const row = scroller.querySelector('[data-index="0"]');
      if (!row) return null;
      return {
        id: row.getAttribute('data-id') ?? '',
        offset:
          (row.querySelector('.message') ?? row).getBoundingClientRect().top - scroller.getBoundingClientRect().top,
      };
    });
    expect(anchor, `${scenario}: the first message row is not rendered at the top`).not.toBeNull();
    expect(anchor!.id, `${scenario}: first row id vs debug list`).toBe(firstIdBefore);

    await expect(page.getByText('Loading...', { exact: true }).waitFor({ timeout: 5000 })).resolves.toBeUndefined();
    const loadingSeen = Date.now();
    expect(await page.locator('[data-chat-list-prefix]').textContent(), `${scenario}: prefix row text`).toContain(
      'Loading...',
    );
    await expect.poll(() => statusText(page, 'loading'), { message: `${scenario}: status loading` }).toBe('yes');
    expect(await messageCount(page), `${scenario}: count while loading`).toBe(10);
    // SPEC §2.5: a reader at the very top sees "Loading..." appear, the rows move down by
    // exactly its height (the one allowed move); its removal with the prepend moves nothing.
    await frames(page, 3);
    const prefixHeight = await page
      .locator('[data-chat-list-prefix]')
      .evaluate((row) => row.getBoundingClientRect().height);
    const whileLoading = await rowOffset(page, anchor!.id);
    expect(
      Math.abs(whileLoading! - anchor!.offset - prefixHeight),
      `${scenario}: the rows moved down by the prefix's height (${prefixHeight} px) to show it`,
    ).toBeLessThanOrEqual(DRIFT);

    await expect
      .poll(() => statusText(page, 'loading'), { message: `${scenario}: loading should end`, timeout: 5000 })
      .toBe('no');
    const loadMs = Date.now() - loadingSeen;
    expect(loadMs, `${scenario}: loading lasted ${loadMs} ms (expected about 1000 ms)`).toBeGreaterThan(700);
    expect(await messageCount(page), `${scenario}: count after the load`).toBe(20);
    expect(await page.getByText('Loading...', { exact: true }).count(), `${scenario}: "Loading..." rows left`).toBe(0);
    await frames(page, 5);
    const after = await rowOffset(page, anchor!.id);
    expect(after, `${scenario}: the anchored row (id ${anchor!.id}) is no longer rendered`).not.toBeNull();
    const drift = Math.abs(after! - whileLoading!);
    expect(
      drift,
      `${scenario}: the prepend moved the first visible row by ${drift.toFixed(2)} px (from ${whileLoading!.toFixed(2)} to ${after!.toFixed(2)})`,
    ).toBeLessThanOrEqual(DRIFT);
    expect(
      await page.locator(`${SCROLLER} [data-id="${anchor!.id}"]`).getAttribute('data-index'),
      `${scenario}: the old first message's new index`,
    ).toBe('10');
    // Still exactly 10 more (no second load started by itself).
    await frames(page, 10);
    expect(await messageCount(page), `${scenario}: count a few frames later`).toBe(20);
    expect(await statusText(page, 'loading'), `${scenario}: loading a few frames later`).toBe('no');
    await finish(demo, scenario);
  });

  it('"Open at first unread" opens at the "New messages" line and loads newer pages below without moving the reader', async () => {
    const scenario = 'open at first unread';
    const demo = await openDemo();
    const { page } = demo;
    await expectAtBottom(page, `${scenario}: before opening`);
    await button(page, 'Messages', 'Open at first unread').click();
    // 30 messages before the first unread, it and 29 after it.
    await expectCount(page, 60, scenario);
    await expect
      .poll(async () => Math.abs((await separatorOffset(page)) ?? Infinity), {
        message: `${scenario}: the "New messages" line should be within ${DRIFT} px of the viewport's top`,
        timeout: 5000,
      })
      .toBeLessThanOrEqual(DRIFT);
    const separator = page.locator(`${SCROLLER} [role="separator"]`);
    expect(await separator.count(), `${scenario}: separators`).toBe(1);
    expect(await separator.textContent(), `${scenario}: separator text`).toBe('New messages');
    expect(
      await separator.evaluate((element) => element.closest('[data-index]')?.getAttribute('data-index')),
      `${scenario}: the separator is in the first unread message's row`,
    ).toBe('30');
    expect(await handleIsAtBottom(page), `${scenario}: isAtBottom while newer messages remain`).toBe(false);
    expect(await statusText(page, 'loading'), `${scenario}: nothing loads at the first unread`).toBe('no');

    // 30 newer messages remain on the server: a page of 20, then the last 10.
    await expectNewerPageKeepsReader(page, 20, `${scenario}, first newer page`);
    expect(await handleIsAtBottom(page), `${scenario}: isAtBottom while a newer page remains`).toBe(false);
    await expectNewerPageKeepsReader(page, 10, `${scenario}, last newer page`);

    // The live end is loaded: no more pages, and appended messages are followed again.
    await button(page, 'Actions', 'Jump to bottom').click();
    await expectAtBottom(page, `${scenario}: Jump to bottom at the live end`);
    await expect
      .poll(() => handleIsAtBottom(page), { message: `${scenario}: isAtBottom at the live end`, timeout: 5000 })
      .toBe(true);
    await frames(page, 10);
    expect(await messageCount(page), `${scenario}: no page after the live end`).toBe(90);
    expect(await statusText(page, 'loading'), `${scenario}: nothing loads at the live end`).toBe('no');
    await button(page, 'Messages', 'Append 1').click();
    await expectCount(page, 91, `${scenario}: Append 1 at the live end`);
    await expectAtBottom(page, `${scenario}: Append 1 at the live end with follow Always`);
    expect(await page.locator(`${SCROLLER} [data-index="90"]`).count(), `${scenario}: appended row rendered`).toBe(1);
    await finish(demo, scenario);
  });

  it('in the unread window, history loads the messages before it; Clear leaves the unread mode', async () => {
    const scenario = 'unread window history';
    const demo = await openDemo();
    const { page } = demo;
    await button(page, 'Messages', 'Open at first unread').click();
    await expectCount(page, 60, scenario);
    await expect
      .poll(async () => Math.abs((await separatorOffset(page)) ?? Infinity), {
        message: `${scenario}: opened at the "New messages" line`,
        timeout: 5000,
      })
      .toBeLessThanOrEqual(DRIFT);
    await page.locator(SCROLLER).evaluate((scroller) => {
      scroller.scrollTop = 0;
    });
    const firstRowId = () =>
      page
        .locator(SCROLLER)
        .evaluate((scroller) => scroller.querySelector('[data-index="0"]')?.getAttribute('data-id'));
    await expect
      .poll(firstRowId, { message: `${scenario}: the window's first row should render at the top`, timeout: 5000 })
      .toBeTruthy();
    const firstId = await firstRowId();
    expect(await messageCount(page), `${scenario}: the history page arrived before the first row was read`).toBe(60);
    await expect
      .poll(() => statusText(page, 'loading'), { message: `${scenario}: history should load`, timeout: 5000 })
      .toBe('yes');
    await expectCount(page, 70, `${scenario}: 10 older messages from the server`);
    await expect
      .poll(() => page.locator(`${SCROLLER} [data-id="${firstId}"]`).getAttribute('data-index'), {
        message: `${scenario}: the window's old first message's new index`,
        timeout: 5000,
      })
      .toBe('10');
    const lines = await debugLines(page);
    expect(new Set(lines.map((line) => line.split(': ')[1])).size, `${scenario}: no id twice`).toBe(lines.length);

    await button(page, 'Messages', 'Clear').click();
    await expectCount(page, 0, `${scenario}: Clear`);
    expect(await separatorOffset(page), `${scenario}: no separator after Clear`).toBeNull();
    await button(page, 'Messages', 'Append 10').click();
    await expectCount(page, 10, `${scenario}: Append 10 after Clear`);
    await expectAtBottom(page, `${scenario}: a new conversation after Clear opens at the bottom`);
    await expect
      .poll(() => handleIsAtBottom(page), { message: `${scenario}: isAtBottom after Clear`, timeout: 5000 })
      .toBe(true);
    expect(await separatorOffset(page), `${scenario}: no separator in the new conversation`).toBeNull();
    await finish(demo, scenario);
  });

  it('switching conversations A → B → A → B reopens each where the reader left it', async () => {
    const scenario = 'conversation switch';
    const demo = await openDemo('?seed=1&count=200');
    const { page } = demo;
    await expectAtBottom(page, `${scenario}: A before scrolling`);
    expect(await conversationButton(page, 'A').getAttribute('aria-pressed'), `${scenario}: A shown first`).toBe('true');
    expect(await conversationButton(page, 'B').getAttribute('aria-pressed'), `${scenario}: B not shown`).toBe('false');
    const rowA = await scrollToFraction(page, 0.5, `${scenario}: A in the middle`);
    const firstIdA = (await debugLines(page))[0];

    // B opens at the bottom the first time, with its own 200 messages.
    await switchTo(page, 'B');
    await expect
      .poll(async () => (await debugLines(page))[0], { message: `${scenario}: B's messages replace A's` })
      .not.toBe(firstIdA);
    await expectCount(page, 200, `${scenario}: B`);
    await expectAtBottom(page, `${scenario}: B opens at the bottom`);
    expect(await rowOffset(page, rowA.id), `${scenario}: A's row is not in B`).toBeNull();
    // Appending while B is shown appends to B.
    await button(page, 'Messages', 'Append 10').click();
    await expectCount(page, 210, `${scenario}: Append 10 in B`);
    await expectAtBottom(page, `${scenario}: Append 10 in B with follow Always`);
    const rowB = await scrollToFraction(page, 0.3, `${scenario}: B scrolled up`);

    // Back to A: its row at the same pixel, its 200 messages.
    await switchTo(page, 'A');
    await expectCount(page, 200, `${scenario}: back in A`);
    await expectRowRestored(page, rowA, `${scenario}: back in A`);
    expect(await statusText(page, 'loading'), `${scenario}: no history load in A`).toBe('no');

    // And back to B: B's position too.
    await switchTo(page, 'B');
    await expectCount(page, 210, `${scenario}: back in B`);
    await expectRowRestored(page, rowB, `${scenario}: back in B`);
    expect(await statusText(page, 'unseen'), `${scenario}: nothing arrived in B meanwhile`).toBe('0');
    await finish(demo, scenario);
  });
});

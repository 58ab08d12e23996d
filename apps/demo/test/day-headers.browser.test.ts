// Day headers of the built playground (apps/demo/dist) in Chromium: messages are dated,
// every day starts with a header ("Today", "Yesterday", a date), the header of the day at
// the top of the viewport sticks to the top of the list, and history loads and prepends
// keep the days in order. It assumes the dist is built.
// Every wait is a poll on a condition or a count of animation frames, never a sleep.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SCROLLER, finish, frames, useDemoBrowser } from './demo-page';

const STICKY = '[data-chat-list-sticky-header]';
const DRIFT = 1;
const WAIT = 10_000;
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];

const browserDemo = useDemoBrowser();
const openDemo = (query: string) => browserDemo.openDemo(query, { until: 'rows' });

function button(page: Page, group: string, name: string) {
  return page.getByRole('group', { name: group, exact: true }).getByRole('button', { name, exact: true });
}

async function messageCount(page: Page): Promise<number> {
  return Number(await page.getByTestId('status-count').getAttribute('data-value'));
}

function statusText(page: Page, name: 'at-bottom' | 'scrolling' | 'loading') {
  return page.getByTestId(`status-${name}`).textContent();
}

async function expectCount(page: Page, expected: number, scenario: string) {
  await expect
    .poll(() => messageCount(page), { message: `${scenario}: message count should be ${expected}`, timeout: WAIT })
    .toBe(expected);
}

async function settle(page: Page, scenario: string) {
  await expect
    .poll(() => statusText(page, 'scrolling'), { message: `${scenario}: scrolling should end`, timeout: WAIT })
    .toBe('no');
  await frames(page, 5);
}

/** A rendered message row: its message's time and local day, and the day header it holds, if any. */
interface DatedRow {
  index: number;
  id: string;
  /** `createdAt`, from the `<time>` on the name line. */
  time: string;
  /** Local 'YYYY-MM-DD' of `time`, in the page's time zone. */
  day: string;
  /** The row's own day header: its `<time dateTime>` and text, or null when it has none. */
  header: { day: string; text: string; level: string | null } | null;
  /** Row top relative to the scroller's top, px. */
  offset: number;
  height: number;
}

/** The rendered message rows, in index order. */
function datedRows(page: Page): Promise<DatedRow[]> {
  return page.locator(SCROLLER).evaluate((scroller) => {
    const pad = (n: number, length = 2) => String(n).padStart(length, '0');
    const dayOf = (iso: string) => {
      const date = new Date(iso);
      return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
    };
    const top = scroller.getBoundingClientRect().top;
    return [...scroller.querySelectorAll<HTMLElement>('[data-index][data-id]')]
      .map((row) => {
        const time = row.querySelector('.message__time')?.getAttribute('datetime') ?? '';
        const header = row.querySelector('[data-chat-list-group-header]');
        const heading = header?.querySelector('h2, [role="heading"]');
        const rect = row.getBoundingClientRect();
        return {
          index: Number(row.dataset.index),
          id: row.dataset.id ?? '',
          time,
          day: time === '' ? '' : dayOf(time),
          header: header
            ? {
                day: header.querySelector('time')?.getAttribute('datetime') ?? '',
                text: header.textContent ?? '',
                level: heading ? (heading.getAttribute('aria-level') ?? heading.tagName.slice(1)) : null,
              }
            : null,
          offset: rect.top - top,
          height: rect.height,
        };
      })
      .sort((a, b) => a.index - b.index);
  });
}

/**
 * What a day's header should read, seen from the page's today: written apart from the
 * demo's code, from `Intl.DateTimeFormat('en')`'s parts.
 */
function expectedLabel(page: Page, day: string): Promise<string> {
  return page.evaluate((key) => {
    const [y, m, d] = key.split('-').map(Number) as [number, number, number];
    const date = new Date(y, m - 1, d);
    const now = new Date();
    const today = new Date(now.getFullYear(), now.getMonth(), now.getDate());
    const daysAgo = Math.round((today.getTime() - date.getTime()) / 86_400_000);
    const part = (options: Intl.DateTimeFormatOptions) => new Intl.DateTimeFormat('en', options).format(date);
    const weekday = part({ weekday: 'long' });
    const dayOfMonth = part({ day: 'numeric' });
    const month = part({ month: 'long' });
    if (daysAgo === 0) return 'Today';
    if (daysAgo === 1) return 'Yesterday';
    if (Math.abs(daysAgo) < 7) return `${weekday}, ${dayOfMonth} ${month}`;
    if (y === today.getFullYear()) return `${dayOfMonth} ${month}`;
    return `${dayOfMonth} ${month} ${y}`;
  }, day);
}

/** The page's local day, 'YYYY-MM-DD'. */
function todayInPage(page: Page): Promise<string> {
  return page.evaluate(() => {
    const now = new Date();
    const pad = (n: number, length = 2) => String(n).padStart(length, '0');
    return `${pad(now.getFullYear(), 4)}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
  });
}

/**
 * The rendered rows are dated, in time order, and a row holds a header exactly when it
 * starts a day (the first message, or a day other than the previous message's), a
 * level-2 heading for its own day that reads the expected label.
 */
async function expectDaysInOrder(page: Page, scenario: string): Promise<DatedRow[]> {
  const rows = await datedRows(page);
  expect(rows.length, `${scenario}: rendered message rows`).toBeGreaterThan(0);
  for (const [position, row] of rows.entries()) {
    expect(row.time, `${scenario}: row ${row.index} (id ${row.id}) has no time`).not.toBe('');
    const previous = rows[position - 1];
    const adjacent = previous !== undefined && previous.index === row.index - 1;
    if (adjacent) {
      expect(
        Date.parse(row.time),
        `${scenario}: row ${row.index} (${row.time}) is not after row ${previous.index} (${previous.time})`,
      ).toBeGreaterThan(Date.parse(previous.time));
    }
    if (row.index !== 0 && !adjacent) continue;
    const startsDay = row.index === 0 || row.day !== previous?.day;
    expect(row.header !== null, `${scenario}: row ${row.index} (${row.day}) starts a day: ${startsDay}`).toBe(
      startsDay,
    );
    if (row.header) {
      expect(row.header.day, `${scenario}: header day of row ${row.index}`).toBe(row.day);
      expect(row.header.text, `${scenario}: header of row ${row.index}`).toBe(await expectedLabel(page, row.day));
      expect(row.header.level, `${scenario}: header of row ${row.index} is a level-2 heading`).toBe('2');
    }
  }
  return rows;
}

/** The stuck header: its day, text and top relative to the scroller's top, or null when none shows. */
function stickyHeader(page: Page): Promise<{ day: string; text: string; top: number; height: number } | null> {
  return page.locator(SCROLLER).evaluate((scroller, selector) => {
    const sticky = scroller.querySelector<HTMLElement>(selector);
    const label = sticky?.querySelector('time');
    if (!sticky || !label) return null;
    const rect = label.getBoundingClientRect();
    return {
      day: label.getAttribute('datetime') ?? '',
      text: label.textContent ?? '',
      top: sticky.getBoundingClientRect().top - scroller.getBoundingClientRect().top,
      height: rect.height,
    };
  }, STICKY);
}

/**
 * Scrolls so that a row in the middle of a day (its day's header far above, the next
 * row of the same day) sits just under the top edge, and checks that the day's header is
 * stuck at the top of the list and reads its label.
 */
async function expectStuckInsideDay(page: Page, scenario: string) {
  const rows = await datedRows(page);
  const middle = rows.find((row, position) => {
    const previous = rows[position - 1];
    const next = rows[position + 1];
    return (
      row.header === null &&
      previous?.index === row.index - 1 &&
      previous.day === row.day &&
      previous.header === null &&
      next?.index === row.index + 1 &&
      next.day === row.day
    );
  });
  expect(middle, `${scenario}: no rendered row in the middle of a day`).toBeDefined();
  // The row's top 10 px above the viewport: the viewport starts inside the day.
  await page.locator(SCROLLER).evaluate((scroller, offset) => {
    scroller.scrollTop += offset + 10;
  }, middle!.offset);
  await settle(page, scenario);
  const label = await expectedLabel(page, middle!.day);
  await expect
    .poll(async () => (await stickyHeader(page))?.text ?? null, {
      message: `${scenario}: the header of ${middle!.day} should be stuck at the top`,
      timeout: WAIT,
    })
    .toBe(label);
  const sticky = (await stickyHeader(page))!;
  expect(sticky.day, `${scenario}: the stuck header's day`).toBe(middle!.day);
  expect(Math.abs(sticky.top), `${scenario}: the stuck header sits at the list's top`).toBeLessThanOrEqual(DRIFT);
  expect(sticky.height, `${scenario}: the stuck header shows`).toBeGreaterThan(0);
  expect(
    await page.locator(STICKY).getAttribute('aria-hidden'),
    `${scenario}: the stuck copy is hidden from screen readers`,
  ).toBe('true');
  return middle!;
}

/** axe-core finds nothing with the day headers in the rows and one stuck at the top. */
async function expectNoViolations(page: Page, scenario: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).setLegacyMode(true).analyze();
  const report = violations.map(
    (violation) =>
      `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
  expect(report, `${scenario}: axe violations`).toEqual([]);
}

describe('day headers (built, in Chromium at 1280×800)', { timeout: 120_000 }, () => {
  it('dates the messages, heads each day, and the newest day reads "Today"', async () => {
    const scenario = 'day headers';
    const demo = await openDemo('?seed=1&count=200');
    const { page } = demo;
    await expect
      .poll(() => statusText(page, 'at-bottom'), { message: `${scenario}: opens at the bottom`, timeout: WAIT })
      .toBe('yes');
    await settle(page, scenario);
    const rows = await expectDaysInOrder(page, `${scenario}, at the bottom`);
    const newest = rows.at(-1)!;
    expect(newest.index, `${scenario}: the newest message is rendered`).toBe(199);
    expect(newest.day, `${scenario}: the newest message is from today`).toBe(await todayInPage(page));
    // Its day's header: in a rendered row, or stuck at the top when the day fills the viewport.
    const todayHeader = async () => {
      const inRow = (await datedRows(page)).find((row) => row.header?.day === newest.day)?.header?.text;
      const sticky = await stickyHeader(page);
      return inRow ?? (sticky?.day === newest.day ? sticky.text : null);
    };
    await expect.poll(todayHeader, { message: `${scenario}: the newest day's header`, timeout: WAIT }).toBe('Today');

    // 200 messages span several days: more than one header over the whole list.
    await page.locator(SCROLLER).evaluate((scroller) => {
      scroller.scrollTop = Math.round((scroller.scrollHeight - scroller.clientHeight) * 0.5);
    });
    await settle(page, `${scenario}, in the middle`);
    await expectDaysInOrder(page, `${scenario}, in the middle`);
    const middle = await expectStuckInsideDay(page, `${scenario}, inside a day`);
    expect(middle.day < newest.day, `${scenario}: the middle of the list (${middle.day}) is before today`).toBe(true);
    await expectDaysInOrder(page, `${scenario}, inside a day`);
    await expectNoViolations(page, `${scenario}, a header stuck`);
    await page.emulateMedia({ colorScheme: 'dark' });
    // The dark theme applied and no colour transition still under way (axe would read it halfway).
    await expect
      .poll(
        () =>
          page.evaluate(() => ({
            scheme: getComputedStyle(document.documentElement).colorScheme,
            transitions: document
              .getAnimations()
              .filter((animation) => animation.effect?.getTiming().iterations !== Infinity).length,
          })),
        { message: `${scenario}: dark theme settled`, timeout: WAIT },
      )
      .toEqual({ scheme: 'dark', transitions: 0 });
    await expectNoViolations(page, `${scenario}, a header stuck, dark`);
    await finish(demo, scenario);
  });

  it('history loads and Prepend keep the days in order; the stuck header follows', async () => {
    const scenario = 'day headers with history';
    const demo = await openDemo('?seed=1');
    const { page } = demo;
    await button(page, 'Dimensions', 'Short').click();
    await settle(page, scenario);
    const oldestBefore = (await datedRows(page))[0]!;

    // Scrolled to the top: 10 older messages arrive, dated before the first one.
    await page.locator(SCROLLER).evaluate((scroller) => {
      scroller.scrollTop = 0;
    });
    await expectCount(page, 20, `${scenario}: a history load`);
    await expect
      .poll(() => page.locator(`${SCROLLER} [data-id="${oldestBefore.id}"]`).getAttribute('data-index'), {
        message: `${scenario}: the old first message's new index`,
        timeout: WAIT,
      })
      .toBe('10');
    await settle(page, `${scenario}: after the history load`);
    const afterLoad = await expectDaysInOrder(page, `${scenario}: after the history load`);
    // Around the seam, where the reader is: the loaded page's last message is older than the old first.
    const seam = afterLoad.filter((row) => row.index === 9 || row.index === 10);
    expect(
      seam.map((row) => row.id),
      `${scenario}: both sides of the seam are rendered`,
    ).toEqual([afterLoad.find((row) => row.index === 9)?.id, oldestBefore.id]);
    expect(Date.parse(seam[0]!.time), `${scenario}: history is older`).toBeLessThan(Date.parse(oldestBefore.time));

    // Prepend 10 and 1000 (the history of several days): still in order, headers where days start.
    await expect
      .poll(() => statusText(page, 'loading'), { message: `${scenario}: no load under way`, timeout: WAIT })
      .toBe('no');
    for (const [name, total] of [
      ['Prepend 10', 30],
      ['Prepend 1000', 1030],
    ] as const) {
      await button(page, 'Messages', name).click();
      await expectCount(page, total, name);
      await settle(page, name);
      await expectDaysInOrder(page, `${scenario}: ${name}`);
    }
    // The first message is now days older than today: its day's header and the others in order.
    await page.locator(SCROLLER).evaluate((scroller) => {
      scroller.scrollTop = Math.round((scroller.scrollHeight - scroller.clientHeight) * 0.4);
    });
    await settle(page, `${scenario}: in the prepended history`);
    await expectDaysInOrder(page, `${scenario}: in the prepended history`);
    await expectStuckInsideDay(page, `${scenario}: inside a prepended day`);
    await finish(demo, scenario);
  });

  it('the unread window and conversation B are dated and headed too', async () => {
    const scenario = 'day headers elsewhere';
    const demo = await openDemo('?seed=1');
    const { page } = demo;
    await button(page, 'Messages', 'Open at first unread').click();
    await expectCount(page, 60, `${scenario}: unread window`);
    await page
      .locator(SCROLLER)
      .getByRole('separator', { name: 'New messages', exact: true })
      .waitFor({ timeout: WAIT });
    await settle(page, `${scenario}: unread window`);
    await expectDaysInOrder(page, `${scenario}: unread window`);
    // Prepended above the window, the messages are dated between the server's neighbours.
    await button(page, 'Messages', 'Prepend 10').click();
    await expectCount(page, 70, `${scenario}: Prepend 10 in the unread window`);
    await page.locator(SCROLLER).evaluate((scroller) => {
      scroller.scrollTop = 0;
    });
    await expectCount(page, 80, `${scenario}: history before the prepended messages`);
    await expect
      .poll(() => statusText(page, 'loading'), { message: `${scenario}: loading should end`, timeout: WAIT })
      .toBe('no');
    await settle(page, `${scenario}: history in the unread window`);
    // History (0–9), the prepended messages (10–19), the window (20 on): both seams in view.
    await page.evaluate(() =>
      (
        window as Window & { chatList?: { scrollToIndex: (index: number, options: object) => Promise<boolean> } }
      ).chatList?.scrollToIndex(15, { align: 'center' }),
    );
    await settle(page, `${scenario}: the prepended messages in view`);
    const seams = await expectDaysInOrder(page, `${scenario}: history in the unread window`);
    const rendered = new Set(seams.map((row) => row.index));
    for (const index of [9, 10, 19, 20]) {
      expect(rendered.has(index), `${scenario}: row ${index} (by a seam) is rendered`).toBe(true);
    }

    await button(page, 'Messages', 'Clear').click();
    await expectCount(page, 0, `${scenario}: Clear`);
    await button(page, 'Conversation', 'Conversation B').click();
    await expectCount(page, 200, `${scenario}: conversation B`);
    await expect
      .poll(() => statusText(page, 'at-bottom'), { message: `${scenario}: B opens at the bottom`, timeout: WAIT })
      .toBe('yes');
    await settle(page, `${scenario}: conversation B`);
    const rows = await expectDaysInOrder(page, `${scenario}: conversation B`);
    expect(rows.at(-1)!.day, `${scenario}: B's newest message is from today`).toBe(await todayInPage(page));
    await finish(demo, scenario);
  });
});

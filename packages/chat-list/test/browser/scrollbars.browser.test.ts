import { frames, launchChromium, serveStatic, watchPage } from '@chat-list/browser-harness';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_DIST, scrollbarWidthInPage } from './fixture-page';

// Scrollbars that take layout space (Windows, most Linux desktops). Headless Chromium hides them,
// so the rest of the suite never sees a scrollbar appear and narrow the scroller: this file
// starts a Chromium of its own that shows them, whatever engine its project drives.
let browser: Browser;
let server: Awaited<ReturnType<typeof serveStatic>>;

beforeAll(async () => {
  server = await serveStatic(FIXTURE_DIST);
  browser = await launchChromium({ showScrollbars: true });
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Opens a fixture page and waits for its list to open at the bottom. */
const open = async (query: string): Promise<{ page: Page; problems: string[] }> => {
  const page = await browser.newPage({ viewport: { width: 800, height: 800 } });
  const { problems } = watchPage(page);
  await page.goto(`${server.url}/?${query}`);
  await page.waitForFunction(() => window.fixture?.handle?.isAtBottom === true);
  await frames(page, 5);
  return { page, problems };
};

const scrollbarWidth = (page: Page) => page.evaluate(scrollbarWidthInPage);

const overflows = (page: Page) =>
  page.evaluate(() => {
    const scroller = document.querySelector<HTMLElement>('[data-chat-list-scroller]')!;
    return scroller.scrollHeight > scroller.clientHeight;
  });

describe('with scrollbars that take layout space', () => {
  for (const count of [1000, 100_000]) {
    it(`opens ${count} messages at the bottom without a ResizeObserver loop error`, async () => {
      const { page, problems } = await open(`count=${count}`);
      expect(await scrollbarWidth(page), 'scrollbars take space in this browser').toBeGreaterThan(0);
      const gap = await page.evaluate(() => {
        const scroller = document.querySelector<HTMLElement>('[data-chat-list-scroller]')!;
        return scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight;
      });
      expect(gap, 'at the bottom').toBeLessThanOrEqual(1.5);
      expect(problems).toEqual([]);
      await page.close();
    });
  }

  it('lets a row grow a conversation that fits past the viewport without an error: the scrollbar that appears narrows no row', async () => {
    const { page, problems } = await open('count=3');
    expect(await overflows(page), 'nothing to scroll yet').toBe(false);
    const width = () => page.evaluate(() => document.querySelector<HTMLElement>('[data-index="0"]')!.clientWidth);
    const before = await width();
    // The row grows inside the rows' ResizeObserver pass: the content overflows in that pass.
    await page.evaluate(() => window.fixture.setExtraHeight(window.fixture.messages()[1]!.id, 900));
    await page.waitForFunction(() => {
      const scroller = document.querySelector<HTMLElement>('[data-chat-list-scroller]')!;
      return scroller.scrollHeight > scroller.clientHeight;
    });
    await frames(page, 5);
    expect(await width(), 'the rows kept their width').toBe(before);
    expect(problems).toEqual([]);
    await page.close();
  });

  it('grows a short conversation past the viewport, a message at a time, without an error, and stays at the bottom', async () => {
    const { page, problems } = await open('count=2');
    expect(await overflows(page), 'nothing to scroll yet').toBe(false);
    for (let round = 0; round < 5; round++) {
      await page.evaluate(() => window.fixture.append(5));
      await page.waitForFunction(() => window.fixture.handle?.isAtBottom === true);
      await frames(page, 3);
    }
    expect(await overflows(page), 'the content overflows').toBe(true);
    expect(await scrollbarWidth(page), 'scrollbars take space in this browser').toBeGreaterThan(0);
    expect(problems).toEqual([]);
    await page.close();
  });
});

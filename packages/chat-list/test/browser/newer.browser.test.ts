import { describe, expect, it } from 'vitest';
import { useFixtureBrowser, type FixturePage } from './fixture-page';

const browser = useFixtureBrowser();

/** Scrolls to the end of what is loaded, as a reader would. */
const toLoadedEnd = async (fixture: FixturePage) => {
  const metrics = await fixture.metrics();
  await fixture.scrollTo(metrics.scrollHeight - metrics.clientHeight);
};

// Issue #16: a window onto a longer conversation, opened at the first unread, loads newer pages
// at the bottom as it loads older ones at the top.
describe('loading newer messages (hasNewer, onNewerEndReached)', () => {
  it('asks once at the end of what is loaded, keeps the reader still when the page lands, and does not follow it', async () => {
    // The page lands when the test says so: a 400 ms timer expired before the second scroll in a
    // throttled CI run, and the list rightly asked for the next page.
    const fixture = await browser.open('count=200&anchorIndex=100&newerPages=3&newerDelay=manual&follow=always');
    await fixture.settled();
    expect(await fixture.run('window.fixture.events.newerRequests'), 'not asked far from the end').toBe(0);
    await toLoadedEnd(fixture);
    await fixture.page.waitForFunction(() => window.fixture.events.newerRequests === 1);
    expect(await fixture.run('window.fixture.handle.isAtBottom'), 'not at the bottom of the conversation').toBe(false);
    // While the page loads, more scrolling in the zone does not ask again.
    await fixture.scrollTo((await fixture.metrics()).scrollTop - 5);
    await toLoadedEnd(fixture);
    await fixture.settled();
    expect(await fixture.run('window.fixture.events.newerRequests')).toBe(1);
    const before = await fixture.topRow();
    await fixture.run('window.fixture.landNewerPage()');
    await fixture.page.waitForFunction(() => window.fixture.events.newer.length === 1);
    await fixture.settled();
    expect(Math.abs((await fixture.rowTop(before.id))! - before.top), "the reader's row").toBeLessThanOrEqual(1);
    expect(
      (await fixture.metrics()).gap,
      "the page is below, not followed (even with follow='always')",
    ).toBeGreaterThan(100);
    expect(fixture.errors).toEqual([]);
  });

  it('keeps the reader still when the oldest messages are trimmed as newer pages load', async () => {
    const fixture = await browser.open('count=200&anchorIndex=100&newerPages=5&newerDelay=manual&trim=10');
    await fixture.settled();
    for (let page = 1; page <= 3; page++) {
      await toLoadedEnd(fixture);
      await fixture.page.waitForFunction((pages) => window.fixture.events.newerRequests === pages, page);
      const before = await fixture.topRow();
      await fixture.run('window.fixture.landNewerPage()');
      await fixture.page.waitForFunction((pages) => window.fixture.events.newer.length === pages, page);
      await fixture.settled();
      const after = await fixture.rowTop(before.id);
      expect(after, `row ${before.id} still rendered after page ${page}`).not.toBeNull();
      expect(Math.abs(after! - before.top), `drift after page ${page}`).toBeLessThanOrEqual(1);
    }
    expect(await fixture.run('window.fixture.messages().length'), '10 in, 10 out per page').toBe(200);
  });

  it('follows by the policy once the live end is loaded', async () => {
    const fixture = await browser.open('count=200&anchorIndex=150&newerPages=1&newerDelay=100');
    await fixture.settled();
    await toLoadedEnd(fixture);
    await fixture.page.waitForFunction(() => window.fixture.events.newer.length === 1);
    await fixture.settled();
    // The last page arrived; the reader goes to the (live) end, and is at the bottom now.
    expect(await fixture.run('window.fixture.handle.scrollToBottom()')).toBe(true);
    expect(await fixture.run('window.fixture.handle.isAtBottom')).toBe(true);
    expect(await fixture.run('window.fixture.events.atBottom.at(-1)'), 'onAtBottomChange').toBe(true);
    await fixture.run("window.fixture.append(1, 'assistant')");
    await fixture.page.waitForFunction(() => window.fixture.events.newer.length === 2);
    expect((await fixture.settled()).gap, 'a live message is followed').toBeLessThanOrEqual(1.5);
  });

  it('scrollToBottom goes to the end of what is loaded while newer messages exist', async () => {
    const fixture = await browser.open('count=200&anchorIndex=20&newerPages=2&newerDelay=5000');
    await fixture.settled();
    expect(await fixture.run('window.fixture.handle.scrollToBottom()')).toBe(true);
    expect((await fixture.settled()).gap).toBeLessThanOrEqual(1.5);
    expect(await fixture.run('window.fixture.handle.isAtBottom')).toBe(false);
  });
});

// One request per page, in both directions: rows measured late beyond the reader grow the content
// while a page loads and take the reader out of the zone for a moment; back in it, the page
// settles, and a layout before React commits the page (a scroll event here) used to ask for the
// same page again.
describe('one request per page', () => {
  /** Lands the held page, lets its promise settle, and sends a scroll event before React commits it. */
  const landThenScrollEvent = (fixture: FixturePage, edge: 'newer' | 'older') =>
    fixture.page.evaluate(async (which) => {
      if (which === 'newer') window.fixture.landNewerPage();
      else window.fixture.landHistoryPage();
      for (let tick = 0; tick < 3; tick++) await Promise.resolve();
      document.querySelector('[data-chat-list-scroller]')!.dispatchEvent(new Event('scroll'));
    }, edge);

  it('asks once for a newer page while rows below the reader are measured late', async () => {
    const fixture = await browser.open('count=200&anchorIndex=100&newerPages=3&newerDelay=manual');
    await fixture.settled();
    await toLoadedEnd(fixture);
    await fixture.page.waitForFunction(() => window.fixture.events.newerRequests === 1);
    const lastId = await fixture.run<string>('window.fixture.messages().at(-1).id');
    await fixture.run(`window.fixture.setExtraHeight(${JSON.stringify(lastId)}, 300)`);
    expect((await fixture.settled()).gap, 'the reader was taken out of the zone').toBeGreaterThan(200);
    await toLoadedEnd(fixture);
    expect(await fixture.run('window.fixture.events.newerRequests'), 'not while the page loads').toBe(1);
    await landThenScrollEvent(fixture, 'newer');
    await fixture.page.waitForFunction(() => window.fixture.events.newer.length === 1);
    await fixture.settled();
    expect(await fixture.run('window.fixture.events.newerRequests'), 'requests for one page').toBe(1);
    expect(fixture.errors).toEqual([]);
  });

  it('asks once for an older page while rows above the reader are measured late', async () => {
    const fixture = await browser.open('count=200&history=1&historyDelay=manual');
    await fixture.settled();
    await fixture.scrollTo(0);
    await fixture.page.waitForFunction(() => window.fixture.events.historyRequests === 1);
    await fixture.settled();
    // The first message cut off by 5 px at the top, under "Loading...": still in the zone, and
    // its growth is compensated upwards (it is above what the reader reads).
    const prefixHeight = await fixture.run<number>(
      "document.querySelector('[data-chat-list-prefix]').getBoundingClientRect().height",
    );
    await fixture.scrollTo(prefixHeight + 5);
    expect(await fixture.run('window.fixture.events.historyRequests')).toBe(1);
    const firstId = await fixture.run<string>('window.fixture.messages()[0].id');
    await fixture.run(`window.fixture.setExtraHeight(${JSON.stringify(firstId)}, 300)`);
    expect((await fixture.settled()).scrollTop, 'the reader was taken out of the zone').toBeGreaterThan(200);
    await fixture.scrollTo(0);
    expect(await fixture.run('window.fixture.events.historyRequests'), 'not while the page loads').toBe(1);
    await landThenScrollEvent(fixture, 'older');
    await fixture.page.waitForFunction(() => window.fixture.events.older.length === 1);
    await fixture.settled();
    expect(await fixture.run('window.fixture.events.historyRequests'), 'requests for one page').toBe(1);
    expect(fixture.errors).toEqual([]);
  });
});

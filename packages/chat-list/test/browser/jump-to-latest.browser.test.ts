import { describe, expect, it } from 'vitest';
import { useFixtureBrowser, type FixturePage } from './fixture-page';

const browser = useFixtureBrowser();

/** The state `useChatListState` last rendered with (jump=1). */
const lastState = 'window.fixture.events.states.at(-1)';

/** An attribute of the JumpToLatest button; null when there is no button. */
const jumpAttribute = (fixture: FixturePage, name: string): Promise<string | null> =>
  fixture.page.evaluate((attribute) => document.querySelector('.jump')?.getAttribute(attribute) ?? null, name);

const jumpButtons = (fixture: FixturePage): Promise<number> =>
  fixture.page.evaluate(() => document.querySelectorAll('.jump').length);

describe('JumpToLatest and useChatListState', () => {
  it('appears when the reader scrolls up, counts what arrives out of view, and from the keyboard lands at the bottom with focus in the list', async () => {
    const fixture = await browser.open('count=200&jump=1');
    await fixture.settled();
    expect(await jumpButtons(fixture), 'no button at the bottom').toBe(0);
    expect(await fixture.run(`${lastState}.isAtBottom`)).toBe(true);

    await fixture.wheel(-1500);
    await fixture.page.waitForSelector('.jump');
    await fixture.settled();
    const before = Number(await jumpAttribute(fixture, 'data-unseen-count'));
    expect(before, 'the messages below the reader were seen on the way up').toBe(0);
    expect(await jumpAttribute(fixture, 'aria-label')).toBe('Jump to the latest message');
    await fixture.run('window.fixture.append(3)');
    await expect.poll(() => jumpAttribute(fixture, 'data-unseen-count')).toBe(String(before + 3));
    expect(await jumpAttribute(fixture, 'aria-label')).toBe(`Jump to the latest message, ${before + 3} new`);
    expect(await fixture.run(`${lastState}.unseenCount`), 'the hook renders with the same count').toBe(before + 3);

    await fixture.page.focus('.jump');
    await fixture.page.keyboard.press('Enter');
    await fixture.page.waitForSelector('.jump', { state: 'detached' });
    await fixture.page.waitForFunction(() => document.activeElement?.hasAttribute('data-chat-list-scroller'));
    const landed = await fixture.settled();
    expect(landed.gap, 'at the bottom').toBeLessThanOrEqual(1.5);
    expect(await fixture.run(lastState)).toMatchObject({ isAtBottom: true, unseenCount: 0 });
    expect(fixture.errors).toEqual([]);
  });

  it('leaves focus where the reader moved it while the jump was on its way', async () => {
    const fixture = await browser.open('count=2000&jump=1&keyboard=1');
    await fixture.settled();
    await fixture.wheel(-3000);
    await fixture.page.waitForSelector('.jump');
    await fixture.settled();
    await fixture.page.click('.jump');
    // The smooth jump is still on its way: the reader tabs on, to the button after the list.
    await fixture.page.focus('.after-list');
    await fixture.page.waitForSelector('.jump', { state: 'detached' });
    await fixture.settled();
    expect(await fixture.page.evaluate(() => document.activeElement?.className)).toBe('after-list');
  });

  it('reports loading older messages while the page loads, and not once it has landed', async () => {
    const fixture = await browser.open('count=50&history=1&olderEndOffset=100&historyDelay=manual&jump=1');
    await fixture.settled();
    expect(await fixture.run(`${lastState}.isLoadingOlder`)).toBe(false);
    await fixture.scrollTo(50);
    await fixture.page.waitForFunction(() => window.fixture.events.states.at(-1)?.isLoadingOlder === true);
    expect(await fixture.run(`${lastState}.isAtTop`), 'near the top, not at it').toBe(false);
    await fixture.run('window.fixture.landHistoryPage()');
    await fixture.page.waitForFunction(() => window.fixture.events.states.at(-1)?.isLoadingOlder === false);
    expect(await fixture.run('window.fixture.messages().length')).toBe(60);
  });

  it('moves the rows by the prefix only when the app renders it with flushSync inside the scroll event', async () => {
    // The reader goes from the bottom to the very top in one move. The list reads the scroll
    // first and asks for history; the app renders its "Loading..." prefix there and then, before
    // TanStack's own scroll listener has run. (The playground's history test is the one that
    // caught a row measured in that window and compensated from TanStack's old offset.)
    const fixture = await browser.open(
      // Few rows, all rendered from the bottom: the prefix mounts in that render, at index 0.
      'count=12&rowHeight=80&history=1&olderEndOffset=100&historyDelay=manual&jump=1&historyFlushSync=1',
    );
    await fixture.settled();
    const firstId = await fixture.run<string>('window.fixture.messages()[0].id');
    await fixture.page.evaluate(() => {
      document.querySelector<HTMLElement>('[data-chat-list-scroller]')!.scrollTop = 0;
    });
    await fixture.page.waitForSelector('[data-chat-list-prefix]');
    await fixture.settled();
    const { scrollTop, prefixHeight } = await fixture.page.evaluate(() => ({
      scrollTop: document.querySelector<HTMLElement>('[data-chat-list-scroller]')!.scrollTop,
      prefixHeight: document.querySelector('[data-chat-list-prefix]')!.getBoundingClientRect().height,
    }));
    expect(scrollTop, 'still at the very top').toBeLessThan(1.5);
    const firstTop = (await fixture.rowTop(firstId))!;
    expect(Math.abs(firstTop - prefixHeight), 'the first message moved down by the prefix only').toBeLessThanOrEqual(1);
    expect(fixture.errors).toEqual([]);
  });
});

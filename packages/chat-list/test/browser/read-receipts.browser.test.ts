// onMessagesSeen (issue #16): read receipts in Chromium. A message is read once at least
// messagesSeenRatio of it stayed in view for messagesSeenDelay ms while the page was visible.
import { describe, expect, it } from 'vitest';
import { useFixtureBrowser, type FixturePage } from './fixture-page';

const browser = useFixtureBrowser();

/** The ids of the message rows in view now, split by whether at least `ratio` of each shows. */
const rowsInView = (fixture: FixturePage, ratio: number) =>
  fixture.page.evaluate((minimum) => {
    const scroller = document.querySelector<HTMLElement>('[data-chat-list-scroller]')!;
    const viewport = scroller.getBoundingClientRect();
    const enough: string[] = [];
    const tooLittle: string[] = [];
    for (const row of scroller.querySelectorAll<HTMLElement>('[data-id]')) {
      const rect = row.getBoundingClientRect();
      const shown = Math.min(rect.bottom, viewport.bottom) - Math.max(rect.top, viewport.top);
      if (shown <= 0) continue;
      // Not at the edge of a rounding: a row that shows close to the ratio proves nothing either way.
      const part = shown / Math.min(rect.height, viewport.height);
      if (part >= minimum + 0.02) enough.push(row.dataset.id!);
      else if (part < minimum - 0.02) tooLittle.push(row.dataset.id!);
    }
    return { enough, tooLittle };
  }, ratio);

const allRead = (fixture: FixturePage) =>
  fixture.run<string[][]>('window.fixture.events.read').then((batches) => batches.flat());

/** Resolves once `frames` animation frames passed and, meanwhile, `ms` of the page's own clock. */
const pageTimePasses = (fixture: FixturePage, ms: number) =>
  fixture.page.evaluate(
    (wait) =>
      new Promise<void>((resolve) => {
        const start = performance.now();
        const tick = () => (performance.now() - start >= wait ? resolve() : requestAnimationFrame(tick));
        requestAnimationFrame(tick);
      }),
    ms,
  );

describe('onMessagesSeen', () => {
  it('reports the messages in view once they stayed there for the delay, in one batch, and only those', async () => {
    const fixture = await browser.open('count=200&read=1&readDelay=300');
    await fixture.settled();
    await expect.poll(() => fixture.run<number>('window.fixture.events.read.length'), { timeout: 10_000 }).toBe(1);
    const [batch] = await fixture.run<string[][]>('window.fixture.events.read');
    const { enough, tooLittle } = await rowsInView(fixture, 0.5);
    expect(enough.length).toBeGreaterThan(2);
    for (const id of enough) expect(batch, `${id} shows enough and was read`).toContain(id);
    for (const id of tooLittle) expect(batch, `${id} shows too little to be read`).not.toContain(id);
    // Nothing more arrives while nothing changes: each message is reported once.
    await pageTimePasses(fixture, 600);
    expect(await fixture.run<number>('window.fixture.events.read.length')).toBe(1);
    expect(fixture.errors).toEqual([]);
  });

  it('does not read rows that only passed through the view, and reads the ones the reader stops at', async () => {
    const fixture = await browser.open('count=300&read=1&readDelay=1000');
    await fixture.settled();
    await expect.poll(async () => (await allRead(fixture)).length, { timeout: 10_000 }).toBeGreaterThan(0);
    const passedId = await fixture.run<string>('window.fixture.messages()[100].id');
    // A jump to message 100 and straight back, far quicker than the 1 000 ms delay.
    await fixture.page.evaluate(async () => {
      await window.fixture.handle!.scrollToIndex(100, { align: 'center' });
      await new Promise((resolve) => setTimeout(resolve, 50));
      await window.fixture.handle!.scrollToBottom();
    });
    await fixture.settled();
    await pageTimePasses(fixture, 1500);
    expect(await allRead(fixture), 'a row that was in view for far less than the delay').not.toContain(passedId);

    // The reader stops at message 150: it is read after the delay.
    const stoppedId = await fixture.run<string>('window.fixture.messages()[150].id');
    await fixture.run("window.fixture.handle.scrollToIndex(150, { align: 'center' })");
    await fixture.settled();
    await expect.poll(() => allRead(fixture), { timeout: 10_000 }).toContain(stoppedId);
    const read = await allRead(fixture);
    expect(new Set(read).size, 'every id reported once').toBe(read.length);
  });

  it('reads nothing while the page is hidden, and reads after the delay once it shows again', async () => {
    const fixture = await browser.open('count=100&read=1&readDelay=300');
    await fixture.settled();
    await expect.poll(async () => (await allRead(fixture)).length, { timeout: 10_000 }).toBeGreaterThan(0);
    // Chromium gives a headless page no way to hide it; the page is told it is hidden as a tab switch would.
    const setHidden = (hidden: boolean) =>
      fixture.page.evaluate((isHidden) => {
        Object.defineProperty(document, 'visibilityState', {
          configurable: true,
          get: () => (isHidden ? 'hidden' : 'visible'),
        });
        document.dispatchEvent(new Event('visibilitychange'));
      }, hidden);
    await setHidden(true);
    await fixture.run("window.fixture.append(3, 'user')");
    await fixture.settled();
    const newIds = await fixture.run<string[]>('window.fixture.messages().slice(-3).map((message) => message.id)');
    await pageTimePasses(fixture, 900);
    const whileHidden = await allRead(fixture);
    for (const id of newIds) expect(whileHidden, `${id} while the page is hidden`).not.toContain(id);

    await setHidden(false);
    await expect.poll(() => allRead(fixture), { timeout: 10_000 }).toEqual(expect.arrayContaining(newIds));
  });

  it('uses messagesSeenRatio: with 1, a message cut by the viewport edge is not read', async () => {
    const fixture = await browser.open('count=100&read=1&readDelay=0&readRatio=1');
    await fixture.scrollTo(1234);
    await fixture.settled();
    await expect.poll(async () => (await allRead(fixture)).length, { timeout: 10_000 }).toBeGreaterThan(0);
    const { tooLittle } = await rowsInView(fixture, 1);
    expect(tooLittle.length, 'rows cut by an edge at this offset').toBeGreaterThan(0);
    const read = await allRead(fixture);
    for (const id of tooLittle) expect(read, `${id} is only partly in view`).not.toContain(id);
  });
});

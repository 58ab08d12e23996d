import { describe, expect, it } from 'vitest';
import { useFixtureBrowser, type FixturePage } from './fixture-page';

const browser = useFixtureBrowser();

interface FocusState {
  /** `scroller`, `message <index>`, `inside <index> <tag>`, or the focused element's text outside the list. */
  where: string;
  /** Top and bottom of the focused element relative to the viewport, px. */
  top: number;
  bottom: number;
  clientHeight: number;
}

/** Where keyboard focus is now. */
const focusState = (fixture: FixturePage): Promise<FocusState> =>
  fixture.page.evaluate(() => {
    const scroller = document.querySelector<HTMLElement>('[data-chat-list-scroller]')!;
    const active = document.activeElement as HTMLElement;
    const row = active.closest<HTMLElement>('[data-index]');
    const where =
      active === scroller
        ? 'scroller'
        : row === active
          ? `message ${row.dataset.index}`
          : row !== null
            ? `inside ${row.dataset.index} ${active.tagName.toLowerCase()}`
            : `outside ${active.textContent?.trim() ?? ''}`;
    const viewportTop = scroller.getBoundingClientRect().top;
    const rect = active.getBoundingClientRect();
    return {
      where,
      top: rect.top - viewportTop,
      bottom: rect.bottom - viewportTop,
      clientHeight: scroller.clientHeight,
    };
  });

/** Presses `key` and waits until focus has moved where the test expects and the list is still. */
async function press(fixture: FixturePage, key: string, expected: string | RegExp): Promise<FocusState> {
  await fixture.page.keyboard.press(key);
  await expect.poll(async () => (await focusState(fixture)).where, { timeout: 10_000 }).toMatch(expected);
  await fixture.settled();
  return focusState(fixture);
}

const isInView = (state: FocusState) => state.top >= -1 && state.bottom <= state.clientHeight + 1;

/** Tabs from the fixture's last button before the list into the list: its one tab stop. */
async function tabIntoList(fixture: FixturePage): Promise<void> {
  await fixture.page.focus({ role: 'button', name: 'Highlight and jump' });
  await press(fixture, 'Tab', 'scroller');
}

/** Opens the fixture with `query` and controls in every message, and tabs into the list. */
async function openFocused(query: string): Promise<FixturePage> {
  const fixture = await browser.open(`${query}&keyboard=1`);
  await fixture.settled();
  await tabIntoList(fixture);
  return fixture;
}

describe('semantics', () => {
  it('is a feed of articles that state their place among all messages, not only the rendered ones', async () => {
    const fixture = await browser.open('count=10000');
    await fixture.settled();
    const rows = await fixture.page.evaluate(() => {
      const scroller = document.querySelector<HTMLElement>('[data-chat-list-scroller]')!;
      return {
        role: scroller.getAttribute('role'),
        live: scroller.getAttribute('aria-live'),
        articles: Array.from(scroller.querySelectorAll<HTMLElement>('[role="article"]')).map((row) => ({
          index: Number(row.dataset.index),
          posinset: Number(row.getAttribute('aria-posinset')),
          setsize: Number(row.getAttribute('aria-setsize')),
        })),
      };
    });
    expect(rows.role).toBe('feed');
    // Not a live region: rows that mount while scrolling are never read out.
    expect(rows.live).toBeNull();
    expect(rows.articles.length).toBeGreaterThan(0);
    expect(rows.articles.length).toBeLessThan(100);
    for (const article of rows.articles) {
      expect(article.posinset).toBe(article.index + 1);
      expect(article.setsize).toBe(10000);
    }
  });

  it('is busy while a page of history loads, and not after', async () => {
    const fixture = await browser.open('count=50&history=1&olderEndOffset=100&historyDelay=600000');
    await fixture.settled();
    const busy = () =>
      fixture.run<string | null>(`document.querySelector('[data-chat-list-scroller]').getAttribute('aria-busy')`);
    expect(await busy()).toBeNull();
    await fixture.scrollTo(40);
    await expect.poll(busy).toBe('true');
  });
});

describe('announcements', () => {
  it('announces appended messages politely, and stays silent while the reader scrolls through history', async () => {
    const fixture = await browser.open('count=200');
    await fixture.settled();
    const announcement = () => fixture.run<string>(`document.querySelector('[data-chat-list-announcer]').textContent`);
    const region = await fixture.page.evaluate(() => {
      const announcer = document.querySelector<HTMLElement>('[data-chat-list-announcer]')!;
      const rect = announcer.getBoundingClientRect();
      return { live: announcer.getAttribute('aria-live'), width: rect.width, height: rect.height };
    });
    expect(region.live).toBe('polite');
    // Visually hidden: at most a pixel.
    expect(region.width * region.height).toBeLessThanOrEqual(1);
    expect(await announcement()).toBe('');
    await fixture.run('window.fixture.append(3)');
    await expect.poll(announcement).toBe('3 new messages');
    // Scrolling mounts other rows; nothing is announced for them.
    await fixture.scrollTo(2000);
    await fixture.scrollTo(0);
    await fixture.run('window.fixture.prepend(10)');
    await fixture.settled();
    expect(await announcement()).toBe('3 new messages');
    await fixture.run('window.fixture.append(1)');
    await expect.poll(announcement).toBe('1 new message');
  });

  it('does not announce a streamed message growing token by token', async () => {
    const fixture = await browser.open('count=50');
    await fixture.settled();
    await fixture.run('window.fixture.stream(30, "last")');
    expect(await fixture.run(`document.querySelector('[data-chat-list-announcer]').textContent`)).toBe('');
  });
});

describe('keyboard', () => {
  it('has one tab stop and moves focus between messages with the arrow keys, scrolling each into view', async () => {
    const fixture = await openFocused('count=200');
    // Into the messages at the newest one in view.
    let state = await press(fixture, 'ArrowUp', 'message 199');
    expect(isInView(state)).toBe(true);
    // Rows 800 / 600 px of viewport: the fourth step up leaves the rows that were in view.
    for (let index = 198; index >= 192; index--) {
      state = await press(fixture, 'ArrowUp', `message ${index}`);
      expect(isInView(state), `message ${index} in view`).toBe(true);
    }
    state = await press(fixture, 'ArrowDown', 'message 193');
    expect(isInView(state)).toBe(true);
    // Tab leaves the list: past every link and button inside the messages.
    await press(fixture, 'Tab', 'outside After the list');
    // Shift+Tab comes back to the list's one tab stop, not to a link inside a message.
    await press(fixture, 'Shift+Tab', 'scroller');
    await press(fixture, 'Shift+Tab', 'outside Highlight and jump');
  });

  it('reaches rows not rendered yet: Home goes to the first message, End to the newest, at the bottom', async () => {
    const fixture = await openFocused('count=5000');
    let state = await press(fixture, 'Home', 'message 0');
    expect(isInView(state)).toBe(true);
    expect((await fixture.metrics()).scrollTop).toBeLessThan(1.5);
    state = await press(fixture, 'PageDown', /^message \d+$/);
    const afterPageDown = Number(state.where.split(' ')[1]);
    expect(afterPageDown).toBeGreaterThan(1);
    expect(isInView(state)).toBe(true);
    state = await press(fixture, 'PageUp', /^message \d+$/);
    expect(Number(state.where.split(' ')[1])).toBeLessThan(afterPageDown);
    state = await press(fixture, 'End', 'message 4999');
    expect(isInView(state)).toBe(true);
    expect((await fixture.metrics()).gap).toBeLessThanOrEqual(1.5);
    // End resumed following: an appended message is followed.
    await fixture.run('window.fixture.append(1)');
    await expect.poll(async () => (await fixture.settled()).gap).toBeLessThanOrEqual(1.5);
    expect(await fixture.run('window.fixture.messages().length')).toBe(5001);
    expect(await fixture.rowTop(await fixture.run<string>('window.fixture.messages()[5000].id'))).not.toBeNull();
  });

  it('keeps the focused row mounted and focused while the reader scrolls 10 000 px away, and moves on from it', async () => {
    const fixture = await openFocused('count=2000');
    await press(fixture, 'ArrowUp', 'message 1999');
    await press(fixture, 'ArrowUp', 'message 1998');
    const index = 1998;
    const top = (await fixture.metrics()).scrollTop;
    await fixture.scrollTo(top - 10_000);
    const away = await fixture.page.evaluate(() => {
      const active = document.activeElement as HTMLElement;
      return {
        index: active.dataset.index,
        connected: active.isConnected,
        rows: document.querySelectorAll('[data-index]').length,
      };
    });
    expect(away.index).toBe(String(index));
    expect(away.connected).toBe(true);
    // Still virtualized: the kept row is one row, not everything in between.
    expect(away.rows).toBeLessThan(100);
    const state = await press(fixture, 'ArrowDown', `message ${index + 1}`);
    expect(isInView(state)).toBe(true);
  });

  it('keeps focus on the same message across a prepend and an append', async () => {
    const fixture = await openFocused('count=200&follow=never');
    await press(fixture, 'ArrowUp', 'message 199');
    await press(fixture, 'ArrowUp', 'message 198');
    const id = await fixture.run<string>('document.activeElement.dataset.id');
    await fixture.run('window.fixture.prepend(10)');
    await fixture.settled();
    await fixture.run('window.fixture.append(5)');
    await fixture.settled();
    const after = await fixture.page.evaluate(() => ({ ...(document.activeElement as HTMLElement).dataset }));
    expect(after.id).toBe(id);
    expect(after.index).toBe('208');
    await press(fixture, 'ArrowUp', 'message 207');
  });

  it('keeps focus in the list, on the scroller, when the focused message is removed', async () => {
    const fixture = await openFocused('count=50');
    await press(fixture, 'ArrowUp', 'message 49');
    await press(fixture, 'ArrowUp', 'message 48');
    const id = await fixture.run<string>('document.activeElement.dataset.id');
    await fixture.run(`window.fixture.setMessages((messages) => messages.filter((message) => message.id !== '${id}'))`);
    await expect.poll(async () => (await focusState(fixture)).where).toBe('scroller');
    // The list is a tab stop again, and the keyboard goes on from there.
    expect(await fixture.run('document.querySelector("[data-chat-list-scroller]").tabIndex')).toBe(0);
    await press(fixture, 'ArrowUp', 'message 48');
  });

  it('moves into a message’s own controls with Enter and tabs through them, out of the list past the last', async () => {
    const fixture = await openFocused('count=50');
    await press(fixture, 'ArrowUp', 'message 49');
    await press(fixture, 'ArrowUp', 'message 48');
    await press(fixture, 'Enter', 'inside 48 a');
    await press(fixture, 'Tab', 'inside 48 button');
    await press(fixture, 'Tab', 'outside After the list');
  });

  it('moves into a message’s controls with F2, back to the message with Escape, and to the scroller with another', async () => {
    const fixture = await openFocused('count=50');
    await press(fixture, 'ArrowUp', 'message 49');
    await press(fixture, 'F2', 'inside 49 a');
    await press(fixture, 'Escape', 'message 49');
    await press(fixture, 'Escape', 'scroller');
  });

  it('asks for history when the keyboard reaches the first message, as scrolling does', async () => {
    const fixture = await openFocused('count=50&history=1&olderEndOffset=100&historyDelay=300');
    const firstId = await fixture.run<string>('window.fixture.messages()[0].id');
    await fixture.page.keyboard.press('Home');
    // The first message is told by its id, not its index: the page of history it asks for comes
    // 300 ms later and makes it message 10, and on a busy machine the first look came after that.
    const focusedId = () =>
      fixture.run<string | null>(`document.activeElement.closest('[data-id]')?.getAttribute('data-id') ?? null`);
    await expect.poll(focusedId, { timeout: 10_000 }).toBe(firstId);
    await fixture.page.waitForFunction(() => window.fixture.messages().length === 60);
    await fixture.settled();
    // The focused message kept focus through the prepend; it is message 10 now.
    expect((await focusState(fixture)).where).toBe('message 10');
    expect(fixture.errors).toEqual([]);
  });
});

describe('reduced motion', () => {
  /** The scrollTop of every frame while `command` runs, until its promise settles. */
  const framesOf = (fixture: FixturePage, command: string) =>
    fixture.page.evaluate(
      (source) =>
        new Promise<{ offsets: number[]; landed: boolean }>((resolve) => {
          const scroller = document.querySelector<HTMLElement>('[data-chat-list-scroller]')!;
          const offsets: number[] = [];
          let done = false;
          const sample = () => {
            offsets.push(scroller.scrollTop);
            if (!done) requestAnimationFrame(sample);
          };
          const promise = new Function('handle', `return ${source}`)(window.fixture.handle) as Promise<boolean>;
          requestAnimationFrame(sample);
          void promise.then((landed) => {
            done = true;
            resolve({ offsets, landed });
          });
        }),
      command,
    );

  /**
   * The frames that stood on the way from `from` to `to`: an animation's. The last 500 px before
   * `to` are left out: a jump onto rows not measured yet is corrected there as they are measured.
   */
  const onTheWay = (offsets: number[], from: number, to: number) =>
    offsets.filter(
      (offset) => Math.abs(offset - from) > 1 && Math.abs(offset - to) > 500 && (offset - from) * (to - offset) > 0,
    );

  it('turns a smooth scroll command into a jump when the reader prefers reduced motion', async () => {
    const fixture = await browser.open('count=200&rowHeight=50');
    await fixture.page.emulateMedia({ reducedMotion: 'reduce' });
    const bottom = (await fixture.settled()).scrollTop;
    const { offsets, landed } = await framesOf(fixture, `handle.scrollToTop({ behavior: 'smooth' })`);
    expect(landed).toBe(true);
    expect(onTheWay(offsets, bottom, 0), 'frames on the way to the top').toEqual([]);
    const toIndex = await framesOf(fixture, `handle.scrollToIndex(100, { behavior: 'smooth', align: 'start' })`);
    expect(toIndex.landed).toBe(true);
    const target = toIndex.offsets[toIndex.offsets.length - 1]!;
    expect(target).toBeGreaterThan(4000);
    expect(onTheWay(toIndex.offsets, 0, target), 'frames on the way to message 100').toEqual([]);
  });

  it('animates the same command without the preference (the control)', async () => {
    const fixture = await browser.open('count=200&rowHeight=50');
    await fixture.page.emulateMedia({ reducedMotion: 'no-preference' });
    const bottom = (await fixture.settled()).scrollTop;
    const { offsets, landed } = await framesOf(fixture, `handle.scrollToTop({ behavior: 'smooth' })`);
    expect(landed).toBe(true);
    expect(onTheWay(offsets, bottom, 0).length).toBeGreaterThan(0);
  });
});

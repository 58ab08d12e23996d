import { describe, expect, it } from 'vitest';
import { useFixtureBrowser, type FixturePage } from './fixture-page';

const browser = useFixtureBrowser();

describe('opening', () => {
  for (const count of [10, 1000, 100_000]) {
    it(`opens at the bottom with ${count} messages`, async () => {
      const fixture = await browser.open(`count=${count}`);
      const settled = await fixture.settled();
      expect(settled.gap, `bottom gap after opening with ${count} messages`).toBeLessThanOrEqual(1.5);
      expect(settled.scrollHeight).toBeGreaterThan(settled.clientHeight);
      expect(fixture.errors).toEqual([]);
    });
  }

  // Opened at the bottom, the newest message is in view: an unseen count above 0 was never true.
  for (const count of [100, 2000, 20_000]) {
    it(`reports no unseen messages when ${count} messages open at the bottom`, async () => {
      const fixture = await browser.open(`count=${count}`);
      await fixture.settled();
      await fixture.page.waitForFunction(() => window.fixture.handle!.getVisibleRange() !== null);
      expect(await fixture.run('window.fixture.events.unseen'), 'every unseen count reported').toEqual([]);
      expect(await fixture.run('window.fixture.handle.unseenCount')).toBe(0);
      await fixture.run('window.fixture.setMessages(() => window.fixture.generate(500))');
      await fixture.settled();
      expect(await fixture.run('window.fixture.events.unseen'), 'after a new conversation').toEqual([]);
      expect(fixture.errors).toEqual([]);
    });
  }

  it('renders no rows in the task of its first commit, and paints the newest message at the bottom in the next frame', async () => {
    const fixture = await browser.open('count=1000');
    await fixture.page.waitForFunction(() => window.fixture.events.firstPaint !== undefined);
    expect(await fixture.run('window.fixture.events.firstTaskRows'), 'rows when the first task ends').toBe(0);
    const painted = await fixture.run<{ rows: number; gap: number }>('window.fixture.events.firstPaint');
    expect(painted.rows, 'rows painted in the first frame').toBeGreaterThan(3);
    expect(painted.gap, 'the first frame at the bottom').toBeLessThanOrEqual(1.5);
    expect(fixture.errors).toEqual([]);
  });

  // Rows measured taller than the estimate after the opening scroll grow the content below it:
  // the benchmark's 10 000 messages painted their first frame 145 px above the bottom, and were
  // put there only a frame later. Shorter rows shrink it, and the browser's clamp hides the case.
  for (const [count, rowHeight] of [
    [1000, 150],
    [10_000, 150],
    [10_000, 31.5],
  ] as const) {
    it(`paints its first frame at the bottom when rows of ${rowHeight} px (estimate 80) open ${count} messages`, async () => {
      const fixture = await browser.open(`count=${count}&rowHeight=${rowHeight}`);
      await fixture.page.waitForFunction(() => window.fixture.events.firstPaint !== undefined);
      const painted = await fixture.run<{ rows: number; gap: number }>('window.fixture.events.firstPaint');
      expect(painted.rows, 'rows painted in the first frame').toBeGreaterThan(3);
      expect(painted.gap, 'the first frame at the bottom').toBeLessThanOrEqual(1.5);
      expect((await fixture.settled()).gap).toBeLessThanOrEqual(1.5);
      expect(fixture.errors).toEqual([]);
    });
  }

  for (const align of ['start', 'center', 'end'] as const) {
    it(`paints its first frame with the anchored message at the ${align} when rows of 150 px (estimate 80) open`, async () => {
      const fixture = await browser.open(`count=1000&rowHeight=150&anchorIndex=500&anchorAlign=${align}`);
      await fixture.page.waitForFunction(() => window.fixture.events.firstPaint !== undefined);
      const { anchoredRow } = (await fixture.run<{ anchoredRow: { top: number } | null }>(
        'window.fixture.events.firstPaint',
      ))!;
      const { clientHeight } = await fixture.metrics();
      const expected = align === 'start' ? 0 : align === 'end' ? clientHeight - 150 : (clientHeight - 150) / 2;
      expect(anchoredRow, 'the anchored row painted in the first frame').not.toBeNull();
      expect(Math.abs(anchoredRow!.top - expected), `the anchored row at the ${align}`).toBeLessThanOrEqual(1);
      expect(fixture.errors).toEqual([]);
    });
  }

  it('opens at the bottom again when messages go from empty to a new conversation', async () => {
    const fixture = await browser.open('count=100&follow=never');
    await fixture.settled();
    await fixture.run('window.fixture.setMessages(() => [])');
    await fixture.settled();
    await fixture.run('window.fixture.setMessages(() => window.fixture.generate(300))');
    const settled = await fixture.settled();
    expect(settled.gap, 'bottom gap after a new conversation with follow never').toBeLessThanOrEqual(1.5);
  });

  it('sits a short list against the bottom edge with alignment bottom', async () => {
    const fixture = await browser.open('count=2');
    await fixture.settled();
    const geometry = await fixture.page.evaluate(() => {
      const scroller = document.querySelector<HTMLElement>('[data-chat-list-scroller]')!;
      const rows = scroller.querySelectorAll<HTMLElement>('[data-id]');
      const top = scroller.getBoundingClientRect().top;
      return {
        lastRowBottom: rows[rows.length - 1]!.getBoundingClientRect().bottom - top,
        firstRowTop: rows[0]!.getBoundingClientRect().top - top,
        viewport: scroller.clientHeight,
      };
    });
    expect(
      Math.abs(geometry.lastRowBottom - geometry.viewport),
      'last row bottom vs viewport bottom',
    ).toBeLessThanOrEqual(1);
    expect(geometry.firstRowTop, 'space above a short bottom-aligned list').toBeGreaterThan(100);
    expect(await fixture.run('[window.fixture.handle.isAtTop, window.fixture.handle.isAtBottom]')).toEqual([
      true,
      true,
    ]);
  });

  it('sits a short list against the top edge with alignment top', async () => {
    const fixture = await browser.open('count=2&alignment=top');
    await fixture.settled();
    const firstRowOffset = await fixture.page.evaluate(() => {
      const scroller = document.querySelector<HTMLElement>('[data-chat-list-scroller]')!;
      return scroller.querySelector('[data-id]')!.getBoundingClientRect().top - scroller.getBoundingClientRect().top;
    });
    expect(Math.abs(firstRowOffset), 'first row offset from the viewport top').toBeLessThanOrEqual(1);
  });
});

// Issue #16: open at the first unread, a search hit, a deep link.
describe('opening at initialAnchor', () => {
  const rowBox = (fixture: FixturePage, index: number) =>
    fixture.page.evaluate((rowIndex) => {
      const scroller = document.querySelector<HTMLElement>('[data-chat-list-scroller]')!;
      const row = scroller.querySelector<HTMLElement>(`[data-index="${rowIndex}"]`);
      if (!row) return null;
      const viewport = scroller.getBoundingClientRect();
      const rect = row.getBoundingClientRect();
      return { top: rect.top - viewport.top, bottom: rect.bottom - viewport.top, viewport: viewport.height };
    }, index);

  it('opens with the anchored message at the top, not at the bottom, and resolves no follow', async () => {
    const fixture = await browser.open('count=300&anchorIndex=100');
    const opened = await fixture.settled();
    const box = await rowBox(fixture, 100);
    expect(box, 'row 100 is rendered').not.toBeNull();
    expect(Math.abs(box!.top), 'row 100 at the top of the viewport').toBeLessThanOrEqual(1);
    expect(opened.gap, 'not at the bottom').toBeGreaterThan(1000);
    expect(await fixture.run('window.fixture.handle.isAtBottom')).toBe(false);
    // Row 100 is on its pixel within the browser's rounding of the offset: a sliver of row 99
    // thinner than a pixel may show above it, which is that rounding, not a row in view.
    expect((await rowBox(fixture, 99))!.bottom, 'row 99 shows less than a pixel').toBeLessThan(1);
    expect(await fixture.run('window.fixture.handle.getVisibleRange().firstIndex')).toBe(100);
    // A reader who opened at the first unread is not at the bottom: a new message does not pull them.
    await fixture.run("window.fixture.append(1, 'assistant')");
    await fixture.page.waitForFunction(() => window.fixture.events.newer.length === 1);
    await fixture.settled();
    expect(Math.abs((await rowBox(fixture, 100))!.top), 'row 100 after a new message').toBeLessThanOrEqual(1);
    expect(fixture.errors).toEqual([]);
  });

  for (const align of ['center', 'end'] as const) {
    it(`opens with the anchored message at the ${align} of the viewport`, async () => {
      const fixture = await browser.open(`count=300&anchorIndex=150&anchorAlign=${align}`);
      await fixture.settled();
      const box = (await rowBox(fixture, 150))!;
      const target = align === 'center' ? box.viewport / 2 : box.viewport;
      const actual = align === 'center' ? (box.top + box.bottom) / 2 : box.bottom;
      expect(Math.abs(actual - target)).toBeLessThanOrEqual(1);
    });
  }

  it('applies again when a new conversation opens (every key replaced)', async () => {
    const fixture = await browser.open('count=300');
    await fixture.settled();
    await fixture.page.evaluate(() => {
      const next = window.fixture.generate(400);
      window.fixture.setInitialAnchor({ id: next[42]!.id });
      window.fixture.setMessages(() => next);
    });
    await fixture.settled();
    expect(Math.abs((await rowBox(fixture, 42))!.top)).toBeLessThanOrEqual(1);
    expect(fixture.errors).toEqual([]);
  });

  it('opens at the bottom when the anchored key is not among the messages', async () => {
    const fixture = await browser.open('count=300');
    await fixture.settled();
    await fixture.page.evaluate(() => {
      window.fixture.setInitialAnchor({ id: 'not-loaded' });
      window.fixture.setMessages(() => window.fixture.generate(400));
    });
    expect((await fixture.settled()).gap).toBeLessThanOrEqual(1.5);
  });

  it('opens at the first unread with its "New messages" separator on top, which stays put as messages arrive', async () => {
    // The README's recipe: the separator is part of the first unread message's row.
    const fixture = await browser.open('count=300&anchorIndex=240&unreadAt=240');
    await fixture.settled();
    const separatorTop = () =>
      fixture.page.evaluate(() => {
        const scroller = document.querySelector<HTMLElement>('[data-chat-list-scroller]')!;
        const separator = scroller.querySelector('.unread-separator');
        return separator && separator.getBoundingClientRect().top - scroller.getBoundingClientRect().top;
      });
    expect(Math.abs((await separatorTop())!), 'the separator at the top of the viewport').toBeLessThanOrEqual(1);
    const unseenAtOpening = await fixture.run<number>('window.fixture.handle.unseenCount');
    for (const count of [1, 10, 1]) {
      await fixture.run(`window.fixture.append(${count}, 'assistant')`);
      await fixture.settled();
      expect(Math.abs((await separatorTop())!), `the separator after ${count} new messages`).toBeLessThanOrEqual(1);
    }
    expect(await fixture.run('window.fixture.handle.unseenCount')).toBe(unseenAtOpening + 12);
    expect(fixture.errors).toEqual([]);
  });

  it('opens at the anchored message near the end clamped to the bottom, and follows from there', async () => {
    const fixture = await browser.open('count=300&anchorIndex=298');
    const opened = await fixture.settled();
    expect(opened.gap, 'a start alignment past the end lands at the bottom').toBeLessThanOrEqual(1.5);
    await fixture.run("window.fixture.append(1, 'assistant')");
    await fixture.page.waitForFunction(() => window.fixture.events.newer.length === 1);
    expect((await fixture.settled()).gap, 'at the bottom, so followed').toBeLessThanOrEqual(1.5);
  });
});

// handle.remeasure() (issue #14): every measured height is forgotten and the rows on screen are
// measured again, without moving the reader's row or leaving the bottom.
import { describe, expect, it } from 'vitest';
import { useFixtureBrowser, type FixturePage } from './fixture-page';
import { readSnapshot } from './list-snapshot';
import { checkSnapshot } from '../fuzz/invariants';

const browser = useFixtureBrowser();
/** The fixture passes no estimateSize: the default. */
const DEFAULT_ESTIMATE = 80;

/**
 * The content height the layout should have once only the rendered rows are measured: their
 * heights in the DOM, and the estimate for every other message.
 */
const heightWithOnlyRenderedRowsMeasured = (fixture: FixturePage) =>
  fixture.page.evaluate((estimate) => {
    const scroller = document.querySelector<HTMLElement>('[data-chat-list-scroller]')!;
    const rows = [...scroller.querySelectorAll<HTMLElement>('[data-index]')];
    const rendered = rows.reduce((sum, row) => sum + row.getBoundingClientRect().height, 0);
    return rendered + (window.fixture.messages().length - rows.length) * estimate;
  }, DEFAULT_ESTIMATE);

describe('remeasure()', () => {
  it('forgets the heights of rows out of view, measured at an older width, and keeps the reader’s row still', async () => {
    const fixture = await browser.open('count=300');
    await fixture.settled();
    // Rows measured at the bottom, the top and the middle, at the first width.
    await fixture.run('window.fixture.handle.scrollToTop()');
    await fixture.settled();
    await fixture.scrollTo(8000);
    await fixture.run("window.fixture.setFrame({ width: '360px', height: '600px' })");
    await fixture.settled(4);
    const stale = await fixture.metrics();
    const expectedStale = await heightWithOnlyRenderedRowsMeasured(fixture);
    // The rows measured at 600 px that are no longer rendered keep their wide heights until now.
    expect(Math.abs(stale.scrollHeight - expectedStale), 'stale heights before remeasure').toBeGreaterThan(20);

    const before = await fixture.topRow();
    // Read before any other task could run (React renders in one of its own): no frame can come
    // between the call and the rows standing at their new sizes.
    const topBeforeAnyTask = await fixture.page.evaluate(async (rowId) => {
      window.fixture.handle!.remeasure();
      await Promise.resolve();
      const scroller = document.querySelector<HTMLElement>('[data-chat-list-scroller]')!;
      const row = scroller.querySelector<HTMLElement>(`[data-id="${CSS.escape(rowId)}"]`)!;
      return row.getBoundingClientRect().top - scroller.getBoundingClientRect().top;
    }, before.id);
    expect(Math.abs(topBeforeAnyTask - before.top), 'drift before any task').toBeLessThanOrEqual(1);
    expect(Math.abs((await fixture.rowTop(before.id))! - before.top), 'drift in the call').toBeLessThanOrEqual(1);
    const after = await readSnapshot(fixture, 4);
    expect(checkSnapshot(after)).toEqual([]);
    expect(Math.abs((await fixture.rowTop(before.id))! - before.top), 'drift once settled').toBeLessThanOrEqual(1);
    expect(Math.abs(after.scrollHeight - (await heightWithOnlyRenderedRowsMeasured(fixture)))).toBeLessThanOrEqual(2);
    expect(await fixture.run('window.fixture.handle.isAtBottom')).toBe(false);
    expect(fixture.errors).toEqual([]);
  });

  it('keeps a list at the bottom at the bottom, and it still follows', async () => {
    const fixture = await browser.open('count=300');
    await fixture.settled();
    await fixture.run("window.fixture.setFrame({ width: '360px', height: '600px' })");
    await fixture.settled(4);
    await fixture.run('window.fixture.handle.remeasure()');
    const after = await readSnapshot(fixture, 4);
    expect(checkSnapshot(after)).toEqual([]);
    expect(after.scrollHeight - (after.scrollTop + after.clientHeight), 'gap after remeasure').toBeLessThanOrEqual(1.5);
    await fixture.run("window.fixture.append(1, 'assistant')");
    await expect.poll(async () => (await fixture.settled()).gap).toBeLessThanOrEqual(1.5);
    const lastId = await fixture.run<string>('window.fixture.messages().at(-1).id');
    expect(await fixture.rowTop(lastId)).not.toBeNull();
    expect(fixture.errors).toEqual([]);
  });

  it('does nothing harmful on an empty list: the messages that come next still open at the bottom', async () => {
    const fixture = await browser.open('count=0');
    await fixture.run('window.fixture.handle.remeasure()');
    await fixture.run('window.fixture.append(5)');
    expect((await fixture.settled()).gap).toBeLessThanOrEqual(1.5);
    expect(fixture.errors).toEqual([]);
  });
});

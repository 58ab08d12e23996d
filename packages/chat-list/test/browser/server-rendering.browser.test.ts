import { describe, expect, it } from 'vitest';
import { useFixtureBrowser } from './fixture-page';

const browser = useFixtureBrowser();

interface Box {
  top: number;
  bottom: number;
}

// Issue #14: the server HTML shows the newest messages at the bottom, and hydration takes over
// without a mismatch and without moving them.
describe('server-rendered rows (initialRenderCount)', () => {
  it('shows the newest messages at the bottom before hydration, and hydrates without a mismatch or a move', async () => {
    const fixture = await browser.open('count=1000&initialRenderCount=12', 'ssr.html');
    const serverRows = await fixture.run<number>('window.fixture.serverRows');
    const before = await fixture.run<Box | null>('window.fixture.newestBeforeHydration');
    expect(serverRows, 'message rows in the server HTML').toBe(12);
    expect(before, 'the newest message is in the server HTML').not.toBeNull();
    expect(Math.abs(before!.bottom - 600), 'at the bottom of the 600 px viewport').toBeLessThanOrEqual(1);

    const settled = await fixture.settled();
    expect(settled.gap, 'at the bottom after hydration').toBeLessThanOrEqual(1.5);
    const lastId = await fixture.run<string>(
      'document.querySelector(\'[data-chat-list-scroller] [data-index="999"]\').dataset.id',
    );
    const after = await fixture.rowTop(lastId);
    expect(Math.abs(after! - before!.top), 'the newest message did not move').toBeLessThanOrEqual(1);
    expect(await fixture.run('window.fixture.handle.isAtBottom')).toBe(true);
    // React reports a hydration mismatch as a console error.
    expect(fixture.errors).toEqual([]);
  });

  it('keeps working as a virtualized list after hydration: it scrolls to the top and back', async () => {
    const fixture = await browser.open('count=1000&initialRenderCount=12', 'ssr.html');
    await fixture.settled();
    expect(await fixture.run('window.fixture.handle.scrollToTop()')).toBe(true);
    expect(await fixture.page.evaluate(() => document.querySelectorAll('[data-index]').length)).toBeLessThan(60);
    expect(await fixture.run('window.fixture.handle.scrollToBottom()')).toBe(true);
    expect((await fixture.settled()).gap).toBeLessThanOrEqual(1.5);
  });
});

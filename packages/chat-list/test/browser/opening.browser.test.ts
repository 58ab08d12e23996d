import { describe, expect, it } from 'vitest';
import { useFixtureBrowser } from './fixture-page';

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

import { describe, expect, it } from 'vitest';
import { useFixtureBrowser, type FixturePage } from './fixture-page';

const browser = useFixtureBrowser();

/** Where the row with `id` sits: its top and its centre, relative to the viewport (px). */
const rowPlace = (fixture: FixturePage, id: string) =>
  fixture.page.evaluate((rowId) => {
    const scroller = document.querySelector<HTMLElement>('[data-chat-list-scroller]')!;
    const row = scroller.querySelector<HTMLElement>(`[data-id="${CSS.escape(rowId)}"]`);
    if (!row) return null;
    const viewport = scroller.getBoundingClientRect();
    const rect = row.getBoundingClientRect();
    return { top: rect.top - viewport.top, centre: rect.top + rect.height / 2 - (viewport.top + viewport.height / 2) };
  }, id);

const waitForCommandResult = async (fixture: FixturePage) => {
  await fixture.page.waitForFunction(() => window.fixture.events.commandResults.length === 1, undefined, {
    timeout: 10_000,
  });
  return fixture.run<boolean>('window.fixture.events.commandResults[0]');
};

// A command issued while the list is at the bottom used to be undone by the bottom pin when
// React re-rendered before the browser's scroll event arrived (issues #14 and #19): the pin
// trusted an at-bottom state that was not updated yet. The command now owns the position.
describe('a scroll command and a render in the same tick', () => {
  for (const follow of ['at-bottom', 'always'] as const) {
    it(`jumps from a click handler that also sets state, while at the bottom (follow ${follow})`, async () => {
      const fixture = await browser.open(`count=1000&jumpIndex=500&follow=${follow}`);
      const opened = await fixture.settled();
      expect(opened.gap, 'opened at the bottom').toBeLessThanOrEqual(1.5);
      const id = await fixture.run<string>('window.fixture.messages()[500].id');

      await fixture.page.getByRole('button', { name: 'Jump with a state update' }).click();

      expect(await waitForCommandResult(fixture), 'the promise resolves true').toBe(true);
      await fixture.settled();
      const place = await rowPlace(fixture, id);
      expect(place, 'message 500 is rendered').not.toBeNull();
      expect(Math.abs(place!.centre), 'message 500 is centred').toBeLessThanOrEqual(1.5);
      expect(fixture.errors).toEqual([]);
    });
  }

  it('highlights a message and scrolls it to the top in one click handler, while at the bottom', async () => {
    const fixture = await browser.open('count=200&jumpIndex=150');
    await fixture.settled();
    const id = await fixture.run<string>('window.fixture.messages()[150].id');

    await fixture.page.getByRole('button', { name: 'Highlight and jump' }).click();

    expect(await waitForCommandResult(fixture), 'the promise resolves true').toBe(true);
    await fixture.settled();
    const place = await rowPlace(fixture, id);
    expect(place, 'the message is rendered').not.toBeNull();
    expect(Math.abs(place!.top), 'the message is at the top').toBeLessThanOrEqual(1.5);
    expect(await fixture.page.locator(`[data-id="${id}"] [data-highlighted]`).count()).toBe(1);
  });

  it('scrolls to the top from a mount effect, as the list opens at the bottom', async () => {
    const fixture = await browser.open('count=200&mountCommand=top');

    expect(await waitForCommandResult(fixture), 'the promise resolves true').toBe(true);
    const settled = await fixture.settled();
    expect(settled.scrollTop, 'at the very top').toBeLessThan(1.5);
    expect(fixture.errors).toEqual([]);
  });
});

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

      await fixture.page.click({ role: 'button', name: 'Jump with a state update' });

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

    await fixture.page.click({ role: 'button', name: 'Highlight and jump' });

    expect(await waitForCommandResult(fixture), 'the promise resolves true').toBe(true);
    await fixture.settled();
    const place = await rowPlace(fixture, id);
    expect(place, 'the message is rendered').not.toBeNull();
    expect(Math.abs(place!.top), 'the message is at the top').toBeLessThanOrEqual(1.5);
    expect(
      await fixture.page.evaluate(
        (rowId) => document.querySelectorAll(`[data-id="${CSS.escape(rowId)}"] [data-highlighted]`).length,
        id,
      ),
    ).toBe(1);
  });

  it('scrolls to the top from a mount effect, as the list opens at the bottom', async () => {
    const fixture = await browser.open('count=200&mountCommand=top');

    expect(await waitForCommandResult(fixture), 'the promise resolves true').toBe(true);
    const settled = await fixture.settled();
    expect(settled.scrollTop, 'at the very top').toBeLessThan(1.5);
    expect(fixture.errors).toEqual([]);
  });
});

// The reader's jump and a render in one task: the render commits before the jump's scroll event,
// so the list's state (pinned to the bottom, the offset it knows) is from before the jump. A key
// replaced above the view was anchored at the top, that write passed for the scroller's known
// offset, and the pin took the list back to the bottom: the jump was lost for good (a flaky CI run
// of the million-message test lost a thumb dragged to the top).
describe("a reader's jump and a render in the same task", () => {
  for (const [name, query] of [
    ['1 000 messages', 'count=1000'],
    ['a million messages, offsets scaled', 'count=1000&copies=1000'],
  ] as const) {
    it(`keeps a thumb dragged to the top when a message above the view gets a new key before the scroll event (${name})`, async () => {
      const fixture = await browser.open(query);
      expect((await fixture.settled()).gap, 'opened at the bottom').toBeLessThanOrEqual(1.5);
      await fixture.page.evaluate(() => {
        const scroller = document.querySelector<HTMLElement>('[data-chat-list-scroller]')!;
        const viewportTop = scroller.getBoundingClientRect().top;
        const rows = [...scroller.querySelectorAll<HTMLElement>('[data-index]')];
        const above = rows.find((row) => row.getBoundingClientRect().bottom < viewportTop)!;
        const index = Number(above.dataset.index);
        // A press on the scroller itself is a press on its scrollbar: the reader's intent.
        scroller.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
        scroller.scrollTop = 0;
        window.fixture.now(() =>
          window.fixture.setMessages((messages) =>
            messages.map((message, at) =>
              at === index
                ? { ...message, id: `${message.id}-edited`, content: `${message.content} (edited)` }
                : message,
            ),
          ),
        );
      });
      await fixture.page.waitForFunction(
        () => document.querySelector('[data-chat-list-scroller] [data-index="0"]') !== null,
      );
      const { scrollTop } = await fixture.settled();
      expect(scrollTop, 'still at the top').toBe(0);
      expect(await fixture.run<boolean>('window.fixture.handle.isAtTop')).toBe(true);
      expect(await fixture.run<boolean>('window.fixture.handle.isAtBottom')).toBe(false);
      expect(fixture.errors).toEqual([]);
    });
  }
});

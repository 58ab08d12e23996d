import { describe, expect, it } from 'vitest';
import { useFixtureBrowser } from './fixture-page';

const browser = useFixtureBrowser();

describe('virtualization', () => {
  it('keeps the DOM rows bounded by the viewport and 2 × overscan while scrolling through 100 000 messages', async () => {
    const fixture = await browser.open('count=100000');
    await fixture.settled();
    await fixture.run('window.fixture.handle.scrollToIndex(50000, { align: "start" })');
    await fixture.settled();
    const result = await fixture.page.evaluate(
      () =>
        new Promise<{ maxRows: number; maxVisible: number; blankFrames: number }>((resolve) => {
          const scroller = document.querySelector<HTMLElement>('[data-chat-list-scroller]')!;
          let frames = 0;
          let maxRows = 0;
          let maxVisible = 0;
          let blankFrames = 0;
          const tick = () => {
            const rows = scroller.querySelectorAll('[data-index]');
            maxRows = Math.max(maxRows, rows.length);
            const box = scroller.getBoundingClientRect();
            let visible = 0;
            for (const row of rows) {
              const rect = row.getBoundingClientRect();
              if (rect.bottom > box.top && rect.top < box.bottom) visible++;
            }
            maxVisible = Math.max(maxVisible, visible);
            const centre = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
            if (!centre?.closest('[data-index]')) blankFrames++;
            if (frames++ === 200) {
              resolve({ maxRows, maxVisible, blankFrames });
              return;
            }
            scroller.scrollTop += 400;
            requestAnimationFrame(tick);
          };
          requestAnimationFrame(tick);
        }),
    );
    expect(result.maxRows, `rows in the DOM (most visible at once: ${result.maxVisible})`).toBeLessThanOrEqual(
      result.maxVisible + 2 * 10 + 2,
    );
    expect(result.blankFrames, 'frames with no row at the centre line').toBe(0);
  });
});

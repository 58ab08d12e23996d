import { describe, expect, it } from 'vitest';
import { useFixtureBrowser } from './fixture-page';

const browser = useFixtureBrowser();

/** The fixture's `overscan` (the default). */
const OVERSCAN = 10;

interface FastScrollResult {
  /** The most message rows in the DOM beyond those intersecting the viewport, in any frame. */
  maxRowsBeyond: number;
  maxRows: number;
  blankFrames: number;
}

/** Scrolls by `step` px per frame for 200 frames, counting the rows in the DOM in each frame. */
const scrollFast = (step: number): Promise<FastScrollResult> =>
  new Promise((resolve) => {
    const scroller = document.querySelector<HTMLElement>('[data-chat-list-scroller]')!;
    let frames = 0;
    let maxRows = 0;
    let maxRowsBeyond = 0;
    let blankFrames = 0;
    const tick = () => {
      const rows = scroller.querySelectorAll('[data-index]');
      const box = scroller.getBoundingClientRect();
      let visible = 0;
      for (const row of rows) {
        const rect = row.getBoundingClientRect();
        if (rect.bottom > box.top && rect.top < box.bottom) visible++;
      }
      maxRows = Math.max(maxRows, rows.length);
      maxRowsBeyond = Math.max(maxRowsBeyond, rows.length - visible);
      const centre = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      if (!centre?.closest('[data-index]')) blankFrames++;
      if (frames++ === 200) {
        resolve({ maxRowsBeyond, maxRows, blankFrames });
        return;
      }
      scroller.scrollTop += step;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });

/** Message rows rendered wholly above and wholly below the viewport. */
const rowsOutsideViewport = (): { above: number; below: number } => {
  const scroller = document.querySelector<HTMLElement>('[data-chat-list-scroller]')!;
  const box = scroller.getBoundingClientRect();
  let above = 0;
  let below = 0;
  for (const row of scroller.querySelectorAll('[data-index]')) {
    const rect = row.getBoundingClientRect();
    if (rect.bottom <= box.top) above++;
    else if (rect.top >= box.bottom) below++;
  }
  return { above, below };
};

describe('virtualization', () => {
  it.each([
    ['down', 400],
    ['up', -400],
  ])(
    'scrolling %s through 100 000 messages at 400 px per frame keeps at most 2 × overscan rows beyond the viewport in the DOM, and no blank frame',
    async (_direction, step) => {
      const fixture = await browser.open('count=100000');
      await fixture.settled();
      await fixture.run('window.fixture.handle.scrollToIndex(50000, { align: "start" })');
      await fixture.settled();
      const result = await fixture.page.evaluate(scrollFast, step);
      // The rows a fast scroll shows next get the whole overscan, the rows it leaves 2 (core
      // overscan.ts): with the overscan on both edges, up to 22 were beyond the viewport.
      expect(result.maxRowsBeyond, `rows beyond the viewport (most in the DOM: ${result.maxRows})`).toBeLessThanOrEqual(
        2 * OVERSCAN,
      );
      expect(result.blankFrames, 'frames with no row at the centre line').toBe(0);
    },
  );

  it('keeps the overscan ahead of the reader when the scroll ends, and moves it ahead again when the reader turns', async () => {
    const fixture = await browser.open('count=100000');
    await fixture.settled();
    expect(await fixture.page.evaluate(rowsOutsideViewport), 'at the opening, beyond each edge').toEqual({
      above: OVERSCAN,
      below: 0,
    });
    await fixture.run('window.fixture.handle.scrollToIndex(50000, { align: "start" })');
    await fixture.settled();
    await fixture.page.evaluate(scrollFast, 400);
    await fixture.settled();
    // Still so after TanStack's scroll end (150 ms): nothing behind the reader is rendered then.
    await expect
      .poll(() => fixture.run<boolean>('window.fixture.handle.isScrolling'), { timeout: 5_000, interval: 50 })
      .toBe(false);
    expect(await fixture.page.evaluate(rowsOutsideViewport)).toEqual({ above: 2, below: OVERSCAN });
    await fixture.wheel(-120);
    await expect
      .poll(() => fixture.page.evaluate(rowsOutsideViewport), { timeout: 5_000, interval: 50 })
      .toEqual({ above: OVERSCAN, below: 2 });
  });
});

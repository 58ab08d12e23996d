import { describe, expect, it } from 'vitest';
import { OPENING_WINDOW_ROWS } from '../../src/core/opening-window';
import type { FrameSample } from '../fixtures/main';
import { useFixtureBrowser, type FixturePage } from './fixture-page';

const browser = useFixtureBrowser();

/**
 * Issue #15, the opening window (core `opening-window.ts`): a conversation of 10 000 messages or
 * more opens with TanStack laying out only its newest 200, below one block of the older ones'
 * estimated height, and lays out all of them in the task after the first paint or as soon as
 * anything needs them. Nothing the reader sees may tell.
 */
const LONG = 'count=20000';
const NEWEST = 19_999;
const EDGE = 1.5;

const frames = async (fixture: FixturePage, count: number): Promise<FrameSample[]> => {
  await fixture.page.waitForFunction((wanted) => window.fixture.events.frames.length >= wanted, count, {
    timeout: 30_000,
  });
  return fixture.run<FrameSample[]>('window.fixture.events.frames');
};

const commandResult = async (fixture: FixturePage): Promise<boolean> => {
  await fixture.page.waitForFunction(() => window.fixture.events.commandResults.length === 1, undefined, {
    timeout: 30_000,
  });
  return fixture.run<boolean>('window.fixture.events.commandResults[0]');
};

/** The message row with `index`, relative to the viewport's top; null when it is not rendered. */
const rowTopOf = (fixture: FixturePage, index: number): Promise<number | null> =>
  fixture.page.evaluate((wanted) => {
    const scroller = document.querySelector<HTMLElement>('[data-chat-list-scroller]')!;
    const row = scroller.querySelector<HTMLElement>(`[data-index="${wanted}"]`);
    return row ? row.getBoundingClientRect().top - scroller.getBoundingClientRect().top : null;
  }, index);

describe('the opening window of a long conversation (issue #15)', () => {
  it('opens 20 000 messages at the newest with only the newest laid out, then lays out all without moving a pixel', async () => {
    const fixture = await browser.open(`${LONG}&recordFrames=30`);
    const samples = await frames(fixture, 30);

    // The first painted frame already shows the window's rows: a row's TanStack index is its
    // message index minus the messages left out.
    const windowed = samples.filter((sample) => sample.firstVirtualIndex < sample.firstIndex);
    expect(windowed.length, 'frames painted with the opening window').toBeGreaterThan(0);
    expect(windowed[0]!.firstIndex - windowed[0]!.firstVirtualIndex).toBe(NEWEST + 1 - OPENING_WINDOW_ROWS);
    const last = samples[samples.length - 1]!;
    expect(last.firstVirtualIndex, 'laid out in full after the first paint').toBe(last.firstIndex);

    // Every frame, before and after, shows the newest message at the bottom, at the same offset
    // in content of the same height.
    for (const [frame, sample] of samples.entries()) {
      expect(sample.lastIndex, `frame ${frame}: the newest row is rendered`).toBe(NEWEST);
      expect(
        Math.abs(sample.lastBottom),
        `frame ${frame}: the newest row's bottom at the viewport's`,
      ).toBeLessThanOrEqual(EDGE);
    }
    const lastWindowed = samples.indexOf(windowed[windowed.length - 1]!);
    const firstFull = samples[lastWindowed + 1]!;
    expect(firstFull.scrollHeight, 'the older rows take the block’s height').toBe(samples[lastWindowed]!.scrollHeight);
    expect(firstFull.scrollTop).toBe(samples[lastWindowed]!.scrollTop);
    expect(fixture.errors).toEqual([]);
  });

  it('lays out every message before the first paint when the window’s rows do not fill the viewport (200 rows of 2 px)', async () => {
    const fixture = await browser.open(`${LONG}&rowHeight=2&recordFrames=10`);
    const samples = await frames(fixture, 10);

    // The block standing for the older messages would be in view, blank, until the window ended
    // after the paint: no painted frame may show the window.
    for (const [frame, sample] of samples.entries()) {
      expect(sample.firstVirtualIndex, `frame ${frame}: every message laid out`).toBe(sample.firstIndex);
      expect(sample.lastIndex, `frame ${frame}: the newest row is rendered`).toBe(NEWEST);
      expect(Math.abs(sample.lastBottom), `frame ${frame}: the newest row at the bottom`).toBeLessThanOrEqual(EDGE);
    }
    const rowsInView = await fixture.page.evaluate(() => {
      const scroller = document.querySelector<HTMLElement>('[data-chat-list-scroller]')!;
      const top = scroller.getBoundingClientRect().top;
      return [...scroller.querySelectorAll<HTMLElement>('[data-index]')].filter(
        (row) => row.getBoundingClientRect().top <= top + 1,
      ).length;
    });
    expect(rowsInView, 'a row covers the viewport’s top').toBeGreaterThan(0);
    expect(fixture.errors).toEqual([]);
  });

  it('runs a command given at the opening once every message is laid out: scrollToIndex(0) lands on the first message', async () => {
    const fixture = await browser.open(`${LONG}&mountCommand=first`);

    expect(await commandResult(fixture), 'the promise resolves true').toBe(true);
    await fixture.settled();
    const top = await rowTopOf(fixture, 0);
    expect(top, 'the first message is rendered').not.toBeNull();
    expect(Math.abs(top!), 'the first message is at the top').toBeLessThanOrEqual(EDGE);
    expect(fixture.errors).toEqual([]);
  });

  it('scrollToOffset(0) at the opening shows the first message at the top, not the block', async () => {
    const fixture = await browser.open(`${LONG}&mountCommand=offset`);

    await fixture.page.waitForFunction(
      () => document.querySelector('[data-chat-list-scroller] [data-index="0"]') !== null,
      undefined,
      { timeout: 30_000 },
    );
    const settled = await fixture.settled();
    expect(settled.scrollTop).toBeLessThan(EDGE);
    expect(Math.abs((await rowTopOf(fixture, 0))!)).toBeLessThanOrEqual(EDGE);
    expect(fixture.errors).toEqual([]);
  });

  it('keeps the newest message at the bottom through a prepend at the opening, and every message is reachable after it', async () => {
    const fixture = await browser.open(`${LONG}&mountCommand=prepend`);

    await fixture.page.waitForFunction(() => window.fixture.messages().length === 20_010, undefined, {
      timeout: 30_000,
    });
    const settled = await fixture.settled();
    expect(Math.abs(settled.gap), 'at the bottom').toBeLessThanOrEqual(EDGE);
    const newestBottom = await fixture.page.evaluate(() => {
      const scroller = document.querySelector<HTMLElement>('[data-chat-list-scroller]')!;
      const row = scroller.querySelector<HTMLElement>('[data-index="20009"]');
      return row && row.getBoundingClientRect().bottom - scroller.getBoundingClientRect().bottom;
    });
    expect(newestBottom, 'the newest message is rendered').not.toBeNull();
    expect(Math.abs(newestBottom!)).toBeLessThanOrEqual(EDGE);

    expect(await fixture.run<boolean>('window.fixture.handle.scrollToIndex(0, { align: "start" })')).toBe(true);
    await fixture.settled();
    expect(Math.abs((await rowTopOf(fixture, 0))!), 'the first prepended message at the top').toBeLessThanOrEqual(EDGE);
    expect(fixture.errors).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { useFixtureBrowser, type FixturePage } from './fixture-page';

const browser = useFixtureBrowser();

/** What the reader sees at the top of the list: the stuck header, the day of the row there, and the headers in view. */
interface TopOfList {
  scrollTop: number;
  /** The stuck header's text, or null when none is shown. */
  stuck: string | null;
  /** Top and bottom of the stuck header, px from the scroller's top. */
  stuckTop: number;
  stuckBottom: number;
  /** The day of the message row that spans the scroller's top (the first whose bottom is below it). */
  topDay: string | undefined;
  /** The in-row headers in view: text, top (px from the scroller's top) and opacity. */
  headers: Array<{ text: string; top: number; opacity: number }>;
  /** The top of the first in-row header below the scroller's top (the next day's), or null. */
  nextHeaderTop: number | null;
}

declare global {
  interface Window {
    readTopOfList: () => TopOfList;
    /** The reader's text at each scroll event and frame of a test's load (px from the scroller's top). */
    textTops: Array<number | null>;
  }
}

/** Opens the fixture with `query` and gives the page `window.readTopOfList`, for one sample or one per frame. */
const openDays = async (query: string): Promise<FixturePage> => {
  const fixture = await browser.open(query);
  await fixture.page.evaluate(() => {
    window.readTopOfList = () => {
      const scroller = document.querySelector<HTMLElement>('[data-chat-list-scroller]')!;
      const viewport = scroller.getBoundingClientRect();
      const stuck = scroller.querySelector<HTMLElement>('[data-chat-list-sticky-header] > div');
      const stuckRect = stuck?.getBoundingClientRect();
      const topRow = [...scroller.querySelectorAll<HTMLElement>('[data-id]')].find(
        (row) => row.getBoundingClientRect().bottom > viewport.top + 0.5,
      );
      const headers = [...scroller.querySelectorAll<HTMLElement>('[data-chat-list-group-header]')].map((header) => ({
        text: header.textContent ?? '',
        top: header.getBoundingClientRect().top - viewport.top,
        opacity: Number(getComputedStyle(header).opacity),
      }));
      return {
        scrollTop: scroller.scrollTop,
        stuck: stuck?.textContent ?? null,
        stuckTop: stuckRect ? stuckRect.top - viewport.top : 0,
        stuckBottom: stuckRect ? stuckRect.bottom - viewport.top : 0,
        topDay: topRow && window.fixture.dayOf(topRow.dataset.id!),
        headers: headers.filter((header) => header.top > -30 && header.top < viewport.height),
        nextHeaderTop: headers.find((header) => header.top > 0.5)?.top ?? null,
      };
    };
  });
  return fixture;
};

const readTop = (fixture: FixturePage): Promise<TopOfList> => fixture.page.evaluate(() => window.readTopOfList());

/** The top of the first `.message` under the row with `id`: the text the reader reads, below any header. */
const messageTop = (fixture: FixturePage, id: string): Promise<number | null> =>
  fixture.page.evaluate((rowId) => {
    const scroller = document.querySelector<HTMLElement>('[data-chat-list-scroller]')!;
    const text = scroller.querySelector<HTMLElement>(`[data-id="${CSS.escape(rowId)}"] .message`);
    return text ? text.getBoundingClientRect().top - scroller.getBoundingClientRect().top : null;
  }, id);

/**
 * Scrolls until the in-row header of `day` is `top` px from the scroller's top (rows measured on
 * the way move it, so it is placed again until it stays).
 */
const placeHeader = async (fixture: FixturePage, day: string, top: number) => {
  for (let attempt = 0; attempt < 5; attempt++) {
    const distance = await fixture.page.evaluate(
      ({ text, wanted }) => {
        const scroller = document.querySelector<HTMLElement>('[data-chat-list-scroller]')!;
        const header = [...scroller.querySelectorAll<HTMLElement>('[data-chat-list-group-header]')].find(
          (candidate) => candidate.textContent === text,
        )!;
        return header.getBoundingClientRect().top - scroller.getBoundingClientRect().top - wanted;
      },
      { text: day, wanted: top },
    );
    if (Math.abs(distance) < 0.5) return;
    const { scrollTop } = await fixture.metrics();
    await fixture.scrollTo(scrollTop + distance);
  }
  throw new Error(`the header of ${day} would not stay ${top} px from the top`);
};

/**
 * Scrolls by `step` px per frame for `frames` frames and reads the top of the list after each
 * frame is painted (in a task the frame posted: every scroll listener and animation frame of it
 * has run), then scrolls again from that task, as a reader's scroll arrives between frames.
 */
const scrollThrough = (fixture: FixturePage, step: number, frames: number): Promise<TopOfList[]> =>
  fixture.page.evaluate(
    ({ step: delta, frames: count }) =>
      new Promise<TopOfList[]>((resolve) => {
        const scroller = document.querySelector<HTMLElement>('[data-chat-list-scroller]')!;
        const samples: TopOfList[] = [];
        const afterPaint = () => {
          samples.push(window.readTopOfList());
          if (samples.length > count) {
            resolve(samples);
            return;
          }
          scroller.scrollTop += delta;
          requestAnimationFrame(() => setTimeout(afterPaint));
        };
        requestAnimationFrame(() => setTimeout(afterPaint));
      }),
    { step, frames },
  );

describe('sticky day headers', () => {
  it('gives the first message of every day its header, in its row', async () => {
    const fixture = await openDays('count=100&groupSize=7');
    await fixture.settled();
    const rows = await fixture.page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('[data-id]')].map((row) => ({
        day: window.fixture.dayOf(row.dataset.id!),
        header: row.querySelector('[data-chat-list-group-header]')?.textContent ?? null,
      })),
    );
    expect(rows.length).toBeGreaterThan(7);
    rows.forEach((row, index) => {
      const startsDay = index === 0 ? row.header !== null : row.day !== rows[index - 1]!.day;
      if (index > 0) expect(row.header, `row ${index} (${row.day})`).toBe(startsDay ? row.day : null);
    });
    expect(fixture.errors).toEqual([]);
  });

  it('sticks the day of the row at the top, over that day’s own header, once the day’s first row has scrolled up', async () => {
    const fixture = await openDays('count=100&groupSize=7');
    await fixture.settled();
    // A day in the middle of the history, its first row 60 px above the top: the reader is inside that day.
    const day = await fixture.page.evaluate(() => {
      const headers = [...document.querySelectorAll<HTMLElement>('[data-chat-list-group-header]')];
      return headers[Math.floor(headers.length / 2)]!.textContent!;
    });
    await placeHeader(fixture, day, -60);
    const top = await readTop(fixture);
    expect(top.topDay).toBe(day);
    expect(top.stuck).toBe(day);
    // At the top, unless the next day's header is within the stuck header's height (then flush on top of it).
    const height = top.stuckBottom - top.stuckTop;
    const pushedTo = top.nextHeaderTop !== null && top.nextHeaderTop < height ? top.nextHeaderTop - height : 0;
    expect(Math.abs(top.stuckTop - pushedTo), `next header at ${top.nextHeaderTop}`).toBeLessThanOrEqual(0.5);
    expect(fixture.errors).toEqual([]);
  });

  it('shows the right day in every frame of a scroll through several days, pushed up by the next header and never overlapping it', async () => {
    const fixture = await openDays('count=100&groupSize=7');
    await fixture.settled();
    await fixture.scrollTo(0);
    // Down through about 3 000 px at 9 px a frame: every header crossing happens at least once.
    const samples = await scrollThrough(fixture, 9, 330);
    let pushes = 0;
    let switches = 0;
    for (const [index, sample] of samples.entries()) {
      const where = `frame ${index} at scrollTop ${sample.scrollTop}`;
      if (sample.stuck === null) {
        // Nothing stuck: the top day's own header must be what is at the top.
        expect(sample.nextHeaderTop === null || sample.nextHeaderTop > 0.5, where).toBe(true);
        continue;
      }
      if (index > 0 && samples[index - 1]!.stuck !== sample.stuck) switches++;
      expect(sample.stuck, where).toBe(sample.topDay);
      // Stuck at the top, or pushed up by the next day's header: never below the top, never over that header.
      expect(sample.stuckTop, where).toBeLessThanOrEqual(0.5);
      if (sample.nextHeaderTop !== null) {
        expect(sample.stuckBottom, where).toBeLessThanOrEqual(sample.nextHeaderTop + 0.5);
        if (sample.nextHeaderTop < 30) {
          pushes++;
          expect(Math.abs(sample.stuckBottom - sample.nextHeaderTop), `${where}: pushed flush`).toBeLessThanOrEqual(1);
        }
      }
      if (sample.nextHeaderTop === null || sample.nextHeaderTop >= 30) {
        expect(Math.abs(sample.stuckTop), `${where}: at the top`).toBeLessThanOrEqual(0.5);
      }
    }
    expect(switches, 'days the stuck header went through').toBeGreaterThanOrEqual(3);
    expect(pushes, 'frames with the stuck header pushed up').toBeGreaterThanOrEqual(3);
    expect(fixture.errors).toEqual([]);
  });

  it('hides the day’s own header under the stuck copy, and shows it again when the day’s first row is back in view', async () => {
    const fixture = await openDays('count=100&groupSize=7');
    await fixture.settled();
    // A day's own header 10 px above the top: the stuck copy is over it, and it is see-through.
    const day = await fixture.page.evaluate(
      () => [...document.querySelectorAll<HTMLElement>('[data-chat-list-group-header]')].at(-2)!.textContent!,
    );
    await placeHeader(fixture, day, -10);
    let top = await readTop(fixture);
    expect(top.stuck).toBe(day);
    expect(top.topDay).toBe(day);
    expect(top.headers.find((header) => header.text === day)?.opacity).toBe(0);
    // Back down: the day's own header 10 px below the top, in view, nothing stuck over it.
    await placeHeader(fixture, day, 10);
    top = await readTop(fixture);
    expect(top.stuck).not.toBe(day);
    expect(top.headers.find((header) => header.text === day)?.opacity).toBe(1);
    expect(fixture.errors).toEqual([]);
  });

  it('keeps the reader’s text still when a prepended page continues the day at the top and takes its header up', async () => {
    // The first message is the 4th of its day: older messages of the same day are still to come.
    const fixture = await openDays('count=100&groupSize=7&groupOffset=3');
    await fixture.settled();
    await fixture.scrollTo(0);
    const first = await fixture.run<string>('window.fixture.messages()[0].id');
    // The first row is the reader's (its top in view), its header at the very top.
    const textBefore = await messageTop(fixture, first);
    // Two older messages of the same day: the header moves to the first of them. Where the text
    // is in each of the next frames, read at the start of the following one (what was painted).
    const frames = await fixture.page.evaluate(
      (id) =>
        new Promise<Array<number | null>>((resolve) => {
          const scroller = document.querySelector<HTMLElement>('[data-chat-list-scroller]')!;
          const tops: Array<number | null> = [];
          const tick = () => {
            const text = scroller.querySelector<HTMLElement>(`[data-id="${CSS.escape(id)}"] .message`);
            tops.push(text ? text.getBoundingClientRect().top - scroller.getBoundingClientRect().top : null);
            if (tops.length === 10) resolve(tops);
            else requestAnimationFrame(tick);
          };
          // Committed inside a frame: everything after it (layout, measuring) happens before that frame's paint.
          requestAnimationFrame(() => {
            window.fixture.now(() => window.fixture.prepend(2));
            requestAnimationFrame(tick);
          });
        }),
      first,
    );
    for (const [frame, top] of frames.entries()) {
      expect(top, `frame ${frame}: rendered`).not.toBeNull();
      expect(Math.abs(top! - textBefore!), `frame ${frame}: drift of the reader’s text`).toBeLessThanOrEqual(1);
    }
    await fixture.settled();
    const textAfter = await messageTop(fixture, first);
    expect(textAfter, 'the reader’s message still rendered').not.toBeNull();
    expect(Math.abs(textAfter! - textBefore!), 'drift of the reader’s text').toBeLessThanOrEqual(1);
    const headerOfFirst = await fixture.page.evaluate(
      (id) => document.querySelector(`[data-id="${id}"] [data-chat-list-group-header]`) !== null,
      first,
    );
    expect(headerOfFirst, 'the old first message no longer carries the header').toBe(false);
    expect(fixture.errors).toEqual([]);
  });

  it('keeps the reader’s text still when history loads under a Loading prefix at the top and continues the day', async () => {
    // The page lands when the test says so, once the text was read under the prefix: a load of a
    // second landed before that read on a loaded machine with the CPU throttled.
    const fixture = await openDays('count=30&groupSize=7&groupOffset=3&history=1&historyDelay=manual');
    await fixture.settled();
    const first = await fixture.run<string>('window.fixture.messages()[0].id');
    await fixture.scrollTo(0);
    await fixture.page.waitForFunction(() => window.fixture.events.historyRequests > 0);
    await fixture.settled();
    const textBefore = await messageTop(fixture, first);
    expect(await fixture.run<number>('window.fixture.events.historyLoadsFinished'), 'read before the load').toBe(0);
    // Where the text is at every scroll event and every frame until the page has loaded: the row
    // that loses its header keeps its element, and a CI run saw the text 30 px off between the
    // commit and the next frame's measuring (the scroll event of that write showed it).
    await fixture.page.evaluate((id) => {
      const scroller = document.querySelector<HTMLElement>('[data-chat-list-scroller]')!;
      const tops: Array<number | null> = [];
      window.textTops = tops;
      const read = () => {
        const text = scroller.querySelector<HTMLElement>(`[data-id="${CSS.escape(id)}"] .message`);
        tops.push(text ? text.getBoundingClientRect().top - scroller.getBoundingClientRect().top : null);
      };
      scroller.addEventListener('scroll', read);
      const tick = () => {
        read();
        if (window.fixture.events.historyLoadsFinished === 0 || tops.length < 200) requestAnimationFrame(tick);
        else scroller.removeEventListener('scroll', read);
      };
      requestAnimationFrame(tick);
    }, first);
    await fixture.run('window.fixture.landHistoryPage()');
    await fixture.page.waitForFunction(() => window.fixture.events.historyLoadsFinished > 0);
    await fixture.settled();
    const textAfter = await messageTop(fixture, first);
    expect(textAfter).not.toBeNull();
    expect(Math.abs(textAfter! - textBefore!), 'drift of the reader’s text').toBeLessThanOrEqual(1);
    const tops = await fixture.run<Array<number | null>>('window.textTops');
    for (const [sample, top] of tops.entries()) {
      expect(top, `sample ${sample}: rendered`).not.toBeNull();
      expect(Math.abs(top! - textBefore!), `sample ${sample}: drift of the reader’s text`).toBeLessThanOrEqual(1);
    }
    expect(fixture.errors).toEqual([]);
  });

  it('stays at the top when one scroll both starts a history load and changes the stuck day', async () => {
    // Found in the demo: the stuck header's synchronous render, inside the scroll event, also
    // rendered the app's "Loading..." before TanStack had read the new offset, and the list
    // went back to where the scroll started.
    // The page never lands: the test reads the list under the Loading prefix, however slow the machine.
    const fixture = await openDays('count=10&groupSize=3&history=1&historyDelay=manual&olderEndOffset=100');
    const { scrollTop: bottom } = await fixture.settled();
    expect(bottom).toBeGreaterThan(200);
    expect((await readTop(fixture)).stuck).not.toBeNull();
    await fixture.page.evaluate(() => {
      document.querySelector<HTMLElement>('[data-chat-list-scroller]')!.scrollTop = 0;
    });
    await fixture.page.waitForFunction(() => window.fixture.events.historyRequests > 0);
    const { scrollTop } = await fixture.settled();
    expect(scrollTop, 'still at the top, under the Loading prefix').toBeLessThan(50);
    expect((await readTop(fixture)).stuck, 'nothing stuck over the prefix').toBeNull();
    expect(fixture.errors).toEqual([]);
  });

  it('keeps the reader still mid-list when 1000 older messages are prepended, and sticks the same day', async () => {
    const fixture = await openDays('count=200&groupSize=7');
    await fixture.settled();
    await fixture.scrollTo(4000);
    const before = await fixture.topRow();
    const stuckBefore = (await readTop(fixture)).stuck;
    await fixture.run('window.fixture.prepend(1000)');
    await fixture.settled();
    const after = await fixture.rowTop(before.id);
    expect(Math.abs(after! - before.top)).toBeLessThanOrEqual(1);
    expect((await readTop(fixture)).stuck).toBe(stuckBefore);
    expect(fixture.errors).toEqual([]);
  });

  for (const alignment of ['top', 'bottom'] as const) {
    it(`sticks nothing over a short conversation and sticks when it grows, aligned to the ${alignment}`, async () => {
      const fixture = await openDays(`count=3&groupSize=2&alignment=${alignment}`);
      await fixture.settled();
      let top = await readTop(fixture);
      expect(top.stuck).toBeNull();
      expect(top.headers.map((header) => header.text)).toEqual(['Day 0', 'Day 1']);
      await fixture.run('window.fixture.append(40)');
      await fixture.settled();
      const { scrollTop } = await fixture.metrics();
      await fixture.scrollTo(scrollTop - 200);
      top = await readTop(fixture);
      if (!top.headers.some((header) => Math.abs(header.top) <= 0.5)) expect(top.stuck).toBe(top.topDay);
      expect(top.topDay).toBeDefined();
      expect(fixture.errors).toEqual([]);
    });
  }

  it('sticks nothing with stickyGroupHeader={false}, and still heads every day', async () => {
    const fixture = await openDays('count=100&groupSize=7&stickyGroupHeader=0');
    await fixture.settled();
    const { scrollTop } = await fixture.metrics();
    await fixture.scrollTo(scrollTop / 2 + 13);
    const top = await readTop(fixture);
    expect(top.stuck).toBeNull();
    expect(top.headers.length).toBeGreaterThan(0);
    expect(top.headers.every((header) => header.opacity === 1)).toBe(true);
  });
});

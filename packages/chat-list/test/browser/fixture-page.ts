import {
  browserEngineOf,
  launchBrowser,
  serveStatic,
  type DriverBrowser,
  type DriverPage,
} from '@chat-list/browser-harness';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeAll } from 'vitest';
import { saveEngineTraces } from './engine-trace-recorder';

// The `browser-react18` project sets CHAT_LIST_REACT=18: the same pages, built against React 18.
export const FIXTURE_DIST = fileURLToPath(
  new URL(process.env.CHAT_LIST_REACT === '18' ? '../fixtures/dist-react18' : '../fixtures/dist', import.meta.url),
);

/**
 * The conditions a project runs the whole suite under (vitest.config.ts): a slow machine
 * (`CHAT_LIST_CPU_THROTTLE`, Chromium's CPU throttling rate, e.g. 4 = four times slower) and
 * a fractional device pixel ratio (`CHAT_LIST_DPR`, e.g. 1.25, where scroll offsets and row
 * edges land between device pixels). A scenario that only passes on a quiet machine at 1×
 * is a bug report waiting.
 */
export const PAGE_CONDITIONS = {
  cpuThrottlingRate: Number(process.env.CHAT_LIST_CPU_THROTTLE ?? 1),
  deviceScaleFactor: Number(process.env.CHAT_LIST_DPR ?? 1),
};

/**
 * The engine the suite drives (`CHAT_LIST_BROWSER`, set by the `browser-firefox` and
 * `browser-webkit` projects): Chromium unless a project says otherwise.
 */
export const BROWSER_ENGINE = browserEngineOf(process.env.CHAT_LIST_BROWSER);

/**
 * How much room a scrollbar takes in this browser, read in the page (`page.evaluate(...)`) from a
 * probe of its own: the list's scroller keeps a gutter (`scrollbar-gutter: stable`), so its own
 * widths say nothing of the browser's scrollbars.
 */
export const scrollbarWidthInPage = (): number => {
  const probe = document.createElement('div');
  probe.style.cssText = 'position: absolute; width: 100px; height: 100px; overflow: scroll';
  document.body.append(probe);
  const width = probe.offsetWidth - probe.clientWidth;
  probe.remove();
  return width;
};

export interface ScrollerMetrics {
  scrollTop: number;
  scrollHeight: number;
  clientHeight: number;
  gap: number;
}

export interface RowPosition {
  id: string;
  /** Top of the row relative to the top of the viewport, px. */
  top: number;
}

interface SharedBrowser {
  browser: DriverBrowser;
  server: Awaited<ReturnType<typeof serveStatic>>;
  /**
   * The worker's reusable page: the first page a test opens is this one, navigated to the
   * test's fixture. A new page costs five times what a navigation does (a renderer process
   * started, about 1.5 CPU-seconds against 0.3 here), and most tests open one.
   */
  reusablePage: DriverPage | undefined;
}

// One Chromium, one server and one reusable page per worker, not per test file: the browser
// projects run with `isolate: false` (vitest.config.ts), so this module outlives a file and the
// next file in the worker reuses them (a launch costs about a second). Keyed by the folder
// served: a worker serves one project's pages, React 19's or React 18's. The browser closes with
// the worker's process.
const sharedBrowsers = new Map<string, Promise<SharedBrowser>>();

async function launchSharedBrowser(): Promise<SharedBrowser> {
  const server = await serveStatic(FIXTURE_DIST);
  const browser = await launchBrowser(BROWSER_ENGINE);
  return { browser, server, reusablePage: undefined };
}

function sharedBrowser(): Promise<SharedBrowser> {
  let shared = sharedBrowsers.get(FIXTURE_DIST);
  if (shared === undefined) {
    shared = launchSharedBrowser();
    sharedBrowsers.set(FIXTURE_DIST, shared);
  }
  return shared.then(async (current) => {
    if (current.browser.isConnected()) return current;
    // A crashed browser must not fail every later file of the worker: start another.
    sharedBrowsers.delete(FIXTURE_DIST);
    await current.server.close();
    return sharedBrowser();
  });
}

/** A page at the project's pixel ratio and CPU speed. */
function newConditionedPage(browser: DriverBrowser): Promise<DriverPage> {
  return browser.newPage({ viewport: FIXTURE_VIEWPORT, ...PAGE_CONDITIONS });
}

/**
 * Undoes what an earlier test may have changed on the reusable page and its document will not
 * reset by itself: the viewport, emulated media, the mouse's place; and sets the throttling rate
 * again (a navigation may start another renderer).
 */
async function resetReusablePage(page: DriverPage): Promise<void> {
  const viewport = page.viewportSize();
  if (viewport.width !== FIXTURE_VIEWPORT.width || viewport.height !== FIXTURE_VIEWPORT.height) {
    await page.setViewportSize(FIXTURE_VIEWPORT);
  }
  await page.emulateMedia({ reducedMotion: null });
  await page.mouse.move(0, 0);
  await page.reapplyConditions();
}

const FIXTURE_VIEWPORT = { width: 800, height: 800 };
/** How long `wheel()` waits for the scroll a wheel starts before taking it that none comes. */
const WHEEL_SCROLL_WAIT_MS = 3_000;

/** Removes the listeners of the fixture that last used a page: a reused page outlives it (and its test file). */
const detachListeners = new WeakMap<DriverPage, () => void>();

/** What a test file opens its fixture pages with. */
export interface FixtureBrowser {
  /** Opens a fixture page (`page`: another HTML file of test/fixtures) and waits for its handle. */
  open: (query?: string, page?: string) => Promise<FixturePage>;
}

/**
 * Opens fixture pages in the worker's browser. A test's first page is the worker's reusable one
 * (unless a test closed it); more pages in the same test are new ones, closed after it.
 */
export function useFixtureBrowser(): FixtureBrowser {
  let shared: SharedBrowser;
  const extraPages: DriverPage[] = [];
  let isReusablePageTaken = false;
  beforeAll(async () => {
    shared = await sharedBrowser();
  });
  // A page left open keeps its renderer busy, which the throttled project slows 4x (a file's
  // later tests ran 10-30x slower than its first ones, and one passed the 60 s limit): a test's
  // extra pages close after it, and the next test navigates the reusable one.
  const openedThisTest: FixturePage[] = [];
  afterEach(async (context) => {
    // A test that failed may have left its page stuck: WebKit under a loaded Xvfb stopped painting
    // frames, a script waiting for one never returned, and every later test of the worker queued
    // behind it on the same WebDriver session until the file had used up its time (a whole file's
    // tests, 120 s each). The next test gets a new page.
    if (context.task.result?.state === 'fail') {
      await shared.reusablePage?.close().catch(() => undefined);
    } else {
      await saveEngineTraces(context.task, openedThisTest.splice(0));
    }
    openedThisTest.length = 0;
    isReusablePageTaken = false;
    await Promise.all(extraPages.splice(0).map((page) => page.close().catch(() => undefined)));
  });

  const takePage = async (): Promise<DriverPage> => {
    const reusable = shared.reusablePage;
    if (!isReusablePageTaken && reusable !== undefined && !reusable.isClosed()) {
      isReusablePageTaken = true;
      await resetReusablePage(reusable);
      return reusable;
    }
    const page = await newConditionedPage(shared.browser);
    if (!isReusablePageTaken) {
      isReusablePageTaken = true;
      shared.reusablePage = page;
    } else {
      extraPages.push(page);
    }
    return page;
  };

  return {
    open: async (query = '', path = '') => {
      const page = await takePage();
      detachListeners.get(page)?.();
      const fixture = new FixturePage(page);
      openedThisTest.push(fixture);
      detachListeners.set(
        page,
        page.onProblem((text) => fixture.errors.push(text)),
      );
      await page.goto(`${shared.server.url}/${path}?${query}`);
      // A million messages under 4x throttling on a loaded machine took over 30 s to open.
      await page.waitForFunction(() => window.fixture !== undefined && window.fixture.handle !== null, undefined, {
        timeout: 90_000,
      });
      return fixture;
    },
  };
}

export class FixturePage {
  readonly errors: string[] = [];
  constructor(readonly page: DriverPage) {}

  metrics(): Promise<ScrollerMetrics> {
    return this.page.evaluate(() => {
      const scroller = document.querySelector<HTMLElement>('[data-chat-list-scroller]')!;
      return {
        scrollTop: scroller.scrollTop,
        scrollHeight: scroller.scrollHeight,
        clientHeight: scroller.clientHeight,
        gap: scroller.scrollHeight - (scroller.scrollTop + scroller.clientHeight),
      };
    });
  }

  /**
   * The first message row whose bottom is inside the viewport, and where its top is; with
   * `'reader'`, the first whose top is (the reader's row, as the list's reading anchor picks
   * it: a row cut by the top is above the reader, and its growth is compensated upwards).
   */
  topRow(which: 'cut' | 'reader' = 'cut'): Promise<RowPosition> {
    return this.page.evaluate((isReaderRow) => {
      const scroller = document.querySelector<HTMLElement>('[data-chat-list-scroller]')!;
      const viewportTop = scroller.getBoundingClientRect().top;
      for (const row of scroller.querySelectorAll<HTMLElement>('[data-id]')) {
        const rect = row.getBoundingClientRect();
        const isInView = isReaderRow ? rect.top >= viewportTop - 0.5 : rect.bottom > viewportTop + 1;
        if (isInView) return { id: row.dataset.id!, top: rect.top - viewportTop };
      }
      throw new Error('no message row in view');
    }, which === 'reader');
  }

  /**
   * The top row once it has come to rest: the same row at the same place across a few still
   * frames. Under load a scroll's rows are measured, and compensated, some frames after the
   * scroller itself looks still (a React 18 CI run read the row before that, and then saw it
   * "drift" after a resize).
   */
  async restingTopRow(which: 'cut' | 'reader' = 'cut'): Promise<RowPosition> {
    let previous = await this.topRow(which);
    for (let attempt = 0; attempt < 20; attempt++) {
      await this.settled(2);
      const current = await this.topRow(which);
      if (current.id === previous.id && Math.abs(current.top - previous.top) < 0.1) return current;
      previous = current;
    }
    throw new Error(`the top row did not come to rest: ${JSON.stringify(previous)}`);
  }

  /** Where the row with `id` is now, relative to the viewport top; null when it is not rendered. */
  rowTop(id: string): Promise<number | null> {
    return this.page.evaluate((rowId) => {
      const scroller = document.querySelector<HTMLElement>('[data-chat-list-scroller]')!;
      const row = scroller.querySelector<HTMLElement>(`[data-id="${CSS.escape(rowId)}"]`);
      return row ? row.getBoundingClientRect().top - scroller.getBoundingClientRect().top : null;
    }, id);
  }

  /**
   * Resolves once the scroller's geometry was the same for `frames` animation frames in a row,
   * with every change of the messages asked of the fixture rendered. Fails after `timeout` ms of the page's time with what it saw (a list that never comes to
   * rest, or a page that paints no frame), rather than holding the test until its own limit.
   */
  async settled(frames = 3, timeout = 30_000): Promise<ScrollerMetrics> {
    const outcome = await this.page.evaluate(
      ({ needed, limit }) =>
        new Promise<{ metrics: ScrollerMetrics; frames: number; isSettled: boolean }>((resolve) => {
          const scroller = document.querySelector<HTMLElement>('[data-chat-list-scroller]')!;
          const read = (): ScrollerMetrics => ({
            scrollTop: scroller.scrollTop,
            scrollHeight: scroller.scrollHeight,
            clientHeight: scroller.clientHeight,
            gap: scroller.scrollHeight - (scroller.scrollTop + scroller.clientHeight),
          });
          let last = '';
          let same = 0;
          let seen = 0;
          // A timer, not a frame: it runs also where no frame comes.
          const timer = setTimeout(() => resolve({ metrics: read(), frames: seen, isSettled: false }), limit);
          // A change of the messages asked for but not rendered yet is on its way.
          const isCommitted = () =>
            (window as { fixture?: { isCommitted?: () => boolean } }).fixture?.isCommitted?.() ?? true;
          const tick = () => {
            seen += 1;
            const metrics = read();
            const key = JSON.stringify(metrics);
            same = key === last && isCommitted() ? same + 1 : 0;
            last = key;
            if (same >= needed) {
              clearTimeout(timer);
              resolve({ metrics, frames: seen, isSettled: true });
            } else requestAnimationFrame(tick);
          };
          requestAnimationFrame(tick);
        }),
      { needed: frames, limit: timeout },
    );
    if (!outcome.isSettled) {
      throw new Error(
        `the list did not come to rest in ${timeout} ms (${outcome.frames} frames): ${await this.describeScroller()}`,
      );
    }
    return outcome.metrics;
  }

  /**
   * Scrolls like a reader: a real wheel event over the list, so user-intent handling sees it.
   * Resolves once the page has received it and, when the scroller could move that way, once it
   * has scrolled: Firefox's driver (WebDriver BiDi) returns before the event is dispatched, and a
   * wheel at the bottom, which scrolls nothing, left the next step (a reply shrinking under a turn
   * the wheel let go of) to run before the list saw it; Firefox animates a wheel's scroll, and on
   * a loaded machine `settled()` found the list at rest before the animation began (the reader's
   * row then "moved" by the wheel's 400 px).
   */
  async wheel(deltaY: number): Promise<void> {
    const centre = await this.scrollerCentre();
    const before = await this.page.evaluate((delta) => {
      const counter = window as unknown as { wheelsReceived?: number; scrollsReceived?: number };
      const scroller = document.querySelector<HTMLElement>('[data-chat-list-scroller]')!;
      if (counter.wheelsReceived === undefined) {
        counter.wheelsReceived = 0;
        counter.scrollsReceived = 0;
        window.addEventListener('wheel', () => (counter.wheelsReceived! += 1), { capture: true, passive: true });
        window.addEventListener('scroll', () => (counter.scrollsReceived! += 1), { capture: true, passive: true });
      }
      const room = delta < 0 ? scroller.scrollTop : scroller.scrollHeight - scroller.clientHeight - scroller.scrollTop;
      return { wheels: counter.wheelsReceived, scrolls: counter.scrollsReceived!, canScroll: room >= 1 };
    }, deltaY);
    await this.page.mouse.move(centre.x, centre.y);
    await this.page.mouse.wheel(0, deltaY);
    await this.page.waitForFunction(
      (wheels) => (window as unknown as { wheelsReceived: number }).wheelsReceived > wheels,
      before.wheels,
    );
    if (!before.canScroll) return;
    // A wheel the page takes but does not scroll sends no scroll event (WebKit did so once in
    // the fuzzer, with room to scroll): after a while, that is the answer rather than a failure.
    await this.page
      .waitForFunction(
        (scrolls) => (window as unknown as { scrollsReceived: number }).scrollsReceived > scrolls,
        before.scrolls,
        { timeout: WHEEL_SCROLL_WAIT_MS },
      )
      .catch(() => undefined);
  }

  /** The scroller's centre in the page's CSS pixels, rounded: where a gesture over the list starts. */
  async scrollerCentre(): Promise<{ x: number; y: number }> {
    const box = await this.page.evaluate(() => {
      const rect = document.querySelector('[data-chat-list-scroller]')?.getBoundingClientRect();
      return rect && rect.width > 0 && rect.height > 0 ? (rect.toJSON() as DOMRect) : null;
    });
    if (!box) throw new Error('scroller not visible');
    return { x: Math.round(box.x + box.width / 2), y: Math.round(box.y + box.height / 2) };
  }

  /** Scrolls like a finger: a touch drag synthesized by the browser's input pipeline (touch events, then scroll). */
  async touchScroll(deltaY: number): Promise<void> {
    const centre = await this.scrollerCentre();
    const gesture = await this.page.touchGesture();
    await gesture.scroll(centre.x, centre.y, deltaY);
    await gesture.release();
  }

  async scrollTo(offset: number): Promise<void> {
    await this.page.evaluate((top) => {
      document.querySelector<HTMLElement>('[data-chat-list-scroller]')!.scrollTop = top;
    }, offset);
    await this.settled();
  }

  /**
   * Starts a journal of the scroller's offset: every write (`scrollTo`, `scrollTop = …`, with
   * the writer's stack), every scroll event and every change of the rendered rows, the newest
   * 150 kept. A test that waits in vain prints it (`describeScroller`): a flaky CI failure then
   * says who moved the list, where no local run could reproduce it.
   */
  recordScrollJournal(): Promise<void> {
    return this.page.evaluate(() => {
      const scroller = document.querySelector<HTMLElement>('[data-chat-list-scroller]')!;
      const journal: unknown[] = [];
      (window as unknown as { scrollJournal: unknown[] }).scrollJournal = journal;
      const record = (entry: Record<string, unknown>) => {
        journal.push({ at: Math.round(performance.now()), ...entry });
        if (journal.length > 150) journal.shift();
      };
      const writer = () =>
        (new Error().stack ?? '')
          .split('\n')
          .slice(3, 7)
          .map((line) =>
            line
              .trim()
              .replace(/^at /, '')
              .replace(/https?:\/\/[^/]+\//, ''),
          )
          .join(' < ');
      const scrollTo = Element.prototype.scrollTo;
      Element.prototype.scrollTo = function (this: Element, ...args: unknown[]) {
        if (this === scroller) record({ write: 'scrollTo', args, from: scroller.scrollTop, by: writer() });
        return (scrollTo as (...a: unknown[]) => void).apply(this, args);
      };
      const scrollTop = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollTop')!;
      Object.defineProperty(scroller, 'scrollTop', {
        configurable: true,
        get: () => scrollTop.get!.call(scroller) as number,
        set: (value: number) => {
          record({ write: 'scrollTop', value, from: scrollTop.get!.call(scroller) as number, by: writer() });
          scrollTop.set!.call(scroller, value);
        },
      });
      scroller.addEventListener('scroll', () =>
        record({ event: 'scroll', top: scrollTop.get!.call(scroller) as number, height: scroller.scrollHeight }),
      );
      let rendered = '';
      const watchRows = () => {
        const indexes = [...scroller.querySelectorAll<HTMLElement>('[data-index]')].map((row) =>
          Number(row.dataset.index),
        );
        const now = indexes.length === 0 ? 'none' : `${Math.min(...indexes)}..${Math.max(...indexes)}`;
        if (now !== rendered)
          record({ rows: now, top: scrollTop.get!.call(scroller) as number, height: scroller.scrollHeight });
        rendered = now;
        requestAnimationFrame(watchRows);
      };
      requestAnimationFrame(watchRows);
    });
  }

  /** The scroller's state, the list handle's and the scroll journal (if recorded), as text for an error. */
  describeScroller(): Promise<string> {
    return this.page.evaluate(() => {
      const scroller = document.querySelector<HTMLElement>('[data-chat-list-scroller]')!;
      const indexes = [...scroller.querySelectorAll<HTMLElement>('[data-index]')].map((row) =>
        Number(row.dataset.index),
      );
      const handle = window.fixture.handle;
      return JSON.stringify(
        {
          scrollTop: scroller.scrollTop,
          scrollHeight: scroller.scrollHeight,
          clientHeight: scroller.clientHeight,
          rows: indexes.length === 0 ? 'none' : `${Math.min(...indexes)}..${Math.max(...indexes)}`,
          handle: handle && {
            scrollOffset: handle.scrollOffset,
            scrollSize: handle.scrollSize,
            isAtTop: handle.isAtTop,
            isAtBottom: handle.isAtBottom,
          },
          journal: (window as unknown as { scrollJournal?: unknown[] }).scrollJournal ?? 'not recorded',
        },
        null,
        1,
      );
    });
  }

  run<T>(action: string): Promise<T> {
    return this.page.evaluate(action) as Promise<T>;
  }
}

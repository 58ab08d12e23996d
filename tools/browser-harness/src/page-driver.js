// One page driver for every engine the browser suite runs in (page-driver.d.ts says what it
// covers). Chromium stays on Playwright, as before, for its CDP conditions (CPU throttling, touch
// gestures); Playwright's own Firefox and WebKit builds cannot be downloaded here, so Firefox is
// Debian's firefox-esr over WebDriver BiDi (puppeteer-core) and WebKit is WebKitGTK's WebDriver.
import { existsSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import { launchChromium } from './index.js';
import { emulateReducedMotionInPage, findButtonInPage, panInPage, splitKeyCombo } from './page-helpers.js';
import { launchWebKit } from './webkit-driver.js';

const FIREFOX_CANDIDATES = ['/usr/bin/firefox-esr', '/usr/bin/firefox'];

export function findFirefox() {
  const fromEnv = process.env.FIREFOX_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  const found = FIREFOX_CANDIDATES.find((path) => existsSync(path));
  if (!found) {
    throw new Error(
      'No Firefox found. Run the tests through `npm run test:matrix` (it installs firefox-esr) or set FIREFOX_PATH.',
    );
  }
  return found;
}

export function browserEngineOf(name) {
  const engine = name === undefined || name === '' ? 'chromium' : name;
  if (engine !== 'chromium' && engine !== 'firefox' && engine !== 'webkit') {
    throw new Error(`CHAT_LIST_BROWSER=${name}: the engines are chromium, firefox and webkit.`);
  }
  return engine;
}

export async function launchBrowser(engine) {
  // CHAT_LIST_SCROLLBARS=1: scrollbars that take layout space, as most desktops outside macOS show.
  if (engine === 'chromium') {
    return playwrightBrowser(await launchChromium({ showScrollbars: process.env.CHAT_LIST_SCROLLBARS === '1' }));
  }
  if (engine === 'firefox') return launchFirefox();
  return launchWebKit();
}

/** Console types that count as problems: Playwright says `warning`, puppeteer `warn`. */
const PROBLEM_TYPES = new Set(['error', 'warn', 'warning']);

/**
 * Calls `listener` with each console error or warning and each uncaught error of a Playwright or
 * puppeteer page (both emit `console` and `pageerror`); returns how to stop.
 */
function listenForProblems(page, listener) {
  const onConsole = (message) => {
    if (PROBLEM_TYPES.has(String(message.type()))) listener(message.text());
  };
  const onPageError = (error) => listener(String(error));
  page.on('console', onConsole);
  page.on('pageerror', onPageError);
  return () => {
    page.off('console', onConsole);
    page.off('pageerror', onPageError);
  };
}

// ---- Chromium: Playwright, unchanged ----

/** @param {import('playwright-core').Browser} browser */
function playwrightBrowser(browser) {
  return {
    engine: 'chromium',
    isConnected: () => browser.isConnected(),
    close: () => browser.close(),
    newPage: async ({ viewport, deviceScaleFactor = 1, cpuThrottlingRate = 1 }) => {
      const page = await browser.newPage({ viewport, deviceScaleFactor });
      // The CDP session is kept open: the throttling rate lives as long as it does.
      let session;
      if (cpuThrottlingRate > 1) {
        session = await page.context().newCDPSession(page);
        await session.send('Emulation.setCPUThrottlingRate', { rate: cpuThrottlingRate });
      }
      return playwrightPage(page, async () => {
        await session?.send('Emulation.setCPUThrottlingRate', { rate: cpuThrottlingRate });
      });
    },
  };
}

/** @param {import('playwright-core').Page} page */
function playwrightPage(page, reapplyConditions) {
  const locatorOf = (target) =>
    typeof target === 'string' ? page.locator(target) : page.getByRole(target.role, { name: target.name });
  return {
    engine: 'chromium',
    goto: async (url) => {
      await page.goto(url);
    },
    evaluate: (script, arg) => page.evaluate(script, arg),
    waitForFunction: async (fn, arg, options) => {
      await page.waitForFunction(fn, arg, options);
    },
    waitForSelector: async (selector, options) => {
      await page.waitForSelector(selector, options);
    },
    waitForTimeout: (ms) => page.waitForTimeout(ms),
    focus: (target) => locatorOf(target).focus(),
    click: (target) => locatorOf(target).click(),
    keyboard: { press: (key) => page.keyboard.press(key) },
    mouse: {
      move: (x, y) => page.mouse.move(x, y),
      wheel: (deltaX, deltaY) => page.mouse.wheel(deltaX, deltaY),
    },
    touchGesture: async () => {
      // Chromium's input pipeline synthesizes the drag (touch events, then the scroll).
      const session = await page.context().newCDPSession(page);
      return {
        scroll: async (x, y, deltaY) => {
          await session.send('Input.synthesizeScrollGesture', {
            x,
            y,
            yDistance: -deltaY,
            gestureSourceType: 'touch',
            speed: 2000,
          });
        },
        release: () => session.detach(),
      };
    },
    viewportSize: () => page.viewportSize() ?? { width: 0, height: 0 },
    setViewportSize: (size) => page.setViewportSize(size),
    emulateMedia: ({ reducedMotion }) => page.emulateMedia({ reducedMotion, colorScheme: null, media: null }),
    reapplyConditions,
    onProblem: (listener) => listenForProblems(page, listener),
    close: () => page.close(),
    isClosed: () => page.isClosed(),
  };
}

// ---- Firefox: puppeteer-core over WebDriver BiDi ----

async function launchFirefox() {
  const { default: puppeteer } = await import('puppeteer-core');
  const browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: findFirefox(),
    headless: true,
  });
  return {
    engine: 'firefox',
    isConnected: () => browser.connected,
    close: () => browser.close(),
    newPage: async ({ viewport, deviceScaleFactor = 1, cpuThrottlingRate = 1 }) => {
      if (cpuThrottlingRate > 1)
        throw new Error('CPU throttling is Chromium-only (CDP): no Firefox condition can ask for it.');
      const page = await browser.newPage();
      await page.setViewport({ ...viewport, deviceScaleFactor });
      return puppeteerPage(page, deviceScaleFactor);
    },
  };
}

/** @param {import('puppeteer-core').Page} page */
function puppeteerPage(page, deviceScaleFactor) {
  const elementOf = async (target) => {
    const handle =
      typeof target === 'string'
        ? await page.$(target)
        : (await page.evaluateHandle(findButtonInPage, target.name)).asElement();
    if (!handle) throw new Error(`no element ${JSON.stringify(target)}`);
    return /** @type {import('puppeteer-core').ElementHandle<Element>} */ (handle);
  };
  return {
    engine: 'firefox',
    goto: async (url) => {
      // The fixtures' message generator (faker) runs about 15 times slower in Firefox than in
      // Chromium, before the load event: 100 000 messages took 15 s alone and over 30 s under load.
      // The same limit as the fixture's wait for its handle.
      await page.goto(url, { timeout: 90_000 });
    },
    evaluate: (script, arg) => page.evaluate(script, arg),
    waitForFunction: async (fn, arg, options) => {
      await page.waitForFunction(fn, { polling: 'raf', timeout: options?.timeout ?? 30_000 }, arg);
    },
    waitForSelector: async (selector, options) => {
      const state = options?.state ?? 'visible';
      await page.waitForFunction(
        (wanted, present) => {
          const element = document.querySelector(wanted);
          if (present === 'detached') return element === null;
          if (present === 'attached' || element === null) return element !== null;
          const box = element.getBoundingClientRect();
          return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
        },
        { polling: 'raf', timeout: options?.timeout ?? 30_000 },
        selector,
        state,
      );
    },
    waitForTimeout: (ms) => delay(ms),
    focus: async (target) => {
      const element = await elementOf(target);
      await element.focus();
      await element.dispose();
    },
    click: async (target) => {
      const element = await elementOf(target);
      await element.click();
      await element.dispose();
    },
    keyboard: {
      press: async (combo) => {
        const { modifiers, key } = splitKeyCombo(combo);
        for (const modifier of modifiers)
          await page.keyboard.down(/** @type {import('puppeteer-core').KeyInput} */ (modifier));
        await page.keyboard.press(/** @type {import('puppeteer-core').KeyInput} */ (key));
        for (const modifier of modifiers.reverse())
          await page.keyboard.up(/** @type {import('puppeteer-core').KeyInput} */ (modifier));
      },
    },
    mouse: {
      move: (x, y) => page.mouse.move(x, y),
      wheel: (deltaX, deltaY) => page.mouse.wheel({ deltaX, deltaY }),
    },
    touchGesture: async () => ({
      scroll: async (x, y, deltaY) => {
        // BiDi's touch pointer gives the page its touch events, but headless Firefox pans nothing
        // with them (no touch screen, so no touch scrolling): each move is followed by the pan a
        // finger would make, the scroller under the finger scrolled by script.
        const { height } = page.viewport() ?? { height: 0 };
        const touch = await page.touchscreen.touchStart(x, y);
        const steps = 5;
        for (let step = 1; step <= steps; step++) {
          await touch.move(x, Math.min(Math.max(y - (deltaY * step) / steps, 0), height - 1));
          await page.evaluate(panInPage, { x, y, by: deltaY / steps });
        }
        await touch.end();
      },
      release: async () => undefined,
    }),
    viewportSize: () => {
      const viewport = page.viewport();
      return { width: viewport?.width ?? 0, height: viewport?.height ?? 0 };
    },
    setViewportSize: (size) => page.setViewport({ ...size, deviceScaleFactor }),
    emulateMedia: async ({ reducedMotion }) => {
      await page.evaluate(emulateReducedMotionInPage, reducedMotion);
    },
    reapplyConditions: async () => undefined,
    onProblem: (listener) => listenForProblems(page, listener),
    close: () => page.close(),
    isClosed: () => page.isClosed(),
  };
}

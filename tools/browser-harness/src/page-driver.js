// One page driver for every engine the browser suite runs in (page-driver.d.ts says what it
// covers). Chromium stays on Playwright, as before, for its CDP conditions (CPU throttling, touch
// gestures); Playwright's own Firefox and WebKit builds cannot be downloaded here, so Firefox is
// Debian's firefox-esr over WebDriver BiDi (puppeteer-core) and WebKit is WebKitGTK's WebDriver.
import { existsSync } from 'node:fs';
import { setTimeout as delay } from 'node:timers/promises';
import { launchChromium } from './index.js';

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
  if (engine === 'chromium') return playwrightBrowser(await launchChromium());
  if (engine === 'firefox') return launchFirefox();
  throw new Error('The WebKit driver is not written yet: CHAT_LIST_BROWSER=webkit cannot run.');
}

/**
 * Finds a button by its accessible name the way Playwright's `getByRole('button', { name })`
 * does by default (a case-insensitive substring of its label or text). Runs in the page.
 */
export const findButtonInPage = (name) => {
  const wanted = name.toLowerCase();
  const buttons = [...document.querySelectorAll('button, [role="button"]')];
  const found = buttons.find((button) =>
    (button.getAttribute('aria-label') ?? button.textContent ?? '')
      .replace(/\s+/g, ' ')
      .trim()
      .toLowerCase()
      .includes(wanted),
  );
  if (!found) throw new Error(`no button named "${name}"`);
  return found;
};

/**
 * Emulates `prefers-reduced-motion` where the driver has no way to (BiDi, WebDriver): queries of
 * the feature are rewritten to one that always or never matches. The library asks `matchMedia`
 * on each smooth scroll, which is what the tests check; CSS and the browser's own smooth
 * scrolling do not see it. Runs in the page; lasts until the next navigation.
 */
export const emulateReducedMotionInPage = (value) => {
  const page = /** @type {Window & { driverMatchMedia?: typeof matchMedia }} */ (window);
  const original = page.driverMatchMedia ?? window.matchMedia.bind(window);
  page.driverMatchMedia = original;
  if (value === null) {
    window.matchMedia = original;
    return;
  }
  window.matchMedia = (query) =>
    original(
      query.replace(/prefers-reduced-motion\s*:\s*([\w-]+)/g, (_, asked) =>
        asked === value ? 'min-width: 0px' : 'max-width: -1px',
      ),
    );
};

/** Splits `Shift+Tab` into its modifiers and its key. */
export function splitKeyCombo(combo) {
  const parts = combo === '+' ? ['+'] : combo.split('+');
  return { modifiers: parts.slice(0, -1), key: parts[parts.length - 1] ?? '' };
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
    onProblem: (listener) => {
      /** @param {import('playwright-core').ConsoleMessage} message */
      const onConsole = (message) => {
        if (message.type() === 'error' || message.type() === 'warning') listener(message.text());
      };
      const onPageError = (error) => listener(String(error));
      page.on('console', onConsole);
      page.on('pageerror', onPageError);
      return () => {
        page.off('console', onConsole);
        page.off('pageerror', onPageError);
      };
    },
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
      await page.goto(url);
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
        // A W3C touch pointer: touch events, then the browser's own pan of the scroller.
        const touch = await page.touchscreen.touchStart(x, y);
        const steps = 10;
        for (let step = 1; step <= steps; step++) await touch.move(x, y - (deltaY * step) / steps);
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
    onProblem: (listener) => {
      /** @param {import('puppeteer-core').ConsoleMessage} message */
      const onConsole = (message) => {
        const type = String(message.type());
        if (type === 'error' || type === 'warn' || type === 'warning') listener(message.text());
      };
      const onPageError = (error) => listener(String(error));
      page.on('console', onConsole);
      page.on('pageerror', onPageError);
      return () => {
        page.off('console', onConsole);
        page.off('pageerror', onPageError);
      };
    },
    close: () => page.close(),
    isClosed: () => page.isClosed(),
  };
}

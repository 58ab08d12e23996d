// WebKit for the browser suite: Debian's WebKitGTK WebDriver (`WebKitWebDriver`, package
// webkit2gtk-driver) driving its MiniBrowser, over the W3C WebDriver HTTP endpoints with plain
// `fetch`. MiniBrowser has no headless mode, so each driver runs under `xvfb-run`; Xvfb renders in
// software, a few frames a second on a loaded machine, so everything here waits on conditions.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { setTimeout as delay } from 'node:timers/promises';
import {
  emulateReducedMotionInPage,
  findButtonInPage,
  panInPage,
  splitKeyCombo,
  touchDragInPage,
} from './page-helpers.js';

const ELEMENT_KEY = 'element-6066-11e4-a52e-4f735466cecf';

/** Xvfb's screen, in which the window is centred (`setViewportSize`). */
const SCREEN = { width: 1600, height: 1200 };

export function findWebKitWebDriver() {
  const fromEnv = process.env.WEBKIT_WEBDRIVER_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  if (existsSync('/usr/bin/WebKitWebDriver')) return '/usr/bin/WebKitWebDriver';
  throw new Error(
    'No WebKitWebDriver found. Run the tests through `npm run test:matrix` (it installs webkit2gtk-driver and xvfb) or set WEBKIT_WEBDRIVER_PATH.',
  );
}

/** MiniBrowser ships in WebKitGTK's library package, outside the PATH: dpkg knows where. */
export function findMiniBrowser() {
  const fromEnv = process.env.WEBKIT_MINIBROWSER_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  const listed = spawnSync('sh', ['-c', 'dpkg -S MiniBrowser 2>/dev/null'], { encoding: 'utf8' }).stdout ?? '';
  const found = listed
    .split('\n')
    .map((line) => line.split(': ')[1]?.trim())
    .find((path) => path !== undefined && path.endsWith('/MiniBrowser') && existsSync(path));
  if (!found) throw new Error('No MiniBrowser found (package libwebkit2gtk-4.1-0); set WEBKIT_MINIBROWSER_PATH.');
  return found;
}

const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });

/** W3C key codes of the keys the tests press (Playwright's names). */
const KEYS = {
  Tab: '\uE004',
  Enter: '\uE007',
  Shift: '\uE008',
  Control: '\uE009',
  Alt: '\uE00A',
  Escape: '\uE00C',
  Space: ' ',
  PageUp: '\uE00E',
  PageDown: '\uE00F',
  End: '\uE010',
  Home: '\uE011',
  ArrowLeft: '\uE012',
  ArrowUp: '\uE013',
  ArrowRight: '\uE014',
  ArrowDown: '\uE015',
  Backspace: '\uE003',
  Delete: '\uE017',
  Meta: '\uE03D',
  ...Object.fromEntries(
    Array.from({ length: 12 }, (_, index) => [`F${index + 1}`, String.fromCharCode(0xe031 + index)]),
  ),
};
const keyValue = (name) => KEYS[name] ?? (name.length === 1 ? name : undefined);

/**
 * Records console errors and warnings and uncaught errors in the page, for `onProblem`: classic
 * WebDriver has no events. Installed after each navigation, so what a page reports before its
 * load event is not seen. Runs in the page.
 */
const recordProblemsInPage = () => {
  const page = /** @type {Window & { driverProblems?: string[] }} */ (window);
  if (page.driverProblems) return;
  const problems = [];
  page.driverProblems = problems;
  for (const level of /** @type {const} */ (['error', 'warn'])) {
    const original = console[level].bind(console);
    console[level] = (...args) => {
      problems.push(args.map(String).join(' '));
      original(...args);
    };
  }
  window.addEventListener('error', (event) => problems.push(String(event.error ?? event.message)));
  window.addEventListener('unhandledrejection', (event) => problems.push(String(event.reason)));
};

/**
 * One WebKitWebDriver (and its MiniBrowser, under its own Xvfb) per page: a session is one
 * window, and pages are few (a worker reuses one), so no window switching between pages.
 */
export async function launchWebKit() {
  const driverPath = findWebKitWebDriver();
  const miniBrowser = findMiniBrowser();
  const pages = new Set();
  let isClosed = false;
  return {
    engine: 'webkit',
    isConnected: () => !isClosed,
    close: async () => {
      isClosed = true;
      await Promise.all([...pages].map((page) => page.close()));
    },
    newPage: async ({ viewport, deviceScaleFactor = 1, cpuThrottlingRate = 1 }) => {
      if (cpuThrottlingRate > 1)
        throw new Error('CPU throttling is Chromium-only (CDP): no WebKit condition can ask for it.');
      if (deviceScaleFactor !== 1) throw new Error('WebKitGTK under Xvfb runs at a device pixel ratio of 1 only.');
      const page = await webDriverPage(driverPath, miniBrowser, viewport);
      pages.add(page);
      const close = page.close;
      page.close = async () => {
        pages.delete(page);
        await close();
      };
      return page;
    },
  };
}

async function webDriverPage(driverPath, miniBrowser, initialViewport) {
  const port = await freePort();
  // Its own process group, so that closing ends xvfb-run, Xvfb, the driver and MiniBrowser together.
  const screen = `-screen 0 ${SCREEN.width}x${SCREEN.height}x24`;
  const driver = spawn('xvfb-run', ['-a', '-s', screen, driverPath, `--port=${port}`], {
    detached: true,
    stdio: 'ignore',
  });
  // Vitest ends its workers without an exit event (a signal), and the driver must not outlive
  // the worker: a watchdog, in a process group of its own, ends the driver's group once the
  // worker is gone.
  const watchdog = spawn(
    'sh',
    ['-c', `while kill -0 ${process.pid} 2>/dev/null; do sleep 1; done; kill -KILL -${driver.pid} 2>/dev/null`],
    { detached: true, stdio: 'ignore' },
  );
  driver.unref();
  watchdog.unref();
  const killDriver = () => {
    for (const child of [watchdog, driver]) {
      try {
        process.kill(-(child.pid ?? 0), 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
  };
  process.once('exit', killDriver);
  const base = `http://127.0.0.1:${port}`;

  const call = async (method, path, body, timeout) => {
    const response = await fetch(base + path, {
      method,
      headers: { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: timeout === undefined ? undefined : AbortSignal.timeout(timeout),
    });
    const reply = /** @type {{ value: any }} */ (await response.json());
    if (!response.ok) {
      const { error, message } = reply.value ?? {};
      throw new Error(`WebKitWebDriver ${method} ${path.replace(/^\/session\/[^/]+/, '')}: ${error}: ${message}`);
    }
    return reply.value;
  };

  const startedAt = Date.now();
  for (;;) {
    const ready = await call('GET', '/status').then(
      (status) => status?.ready === true,
      () => false,
    );
    if (ready) break;
    if (driver.exitCode !== null || Date.now() - startedAt > 30_000) {
      killDriver();
      throw new Error(`WebKitWebDriver did not start (exit code ${driver.exitCode})`);
    }
    await delay(50);
  }
  const created = await call('POST', '/session', {
    capabilities: {
      alwaysMatch: { 'webkitgtk:browserOptions': { binary: miniBrowser, args: ['--automation'] } },
    },
  });
  const session = `/session/${created.sessionId}`;
  // Switching to the window focuses the page inside it; the window's own focus, which X gives,
  // is placeWindow's.
  await call('POST', `${session}/window`, { handle: await call('GET', `${session}/window`) });
  // A test's own limit (vitest's) is what catches a hang, not the driver's 30 s for a script.
  await call('POST', `${session}/timeouts`, { script: 600_000 });

  let isClosed = false;
  let viewport = { ...initialViewport };
  let pointer = { x: 0, y: 0 };
  let wheels = 0;
  const listeners = new Set();

  /** Runs `body` (a function body) with `args`; the page's new problems come back with its value. */
  const execute = async (body, args) => {
    // WebDriver returns JSON, where NaN, ±Infinity and undefined all become null: the value is
    // sent as text with those marked, as Playwright and BiDi keep them; an element is sent as
    // itself (a WebDriver reference).
    const reply = await call('POST', `${session}/execute/sync`, {
      script: `return (async (...args) => {
        const value = await (async function () { ${body} }).apply(null, args);
        const problems = window.driverProblems ? window.driverProblems.splice(0) : [];
        if (value instanceof Element) return { element: value, problems };
        const json = JSON.stringify(value, (key, item) =>
          item === undefined ? { driverUndefined: true } :
          typeof item === 'number' && !Number.isFinite(item) ? { driverNumber: String(item) } : item);
        return { json, problems };
      })(...arguments);`,
      args,
    });
    for (const problem of reply.problems) for (const listener of listeners) listener(problem);
    if (reply.element !== undefined) return reply.element;
    if (reply.json === undefined || reply.json === null) return undefined;
    return JSON.parse(reply.json, (key, item) => {
      if (item !== null && typeof item === 'object' && item.driverUndefined === true) return undefined;
      if (item !== null && typeof item === 'object' && typeof item.driverNumber === 'string')
        return Number(item.driverNumber);
      return item;
    });
  };
  const evaluate = (script, arg) =>
    typeof script === 'string'
      ? execute('return (0, eval)(arguments[0]);', [script])
      : execute(`return (${script.toString()})(arguments[0]);`, [arg === undefined ? null : arg]);

  /**
   * Sizes the window, centred on the screen. Xvfb has no window manager, so X gives the keyboard
   * focus to the window under its pointer, which stays at the screen's centre (WebDriver's
   * pointer actions are synthesized inside WebKit and never move it): a window that does not
   * cover the centre has no focus, and then `document.hasFocus()` is false, `:focus` and
   * `:focus-visible` match nothing and the page sees no keyboard focus as such.
   */
  const placeWindow = (outer) =>
    call('POST', `${session}/window/rect`, {
      ...outer,
      x: Math.round((SCREEN.width - outer.width) / 2),
      y: Math.round((SCREEN.height - outer.height) / 2),
    });

  const setViewportSize = async (size) => {
    // The window rect is the outer size: the toolbar's height is added once it is known.
    await placeWindow(size);
    const inner = await execute('return [innerWidth, innerHeight];', []);
    if (inner[0] !== size.width || inner[1] !== size.height) {
      await placeWindow({ width: 2 * size.width - inner[0], height: 2 * size.height - inner[1] });
    }
    viewport = { ...size };
  };

  const perform = (actions) => call('POST', `${session}/actions`, { actions });
  const elementOf = async (target) => {
    const found =
      typeof target === 'string'
        ? await execute('return document.querySelector(arguments[0]);', [target])
        : await execute(`return (${findButtonInPage.toString()})(arguments[0]);`, [target.name]);
    if (!found || typeof found !== 'object' || !(ELEMENT_KEY in found))
      throw new Error(`no element ${JSON.stringify(target)}`);
    return /** @type {string} */ (found[ELEMENT_KEY]);
  };

  const waitFor = async (source, arg, timeout) => {
    const failure = await execute(
      `const [arg, timeout] = arguments;
       const check = (${source});
       let frames = 0;
       return new Promise((resolve) => {
         let error = null;
         let isDone = false;
         const isTrue = () => {
           try {
             return Boolean(check(arg));
           } catch (thrown) {
             error = String(thrown);
             return false;
           }
         };
         // A timer ends the wait, not a frame: a page that paints no frame must fail too.
         const timer = setTimeout(() => {
           isDone = true;
           resolve(isTrue() ? null : (error ?? 'timed out after ' + timeout + ' ms, ' + frames + ' frames'));
         }, timeout);
         const poll = () => {
           if (isDone) return;
           frames += 1;
           if (isTrue()) {
             clearTimeout(timer);
             return resolve(null);
           }
           requestAnimationFrame(poll);
         };
         poll();
       });`,
      [arg === undefined ? null : arg, timeout],
    );
    if (failure !== null) throw new Error(`waitForFunction: ${failure}: ${source}`);
  };

  await setViewportSize(initialViewport);

  return {
    engine: 'webkit',
    goto: async (url) => {
      await call('POST', `${session}/url`, { url });
      await execute(`(${recordProblemsInPage.toString()})();`, []);
    },
    evaluate,
    waitForFunction: (fn, arg, options) => waitFor(fn.toString(), arg, options?.timeout ?? 30_000),
    waitForSelector: (selector, options) =>
      waitFor(
        `([selector, state]) => {
          const element = document.querySelector(selector);
          if (state === 'detached') return element === null;
          if (state === 'attached' || element === null) return element !== null;
          const box = element.getBoundingClientRect();
          return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
        }`,
        [selector, options?.state ?? 'visible'],
        options?.timeout ?? 30_000,
      ),
    waitForTimeout: (ms) => delay(ms),
    focus: async (target) => {
      const element = await elementOf(target);
      await execute('arguments[0].focus();', [{ [ELEMENT_KEY]: element }]);
    },
    click: async (target) => {
      const element = await elementOf(target);
      await call('POST', `${session}/element/${element}/click`, {});
    },
    keyboard: {
      press: async (combo) => {
        const { modifiers, key } = splitKeyCombo(combo);
        const values = [...modifiers, key].map((name) => {
          const value = keyValue(name);
          if (value === undefined) throw new Error(`keyboard.press: no WebDriver code for ${name}`);
          return value;
        });
        await perform([
          {
            type: 'key',
            id: 'keyboard',
            actions: [
              ...values.map((value) => ({ type: 'keyDown', value })),
              ...values.reverse().map((value) => ({ type: 'keyUp', value })),
            ],
          },
        ]);
        // No "release actions" (DELETE …/actions): the key is up already, and WebKit's release
        // takes every input source back to its first state, a wheel's by a wheel event of the
        // opposite delta (a reader's last wheel undone: the list scrolled back under the test).
      },
    },
    mouse: {
      move: async (x, y) => {
        pointer = { x: Math.round(x), y: Math.round(y) };
        await perform([
          {
            type: 'pointer',
            id: 'mouse',
            parameters: { pointerType: 'mouse' },
            actions: [{ type: 'pointerMove', ...pointer, origin: 'viewport', duration: 0 }],
          },
        ]);
      },
      wheel: async (deltaX, deltaY) => {
        // A new wheel each time: WebKit keeps a wheel's delta as the input source's state and
        // dispatches the change from it, so the same wheel twice sent no event the second time
        // (and -300 then -200 would have scrolled back by 100).
        wheels += 1;
        await perform([
          {
            type: 'wheel',
            id: `wheel-${wheels}`,
            actions: [{ type: 'scroll', ...pointer, deltaX, deltaY, origin: 'viewport', duration: 0 }],
          },
        ]);
      },
    },
    touchGesture: async () => ({
      // WebKitGTK has no touch input to drive here: its WebDriver's touch pointer sends mouse
      // events, and the page has no touch screen. The finger is emulated in the page, touch
      // events and the pan (touchDragInPage), in one message.
      scroll: async (x, y, deltaY) => {
        await execute(`return (${touchDragInPage.toString()})(arguments[0], ${panInPage.toString()});`, [
          { x, y, deltaY, steps: 5 },
        ]);
      },
      release: async () => undefined,
    }),
    viewportSize: () => ({ ...viewport }),
    setViewportSize,
    emulateMedia: async ({ reducedMotion }) => {
      await evaluate(emulateReducedMotionInPage, reducedMotion);
    },
    reapplyConditions: async () => undefined,
    onProblem: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    close: async () => {
      if (isClosed) return;
      isClosed = true;
      // The driver answers one command at a time: behind a script that never returns (a page that
      // stopped painting frames, whose script waits for one), the session's end would wait as long.
      // The driver's process group is ended anyway.
      await call('DELETE', session, undefined, 5000).catch(() => undefined);
      killDriver();
      process.off('exit', killDriver);
    },
    isClosed: () => isClosed,
  };
}

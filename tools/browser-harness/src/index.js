// Shared by every browser test and benchmark: one way to start Chromium and one
// way to serve a built page, so that a fix to either lands everywhere.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize, resolve } from 'node:path';
import { chromium } from 'playwright-core';

const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

// Without the background-networking flags Chromium keeps dialling Google's hosts,
// which this machine's closed network refuses many times a second.
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-renderer-backgrounding',
  '--disable-background-timer-throttling',
  '--disable-backgrounding-occluded-windows',
];

export function findChromium() {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv && existsSync(fromEnv)) return fromEnv;
  const found = CHROMIUM_CANDIDATES.find((path) => existsSync(path));
  if (!found) {
    throw new Error('No Chromium found. Run the tests through `npm test` (it installs Chromium) or set CHROMIUM_PATH.');
  }
  return found;
}

/**
 * `showScrollbars`: scrollbars that take layout space, as on Windows and most Linux desktops.
 * Playwright hides them in headless mode (`--hide-scrollbars`), where a scrollbar that appears
 * never changes a width.
 */
export async function launchChromium({ showScrollbars = false } = {}) {
  return chromium.launch({
    executablePath: findChromium(),
    args: CHROMIUM_ARGS,
    headless: true,
    ...(showScrollbars ? { ignoreDefaultArgs: ['--hide-scrollbars'] } : {}),
  });
}

const CONTENT_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
};

/**
 * Serves a built folder on 127.0.0.1 at a free port. Unknown paths fall back to
 * index.html so that a single-page app's route works when served from `/`.
 */
export async function serveStatic(root) {
  const base = resolve(root);
  if (!existsSync(join(base, 'index.html'))) {
    throw new Error(`serveStatic: ${base} has no index.html — build it first.`);
  }
  const server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://127.0.0.1').pathname);
    let file = normalize(join(base, pathname));
    if (!file.startsWith(base) || !existsSync(file) || statSync(file).isDirectory()) {
      const asIndex = join(file, 'index.html');
      file = file.startsWith(base) && existsSync(asIndex) ? asIndex : join(base, 'index.html');
    }
    response.writeHead(200, {
      'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream',
      'cache-control': 'no-store',
    });
    createReadStream(file).pipe(response);
  });
  await new Promise((resolveListen) => server.listen(0, '127.0.0.1', () => resolveListen(undefined)));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolveClose) => server.close(() => resolveClose(undefined))),
  };
}

/**
 * Records what a page does wrong while a test drives it: console errors and warnings, uncaught
 * errors, and requests that leave `host` (a web font, telemetry: the tests run offline, and an
 * app that phones out is a finding). The arrays fill as the page runs.
 */
export function watchPage(page, host = '127.0.0.1') {
  const problems = [];
  const external = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') {
      problems.push(`console.${message.type()}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('request', (request) => {
    const { protocol, hostname } = new URL(request.url());
    if (protocol !== 'data:' && protocol !== 'blob:' && hostname !== host) external.push(request.url());
  });
  return { problems, external };
}

/** Resolves after `count` animation frames of `page` (painted frames, never a fixed sleep). */
export async function frames(page, count = 5) {
  await page.evaluate(
    (n) =>
      /** @type {Promise<void>} */ (
        new Promise((resolve) => {
          let seen = 0;
          const step = () => (++seen >= n ? resolve(undefined) : requestAnimationFrame(step));
          requestAnimationFrame(step);
        })
      ),
    count,
  );
}

export { browserEngineOf, findFirefox, launchBrowser } from './page-driver.js';

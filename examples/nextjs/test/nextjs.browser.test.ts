// Browser test of the production build: `next start` on a free port of 127.0.0.1, driven by
// Chromium. It assumes `next build` ran (the root test command builds every package first).
// What it checks is the promise: the newest messages are in the server HTML, at the
// bottom of the list, and hydration takes over without a mismatch and without moving them.
// Every wait polls a condition; nothing sleeps for a fixed time.
import { launchChromium, watchPage } from '@chat-list/browser-harness';
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer, type AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONVERSATION_LENGTH, readConversation } from '../lib/conversation';

const APP = fileURLToPath(new URL('..', import.meta.url));
const HOST = '127.0.0.1';
const SCROLLER = '[data-chat-list-scroller]';
/** `initialRenderCount` in app/Conversation.tsx. */
const SERVER_RENDERED = 20;
const VIEWPORT = { width: 1024, height: 768 };
const DRIFT = 1;
const EDGE = 1.5;

const messages = readConversation();
const oldest = messages[0]!;
const newest = messages[messages.length - 1]!;

let server: ChildProcess | undefined;
let serverOutput = '';
let url = '';
let browser: Browser;

beforeAll(async () => {
  if (!existsSync(join(APP, '.next', 'BUILD_ID'))) {
    throw new Error(
      `No production build in ${join(APP, '.next')}: run \`pnpm --filter @chat-list/example-nextjs build\` first.`,
    );
  }
  const port = await freePort();
  url = `http://${HOST}:${port}`;
  const nextBin = createRequire(import.meta.url).resolve('next/dist/bin/next');
  server = spawn(process.execPath, [nextBin, 'start', '--hostname', HOST, '--port', String(port)], {
    cwd: APP,
    // Vitest sets NODE_ENV=test, which `next start` must not inherit.
    env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
    // Its own process group, so that afterAll stops whatever it starts.
    detached: true,
  });
  server.stdout?.on('data', (chunk: Buffer) => (serverOutput += chunk.toString()));
  server.stderr?.on('data', (chunk: Buffer) => (serverOutput += chunk.toString()));
  await waitForServer(url, server);
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await stopServer();
});

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, HOST, resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

async function waitForServer(address: string, child: ChildProcess, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`next start exited with ${child.exitCode}:\n${serverOutput}`);
    try {
      const response = await fetch(address);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`next start did not answer on ${address} within ${timeoutMs} ms:\n${serverOutput}`);
}

async function stopServer() {
  const child = server;
  if (!child?.pid || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  process.kill(-child.pid, 'SIGTERM');
  const timer = setTimeout(() => child.exitCode === null && process.kill(-child.pid!, 'SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

/** The server's markup without its scripts: Next inlines the RSC payload (every message) in scripts. */
const markupOf = (html: string) => html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '');

/** Text as React escapes it in HTML. */
const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#x27;');

interface ServerRow {
  index: number;
  id: string;
}

function serverRows(markup: string): ServerRow[] {
  return [...markup.matchAll(/<div\b[^>]*\bdata-index="(\d+)"[^>]*>/g)].map(([tag, index]) => ({
    index: Number(index),
    id: /\bdata-id="([^"]*)"/.exec(tag)?.[1] ?? '',
  }));
}

interface Opened {
  page: Page;
  context: BrowserContext;
  /** Console errors and warnings, uncaught page errors. */
  problems: string[];
  /** Requests that left 127.0.0.1. */
  external: string[];
}

async function open(options: { javaScriptEnabled?: boolean } = {}): Promise<Opened> {
  const context = await browser.newContext({ viewport: VIEWPORT, ...options });
  const page = await context.newPage();
  const { problems, external } = watchPage(page, HOST);
  return { page, context, problems, external };
}

/** Fails naming the scenario when the page logged errors/warnings or left 127.0.0.1; closes it. */
async function finish({ context, problems, external }: Opened, scenario: string) {
  await context.close();
  expect(problems, `${scenario}: console errors/warnings`).toEqual([]);
  expect(external, `${scenario}: requests that left 127.0.0.1`).toEqual([]);
}

/** Where the newest message's row is in the scroller. */
interface NewestRow {
  /** Its top, from the scroller's top edge (px). */
  top: number;
  /** From its bottom to the scroller's bottom edge (px): 0 when it sits at the bottom. */
  gap: number;
  /** Message rows in the DOM. */
  rows: number;
  /** React has hydrated the scroller. */
  hydrated: boolean;
  /** The list has left its server layout (a reversed flex column) for the virtualized one. */
  takenOver: boolean;
}

interface Recorder {
  samples: NewestRow[];
  serverScroller: Element | null;
}

/**
 * Runs in the page before its scripts: after the document is parsed, it records where the
 * newest row is in every frame, measured in a task after the frame, i.e. what was painted.
 * It also keeps the first scroller it saw, to tell hydration in place from a client render.
 */
function recordNewestRow(newestId: string) {
  const recorder: Recorder = { samples: [], serverScroller: null };
  (window as unknown as { recorder: Recorder }).recorder = recorder;
  const measure = () => {
    const scroller = document.querySelector<HTMLElement>('[data-chat-list-scroller]');
    const row = scroller?.querySelector(`[data-id="${CSS.escape(newestId)}"]`);
    if (!scroller || !row) return;
    recorder.serverScroller ??= scroller;
    const box = scroller.getBoundingClientRect();
    const rect = row.getBoundingClientRect();
    recorder.samples.push({
      top: rect.top - box.top,
      gap: box.bottom - rect.bottom,
      rows: scroller.querySelectorAll('[data-index]').length,
      hydrated: Object.keys(scroller).some((key) => key.startsWith('__reactFiber$')),
      takenOver: scroller.style.flexDirection !== 'column-reverse',
    });
  };
  const frame = () => {
    setTimeout(measure, 0);
    requestAnimationFrame(frame);
  };
  document.addEventListener('DOMContentLoaded', () => requestAnimationFrame(frame));
}

const samples = (page: Page) => page.evaluate(() => (window as unknown as { recorder: Recorder }).recorder.samples);

/** Waits until the list has taken over and then painted `frames` more frames. */
async function waitForTakeover(page: Page, frames = 30) {
  await page.waitForFunction(
    (count) => {
      const { samples } = (window as unknown as { recorder: Recorder }).recorder;
      return samples.filter((sample) => sample.takenOver).length >= count;
    },
    frames,
    { polling: 'raf' },
  );
}

async function newestRowWithoutJavaScript(): Promise<NewestRow> {
  const opened = await open({ javaScriptEnabled: false });
  await opened.page.goto(`${url}/`);
  const position = await opened.page.locator(SCROLLER).evaluate((scroller, id) => {
    const row = scroller.querySelector(`[data-id="${CSS.escape(id)}"]`);
    if (!row) throw new Error(`the newest message (${id}) is not in the server HTML`);
    const box = scroller.getBoundingClientRect();
    const rect = row.getBoundingClientRect();
    return {
      top: rect.top - box.top,
      gap: box.bottom - rect.bottom,
      rows: scroller.querySelectorAll('[data-index]').length,
      hydrated: false,
      takenOver: false,
    };
  }, newest.id);
  await finish(opened, 'JavaScript disabled');
  return position;
}

/** Opens the page with the newest-row recorder; with `holdScripts`, no script loads until `release`. */
async function openRecorded({ holdScripts = false } = {}) {
  const opened = await open();
  let release = () => {};
  if (holdScripts) {
    const released = new Promise<void>((resolve) => (release = resolve));
    await opened.page.route(/\/_next\/static\/.+\.js(\?|$)/, async (route) => {
      await released;
      await route.continue();
    });
  }
  await opened.page.addInitScript(recordNewestRow, newest.id);
  // Not 'load': with the scripts held it would never come.
  await opened.page.goto(`${url}/`, { waitUntil: 'commit' });
  return { ...opened, release };
}

describe('the server HTML', () => {
  it(`holds the newest ${SERVER_RENDERED} messages' rows, in order, and no older one`, async () => {
    const response = await fetch(`${url}/`);
    expect(response.status).toBe(200);
    const markup = markupOf(await response.text());
    const rows = serverRows(markup);
    const expected = messages.slice(-SERVER_RENDERED).map((message, offset) => ({
      index: CONVERSATION_LENGTH - SERVER_RENDERED + offset,
      id: message.id,
    }));
    expect(rows).toEqual(expected);
    expect(markup).toContain(escapeHtml(newest.content));
    expect(rows.some((row) => row.id === oldest.id)).toBe(false);
    expect(markup).not.toContain(escapeHtml(oldest.content));
  });
});

describe('in Chromium', () => {
  it('shows the newest message at the bottom before hydration, and hydrates in place without a warning or a move', async () => {
    const withoutJavaScript = await newestRowWithoutJavaScript();
    expect(withoutJavaScript.rows, 'rows without JavaScript').toBe(SERVER_RENDERED);
    expect(Math.abs(withoutJavaScript.gap), 'the newest row sits at the bottom without JavaScript').toBeLessThanOrEqual(
      DRIFT,
    );

    const opened = await openRecorded({ holdScripts: true });
    const { page } = opened;
    // The server HTML painted with every script held back: what a reader sees before hydration.
    await page.waitForFunction(() => (window as unknown as { recorder: Recorder }).recorder.samples.length >= 3, null, {
      polling: 'raf',
    });
    opened.release();
    await waitForTakeover(page);

    const recorded = await samples(page);
    const first = recorded[0]!;
    expect(first.hydrated, 'the first sample is of the server HTML').toBe(false);
    expect(first.rows).toBe(SERVER_RENDERED);
    expect(
      Math.abs(first.gap - withoutJavaScript.gap),
      'first paint vs JavaScript disabled (bottom)',
    ).toBeLessThanOrEqual(DRIFT);
    expect(Math.abs(first.top - withoutJavaScript.top), 'first paint vs JavaScript disabled (top)').toBeLessThanOrEqual(
      DRIFT,
    );
    const drift = Math.max(
      ...recorded.map((sample) => Math.max(Math.abs(sample.top - first.top), Math.abs(sample.gap - first.gap))),
    );
    expect(drift, `the newest row moved across ${recorded.length} painted frames`).toBeLessThanOrEqual(DRIFT);
    const last = recorded[recorded.length - 1]!;
    expect(last.hydrated && last.takenOver).toBe(true);
    expect(last.gap, 'the newest row is at the bottom after hydration').toBeLessThanOrEqual(EDGE);

    // After a mismatch React renders the whole tree again on the client, replacing the server's elements.
    const hydratedInPlace = await page.evaluate(
      (selector) =>
        document.querySelector(selector) === (window as unknown as { recorder: Recorder }).recorder.serverScroller,
      SCROLLER,
    );
    expect(hydratedInPlace, "hydration kept the server's scroller element").toBe(true);
    await finish(opened, 'hydration');
  });

  it('is virtualized after hydration and scrolls up to the oldest message', async () => {
    const opened = await openRecorded();
    const { page } = opened;
    await waitForTakeover(page, 5);
    const scroller = page.locator(SCROLLER);
    const renderedIndexes = () =>
      scroller.evaluate((element) =>
        [...element.querySelectorAll('[data-index]')].map((row) => Number(row.getAttribute('data-index'))),
      );
    expect((await renderedIndexes()).length, 'rows in the DOM').toBeLessThan(100);

    const box = (await scroller.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.wheel(0, -2000);
    await expect
      .poll(async () => Math.min(...(await renderedIndexes())), { timeout: 10_000 })
      .toBeLessThan(CONVERSATION_LENGTH - SERVER_RENDERED);

    await scroller.evaluate((element) => (element.scrollTop = 0));
    await expect
      .poll(
        () =>
          scroller.evaluate((element, id) => {
            const row = element.querySelector(`[data-index="0"][data-id="${CSS.escape(id)}"]`);
            if (!row) return null;
            return Math.abs(row.getBoundingClientRect().top - element.getBoundingClientRect().top);
          }, oldest.id),
        { timeout: 10_000 },
      )
      .toBeLessThanOrEqual(DRIFT);
    expect((await renderedIndexes()).length, 'rows in the DOM at the top').toBeLessThan(100);
    await finish(opened, 'scrolling up');
  });

  it("brings the reader's own message into view at the bottom", async () => {
    const opened = await openRecorded();
    const { page } = opened;
    await waitForTakeover(page, 5);
    const scroller = page.locator(SCROLLER);
    await scroller.evaluate((element) => (element.scrollTop = 0));
    const text = 'Sent from the browser test';
    await page.getByRole('textbox', { name: 'Message' }).fill(text);
    await page.getByRole('button', { name: 'Send' }).click();
    await expect
      .poll(
        () =>
          scroller.evaluate((element, sent) => {
            const row = [...element.querySelectorAll('[data-index]')].find((candidate) =>
              candidate.textContent?.includes(sent),
            );
            if (!row) return null;
            return element.getBoundingClientRect().bottom - row.getBoundingClientRect().bottom;
          }, text),
        { timeout: 10_000 },
      )
      .toBeLessThanOrEqual(EDGE);
    await expect.poll(() => page.locator('header p').textContent()).toContain('5,001');
    await finish(opened, 'sending');
  });
});

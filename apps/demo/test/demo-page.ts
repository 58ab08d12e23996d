// What the playground's browser tests share: one server for the built dist and one Chromium
// per test file, opening the demo in a fresh context, and the checks every scenario ends with.
import { frames, launchChromium, serveStatic, watchPage } from '@chat-list/browser-harness';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';

export { frames };

const DIST = fileURLToPath(new URL('../dist', import.meta.url));
export const SCROLLER = '[data-chat-list-scroller]';

export interface Demo {
  page: Page;
  context: BrowserContext;
  /** Console errors and warnings, uncaught page errors. */
  problems: string[];
  /** Requests that left 127.0.0.1. */
  external: string[];
}

/** How `openDemo` opens the page. */
export interface OpenOptions {
  /** What to wait for: the list element, or its first message row. @defaultValue `'list'` */
  until?: 'list' | 'rows';
  /** @defaultValue 1280 × 800 */
  viewport?: { width: number; height: number };
  /** Runs before the page loads (init scripts, emulated media). */
  prepare?: (page: Page) => Promise<void>;
}

/**
 * Serves the built demo and starts Chromium for the calling test file; `openDemo` opens it in a
 * fresh context and waits for the list.
 */
export function useDemoBrowser(): { openDemo: (query?: string, options?: OpenOptions) => Promise<Demo> } {
  let server: { url: string; close: () => Promise<void> };
  let browser: Browser;
  beforeAll(async () => {
    server = await serveStatic(DIST);
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });
  return {
    async openDemo(query = '?seed=1', { until = 'list', viewport = { width: 1280, height: 800 }, prepare } = {}) {
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      const { problems, external } = watchPage(page);
      await prepare?.(page);
      await page.goto(`${server.url}/${query}`);
      if (until === 'rows') await page.locator(`${SCROLLER} [data-index]`).first().waitFor({ timeout: 15_000 });
      else await page.locator(SCROLLER).waitFor({ state: 'attached', timeout: 15_000 });
      return { page, context, problems, external };
    },
  };
}

/** Fails naming the scenario when the page logged errors/warnings or left 127.0.0.1; closes it. */
export async function finish(demo: Demo, scenario: string): Promise<void> {
  await frames(demo.page, 2);
  await demo.context.close();
  expect(demo.problems, `${scenario}: ${demo.problems.length} console error(s)/warning(s)`).toEqual([]);
  expect(demo.external, `${scenario}: ${demo.external.length} request(s) left 127.0.0.1`).toEqual([]);
}

import type { Browser, Page } from 'playwright-core';

/** The Chromium binary the tests use: `CHROMIUM_PATH`, else Debian's `/usr/bin/chromium`. */
export declare function findChromium(): string;
/**
 * Headless Chromium with the flags this machine needs. `showScrollbars`: scrollbars that take
 * layout space, as on Windows and most Linux desktops (Playwright hides them when headless).
 * @defaultValue `{ showScrollbars: false }`
 */
export declare function launchChromium(options?: { showScrollbars?: boolean }): Promise<Browser>;
/** A static server for a built folder on 127.0.0.1 at a free port. */
export declare function serveStatic(root: string): Promise<{ url: string; close: () => Promise<void> }>;
/**
 * Records a page's console errors and warnings, uncaught errors (`problems`) and the requests that
 * leave `host` (`external`, default 127.0.0.1); the arrays fill as the page runs.
 */
export declare function watchPage(page: Page, host?: string): { problems: string[]; external: string[] };
/** Resolves after `count` animation frames of `page` (painted frames, never a fixed sleep). @defaultValue count 5 */
export declare function frames(page: Page, count?: number): Promise<void>;
export * from './page-driver.js';

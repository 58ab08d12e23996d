// The conditions the browser suite runs under besides the default one (React 19, Chromium at full
// speed, a device pixel ratio of 1). `npm test` runs the default and one part of one of these,
// chosen from the commit (so every part of every condition is run in turn across commits);
// `npm run test:matrix` runs them all, whole. vitest.config.ts makes one project of each;
// scripts/run.mjs picks the slice. Each runs the fuzzer's named replays and 3 seeds of its own,
// seeds no other condition runs.
//
// Why parts: on a 2-core machine the browser suite is bound by CPU (the machine was 98 % busy
// through a whole `npm test`), and a whole condition costs as much as the default suite again:
// `npm test` took 1 009 to 1 197 s with one, against the 15 minutes it must stay within.

import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** @type {readonly import('./conditions.d.mts').BrowserCondition[]} */
export const BROWSER_CONDITIONS = [
  {
    name: 'react-18',
    project: 'browser-react18',
    why: 'the fixture pages built against React 18',
    env: { CHAT_LIST_REACT: '18', FUZZ_FIRST_SEED: '4001' },
    parts: 2,
  },
  {
    name: 'cpu-throttled-4x',
    project: 'browser-throttled',
    why: 'a machine four times slower: frames are late, ResizeObserver and scroll events bunch up',
    env: { CHAT_LIST_CPU_THROTTLE: '4', FUZZ_FIRST_SEED: '1001' },
    // Chromium throttles a page by keeping its main thread busy three quarters of the time, so
    // this condition costs three times the CPU of the others (860 against 300 CPU-seconds here):
    // twice the parts of the others.
    parts: 4,
  },
  {
    name: 'dpr-1.25',
    project: 'browser-dpr-1.25',
    why: 'offsets and row edges between device pixels; the browser rounds scrollTop writes',
    env: { CHAT_LIST_DPR: '1.25', FUZZ_FIRST_SEED: '2001' },
    parts: 2,
  },
  {
    name: 'dpr-1.5',
    project: 'browser-dpr-1.5',
    why: 'device pixels of 2/3 px',
    env: { CHAT_LIST_DPR: '1.5', FUZZ_FIRST_SEED: '3001' },
    parts: 2,
  },
  {
    name: 'scrollbars',
    project: 'browser-scrollbars',
    why: 'scrollbars that take layout space (Windows, most Linux desktops): one that appears narrows the scroller',
    // Chromium without Playwright's --hide-scrollbars (tools/browser-harness).
    env: { CHAT_LIST_SCROLLBARS: '1', FUZZ_FIRST_SEED: '7001' },
    parts: 2,
  },
  {
    name: 'firefox',
    project: 'browser-firefox',
    why: "another engine: Gecko's scrolling, wheel handling, layout rounding and frame timing",
    // Debian's firefox-esr over WebDriver BiDi (tools/browser-harness); at full speed and a ratio
    // of 1: CPU throttling is Chromium's (CDP).
    env: { CHAT_LIST_BROWSER: 'firefox', FUZZ_FIRST_SEED: '5001' },
    // Drawn by `npm test` since its whole suite passed twice in a row (283 of 283 in 332 s and
    // 329 s, on a machine loaded by other runs): a half costs about 3 minutes.
    parts: 2,
  },
  {
    name: 'webkit',
    project: 'browser-webkit',
    why: "a third engine: WebKit's scrolling, rounding and ResizeObserver timing",
    // WebKitGTK's MiniBrowser through WebKitWebDriver under Xvfb (tools/browser-harness); software
    // rendering gives it a few frames a second, so it runs at a ratio of 1 and full speed only.
    env: { CHAT_LIST_BROWSER: 'webkit', FUZZ_FIRST_SEED: '6001' },
    // Drawn by `npm test` since the two defects it showed only under load and in the long fuzz
    // were fixed (`remeasure()` painted before React's render; a scroller left past its content's
    // end). Halves of about 3 minutes.
    parts: 2,
  },
];

/**
 * What `npm test` can draw besides the default condition: each part of each condition (or the
 * condition whole, if it has no `parts`), but those only `test:matrix` runs (`matrixOnly`).
 * @type {readonly import('./conditions.d.mts').MatrixSlice[]}
 */
export const MATRIX_SLICES = BROWSER_CONDITIONS.filter((condition) => !condition.matrixOnly).flatMap((condition) =>
  condition.parts === undefined
    ? [{ condition, name: condition.name }]
    : Array.from({ length: condition.parts }, (_, index) => ({
        condition,
        part: index + 1,
        name: `${condition.name}:${index + 1}/${condition.parts}`,
      })),
);

/** The project of the default condition. */
export const DEFAULT_BROWSER_PROJECT = 'browser';

/** How many fuzz seeds a condition's project runs (the default project runs 8 from seed 1). */
export const CONDITION_FUZZ_SEEDS = '3';

/**
 * Seconds each browser test file took under the default condition (2026-12-02, the 2-core
 * machine of the README's timings, 3 files at a time). Only to deal the files into parts of
 * about equal cost; a file not listed counts as `UNLISTED_FILE_SECONDS`.
 */
const BROWSER_FILE_SECONDS = {
  'accessibility.browser.test.ts': 44,
  'commands-and-renders.browser.test.ts': 14,
  'container-and-data.browser.test.ts': 45,
  'follow-matrix.browser.test.ts': 68,
  'fuzz-replays.browser.test.ts': 137,
  'fuzz-seeds-1.browser.test.ts': 31,
  'fuzz-seeds-2.browser.test.ts': 28,
  'group-headers.browser.test.ts': 34,
  'history.browser.test.ts': 21,
  'jumps-edges-seen.browser.test.ts': 36,
  'newer.browser.test.ts': 12,
  'opening-window.browser.test.ts': 18,
  'opening.browser.test.ts': 57,
  'prepend.browser.test.ts': 9,
  'read-receipts.browser.test.ts': 14,
  'reading-anchor.browser.test.ts': 17,
  'remeasure.browser.test.ts': 4,
  'scaled.browser.test.ts': 72,
  'sequences.browser.test.ts': 14,
  'server-rendering.browser.test.ts': 3,
  'smooth-follow.browser.test.ts': 47,
  'snapshot.browser.test.ts': 5,
  'streaming.browser.test.ts': 87,
  'turns.browser.test.ts': 60,
  'virtualization.browser.test.ts': 34,
};
const UNLISTED_FILE_SECONDS = 20;

/** Checks that the page runs under the condition it claims: in every part. */
const FILE_OF_EVERY_PART = 'react-version.browser.test.ts';

/**
 * The names of the browser test files (`test/browser/*.browser.test.ts`), as the parts deal them.
 * @returns {string[]}
 */
export function listBrowserTestFiles() {
  return readdirSync(fileURLToPath(new URL('./browser', import.meta.url))).filter((file) =>
    file.endsWith('.browser.test.ts'),
  );
}

/**
 * The browser test files (names) of one part (1-based) of a condition in `parts` parts: the
 * costliest file first, each to the part that costs least so far (ties to the lower part), so
 * that every part costs about the same and the same files always fall in the same part.
 * @param {readonly string[]} files
 * @param {number} part
 * @param {number} parts
 * @returns {string[]}
 */
export function browserFilesOfPart(files, part, parts) {
  const secondsOf = (file) => BROWSER_FILE_SECONDS[file] ?? UNLISTED_FILE_SECONDS;
  const dealt = Array.from({ length: parts }, () => ({ files: [], seconds: 0 }));
  const costliestFirst = files
    .filter((file) => file !== FILE_OF_EVERY_PART)
    .sort((a, b) => secondsOf(b) - secondsOf(a) || a.localeCompare(b));
  for (const file of costliestFirst) {
    const cheapest = dealt.reduce((least, candidate) => (candidate.seconds < least.seconds ? candidate : least));
    cheapest.files.push(file);
    cheapest.seconds += secondsOf(file);
  }
  const ofPart = dealt[part - 1].files;
  return files.includes(FILE_OF_EVERY_PART) ? [...ofPart, FILE_OF_EVERY_PART].sort() : ofPart.sort();
}

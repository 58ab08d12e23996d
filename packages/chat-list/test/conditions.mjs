// The conditions the browser suite runs under besides the default one (React 19, Chromium at full
// speed, a device pixel ratio of 1). `npm test` runs the default and one of these, chosen from the
// commit (so every condition is run in turn across commits); `npm run test:matrix` runs them all.
// vitest.config.ts makes one project of each; scripts/run.mjs picks the slice. Each runs the
// fuzzer's named replays and 3 seeds of its own, seeds no other condition runs.

/** @type {readonly import('./conditions.d.mts').BrowserCondition[]} */
export const BROWSER_CONDITIONS = [
  {
    name: 'react-18',
    project: 'browser-react18',
    why: 'the fixture pages built against React 18',
    env: { CHAT_LIST_REACT: '18', FUZZ_FIRST_SEED: '4001' },
  },
  {
    name: 'cpu-throttled-4x',
    project: 'browser-throttled',
    why: 'a machine four times slower: frames are late, ResizeObserver and scroll events bunch up',
    env: { CHAT_LIST_CPU_THROTTLE: '4', FUZZ_FIRST_SEED: '1001' },
    // Chromium throttles a page by keeping its main thread busy three quarters of the time, so
    // this condition costs three times the CPU of the others (860 against 300 CPU-seconds here):
    // `npm test` runs half of its files, the other half on the next commit that draws it.
    parts: 2,
  },
  {
    name: 'dpr-1.25',
    project: 'browser-dpr-1.25',
    why: 'offsets and row edges between device pixels; the browser rounds scrollTop writes',
    env: { CHAT_LIST_DPR: '1.25', FUZZ_FIRST_SEED: '2001' },
  },
  {
    name: 'dpr-1.5',
    project: 'browser-dpr-1.5',
    why: 'device pixels of 2/3 px',
    env: { CHAT_LIST_DPR: '1.5', FUZZ_FIRST_SEED: '3001' },
  },
];

/**
 * What `npm test` can draw besides the default condition: each condition whole, or each part of
 * one that has `parts` (its browser test files dealt out in turn).
 * @type {readonly import('./conditions.d.mts').MatrixSlice[]}
 */
export const MATRIX_SLICES = BROWSER_CONDITIONS.flatMap((condition) =>
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

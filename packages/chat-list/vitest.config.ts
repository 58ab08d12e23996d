import { react18Aliases } from '@chat-list/react-18';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';
import {
  BROWSER_CONDITIONS,
  browserFilesOfPart,
  CONDITION_FUZZ_SEEDS,
  DEFAULT_BROWSER_PROJECT,
  listBrowserTestFiles,
} from './test/conditions.mjs';

// jsdom wiring tests: the lead's and the robustness suites, plus test/react (which
// checks that a run really uses the React it claims).
const REACT_TESTS = ['src/react/**/*.test.{ts,tsx}', 'test/react/**/*.test.{ts,tsx}'];
const BROWSER_TESTS = ['test/browser/**/*.browser.test.ts'];

/**
 * The node and jsdom projects' limit, which catches a hang: the test command runs them at the
 * lowest CPU priority beside the browser tests, where a property test that takes 1 s alone took 12 s.
 */
const UNIT_TIMEOUT = 30_000;

/**
 * What the node and jsdom projects share: the limit above, and worker threads rather than
 * processes. The test command runs them beside the browser tests on a machine whose CPU those
 * keep busy, and threads cost less to start: `test:quick` took 75 CPU-seconds in threads against
 * 129 in processes (58 s against 85 s alone), the same 758 tests passing.
 */
const UNIT = { testTimeout: UNIT_TIMEOUT, pool: 'threads' } as const;

/**
 * `CHAT_LIST_CONDITION_PART=browser-throttled:1/4` (set by the test command): that project runs
 * one part of the browser test files, dealt out by cost (test/conditions.mjs).
 */
const conditionPart = /^(?<project>[\w.-]+):(?<part>\d+)\/(?<parts>\d+)$/.exec(
  process.env.CHAT_LIST_CONDITION_PART ?? '',
)?.groups;

const browserFilesOfConditionPart = (part: number, parts: number): string[] =>
  browserFilesOfPart(listBrowserTestFiles(), part, parts).map((file) => `test/browser/${file}`);

const includeOf = (project: string): string[] =>
  conditionPart?.project === project
    ? browserFilesOfConditionPart(Number(conditionPart.part), Number(conditionPart.parts))
    : BROWSER_TESTS;

/**
 * Browser test files run side by side, this many at a time (`CHAT_LIST_BROWSER_WORKERS` sets it).
 * Most of a browser test's time is the page's frames going by (a stream of 300 frames, a smooth
 * scroll), not CPU, so on a 2-core machine three files at once keep both cores busy without
 * starving a page of frames; the suite must pass on a loaded machine anyway.
 */
const BROWSER_WORKERS = Number(process.env.CHAT_LIST_BROWSER_WORKERS ?? 3);

const browserProject = {
  environment: 'node',
  include: BROWSER_TESTS,
  // A limit that catches a hang, not a speed bar: with the CPU throttled 4x and the machine
  // loaded, the slowest test (200 frames of a fast scroll through 100 000 messages) takes 50 s.
  testTimeout: 120_000,
  hookTimeout: 60_000,
  maxWorkers: BROWSER_WORKERS,
  // A worker keeps its Chromium from one file to the next (fixture-page.ts): files share nothing
  // else, every test opens its own page.
  isolate: false,
  // All browser projects form one group: in one run their files share the workers.
  sequence: { groupOrder: 1 },
} as const;

/**
 * Vitest's order (largest or longest file first) within each project, the projects of the
 * matrix's conditions before the default one: their files take up to four times as long (the CPU
 * throttled), so started last they would run on alone after the default's were done.
 */
class ConditionsFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const isDefault = (file: TestSpecification) => (file.project.name === DEFAULT_BROWSER_PROJECT ? 1 : 0);
    // Array sort is stable: each project keeps the order Vitest gave it.
    return (await super.sort(files)).sort((a, b) => isDefault(a) - isDefault(b));
  }
}

// React 18 and 19 (SPEC §2.8): the jsdom and browser suites run twice. The
// `react18` project resolves react, react-dom, the testing library and TanStack
// Virtual from @chat-list/react-18; `browser-react18` drives the fixture pages
// built against React 18 (test/fixtures/dist-react18, `vite build --mode react18`).
// The browser projects run after the node and jsdom ones, side by side (groupOrder).
export default defineConfig({
  test: {
    sequence: { sequencer: ConditionsFirstSequencer },
    projects: [
      {
        test: { name: 'core', environment: 'node', ...UNIT, include: ['src/core/**/*.test.ts'] },
      },
      {
        // The framework-free engine's node-testable parts (the TanStack internals it relies on).
        test: { name: 'dom', environment: 'node', ...UNIT, include: ['src/dom/**/*.test.ts'] },
      },
      {
        test: {
          name: 'package',
          environment: 'node',
          ...UNIT,
          include: ['test/package/**/*.test.ts'],
        },
      },
      {
        // The fuzzer's pure parts (random source, steps, invariants, shrinking), and the browser
        // conditions dealt into parts.
        test: {
          name: 'fuzz',
          environment: 'node',
          ...UNIT,
          include: ['test/fuzz/**/*.test.ts', 'test/conditions.test.ts'],
        },
      },
      {
        test: {
          name: 'react',
          environment: 'jsdom',
          ...UNIT,
          include: REACT_TESTS,
          setupFiles: ['src/react/jsdom-setup.ts'],
        },
      },
      {
        // The testing kit (`@chat-list/react/testing`), used as the README shows, on React 19 and 18.
        test: {
          name: 'testing-kit',
          environment: 'jsdom',
          ...UNIT,
          include: ['test/testing-kit/**/*.test.tsx'],
          setupFiles: ['test/testing-kit/setup.ts'],
        },
      },
      {
        resolve: { alias: react18Aliases },
        test: {
          name: 'testing-kit-react18',
          environment: 'jsdom',
          ...UNIT,
          include: ['test/testing-kit/**/*.test.tsx'],
          setupFiles: ['test/testing-kit/setup.ts'],
          env: { CHAT_LIST_REACT: '18' },
        },
      },
      {
        // The same ChatList wiring tests against the built dist, whose internal property names
        // tsup mangles (tsup.config.ts): a name shared with React, the DOM or TanStack would break here.
        resolve: {
          alias: [
            { find: /^\.\.\/index$/, replacement: fileURLToPath(new URL('./dist/index.js', import.meta.url)) },
            {
              find: /^\.\.\/features\/read-receipts$/,
              replacement: fileURLToPath(new URL('./dist/read-receipts.js', import.meta.url)),
            },
            {
              find: /^\.\.\/features\/turns$/,
              replacement: fileURLToPath(new URL('./dist/turns.js', import.meta.url)),
            },
            {
              find: /^\.\.\/features\/snapshots$/,
              replacement: fileURLToPath(new URL('./dist/snapshots.js', import.meta.url)),
            },
            {
              find: /^\.\.\/features\/sticky-headers$/,
              replacement: fileURLToPath(new URL('./dist/sticky-headers.js', import.meta.url)),
            },
          ],
        },
        test: {
          name: 'react-dist',
          environment: 'jsdom',
          ...UNIT,
          include: ['src/react/ChatList.*.test.tsx'],
          setupFiles: ['src/react/jsdom-setup.ts'],
        },
      },
      {
        resolve: { alias: react18Aliases },
        test: {
          name: 'react18',
          environment: 'jsdom',
          ...UNIT,
          include: REACT_TESTS,
          // <Activity> is React 19.2+.
          exclude: ['src/react/ChatList.activity.test.tsx'],
          setupFiles: ['src/react/jsdom-setup.ts'],
          env: { CHAT_LIST_REACT: '18' },
        },
      },
      { test: { name: DEFAULT_BROWSER_PROJECT, ...browserProject } },
      // The same suite under each condition of the matrix (test/conditions.mjs); each runs the
      // fuzzer's named replays and 3 seeds of its own.
      ...BROWSER_CONDITIONS.map((condition) => ({
        test: {
          name: condition.project,
          ...browserProject,
          include: includeOf(condition.project),
          env: { ...condition.env, FUZZ_SEEDS: CONDITION_FUZZ_SEEDS },
        },
      })),
    ],
  },
});

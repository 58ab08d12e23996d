import { react18Aliases } from '@chat-list/react-18';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

// jsdom wiring tests: the lead's and the robustness suites, plus test/react (which
// checks that a run really uses the React it claims).
const REACT_TESTS = ['src/react/**/*.test.{ts,tsx}', 'test/react/**/*.test.{ts,tsx}'];
const BROWSER_TESTS = ['test/browser/**/*.browser.test.ts'];

/**
 * The fuzzer in a project that is not the main one: its named replays, and 3 seeds of its own
 * (seeds no other project runs), so that every condition (React 18, a throttled CPU, fractional
 * pixel ratios) sees random sequences too. The main `browser` project runs 8 seeds from 1;
 * `pnpm fuzz` runs long budgets.
 */
const fuzzSeeds = (firstSeed: number) => ({ FUZZ_SEEDS: '3', FUZZ_FIRST_SEED: String(firstSeed) });

const browserProject = {
  environment: 'node',
  include: BROWSER_TESTS,
  testTimeout: 60_000,
  hookTimeout: 60_000,
  // Two cores: one Chromium at a time keeps frame timing honest.
  fileParallelism: false,
} as const;

// React 18 and 19 (SPEC §2.8): the jsdom and browser suites run twice. The
// `react18` project resolves react, react-dom, the testing library and TanStack
// Virtual from @chat-list/react-18; `browser-react18` drives the fixture pages
// built against React 18 (test/fixtures/dist-react18, `vite build --mode react18`).
// Browser projects run one after the other (groupOrder), after the jsdom ones.
export default defineConfig({
  test: {
    projects: [
      {
        test: { name: 'core', environment: 'node', include: ['src/core/**/*.test.ts'] },
      },
      {
        // The framework-free engine's node-testable parts (the TanStack internals it relies on).
        test: { name: 'dom', environment: 'node', include: ['src/dom/**/*.test.ts'] },
      },
      {
        test: { name: 'package', environment: 'node', include: ['test/package/**/*.test.ts'] },
      },
      {
        // The fuzzer's pure parts: random source, steps, invariants, shrinking.
        test: { name: 'fuzz', environment: 'node', include: ['test/fuzz/**/*.test.ts'] },
      },
      {
        test: {
          name: 'react',
          environment: 'jsdom',
          include: REACT_TESTS,
          setupFiles: ['src/react/jsdom-setup.ts'],
        },
      },
      {
        // The testing kit (`@chat-list/react/testing`), used as the README shows, on React 19 and 18.
        test: {
          name: 'testing-kit',
          environment: 'jsdom',
          include: ['test/testing-kit/**/*.test.tsx'],
          setupFiles: ['test/testing-kit/setup.ts'],
        },
      },
      {
        resolve: { alias: react18Aliases },
        test: {
          name: 'testing-kit-react18',
          environment: 'jsdom',
          include: ['test/testing-kit/**/*.test.tsx'],
          setupFiles: ['test/testing-kit/setup.ts'],
          env: { CHAT_LIST_REACT: '18' },
        },
      },
      {
        // The same ChatList wiring tests against the built dist, whose internal property names
        // tsup mangles (tsup.config.ts): a name shared with React, the DOM or TanStack would break here.
        resolve: {
          alias: [{ find: /^\.\.\/index$/, replacement: fileURLToPath(new URL('./dist/index.js', import.meta.url)) }],
        },
        test: {
          name: 'react-dist',
          environment: 'jsdom',
          include: ['src/react/ChatList.*.test.tsx'],
          setupFiles: ['src/react/jsdom-setup.ts'],
        },
      },
      {
        resolve: { alias: react18Aliases },
        test: {
          name: 'react18',
          environment: 'jsdom',
          include: REACT_TESTS,
          // <Activity> is React 19.2+.
          exclude: ['src/react/ChatList.activity.test.tsx'],
          setupFiles: ['src/react/jsdom-setup.ts'],
          env: { CHAT_LIST_REACT: '18' },
        },
      },
      {
        test: { name: 'browser', ...browserProject, sequence: { groupOrder: 1 } },
      },
      {
        test: {
          name: 'browser-react18',
          ...browserProject,
          env: { CHAT_LIST_REACT: '18', ...fuzzSeeds(4001) },
          sequence: { groupOrder: 2 },
        },
      },
      {
        // The whole browser suite again on a machine four times slower (Chromium's CPU
        // throttling): frames are late, ResizeObserver and scroll events bunch up.
        test: {
          name: 'browser-throttled',
          ...browserProject,
          env: { CHAT_LIST_CPU_THROTTLE: '4', ...fuzzSeeds(1001) },
          sequence: { groupOrder: 3 },
        },
      },
      {
        // …and at a fractional device pixel ratio, where offsets and row edges fall between
        // device pixels and the browser rounds scrollTop writes.
        test: {
          name: 'browser-dpr',
          ...browserProject,
          env: { CHAT_LIST_DPR: '1.25', ...fuzzSeeds(2001) },
          sequence: { groupOrder: 4 },
        },
      },
      {
        // …and at 1.5 (issue #12 asks for both ratios): device pixels of 2/3 px.
        test: {
          name: 'browser-dpr-1.5',
          ...browserProject,
          env: { CHAT_LIST_DPR: '1.5', ...fuzzSeeds(3001) },
          sequence: { groupOrder: 5 },
        },
      },
    ],
  },
});

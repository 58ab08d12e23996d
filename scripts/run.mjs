#!/usr/bin/env node
// The README's two commands (`npm start`, `npm test`) land here, and so do `npm run test:matrix`
// and `npm run bench`. They must work from a fresh clone on a machine that has only Node and npm,
// so this script installs pnpm and (for tests) Chromium before handing over to pnpm.
//
// `test` (CI, and a contributor before a pull request; 10 to 18 minutes on 2 cores): lint,
// format, types, build, the node and jsdom tests, the package checks, the consumer test, the
// browser suite under its default condition plus one slice of the matrix (a condition, or a part
// of one) chosen from the commit (so every slice runs in turn across commits), the playground's
// and the examples' browser tests, and a bounded fuzz (in the browser suite).
// `matrix` (before each release): the same with every condition of the matrix, then the long fuzz.
import { execSync, spawn, spawnSync } from 'node:child_process';
import { ensureChromium } from './ensure-chromium.mjs';
import { BROWSER_CONDITIONS, DEFAULT_BROWSER_PROJECT, MATRIX_SLICES } from '../packages/chat-list/test/conditions.mjs';

const PNPM_VERSION = '12.21.0';
/** The long fuzz of `test:matrix`: 50 seeds of 200 steps, 10 000 steps in all. */
const RELEASE_FUZZ = ['--seeds', '50', '--steps', '200', '--first-seed', '100001'];
const task = process.argv[2];

const steps = [];

/** Runs a step that later steps need (install, build): a failure stops here. */
function run(command, options = {}) {
  console.log(`\n$ ${command}`);
  const started = Date.now();
  const result = spawnSync(command, { shell: true, stdio: 'inherit', ...options });
  if (!record(command, started, result.status, result.signal)) {
    printSummary();
    process.exit(1);
  }
}

/** Resolves with the exit status and signal of a command started with `spawn`. */
const exitOf = (child) => new Promise((resolve) => child.on('close', (status, signal) => resolve([status, signal])));

/**
 * Runs an independent check in the foreground, its output live: a failure is reported at the end,
 * after the other checks ran. Asynchronous, so that the checks beside it keep running.
 */
async function check(command, options = {}) {
  console.log(`\n$ ${command}`);
  const started = Date.now();
  const [status, signal] = await exitOf(spawn(command, { shell: true, stdio: 'inherit', ...options }));
  return record(command, started, status, signal);
}

function record(command, started, status, signal) {
  const ok = status === 0;
  steps.push({ command, ms: Date.now() - started, ok });
  if (!ok) console.error(`\n✖ "${command}" failed with exit code ${status ?? signal}`);
  return ok;
}

/**
 * Runs checks one after another beside the foreground, at the lowest CPU priority, their output
 * held back and printed whole as each ends. The browser tests spend most of their time waiting
 * for frames; these checks (lint, types, unit tests) fill that idle CPU, and being niced they
 * cannot starve a page of its frames. Resolves true when all passed.
 */
async function checkInBackground(commands, options = {}) {
  let allPassed = true;
  for (const command of commands) {
    const started = Date.now();
    const child = spawn(`nice -n 19 ${command}`, { shell: true, stdio: ['ignore', 'pipe', 'pipe'], ...options });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    const [status, signal] = await exitOf(child);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    process.stdout.write(`\n$ ${command}   (beside the browser tests, ${seconds} s)\n${Buffer.concat(output)}`);
    allPassed = record(command, started, status, signal) && allPassed;
  }
  return allPassed;
}

/** One line per step with its duration and result, so a slow or failed step stands out in CI's log. */
function printSummary() {
  console.log('\nSteps:');
  for (const { command, ms, ok } of steps) {
    console.log(`  ${ok ? '✔' : '✖'} ${(ms / 1000).toFixed(1).padStart(7)} s  ${command}`);
  }
  console.log(`    ${((Date.now() - STARTED) / 1000).toFixed(1).padStart(7)} s  wall time in all`);
  const failed = steps.filter((step) => !step.ok);
  if (failed.length > 0)
    console.error(`\n✖ ${failed.length} step(s) failed: ${failed.map((s) => s.command).join('; ')}`);
  return failed.length === 0;
}

function installedPnpmVersion() {
  try {
    return execSync('pnpm --version', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    return null;
  }
}

function ensurePnpm() {
  if (installedPnpmVersion() === PNPM_VERSION) return;
  // corepack cannot fetch pnpm on every machine, npm can.
  run(`npm install --global pnpm@${PNPM_VERSION} --no-fund --no-audit`);
  if (installedPnpmVersion() === null) {
    console.error(`✖ pnpm is still not on the PATH after "npm install --global pnpm@${PNPM_VERSION}".`);
    process.exit(1);
  }
}

/**
 * What `npm test` adds to the default condition: a condition of the matrix, or a part of one
 * (test/conditions.mjs). CHAT_LIST_MATRIX_SLICE names one (`react-18`, `cpu-throttled-4x:2/2`, or
 * `cpu-throttled-4x` for all of its parts); otherwise the commit's hash picks it, so that
 * consecutive commits run the slices in turn.
 */
function matrixSlice() {
  const asked = process.env.CHAT_LIST_MATRIX_SLICE;
  if (asked) {
    const wholeCondition = BROWSER_CONDITIONS.find(({ name }) => name === asked);
    const slice =
      MATRIX_SLICES.find(({ name }) => name === asked) ??
      (wholeCondition ? { condition: wholeCondition, name: asked } : undefined);
    if (slice) return { slice, reason: 'CHAT_LIST_MATRIX_SLICE' };
    const names = MATRIX_SLICES.map(({ name }) => name).join(', ');
    console.error(`✖ CHAT_LIST_MATRIX_SLICE=${asked} is not a slice of the matrix; the slices: ${names}.`);
    process.exit(2);
  }
  let commit = '';
  try {
    commit = execSync('git rev-parse HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    // Not a git checkout (an unpacked archive): the day picks it instead.
  }
  const seed = commit ? Number.parseInt(commit.slice(0, 8), 16) : Math.floor(Date.now() / 86_400_000);
  const slice = MATRIX_SLICES[seed % MATRIX_SLICES.length];
  return { slice, reason: commit ? `commit ${commit.slice(0, 10)}` : 'no git commit: the day' };
}

const STARTED = Date.now();
const lockfileFlag = process.env.CI ? '--frozen-lockfile' : '';

/** `test` and `matrix`: everything but the browser conditions and the long fuzz is the same. */
async function runTests({ isMatrix }) {
  ensurePnpm();
  const chromium = ensureChromium();
  const env = { ...process.env, CHROMIUM_PATH: chromium };
  run(`pnpm install ${lockfileFlag}`);
  run('pnpm -r build');

  let projects;
  let browserEnv = env;
  if (isMatrix) {
    projects = [DEFAULT_BROWSER_PROJECT, ...BROWSER_CONDITIONS.map(({ project }) => project)];
    console.log(`\nmatrix: every condition (${BROWSER_CONDITIONS.map(({ name }) => name).join(', ')})`);
  } else {
    const { slice, reason } = matrixSlice();
    projects = [DEFAULT_BROWSER_PROJECT, slice.condition.project];
    if (slice.part !== undefined) {
      browserEnv = {
        ...env,
        CHAT_LIST_CONDITION_PART: `${slice.condition.project}:${slice.part}/${slice.condition.parts}`,
      };
    }
    console.log(`\nmatrix slice: ${slice.name} (chosen by ${reason}; CHAT_LIST_MATRIX_SLICE=<name> picks another)`);
  }

  const background = checkInBackground(
    [
      'pnpm lint', // ESLint: typescript-eslint, Rules of Hooks, no `any`
      'pnpm format:check', // Prettier
      'pnpm typecheck', // tsc --noEmit in every TypeScript package
      'pnpm -r --no-bail test:quick', // node and jsdom tests, React 19 and 18
      'pnpm -r --no-bail test:package', // size, 'use client', API docs, mangling, publint, attw, Jest
      'pnpm test:consumer', // packed tarballs in a fresh Vite app: tsc, build, SSR, CJS require
    ],
    { env },
  );
  // The library's browser suite (with the bounded fuzz), then the playground's and the examples'.
  const projectFlags = projects.map((project) => `--project ${project}`).join(' ');
  await check(`pnpm --filter @chat-list/react test:browser ${projectFlags}`, { env: browserEnv });
  await check('pnpm --filter @chat-list/demo --filter "./examples/*" --workspace-concurrency=1 test:browser', { env });
  await background;
  if (isMatrix) await check(`pnpm --filter @chat-list/react fuzz ${RELEASE_FUZZ.join(' ')}`, { env });
  if (!printSummary()) process.exit(1);
}

switch (task) {
  case 'start':
    ensurePnpm();
    run(`pnpm install ${lockfileFlag}`);
    run('pnpm --filter "./packages/*" build');
    run('pnpm --filter @chat-list/demo dev');
    break;
  case 'test':
    await runTests({ isMatrix: false });
    break;
  case 'matrix':
    await runTests({ isMatrix: true });
    break;
  case 'bench': {
    ensurePnpm();
    const chromium = ensureChromium();
    run(`pnpm install ${lockfileFlag}`);
    run('pnpm --filter "./packages/*" build');
    run('pnpm --filter @chat-list/benchmarks bench', { env: { ...process.env, CHROMIUM_PATH: chromium } });
    break;
  }
  default:
    console.error('usage: node scripts/run.mjs start|test|matrix|bench');
    process.exit(2);
}

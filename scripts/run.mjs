#!/usr/bin/env node
// The README's two commands (`npm start`, `npm test`) land here, and so do `npm run test:matrix`
// and `npm run bench`. They must work from a fresh clone on a machine that has only Node and npm,
// so this script installs pnpm and (for tests) Chromium before handing over to pnpm.
//
// `test` (CI, and a contributor before a pull request; about 16 minutes on 2 cores): lint,
// format, types, build, the node and jsdom tests, the package checks, the consumer test, the
// browser suite under its default condition plus one slice of the matrix (a part of a condition)
// chosen from the commit (so every slice runs in turn across commits), the playground's
// and the examples' browser tests, and a bounded fuzz (in the browser suite).
// `matrix` (before each release): the same with every condition of the matrix, then the long fuzz.
import { execSync, spawn, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ensureChromium } from './ensure-chromium.mjs';
import { engineEnvVar, engineOfCondition, ensureEngine } from './ensure-engines.mjs';
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
  const measured = measuringCpu(command);
  const result = spawnSync('sh', measured.args, { stdio: 'inherit', ...options });
  if (!record(command, started, result.status, result.signal, '', measured.cpuSeconds())) {
    printSummary();
    process.exit(1);
  }
}

let measuredSteps = 0;

/**
 * `sh` arguments that run the command and then note the CPU time of all it ran (the shell's
 * reaped children, user and system, from /proc), so that the summary can show what each step
 * costs: on 2 cores the steps compete for the CPU, and their wall times alone mislead.
 * `cpuSeconds()` reads the note once the shell has ended; undefined where there is no /proc.
 */
function measuringCpu(command) {
  const file = join(tmpdir(), `chat-list-step-cpu-${process.pid}-${(measuredSteps += 1)}`);
  const script = `${command}\nchat_list_status=$?\ncat /proc/$$/stat > '${file}' 2>/dev/null\nexit $chat_list_status`;
  return {
    args: ['-c', script],
    cpuSeconds() {
      if (!existsSync(file)) return undefined;
      const stat = readFileSync(file, 'utf8');
      rmSync(file, { force: true });
      // Fields after the command name: the 14th and 15th are cutime and cstime, in clock ticks
      // (USER_HZ, 100 on Linux).
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const ticks = Number(fields[13]) + Number(fields[14]);
      return Number.isFinite(ticks) ? ticks / 100 : undefined;
    },
  };
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
  const measured = measuringCpu(command);
  const child = spawn('sh', measured.args, { stdio: ['inherit', 'pipe', 'pipe'], ...options });
  const output = [];
  child.stdout.on('data', (chunk) => {
    process.stdout.write(chunk);
    output.push(chunk);
  });
  child.stderr.on('data', (chunk) => {
    process.stderr.write(chunk);
    output.push(chunk);
  });
  const [status, signal] = await exitOf(child);
  return record(command, started, status, signal, Buffer.concat(output).toString(), measured.cpuSeconds());
}

function record(command, started, status, signal, output = '', cpuSeconds = undefined) {
  const ok = status === 0;
  steps.push({ command, ms: Date.now() - started, ok, output, cpuSeconds });
  if (!ok) console.error(`\n✖ "${command}" failed with exit code ${status ?? signal}`);
  return ok;
}

/** The most lines of a failed step's output the end of the log repeats. */
const FAILURE_LINES = 120;
const ANSI_ESCAPE = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');

/**
 * What a failed step printed that says why: from Vitest's "Failed Tests" heading when there is
 * one, else its last lines. CI logs keep only their end, and a browser step's failure was printed
 * a quarter of an hour and thousands of lines before it.
 */
function whyFailed(output) {
  const lines = output.replace(ANSI_ESCAPE, '').split('\n');
  const heading = lines.findIndex((line) => /Failed Tests? \d+/.test(line));
  const from = heading === -1 ? Math.max(0, lines.length - FAILURE_LINES) : heading;
  const excerpt = lines.slice(from, from + FAILURE_LINES);
  const cut = lines.length - from - excerpt.length;
  return excerpt.join('\n') + (cut > 0 ? `\n… ${cut} more line(s): the whole of it is earlier in the log` : '');
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
    const measured = measuringCpu(command);
    const child = spawn('nice', ['-n', '19', 'sh', ...measured.args], {
      stdio: ['ignore', 'pipe', 'pipe'],
      ...options,
    });
    const output = [];
    child.stdout.on('data', (chunk) => output.push(chunk));
    child.stderr.on('data', (chunk) => output.push(chunk));
    const [status, signal] = await exitOf(child);
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    const text = Buffer.concat(output).toString();
    process.stdout.write(`\n$ ${command}   (beside the browser tests, ${seconds} s)\n${text}`);
    allPassed = record(command, started, status, signal, text, measured.cpuSeconds()) && allPassed;
  }
  return allPassed;
}

/** One line per step with its duration and result, so a slow or failed step stands out in CI's log. */
function printSummary() {
  console.log('\nSteps (wall time, and CPU time of all the step ran):');
  for (const { command, ms, ok, cpuSeconds } of steps) {
    const cpu = cpuSeconds === undefined ? '' : `${cpuSeconds.toFixed(0).padStart(5)} s CPU`;
    console.log(`  ${ok ? '✔' : '✖'} ${(ms / 1000).toFixed(1).padStart(7)} s ${cpu.padStart(11)}  ${command}`);
  }
  const wall = ((Date.now() - STARTED) / 1000).toFixed(1).padStart(7);
  console.log(`    ${wall} s              in all${machineBusy()}`);
  console.log('  (CPU time counts the processes a step waited for: not a browser page, which its browser forks.)');
  const failed = steps.filter((step) => !step.ok);
  for (const { command, output } of failed) {
    if (output) console.error(`\n✖ why "${command}" failed:\n${whyFailed(output)}`);
  }
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
 * What `npm test` adds to the default condition: a part of a condition of the matrix
 * (test/conditions.mjs). CHAT_LIST_MATRIX_SLICE names one (`react-18:1/2`,
 * `cpu-throttled-4x:2/4`, or `cpu-throttled-4x` for all of its parts); otherwise the commit's hash
 * picks it, so that consecutive commits run the slices in turn.
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

/** The machine's CPU ticks, busy and in all, from /proc/stat (undefined where there is none). */
function machineTicks() {
  try {
    const [, ...ticks] = readFileSync('/proc/stat', 'utf8').split('\n')[0].trim().split(/\s+/).map(Number);
    const idle = ticks[3] + ticks[4]; // idle and iowait
    const all = ticks.slice(0, 8).reduce((sum, tick) => sum + tick, 0);
    return { busy: all - idle, all };
  } catch {
    return undefined;
  }
}

const STARTED = Date.now();
const STARTED_TICKS = machineTicks();

/**
 * How busy all the machine's cores were while the command ran: near 100 %, the steps wait for
 * CPU, and only doing less work shortens the run.
 */
function machineBusy() {
  const now = machineTicks();
  if (!STARTED_TICKS || !now) return '';
  const busy = (100 * (now.busy - STARTED_TICKS.busy)) / (now.all - STARTED_TICKS.all);
  return `; the machine's CPUs were ${busy.toFixed(0)} % busy`;
}
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
  // Firefox and WebKit are installed only when a project of theirs is going to run.
  for (const project of projects) {
    const engine = engineOfCondition(BROWSER_CONDITIONS.find((condition) => condition.project === project));
    if (engine !== 'chromium') browserEnv = { ...browserEnv, [engineEnvVar(engine)]: ensureEngine(engine) };
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

#!/usr/bin/env node
// The README's two commands (`npm start`, `npm test`) land here. They must work
// from a fresh clone on a machine that has only Node and npm, so this script
// installs pnpm and (for tests) Chromium before handing over to pnpm.
import { execSync, spawnSync } from 'node:child_process';
import { ensureChromium } from './ensure-chromium.mjs';

const PNPM_VERSION = '12.21.0';
const task = process.argv[2];

const steps = [];

/** Runs a step that later steps need (install, build): a failure stops here. */
function run(command, options = {}) {
  if (!check(command, options)) {
    printSummary();
    process.exit(1);
  }
}

/** Runs an independent check: a failure is reported at the end, after the other checks ran. */
function check(command, options = {}) {
  console.log(`\n$ ${command}`);
  const started = Date.now();
  const result = spawnSync(command, { shell: true, stdio: 'inherit', ...options });
  const ok = result.status === 0;
  steps.push({ command, ms: Date.now() - started, ok });
  if (!ok) console.error(`\n✖ "${command}" failed with exit code ${result.status ?? result.signal}`);
  return ok;
}

/** One line per step with its duration and result, so a slow or failed step stands out in CI's log. */
function printSummary() {
  const total = steps.reduce((sum, step) => sum + step.ms, 0);
  console.log('\nSteps:');
  for (const { command, ms, ok } of steps) {
    console.log(`  ${ok ? '✔' : '✖'} ${(ms / 1000).toFixed(1).padStart(7)} s  ${command}`);
  }
  console.log(`    ${(total / 1000).toFixed(1).padStart(7)} s  total`);
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

const lockfileFlag = process.env.CI ? '--frozen-lockfile' : '';

switch (task) {
  case 'start':
    ensurePnpm();
    run(`pnpm install ${lockfileFlag}`);
    run('pnpm --filter "./packages/*" build');
    run('pnpm --filter @chat-list/demo dev');
    break;
  case 'test': {
    ensurePnpm();
    const chromium = ensureChromium();
    run(`pnpm install ${lockfileFlag}`);
    // Each check runs even when an earlier one failed; the summary at the end lists
    // the failures and the exit code is non-zero if there is any.
    check('pnpm lint'); // ESLint: typescript-eslint, Rules of Hooks, no `any`
    check('pnpm format:check'); // Prettier
    run('pnpm -r build');
    check('pnpm typecheck'); // tsc --noEmit in every TypeScript package
    // Unit (node), jsdom and browser suites, on React 19 and again on React 18; the
    // package checks (size budget, 'use client', API docs in sync, publint, attw).
    check('pnpm -r --no-bail --workspace-concurrency=1 test', {
      env: { ...process.env, CHROMIUM_PATH: chromium },
    });
    check('pnpm test:consumer'); // packed tarballs in a fresh Vite app: tsc, build, SSR, CJS require
    if (!printSummary()) process.exit(1);
    break;
  }
  case 'bench': {
    ensurePnpm();
    const chromium = ensureChromium();
    run(`pnpm install ${lockfileFlag}`);
    run('pnpm --filter "./packages/*" build');
    run('pnpm --filter @chat-list/benchmarks bench', { env: { ...process.env, CHROMIUM_PATH: chromium } });
    break;
  }
  default:
    console.error('usage: node scripts/run.mjs start|test|bench');
    process.exit(2);
}

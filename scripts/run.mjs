#!/usr/bin/env node
// The README's two commands (`npm start`, `npm test`) land here. They must work
// from a fresh clone on a machine that has only Node and npm, so this script
// installs pnpm and (for tests) Chromium before handing over to pnpm.
import { execSync, spawnSync } from 'node:child_process';
import { ensureChromium } from './ensure-chromium.mjs';

const PNPM_VERSION = '12.21.0';
const task = process.argv[2];

function run(command, options = {}) {
  console.log(`\n$ ${command}`);
  const result = spawnSync(command, { shell: true, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    console.error(`\n✖ "${command}" failed with exit code ${result.status ?? result.signal}`);
    process.exit(result.status ?? 1);
  }
}

function installedPnpmVersion() {
  try {
    return execSync('pnpm --version', { stdio: ['ignore', 'pipe', 'ignore'] }).toString().trim();
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
    run('pnpm -r build');
    run('pnpm -r --workspace-concurrency=1 test', {
      env: { ...process.env, CHROMIUM_PATH: chromium },
    });
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

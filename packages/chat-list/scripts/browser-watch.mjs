#!/usr/bin/env node
// `pnpm --filter @chat-list/react test:browser:watch test/browser/history.browser.test.ts`: the
// inner loop for one browser test file. The browser tests load the fixture pages built from src/
// (test/fixtures/dist), so a watch of the tests alone would run them against stale pages: this
// rebuilds the pages on every change of src/ or the fixtures (React 19 only, the default
// condition), then runs the given files once more; a change of a test file runs them again too.
// Ctrl+C stops it.
import { spawn } from 'node:child_process';
import { watch } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'vite';

const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));
const files = process.argv.slice(2).filter((arg) => arg !== '--');
if (files.length === 0) {
  console.error('usage: pnpm test:browser:watch <browser test file> [more files or vitest options]');
  process.exit(2);
}

let running = null;
let isRunAgain = false;

/** Runs the files once; a change during a run queues one more run after it. */
function runTests() {
  if (running) {
    isRunAgain = true;
    return;
  }
  running = spawn('vitest', ['run', '--project', 'browser', ...files], {
    cwd: PACKAGE_DIR,
    stdio: 'inherit',
    shell: process.platform === 'win32',
    env: { ...process.env, CHAT_LIST_BROWSER_WORKERS: '1' },
  });
  running.on('close', () => {
    running = null;
    if (isRunAgain) {
      isRunAgain = false;
      runTests();
    }
    console.log('\nwatching src/, test/fixtures/ and test/browser/ (Ctrl+C stops)');
  });
}

const watcher = await build({
  configFile: fileURLToPath(new URL('../vite.fixtures.config.ts', import.meta.url)),
  build: { watch: {} },
});
watcher.on('event', (event) => {
  if (event.code === 'END') runTests();
  if (event.code === 'ERROR') console.error(event.error.message);
});
watch(fileURLToPath(new URL('../test/browser', import.meta.url)), (_, name) => {
  if (name?.endsWith('.ts')) runTests();
});

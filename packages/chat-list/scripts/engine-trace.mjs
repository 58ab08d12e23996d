#!/usr/bin/env node
// `pnpm trace record <folder> [test files…]`: builds the fixture pages from src/ and runs the
// browser suite (or the files named), saving the engine's trace of every test into <folder>.
// `pnpm trace compare <before> <after>`: what differs between two such recordings, test by test.
//
// For changes that should move nothing (code moved between modules): record before the change,
// record after it, compare. A browser's timing varies from run to run (how many frames a smooth
// scroll takes, when a ResizeObserver fires), so a few tests differ between two recordings of
// the same code: record the code from before twice to see which (`--noise <second recording>`
// leaves those out of the comparison).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const [task, ...args] = process.argv.slice(2).filter((arg) => arg !== '--');
const cwd = fileURLToPath(new URL('..', import.meta.url));

const usage = () => {
  console.error('usage: pnpm trace record <folder> [test files…] | compare <before> <after> [--noise <folder>]');
  process.exit(2);
};

/** Every saved test of a recording: "file/test.json" → its traces (one per page it opened). */
const readRecording = (folder) => {
  const tests = new Map();
  for (const file of readdirSync(folder)) {
    for (const test of readdirSync(join(folder, file))) {
      tests.set(`${file}/${test}`, JSON.parse(readFileSync(join(folder, file, test), 'utf8')));
    }
  }
  return tests;
};

/** A trace with runs of the same entry as one: how often the pin wrote the same bottom is timing, not behaviour. */
const collapse = (trace) => {
  const lines = [];
  for (const entry of trace ?? []) {
    const line = JSON.stringify(entry);
    if (lines[lines.length - 1] !== line) lines.push(line);
  }
  return lines;
};

/** The first difference of two tests' traces, as a few lines, or null when they agree. */
const differenceOf = (before, after) => {
  for (let page = 0; page < Math.max(before.length, after.length); page++) {
    const a = collapse(before[page]);
    const b = collapse(after[page]);
    const at = a.findIndex((line, index) => line !== b[index]);
    const first = at === -1 ? (a.length === b.length ? -1 : a.length) : at;
    if (first === -1) continue;
    const around = (lines) => lines.slice(Math.max(0, first - 2), first + 3).join('\n      ');
    return `page ${page + 1}, entry ${first + 1} of ${a.length} / ${b.length}:\n    before:\n      ${around(a)}\n    after:\n      ${around(b)}`;
  }
  return null;
};

if (task === 'record') {
  const [folder, ...files] = args;
  if (folder === undefined) usage();
  const env = { ...process.env, CHAT_LIST_TRACE_DIR: resolve(folder) };
  const run = (command, commandArgs) =>
    spawnSync(command, commandArgs, { cwd, env, stdio: 'inherit', shell: process.platform === 'win32' }).status;
  if (run('vite', ['build', '-c', 'vite.fixtures.config.ts']) !== 0) process.exit(1);
  const status = run('vitest', ['run', '--project', 'browser', ...files]);
  console.log(
    `\ntraces saved in ${resolve(folder)}${status === 0 ? '' : ' (some tests failed: their traces are saved too)'}`,
  );
  process.exit(status ?? 1);
} else if (task === 'compare') {
  const noiseFlag = args.indexOf('--noise');
  const noiseFolder = noiseFlag === -1 ? undefined : args[noiseFlag + 1];
  const folders = noiseFlag === -1 ? args : args.filter((_, index) => index !== noiseFlag && index !== noiseFlag + 1);
  const [beforeFolder, afterFolder] = folders;
  if (beforeFolder === undefined || afterFolder === undefined || !existsSync(beforeFolder) || !existsSync(afterFolder))
    usage();
  const before = readRecording(beforeFolder);
  const after = readRecording(afterFolder);
  const noise = noiseFolder === undefined ? new Map() : readRecording(noiseFolder);
  let same = 0;
  const noisy = [];
  const differing = [];
  for (const [test, traces] of before) {
    if (!after.has(test)) continue;
    const difference = differenceOf(traces, after.get(test));
    if (difference === null) same++;
    else if (noise.has(test) && differenceOf(traces, noise.get(test)) !== null) noisy.push(test);
    else differing.push(`  ${test}\n    ${difference}`);
  }
  const missing = [...before.keys()].filter((test) => !after.has(test));
  const added = [...after.keys()].filter((test) => !before.has(test));
  console.log(
    `${same} tests trace the same, ${differing.length} differ, ${noisy.length} differ between two recordings of the code before too (left out)`,
  );
  if (missing.length > 0) console.log(`only before (${missing.length}): ${missing.join(', ')}`);
  if (added.length > 0) console.log(`only after (${added.length}): ${added.join(', ')}`);
  if (differing.length > 0) console.log(`\ndiffering:\n${differing.join('\n')}`);
  process.exit(differing.length === 0 ? 0 : 1);
} else {
  usage();
}

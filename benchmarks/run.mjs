#!/usr/bin/env node
// Runs every scenario for every implementation in headless Chromium, prints
// the markdown table, writes results/latest.json, results/chart.svg and the
// root BENCHMARKS.md. Expects the bench page to be built (page/dist):
// `pnpm bench` builds it first.
//
//   node run.mjs [--runs=3] [--impls=ours,virtua] [--scenarios=stream,scroll] [--no-write]
import { launchChromium, serveStatic } from '@chat-list/browser-harness';
import { mkdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { fileURLToPath } from 'node:url';
import { IMPLS, writeReport } from './report.mjs';
import { SCENARIOS, takesPart } from './scenarios.mjs';
import { measureSizes } from './sizes.mjs';

const startedAt = Date.now();
const loadBefore = os.loadavg();
const here = (path) => fileURLToPath(new URL(path, import.meta.url));
const args = Object.fromEntries(
  process.argv.slice(2).map((arg) => {
    const [key, value = 'true'] = arg.replace(/^--/, '').split('=');
    return [key, value];
  }),
);
const runsCount = Number(args.runs ?? 3);
const impls = args.impls ? args.impls.split(',') : IMPLS;
const unknownImpls = impls.filter((impl) => !IMPLS.includes(impl));
if (unknownImpls.length) throw new Error(`unknown --impls ${unknownImpls.join(', ')}; known: ${IMPLS.join(', ')}`);
const scenarios = args.scenarios
  ? SCENARIOS.filter((scenario) => args.scenarios.split(',').includes(scenario.id))
  : SCENARIOS;
const write = args['no-write'] === undefined;
const SEED = 1;
const SCENARIO_TIMEOUT_MS = 120_000;

function versionOf(name) {
  const require = createRequire(import.meta.url);
  try {
    // Packages whose exports have neither package.json nor a main entry (@shadcn/react).
    return JSON.parse(readFileSync(here(`node_modules/${name}/package.json`), 'utf8')).version;
  } catch {
    // not a direct dependency of the benchmark: resolve it
  }
  try {
    return JSON.parse(readFileSync(require.resolve(`${name}/package.json`), 'utf8')).version;
  } catch {
    // Packages whose exports hide package.json: walk up from the entry.
    let dir = require.resolve(name);
    for (let index = 0; index < 6; index++) {
      dir = dir.slice(0, dir.lastIndexOf('/'));
      try {
        const pkg = JSON.parse(readFileSync(`${dir}/package.json`, 'utf8'));
        if (pkg.name === name) return pkg.version;
      } catch {
        // no package.json at this level: keep walking up
      }
    }
    return 'unknown';
  }
}

function withTimeout(promise, ms, what) {
  let timer;
  return Promise.race([
    promise.finally(() => clearTimeout(timer)),
    new Promise((_, reject) => {
      timer = setTimeout(() => reject(new Error(`${what}: timed out after ${ms / 1000} s`)), ms);
    }),
  ]);
}

async function runOne(browser, serverUrl, scenario, impl) {
  const context = await browser.newContext({ viewport: { width: 700, height: 700 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text().slice(0, 300));
  });
  try {
    const query = new URLSearchParams({ impl, seed: String(SEED) });
    for (const [key, value] of Object.entries(scenario.query)) query.set(key, String(value));
    await page.goto(`${serverUrl}/?${query}`);
    await page.waitForFunction(() => window.bench?.ready === true, null, { timeout: 60_000 });
    const cdp = await context.newCDPSession(page);
    const result = await withTimeout(scenario.run({ page, cdp }), SCENARIO_TIMEOUT_MS, `${scenario.id}/${impl}`);
    return errors.length ? { ...result, pageErrors: errors } : result;
  } catch (error) {
    return { error: String(error?.message ?? error).split('\n')[0], pageErrors: errors };
  } finally {
    await context.close();
  }
}

const server = await serveStatic(here('page/dist'));
const browser = await launchChromium();
const chromiumVersion = browser.version();
const runs = {};
try {
  const runsOf = (scenario) => Math.max(runsCount, scenario.minRuns ?? 0);
  const totalRuns = Math.max(...scenarios.map(runsOf));
  for (let run = 0; run < totalRuns; run++) {
    for (const scenario of scenarios) {
      if (run >= runsOf(scenario)) continue;
      // Interleaved: every implementation once per scenario per run, in an order rotated per run.
      const order = impls.map((_, index) => impls[(index + run) % impls.length]);
      for (const impl of order) {
        if (!takesPart(scenario, impl) || run >= (scenario.maxRuns?.[impl] ?? Number.POSITIVE_INFINITY)) continue;
        const t = Date.now();
        const result = await runOne(browser, server.url, scenario, impl);
        ((runs[scenario.id] ??= {})[impl] ??= []).push(result);
        const summary = result.error ? `ERROR ${result.error}` : '';
        console.error(
          `run ${run + 1}/${totalRuns}  ${scenario.id.padEnd(16)} ${impl.padEnd(15)} ${String(Date.now() - t).padStart(6)} ms ${summary}`,
        );
      }
    }
  }
} finally {
  await browser.close();
  await server.close();
}

const sizes = await measureSizes();
const totalMs = Date.now() - startedAt;
const cpus = os.cpus();
const data = {
  date: new Date().toISOString(),
  seed: SEED,
  runsCount,
  impls,
  machine: {
    cores: cpus.length,
    cpu: cpus[0]?.model ?? 'unknown',
    memoryGB: Math.round(os.totalmem() / 1e9),
    os: `${os.type()} ${os.release()} ${os.arch()}`,
    node: process.version,
    chromium: chromiumVersion,
    loadAverage: {
      before: loadBefore.map((value) => Number(value.toFixed(2))),
      after: os.loadavg().map((value) => Number(value.toFixed(2))),
    },
  },
  versions: Object.fromEntries(
    [
      '@chat-list/react',
      '@tanstack/react-virtual',
      'react-virtuoso',
      'virtua',
      '@legendapp/list',
      'use-stick-to-bottom',
      '@shadcn/react',
      'react',
      'react-dom',
    ].map((name) => [
      name,
      versionOf(name),
    ]),
  ),
  totalMs,
  sizes,
  runs,
};

if (write) mkdirSync(here('results'), { recursive: true });
const { table, bars } = writeReport(
  data,
  write
    ? { jsonPath: here('results/latest.json'), svgPath: here('results/chart.svg'), mdPath: here('../BENCHMARKS.md') }
    : {},
);
console.log(table);
console.log('\nSPEC §5 bars (ours, worst run):');
for (const bar of bars) console.log(`  ${bar.met ? 'met   ' : 'MISSED'} ${bar.what}: ${bar.bar} — ${bar.measured}`);
console.log(
  `\nTotal: ${(totalMs / 1000).toFixed(0)} s${write ? '; wrote benchmarks/results/latest.json, benchmarks/results/chart.svg, BENCHMARKS.md' : ''}`,
);

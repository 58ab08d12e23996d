#!/usr/bin/env node
// Where a streamed token's main-thread time goes, for each implementation: the stream scenario
// (the last message grows by one word per frame, at the bottom) under a Chromium trace, and the
// main thread's events of those frames summed by kind. A layout run inside script is forced by the
// script (it read geometry after a write); the others are the frame's own. The trace's own cost
// makes every figure larger than the stream scenario's; compare implementations, not runs.
//
//   node profile.mjs [--impls=ours,virtua] [--counts=1000,100000] [--tokens=200] [--runs=3] [--json=out.json] [--page=dir] [--flame]
//
// `--flame`: a CPU profile instead of the trace, on the page built by `vite build -c
// vite.flame.config.ts` (page/dist-flame), summed by whose code ran (flame.mjs).
//
// Expects the bench page to be built (page/dist, or the folder `--page` names: a page built from
// another commit, to compare two versions of the list in one run). Prints one markdown table per count.
import { launchChromium, serveStatic } from '@chat-list/browser-harness';
import { writeFileSync } from 'node:fs';
import { formatFlame, startCpuProfile, stopCpuProfile } from './flame.mjs';
import { fileURLToPath } from 'node:url';

const args = Object.fromEntries(
  process.argv.slice(2).map((arg) => {
    const [key, value = 'true'] = arg.replace(/^--/, '').split('=');
    return [key, value];
  }),
);
const impls = (args.impls ?? 'ours,virtua').split(',');
const counts = (args.counts ?? '1000,100000').split(',').map(Number);
const tokens = Number(args.tokens ?? 200);
const runs = Number(args.runs ?? 3);
const isFlame = args.flame === 'true';
const here = (path) => fileURLToPath(new URL(path, import.meta.url));

/** Events that run the page's script: what encloses them is script, what they enclose is forced. */
const SCRIPT_EVENTS = new Set([
  'FunctionCall',
  'FireAnimationFrame',
  'EvaluateScript',
  'TimerFire',
  'EventDispatch',
  'V8.Execute',
  'RunMicrotasks',
]);
const LAYOUT_EVENTS = new Set(['Layout', 'UpdateLayoutTree']);
const RENDER_EVENTS = new Set(['Paint', 'PrePaint', 'Layerize', 'UpdateLayer', 'Commit', 'CompositeLayers']);

/**
 * Sums complete events ('X') of the renderer's main thread by kind, splitting layout into the
 * forced (inside script) and the frame's own, and counting the forced layouts.
 */
const summarize = (events) => {
  const mainThread = events.find((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain');
  const onMain = events
    .filter((event) => event.ph === 'X' && event.pid === mainThread?.pid && event.tid === mainThread?.tid)
    .sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const totals = { script: 0, forcedLayout: 0, forcedLayouts: 0, frameLayout: 0, render: 0 };
  /** The open script events, as [end] timestamps: a layout starting before one ends is inside it. */
  const scriptEnds = [];
  let topScriptEnd = 0;
  for (const event of onMain) {
    while (scriptEnds.length > 0 && scriptEnds[scriptEnds.length - 1] <= event.ts) scriptEnds.pop();
    const isInScript = scriptEnds.length > 0;
    if (SCRIPT_EVENTS.has(event.name)) {
      // Script time: the outermost script events only (nested ones are inside it already).
      if (event.ts >= topScriptEnd) {
        totals.script += event.dur;
        topScriptEnd = event.ts + event.dur;
      }
      scriptEnds.push(event.ts + event.dur);
    } else if (LAYOUT_EVENTS.has(event.name)) {
      if (isInScript) {
        totals.forcedLayout += event.dur;
        if (event.name === 'Layout') totals.forcedLayouts++;
      } else totals.frameLayout += event.dur;
    } else if (RENDER_EVENTS.has(event.name) && !isInScript) totals.render += event.dur;
  }
  // The script events' time includes the layouts they forced: counted once, as layout.
  return { ...totals, script: totals.script - totals.forcedLayout };
};

const profileOne = async (browser, serverUrl, impl, count) => {
  const context = await browser.newContext({ viewport: { width: 700, height: 700 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  try {
    const query = new URLSearchParams({ impl, seed: '1', count: String(count), history: '0', future: '50' });
    await page.goto(`${serverUrl}/?${query}`);
    await page.waitForFunction(() => window.bench?.ready === true, null, { timeout: 60_000 });
    await page.evaluate(() => window.bench.mount());
    const cdp = await context.newCDPSession(page);
    if (isFlame) {
      await startCpuProfile(cdp);
      await page.evaluate((frames) => window.bench.stream(frames), tokens);
      return await stopCpuProfile(cdp, tokens);
    }
    const events = [];
    cdp.on('Tracing.dataCollected', ({ value }) => events.push(...value));
    const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
    await cdp.send('Tracing.start', {
      categories: 'devtools.timeline,disabled-by-default-devtools.timeline,v8.execute,blink',
      transferMode: 'ReportEvents',
    });
    const stream = await page.evaluate((frames) => window.bench.stream(frames), tokens);
    await cdp.send('Tracing.end');
    await done;
    const totals = summarize(events);
    const perToken = Object.fromEntries(
      Object.entries(totals).map(([key, value]) => [
        key,
        key === 'forcedLayouts' ? value / tokens : value / 1000 / tokens,
      ]),
    );
    return { ...perToken, streamScriptMs: stream.scriptMsMedian, frameWorkMs: stream.frameWorkMsMedian };
  } finally {
    await context.close();
  }
};

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};

const server = await serveStatic(args.page ?? here(isFlame ? 'page/dist-flame' : 'page/dist'));
const browser = await launchChromium();
const results = {};
try {
  for (let run = 0; run < runs; run++) {
    for (const count of counts) {
      for (const impl of run % 2 === 0 ? impls : [...impls].reverse()) {
        const result = await profileOne(browser, server.url, impl, count);
        ((results[count] ??= {})[impl] ??= []).push(result);
        console.error(`run ${run + 1}/${runs} ${impl} ${count}: ${JSON.stringify(isFlame ? result.byLibrary : result)}`);
      }
    }
  }
} finally {
  await browser.close();
  await server.close();
}

const ROWS = [
  ['script: React, the list, the page (ms per token)', 'script'],
  ['style and layout forced by script (ms)', 'forcedLayout'],
  ['… forced layouts per token', 'forcedLayouts'],
  ["the frame's own style and layout (ms)", 'frameLayout'],
  ['paint and composite (ms)', 'render'],
  ['main thread per token, as the stream scenario measures it (ms)', 'frameWorkMs'],
];
for (const count of isFlame ? [] : counts) {
  console.log(`\n**Streaming into ${count.toLocaleString('en')}** (${tokens} tokens, median of ${runs} runs)\n`);
  console.log(`| where the time goes | ${impls.join(' | ')} |`);
  console.log(`|:---|${impls.map(() => '---:').join('|')}|`);
  for (const [label, key] of ROWS) {
    const cells = impls.map((impl) => median(results[count][impl].map((result) => result[key])).toFixed(2));
    console.log(`| ${label} | ${cells.join(' | ')} |`);
  }
}
for (const count of isFlame ? counts : []) console.log(formatFlame(count, impls, results[count], median));
if (args.json) writeFileSync(args.json, JSON.stringify(results, null, 2));

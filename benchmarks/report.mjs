// Turns the raw runs into medians, the markdown table, the SVG chart and
// BENCHMARKS.md. Pure functions of the JSON written by run.mjs, so the report
// can be regenerated from results/latest.json (`node report.mjs`).
import { KB } from '@chat-list/bundle-size';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const IMPLS = ['ours', 'tanstack', 'virtuoso', 'virtua', 'legend', 'plain', 'stick-to-bottom', 'shadcn'];
export const IMPL_LABELS = {
  ours: '@chat-list/react',
  tanstack: 'TanStack Virtual',
  virtuoso: 'react-virtuoso',
  virtua: 'virtua',
  legend: 'Legend List',
  plain: 'plain list',
  'stick-to-bottom': 'use-stick-to-bottom',
  shadcn: 'shadcn MessageScroller',
};
const COLORS = {
  ours: '#d9480f',
  tanstack: '#1c7ed6',
  virtuoso: '#7048e8',
  virtua: '#2b8a3e',
  legend: '#e8a200',
  plain: '#868e96',
  'stick-to-bottom': '#c2255c',
  shadcn: '#212529',
};

/**
 * Rows of the table. `ok`: the field that says whether the run did what the
 * scenario asks (else the value is shown as "fail (value)"). `ratio`: whether
 * "ours ÷ best peer" means something for it (not for drifts and gaps, where 0
 * is the goal). `chart`: drawn in the SVG.
 */
export const METRICS = [
  {
    id: 'mount1k',
    scenario: 'mount-1k',
    field: 'mountMs',
    ok: 'mountOk',
    label: 'mount 1 000, settled at bottom',
    unit: 'ms',
    ratio: true,
    chart: true,
  },
  {
    id: 'mount10k',
    scenario: 'mount-10k',
    field: 'mountMs',
    ok: 'mountOk',
    label: 'mount 10 000, settled at bottom',
    unit: 'ms',
    ratio: true,
    chart: true,
  },
  {
    id: 'mount100k',
    scenario: 'mount-100k',
    field: 'mountMs',
    ok: 'mountOk',
    label: 'mount 100 000, settled at bottom',
    unit: 'ms',
    ratio: true,
    chart: true,
  },
  {
    id: 'mount100kGenerated',
    scenario: 'mount-100k-generated',
    field: 'mountMs',
    ok: 'mountOk',
    label: 'mount 100 000, generated objects (ids already hashed: the measure before #15)',
    unit: 'ms',
    ratio: true,
  },
  {
    id: 'million',
    scenario: 'million',
    field: 'millionMountMs',
    ok: 'millionMountOk',
    label: 'mount 1 000 000 (JSON), settled: the newest message at the bottom (issue #15)',
    unit: 'ms',
    ratio: true,
  },
  {
    id: 'millionFirst',
    scenario: 'million',
    field: 'millionFirstMs',
    ok: 'millionFirstOk',
    label: '1 000 000: the thumb dragged to the top, settled: the first message at the top',
    unit: 'ms',
    ratio: true,
  },
  {
    id: 'millionLast',
    scenario: 'million',
    field: 'millionLastMs',
    ok: 'millionLastOk',
    label: '1 000 000: the thumb dragged back to the bottom, settled: the newest message at the bottom',
    unit: 'ms',
    ratio: true,
  },
  {
    id: 'mountFrameStart100k',
    scenario: 'mount-100k',
    field: 'mountFrameStartMs',
    ok: 'mountOk',
    label: 'mount 100 000: the settled frame began (its rAF time)',
    unit: 'ms',
    ratio: true,
  },
  {
    id: 'remount100k',
    scenario: 'mount-100k',
    field: 'remountMs',
    ok: 'remountOk',
    label: 'mount 100 000 again in the same page (code already run once)',
    unit: 'ms',
    ratio: true,
  },
  {
    id: 'mountCommit100k',
    scenario: 'mount-100k',
    field: 'mountCommitMs',
    label: 'mount 100 000: call → first commit',
    unit: 'ms',
    ratio: true,
  },
  {
    id: 'mountFirstTask100k',
    scenario: 'mount-100k',
    field: 'mountFirstTaskMs',
    label: "mount 100 000: the first commit's task (render start → end of its synchronous re-renders and layouts)",
    unit: 'ms',
    ratio: true,
  },
  {
    id: 'remountFirstTask100k',
    scenario: 'mount-100k',
    field: 'remountFirstTaskMs',
    label: "mount 100 000 again: the first commit's task (code already run once)",
    unit: 'ms',
    ratio: true,
  },
  {
    id: 'dom1k',
    scenario: 'mount-1k',
    field: 'elements',
    label: 'DOM elements after mount 1 000',
    unit: '',
    ratio: true,
  },
  {
    id: 'dom10k',
    scenario: 'mount-10k',
    field: 'elements',
    label: 'DOM elements after mount 10 000',
    unit: '',
    ratio: true,
  },
  {
    id: 'dom100k',
    scenario: 'mount-100k',
    field: 'elements',
    label: 'DOM elements after mount 100 000',
    unit: '',
    ratio: true,
    chart: true,
  },
  {
    id: 'heap1k',
    scenario: 'mount-1k',
    field: 'heapMB',
    label: 'JS heap after GC, 1 000 mounted',
    unit: 'MB',
    ratio: true,
  },
  {
    id: 'heap10k',
    scenario: 'mount-10k',
    field: 'heapMB',
    label: 'JS heap after GC, 10 000 mounted',
    unit: 'MB',
    ratio: true,
  },
  {
    id: 'heap100k',
    scenario: 'mount-100k',
    field: 'heapMB',
    label: 'JS heap after GC, 100 000 mounted',
    unit: 'MB',
    ratio: true,
  },
  {
    id: 'heapAdded100k',
    scenario: 'mount-100k',
    field: 'heapAddedMB',
    label: '… of which the list (heap minus the data alone)',
    chartLabel: 'JS heap used by the list, 100 000 mounted (after GC, minus the data)',
    unit: 'MB',
    ratio: true,
    chart: true,
  },
  {
    id: 'append1k',
    scenario: 'mount-1k',
    field: 'append1Ms',
    ok: 'append1Ok',
    label: 'append 1 at N = 1 000, settled at bottom',
    unit: 'ms',
    ratio: true,
    chart: true,
  },
  {
    id: 'append10k',
    scenario: 'mount-10k',
    field: 'append1Ms',
    ok: 'append1Ok',
    label: 'append 1 at N = 10 000',
    unit: 'ms',
    ratio: true,
  },
  {
    id: 'append100k',
    scenario: 'mount-100k',
    field: 'append1Ms',
    ok: 'append1Ok',
    label: 'append 1 at N = 100 000',
    chartLabel: 'append 1 at N = 100 000, settled at bottom',
    unit: 'ms',
    ratio: true,
    chart: true,
  },
  {
    id: 'appendCommit1k',
    scenario: 'mount-1k',
    field: 'append1CommitMs',
    label: 'append 1 at N = 1 000: call → commit (render + commit)',
    unit: 'ms',
    ratio: true,
  },
  {
    id: 'appendCommit10k',
    scenario: 'mount-10k',
    field: 'append1CommitMs',
    label: 'append 1 at N = 10 000: call → commit',
    unit: 'ms',
    ratio: true,
  },
  {
    id: 'appendCommit100k',
    scenario: 'mount-100k',
    field: 'append1CommitMs',
    label: 'append 1 at N = 100 000: call → commit',
    chartLabel: 'append 1 at N = 100 000: call → commit (render + commit)',
    unit: 'ms',
    ratio: true,
    chart: true,
  },
  {
    id: 'prependMs',
    scenario: 'prepend-1000',
    field: 'prependMs',
    ok: 'prependOk',
    label: 'prepend 1 000 while reading: time to settled',
    unit: 'ms',
    ratio: true,
    chart: true,
  },
  {
    id: 'prependDrift',
    scenario: 'prepend-1000',
    field: 'prependDrift',
    ok: 'prependDriftOk',
    label: 'prepend 1 000 while reading: top-row drift (max over frames)',
    unit: 'px',
    ratio: false,
    chart: true,
  },
  {
    id: 'prependFinalDrift',
    scenario: 'prepend-1000',
    field: 'prependFinalDrift',
    label: 'prepend 1 000 while reading: drift once settled',
    unit: 'px',
    ratio: false,
  },
  {
    id: 'historyDrift',
    scenario: 'history-prepend',
    field: 'historyDrift',
    ok: 'historyOk',
    label: "history prepend 10 + 'Loading...' removed: drift (max over frames)",
    unit: 'px',
    ratio: false,
    chart: true,
  },
  {
    id: 'historyFinalDrift',
    scenario: 'history-prepend',
    field: 'historyFinalDrift',
    label: 'history prepend: drift once settled',
    unit: 'px',
    ratio: false,
  },
  {
    id: 'append1000Ms',
    scenario: 'append-1000',
    field: 'append1000Ms',
    ok: 'append1000Ok',
    label: 'append 1 000 while following: time to settled',
    unit: 'ms',
    ratio: true,
    chart: true,
  },
  {
    id: 'append1000Frames',
    scenario: 'append-1000',
    field: 'append1000Frames',
    ok: 'append1000Ok',
    label: 'append 1 000: frames from commit to settled',
    unit: 'frames',
    ratio: true,
  },
  {
    id: 'append1000Gap',
    scenario: 'append-1000',
    field: 'append1000Gap',
    ok: 'append1000Ok',
    label: 'append 1 000: final bottom gap',
    unit: 'px',
    ratio: false,
  },
  {
    id: 'streamMaxGap',
    scenario: 'stream',
    field: 'streamMaxGap',
    ok: 'streamOk',
    label: 'streaming 300 frames: max bottom gap',
    unit: 'px',
    ratio: false,
    chart: true,
  },
  {
    id: 'streamP95Gap',
    scenario: 'stream',
    field: 'streamP95Gap',
    ok: 'streamOk',
    label: 'streaming: p95 bottom gap',
    unit: 'px',
    ratio: false,
  },
  {
    id: 'streamScriptMs',
    scenario: 'stream',
    field: 'streamScriptMs',
    label: 'streaming: script time per frame, median',
    unit: 'ms',
    ratio: true,
    chart: true,
  },
  ...[
    ['stream', '1 000'],
    ['stream-10k', '10 000'],
    ['stream-100k', '100 000'],
  ].flatMap(([scenario, count]) => [
    ...(scenario === 'stream'
      ? []
      : [
          {
            id: `${scenario}ScriptMs`,
            scenario,
            field: 'streamScriptMs',
            ok: 'streamOk',
            label: `streaming into ${count}: script time per token, median`,
            unit: 'ms',
            ratio: true,
          },
        ]),
    {
      id: `${scenario}CopyMs`,
      scenario,
      field: 'streamCopyMs',
      ok: 'streamOk',
      label: `streaming into ${count}: … of which the app's copy of the messages array (the same work for every list), median`,
      unit: 'ms',
      ratio: false,
    },
    {
      id: `${scenario}ListScriptMs`,
      scenario,
      field: 'streamListScriptMs',
      ok: 'streamOk',
      label: `streaming into ${count}: the list's script time per token (the script time minus the app's copy of the messages array), median`,
      unit: 'ms',
      ratio: true,
    },
    {
      id: `${scenario}FrameWorkMs`,
      scenario,
      field: 'streamFrameWorkMs',
      ok: 'streamOk',
      label: `streaming into ${count}: main-thread time per token (script, layout, paint), median`,
      unit: 'ms',
      ratio: true,
    },
    {
      id: `${scenario}DroppedFrames`,
      scenario,
      field: 'streamDroppedFrames',
      ok: 'streamOk',
      label: `streaming into ${count}: dropped frames (of 300)`,
      unit: '',
      ratio: false,
    },
  ]),
  {
    id: 'scrollP95',
    scenario: 'scroll',
    field: 'scrollP95Interval',
    ok: 'scrollOk',
    label: 'scroll 10 000 at 400 px/frame: p95 frame interval',
    unit: 'ms',
    ratio: true,
    chart: true,
  },
  {
    id: 'scrollOver34',
    scenario: 'scroll',
    field: 'scrollOver34',
    ok: 'scrollOk',
    label: 'scroll: frames over 34 ms (of 180)',
    unit: '',
    ratio: true,
  },
  {
    id: 'scrollBlank',
    scenario: 'scroll',
    field: 'scrollBlank',
    ok: 'scrollOk',
    label: 'scroll: blank frames (of 180), scroll set between frames',
    unit: '',
    ratio: true,
    chart: true,
  },
  {
    id: 'scrollLateBlank',
    scenario: 'scroll-late',
    field: 'scrollBlank',
    ok: 'scrollOk',
    label: 'scroll: blank frames (of 180), scroll set inside the frame (list one frame late)',
    unit: '',
    ratio: true,
    chart: true,
  },
  {
    id: 'scrollLateP95',
    scenario: 'scroll-late',
    field: 'scrollP95Interval',
    ok: 'scrollOk',
    label: 'scroll set inside the frame: p95 frame interval',
    unit: 'ms',
    ratio: true,
  },
  {
    id: 'scrollMaxRows',
    scenario: 'scroll',
    field: 'scrollMaxRows',
    label: 'scroll: most rows in the DOM',
    unit: '',
    ratio: true,
  },
  {
    id: 'scrollBeyond',
    scenario: 'scroll',
    field: 'scrollMaxBeyond',
    label: 'scroll: most rows in the DOM beyond the viewport',
    unit: '',
    ratio: true,
  },
  {
    id: 'escapeStream',
    scenario: 'escape-stream',
    field: 'escapeStreamGap',
    ok: 'escapeStreamOk',
    label: 'reader scrolls up 600 px mid-stream: gap 60 frames later',
    unit: 'px',
    ratio: false,
    kind: 'escape',
  },
  {
    id: 'escapeFollow',
    scenario: 'escape-follow',
    field: 'escapeFollowGap',
    ok: 'escapeFollowOk',
    label: 'reader scrolls up 600 px right after append 1 000: gap 60 frames later',
    unit: 'px',
    ratio: false,
    kind: 'escape',
  },
  {
    id: 'sizeAll',
    size: {
      ours: 'ours-with-tanstack',
      tanstack: 'tanstack',
      virtuoso: 'virtuoso',
      virtua: 'virtua',
      legend: 'legend',
      'stick-to-bottom': 'stick-to-bottom',
      shadcn: 'shadcn',
    },
    label: 'library size, min+gzip, React external',
    unit: 'kB',
    ratio: true,
    chart: true,
  },
  {
    id: 'sizeOwn',
    size: { ours: 'ours-without-tanstack' },
    label: 'library size, min+gzip, React and TanStack external',
    unit: 'kB',
    ratio: false,
  },
];

/** JSON keeps Infinity (a lost anchor row) as the string "Infinity"; null and NaN mean "not measured". */
function toNumber(value) {
  if (value === 'Infinity' || value === Number.POSITIVE_INFINITY) return Number.POSITIVE_INFINITY;
  return typeof value === 'number' ? value : Number.NaN;
}

export const jsonReplacer = (_key, value) =>
  typeof value === 'number' && !Number.isFinite(value) ? String(value) : value;

export function median(values) {
  const sorted = values.filter((value) => typeof value === 'number' && !Number.isNaN(value)).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** One cell: median over runs, and how many runs failed the scenario's own check. */
export function aggregate(data) {
  const cells = {};
  for (const metric of METRICS) {
    cells[metric.id] = {};
    for (const impl of data.impls) {
      if (metric.size) {
        const entry = metric.size[impl] ? data.sizes[metric.size[impl]] : null;
        cells[metric.id][impl] = entry
          ? { value: entry.gzipBytes / KB, runs: 1, failed: 0 }
          : { value: null, na: true };
        continue;
      }
      const runs = data.runs[metric.scenario]?.[impl] ?? [];
      const good = runs.filter((run) => !run.error);
      const values = good.map((run) => toNumber(run[metric.field]));
      const failed = metric.ok
        ? runs.filter((run) => run.error || !run[metric.ok]).length
        : runs.filter((run) => run.error).length;
      const numeric = values.filter((value) => typeof value === 'number' && !Number.isNaN(value));
      cells[metric.id][impl] = {
        value: median(numeric),
        values,
        worst: numeric.length ? (metric.kind === 'escape' ? Math.min(...numeric) : Math.max(...numeric)) : null,
        runs: runs.length,
        single: runs.length === 1 && data.runsCount > 1,
        failed,
        na: runs.length > 0 && numeric.length === 0 && failed === 0,
        // Not run: the scenario is beyond what the implementation can mount (see MAX_COUNT and
        // maxRuns in scenarios.mjs), or was left out of this run (--scenarios).
        notRun: runs.length === 0,
        errors: runs.filter((run) => run.error).map((run) => run.error),
      };
    }
    // Ours ÷ the best peer that did the job (lower is better everywhere it is shown).
    const ours = cells[metric.id].ours;
    const peers = data.impls
      .filter((impl) => impl !== 'ours')
      .map((impl) => ({ impl, cell: cells[metric.id][impl] }))
      .filter(({ cell }) => cell && !isFailed(cell) && typeof cell.value === 'number' && Number.isFinite(cell.value));
    let ratio = null;
    let best = null;
    if (metric.ratio && peers.length && ours && typeof ours.value === 'number') {
      best = peers.reduce((a, b) => (b.cell.value < a.cell.value ? b : a));
      if (best.cell.value > 0) ratio = ours.value / best.cell.value;
      else if (ours.value === 0) ratio = 1;
    }
    cells[metric.id].ratio = ratio;
    cells[metric.id].bestPeer = best?.impl ?? null;
  }
  return cells;
}

/** A cell fails when more than half of its runs failed. */
export function isFailed(cell) {
  return cell.runs > 0 && cell.failed * 2 > cell.runs;
}

function formatNumber(value, unit) {
  if (value === null || value === undefined) return 'n/a';
  if (value === Number.POSITIVE_INFINITY) return 'lost';
  if (unit === 'kB') return value.toFixed(1);
  if (unit === 'MB') return value.toFixed(1);
  if (unit === 'px') return Math.abs(value) < 10 ? value.toFixed(1) : value.toFixed(0);
  if (unit === 'ms') return value < 10 ? value.toFixed(1) : value.toFixed(0);
  return Number.isInteger(value) ? value.toLocaleString('en-US') : value.toFixed(1);
}

export function formatCell(metric, cell) {
  if (cell?.notRun) return 'not run';
  if (!cell || cell.na || (cell.value === null && !cell.failed)) return 'n/a';
  const unit = metric.unit === 'frames' ? '' : metric.unit;
  const number = formatNumber(cell.value, metric.unit);
  const shown = number === 'n/a' || number === 'lost' || !unit ? number : `${number} ${unit}`;
  if (metric.kind === 'escape') {
    if (isFailed(cell)) return `fail: pulled back (${shown})`;
    return cell.failed ? `kept (${shown}; pulled back ${cell.failed}/${cell.runs})` : `kept (${shown})`;
  }
  if (isFailed(cell)) return cell.value === null ? 'fail' : `fail (${shown})`;
  if (cell.failed) return `${shown} (${cell.failed}/${cell.runs} runs failed)`;
  return cell.single ? `${shown} (1 run)` : shown;
}

function formatRatio(cell) {
  if (cell.bestPeer && (cell.ratio === null || cell.ratio === undefined)) return `∞ (best peer ${cell.bestPeer}: 0)`;
  if (cell.ratio === null || cell.ratio === undefined) return '—';
  const digits = cell.ratio < 10 ? 2 : 0;
  return `${cell.ratio.toFixed(digits)}× (vs ${cell.bestPeer})`;
}

export function markdownTable(data, cells) {
  const head = ['metric', ...data.impls.map((impl) => IMPL_LABELS[impl] ?? impl), 'ours ÷ best peer'];
  const lines = [`| ${head.join(' | ')} |`, `|${head.map((_, index) => (index === 0 ? ':---' : '---:')).join('|')}|`];
  for (const metric of METRICS) {
    const row = [
      metric.label,
      ...data.impls.map((impl) => formatCell(metric, cells[metric.id][impl])),
      formatRatio(cells[metric.id]),
    ];
    lines.push(`| ${row.join(' | ')} |`);
  }
  return lines.join('\n');
}

// ---------------------------------------------------------------------------
// Chart: one panel per charted metric, one bar per implementation.
// ---------------------------------------------------------------------------

const escapeXml = (text) => String(text).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

export function chartSvg(data, cells) {
  const metrics = METRICS.filter((metric) => metric.chart);
  const columns = 4;
  const panelWidth = 330;
  const panelHeight = 250;
  const top = 86;
  const width = columns * panelWidth + 20;
  const rows = Math.ceil(metrics.length / columns);
  const height = top + rows * panelHeight + 30;
  const out = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="DejaVu Sans, Arial, Helvetica, sans-serif">`,
  );
  out.push(`<rect width="100%" height="100%" fill="#ffffff"/>`);
  out.push(
    `<text x="14" y="28" font-size="19" font-weight="bold" fill="#212529">Chat list benchmark — ${escapeXml(data.date.slice(0, 10))}, headless Chromium ${escapeXml(data.machine.chromium)}, ${data.machine.cores} cores (lower is better; red outline = fail)</text>`,
  );
  // Legend
  let legendX = 14;
  for (const impl of data.impls) {
    out.push(`<rect x="${legendX}" y="44" width="16" height="16" fill="${COLORS[impl]}"/>`);
    out.push(`<text x="${legendX + 22}" y="57" font-size="14" fill="#212529">${escapeXml(IMPL_LABELS[impl])}</text>`);
    legendX += 30 + IMPL_LABELS[impl].length * 8.2;
  }
  metrics.forEach((metric, index) => {
    const x0 = 10 + (index % columns) * panelWidth;
    const y0 = top + Math.floor(index / columns) * panelHeight;
    out.push(`<g transform="translate(${x0},${y0})">`);
    out.push(
      `<rect x="0" y="0" width="${panelWidth - 12}" height="${panelHeight - 14}" fill="#f8f9fa" stroke="#dee2e6" rx="6"/>`,
    );
    const values = data.impls
      .map((impl) => cells[metric.id][impl]?.value)
      .filter((value) => typeof value === 'number' && Number.isFinite(value));
    const max = Math.max(...values, 0);
    const positive = values.filter((value) => value > 0);
    const min = positive.length ? Math.min(...positive) : 0;
    const log = max > 0 && min > 0 && max / min > 60;
    const unit = metric.unit && metric.unit !== 'frames' ? metric.unit : '';
    const suffix = unit || log ? ` (${[unit, log ? 'log scale' : ''].filter(Boolean).join(', ')})` : '';
    const title = wrap(`${metric.chartLabel ?? metric.label}${suffix}`, 40);
    title.forEach((line, lineIndex) => {
      out.push(
        `<text x="10" y="${20 + lineIndex * 16}" font-size="13" font-weight="bold" fill="#212529">${escapeXml(line)}</text>`,
      );
    });
    const chartTop = 24 + title.length * 16 + 14;
    const chartBottom = panelHeight - 44;
    const scale = (value) => {
      if (!(value > 0) || max <= 0) return 0;
      if (!log) return (value / max) * (chartBottom - chartTop);
      const low = Math.log10(min) - 0.5;
      return ((Math.log10(value) - low) / (Math.log10(max) - low)) * (chartBottom - chartTop);
    };
    const slot = (panelWidth - 32) / data.impls.length;
    // Eight bars share a panel: smaller labels, so that neighbours do not overlap.
    const labelSize = data.impls.length > 5 ? 10 : 11.5;
    data.impls.forEach((impl, implIndex) => {
      const cell = cells[metric.id][impl];
      const bx = 10 + implIndex * slot + slot * 0.15;
      const bw = slot * 0.7;
      const cx = bx + bw / 2;
      const value = cell?.value;
      const failed = cell && isFailed(cell);
      if (typeof value === 'number' && Number.isFinite(value)) {
        const h = Math.max(scale(value), value > 0 ? 2 : 1);
        out.push(
          `<rect x="${bx.toFixed(1)}" y="${(chartBottom - h).toFixed(1)}" width="${bw.toFixed(1)}" height="${h.toFixed(1)}" fill="${COLORS[impl]}"${failed ? ' stroke="#e03131" stroke-width="3" fill-opacity="0.45"' : ''}/>`,
        );
        const label = formatNumber(value, metric.unit);
        out.push(
          `<text x="${cx.toFixed(1)}" y="${(chartBottom - h - 5).toFixed(1)}" font-size="${labelSize}" text-anchor="middle" fill="#212529">${escapeXml(label)}</text>`,
        );
      } else {
        const label = cell?.notRun ? 'not run' : failed ? 'fail' : value === Number.POSITIVE_INFINITY ? 'lost' : 'n/a';
        out.push(
          `<text x="${cx.toFixed(1)}" y="${chartBottom - 6}" font-size="${cell?.notRun ? 10 : 12}" text-anchor="middle" fill="${failed ? '#e03131' : '#868e96'}">${label}</text>`,
        );
      }
      if (failed && typeof value === 'number' && Number.isFinite(value)) {
        out.push(
          `<text x="${cx.toFixed(1)}" y="${chartBottom + 30}" font-size="11" font-weight="bold" text-anchor="middle" fill="#e03131">fail</text>`,
        );
      }
      out.push(
        `<text x="${cx.toFixed(1)}" y="${chartBottom + 16}" font-size="${labelSize - 0.5}" text-anchor="middle" fill="#495057">${escapeXml(SHORT[impl] ?? impl)}</text>`,
      );
    });
    out.push(`<line x1="8" x2="${panelWidth - 22}" y1="${chartBottom}" y2="${chartBottom}" stroke="#adb5bd"/>`);
    out.push('</g>');
  });
  out.push('</svg>');
  return out.join('\n');
}

const SHORT = {
  ours: 'ours',
  tanstack: 'TanStack',
  virtuoso: 'virtuoso',
  virtua: 'virtua',
  legend: 'Legend',
  plain: 'plain',
  'stick-to-bottom': 'stick',
  shadcn: 'shadcn',
};

function wrap(text, width) {
  const words = text.split(' ');
  const lines = [];
  let line = '';
  for (const word of words) {
    if (line && (line + ' ' + word).length > width) {
      lines.push(line);
      line = word;
    } else {
      line = line ? `${line} ${word}` : word;
    }
  }
  if (line) lines.push(line);
  return lines;
}

// ---------------------------------------------------------------------------
// SPEC §5 quality bars, judged on ours' worst run (not its median).
// ---------------------------------------------------------------------------

export function qualityBars(data, cells) {
  // The bars judge ours: nothing to judge in a run without it (--impls=plain,virtua).
  if (!data.impls.includes('ours')) return [];
  const ours = (id) => cells[id].ours;
  const worst = (id) => ours(id)?.worst;
  /** A cell's value (its median) for an implementation, ours by default. */
  const cellValue = (id, impl = 'ours') => cells[id]?.[impl]?.value;
  const bars = [];
  const push = (what, bar, measured, met) => bars.push({ what, bar, measured, met });
  push(
    'prepend 1 000 while reading mid-list',
    'anchored row drift ≤ 1 px',
    `${fmt(worst('prependDrift'))} px (worst run)`,
    worst('prependDrift') <= 1 && ours('prependDrift').failed === 0,
  );
  push(
    "history prepend with 'Loading...' removed",
    'drift ≤ 1 px',
    `${fmt(worst('historyDrift'))} px (worst run)`,
    worst('historyDrift') <= 1 && ours('historyDrift').failed === 0,
  );
  push(
    'last message streaming at bottom',
    'bottom gap ≤ 1.5 px on every frame',
    `max ${fmt(worst('streamMaxGap'))} px (worst run)`,
    worst('streamMaxGap') <= 1.5,
  );
  push(
    'append 1 000 while following',
    'settled at the bottom within 3 frames of the commit',
    `${fmt(worst('append1000Frames'))} frames, gap ${fmt(worst('append1000Gap'))} px (worst run)`,
    worst('append1000Frames') <= 3 && ours('append1000Gap').failed === 0,
  );
  const mount = (impl) => cells.mount100k[impl]?.value;
  const began = (impl) => cells.mountFrameStart100k[impl]?.value;
  const remount = (impl) => cells.remount100k[impl]?.value;
  push(
    'mount 100 000, settle at bottom',
    'faster than react-virtuoso and virtua (medians)',
    `ours ${fmt(mount('ours'))} ms, virtuoso ${fmt(mount('virtuoso'))} ms, virtua ${fmt(mount('virtua'))} ms, TanStack ${fmt(mount('tanstack'))} ms, until the settled frame was painted (that frame began at ours ${fmt(began('ours'))} ms, virtua ${fmt(began('virtua'))} ms; again in the same page, code already run: ours ${fmt(remount('ours'))} ms, virtuoso ${fmt(remount('virtuoso'))} ms, virtua ${fmt(remount('virtua'))} ms)`,
    mount('ours') < mount('virtuoso') && mount('ours') < mount('virtua'),
  );
  push(
    'scroll 10 000 at 400 px/frame',
    'no blank frame',
    `${fmt(worst('scrollBlank'))} blank frames (worst run)`,
    worst('scrollBlank') === 0,
  );
  push(
    'scroll 10 000 at 400 px/frame',
    'DOM rows ≤ viewport + 2 × overscan (10)',
    `${fmt(worst('scrollBeyond'))} rows beyond the viewport (worst run)`,
    worst('scrollBeyond') <= 20,
  );
  push(
    'reader scrolls up during a stream / a follow',
    'never pulled back',
    `gap after 60 frames: ${fmt(ours('escapeStream')?.worst)} px (stream), ${fmt(ours('escapeFollow')?.worst)} px (follow), worst runs`,
    ours('escapeStream').failed === 0 && ours('escapeFollow').failed === 0,
  );
  if (cellValue('stream-100kScriptMs') !== undefined && cellValue('streamScriptMs') !== undefined) {
    const ratio = cellValue('stream-100kScriptMs') / cellValue('streamScriptMs');
    const listRatio = cellValue('stream-100kListScriptMs') / cellValue('streamListScriptMs');
    push(
      'a streamed token at 100 000 messages (issue #15)',
      'script time per token ≤ 1.5× the same at 1 000 (medians)',
      `${fmt(cellValue('stream-100kScriptMs'))} ms vs ${fmt(cellValue('streamScriptMs'))} ms = ${fmt(ratio, 2)}×; without the app's copy of the array (${fmt(cellValue('stream-100kCopyMs'))} ms at 100 000): ${fmt(cellValue('stream-100kListScriptMs'))} ms vs ${fmt(cellValue('streamListScriptMs'))} ms = ${fmt(listRatio, 2)}×`,
      ratio <= 1.5,
    );
  }
  if (cellValue('streamFrameWorkMs') !== undefined && cellValue('streamFrameWorkMs', 'plain') !== undefined) {
    // SPEC §5 says script time, issue #19 main-thread time: both are judged.
    const versusPlain = (id) => {
      const difference = cellValue(id) - cellValue(id, 'plain');
      const text = `ours ${fmt(cellValue(id))} ms, plain ${fmt(cellValue(id, 'plain'))} ms (${difference <= 0 ? `${fmt(-difference)} ms less` : `${fmt(difference)} ms more`})`;
      return { text, met: difference <= 1 };
    };
    const script = versusPlain('streamScriptMs');
    const mainThread = versusPlain('streamFrameWorkMs');
    push(
      'a streamed token at 1 000 messages (SPEC §5, issue #19)',
      'script time and main-thread time per token within 1 ms of a plain scrolling div (medians)',
      `script: ${script.text}; main thread: ${mainThread.text}`,
      script.met && mainThread.met,
    );
  }
  if (cellValue('mountFirstTask100k') !== undefined) {
    push(
      "the first commit's task, mount 100 000 (issue #15)",
      '≤ 16 ms (median)',
      `${fmt(cellValue('mountFirstTask100k'))} ms (virtuoso ${fmt(cellValue('mountFirstTask100k', 'virtuoso'))} ms, virtua ${fmt(cellValue('mountFirstTask100k', 'virtua'))} ms); again in the same page, code already run: ${fmt(cellValue('remountFirstTask100k'))} ms`,
      cellValue('mountFirstTask100k') <= 16,
    );
  }
  if (cells.million?.ours !== undefined) {
    const reached = ['million', 'millionFirst', 'millionLast'].every((id) => ours(id)?.failed === 0);
    push(
      '1 000 000 messages (issue #15)',
      'every message reachable: opens at the newest; the thumb reaches the first and the newest',
      `opened in ${fmt(ours('million').value)} ms; first message ${fmt(ours('millionFirst').value)} ms, newest ${fmt(ours('millionLast').value)} ms after the thumb reached the end (medians); ${reached ? 'all at their edge in every run' : 'not at its edge in some run'}`,
      reached,
    );
  }
  const own = cells.sizeOwn.ours.value;
  const all = cells.sizeAll.ours.value;
  push('library size, React and TanStack external', '≤ 6 kB min+gzip', `${fmt(own, 2)} kB`, own <= 6);
  push('library size, TanStack bundled', '≤ 16 kB min+gzip', `${fmt(all, 2)} kB`, all <= 16);
  return bars;
}

function fmt(value, digits) {
  if (value === null || value === undefined) return 'n/a';
  if (value === Number.POSITIVE_INFINITY) return '∞ (row lost)';
  if (digits !== undefined) return value.toFixed(digits);
  return Number.isInteger(value) ? String(value) : value.toFixed(value < 10 ? 2 : 0);
}

// ---------------------------------------------------------------------------
// BENCHMARKS.md
// ---------------------------------------------------------------------------

export function benchmarksMarkdown(data, cells) {
  const bars = qualityBars(data, cells);
  const m = data.machine;
  return `# Benchmarks

<!-- Generated by \`pnpm bench\` (benchmarks/run.mjs) from benchmarks/results/latest.json. Do not edit by hand. -->

\`@chat-list/react\` against react-virtuoso, virtua, TanStack Virtual used directly, Legend List, two
non-virtualized chat scrollers (use-stick-to-bottom and shadcn's MessageScroller) and a plain
non-virtualized list, side by side in one run of headless Chromium, on the same seeded messages
(\`@chat-list/sample-data\`, seed ${data.seed}) in the same 600 × 600 px list.

- **Date:** ${data.date}
- **Machine:** ${m.cores} cores (${escapeMd(m.cpu)}), ${m.memoryGB} GB RAM, ${escapeMd(m.os)}, Node ${m.node}
- **Browser:** Chromium ${m.chromium}, headless, 1× device pixel ratio
- **Load average** (1/5/15 min) before the run: ${m.loadAverage?.before?.join(' / ') ?? 'n/a'}, after: ${m.loadAverage?.after?.join(' / ') ?? 'n/a'} — anything else running on the ${m.cores} cores shows up in the timings
- **Runs:** ${data.runsCount} per cell, ${data.runs['mount-100k']?.ours?.length ?? data.runsCount} for the mount at 100 000 (the mount bar is judged on that median; median shown everywhere; the plain list mounts 100 000 messages once, it takes 10–40 s; use-stick-to-bottom and the shadcn MessageScroller take part up to 10 000 messages, "not run" above), implementations interleaved within each run in an order rotated per run; one fresh browser context (own renderer process) per implementation × scenario × run
- **1 000 000 messages** (issue #15): 10 000 generated messages 100 times over, each copy's ids suffixed with its number and parsed from JSON on its own; "the thumb dragged" is a press on the scroller and its offset set to 0, then to its \`scrollHeight\`, which is what dragging the scrollbar's thumb to either end does; the cell fails when the first (or newest) message is not then at that edge within 1.5 px
- **Time of this run:** ${(data.totalMs / 1000).toFixed(0)} s in the runner (plus a few seconds of Vite build of the bench page)
- **Versions:** ${Object.entries(data.versions)
    .map(([name, version]) => `${name} ${version}`)
    .join(', ')}

Reproduce with \`pnpm bench\` at the repository root (see [benchmarks/README.md](benchmarks/README.md)).
Raw numbers, every run: [benchmarks/results/latest.json](benchmarks/results/latest.json).
Where a streamed token's time goes (script, forced layout, the frame's layout, paint), ours beside
virtua, from a Chromium trace: [benchmarks/results/token-profile.md](benchmarks/results/token-profile.md)
(\`pnpm --filter @chat-list/benchmarks bench:profile\`, its own date and machine).

## Results

"fail (x)" means the implementation did not do what the scenario asks (did not land at the bottom,
moved the row the reader was reading, …) in most runs; x is what was measured. The last column is
ours divided by the best peer that passed (below 1 = ours is better), for the metrics where a ratio
means something. "not run": the scenario is beyond what that implementation can mount in reasonable
time (the non-virtualized lists render every message).

${markdownTable(data, cells)}

![chart](benchmarks/results/chart.svg)

## SPEC §5 quality bars (ours, worst run)

| what | bar | measured | met |
|:---|:---|:---|:---:|
${bars.map((bar) => `| ${bar.what} | ${bar.bar} | ${bar.measured} | ${bar.met ? 'yes' : '**no**'} |`).join('\n')}

## How each implementation is used

All eight render the same row markup (\`<div class="row">\` with a name and the content, spaced with
padding, never margin) inside a 600 × 600 px scroller, from the same array of messages. Each peer is
set up the way its own documentation recommends for a chat:

- **@chat-list/react** (ours): \`<ChatList messages renderMessage prefix>\` with its defaults
  (\`follow: 'at-bottom'\`, overscan 10, 80 px estimate). Nothing else: prepends, the prefix, following
  and streaming are the component's job.
- **TanStack Virtual** (\`@tanstack/react-virtual\` ${data.versions['@tanstack/react-virtual']}), used directly, per its
  [Chat guide](https://tanstack.com/virtual/latest/docs/chat): \`useVirtualizer\` with \`anchorTo: 'end'\`,
  \`followOnAppend: true\`, \`scrollEndThreshold: 80\`, \`overscan: 6\`, \`getItemKey\` from the message id,
  an 80 px estimate, \`measureElement\` on absolutely positioned rows and \`scrollToEnd()\` in a layout
  effect on mount. The guide keeps loading state outside the virtualizer, so "Loading..." is a plain
  element above the virtualizer's container in the same scroller.
- **react-virtuoso** (${data.versions['react-virtuoso']}): \`<Virtuoso>\` with \`followOutput="auto"\` (follows only when at the
  bottom; \`'auto'\` rather than the docs' \`'smooth'\` so that it is timed like the others),
  \`alignToBottom\`, \`initialTopMostItemIndex={{ index: 'LAST', align: 'end' }}\`, \`computeItemKey\`, prepends
  through a decreasing \`firstItemIndex\`, and "Loading..." as the \`Header\` component fed through
  \`context\`.
- **virtua** (${data.versions.virtua}), as its Chat and Chatbot stories: a \`<Virtualizer>\` in a bottom-aligned flex column
  inside our scroller (\`scrollRef\`), \`shift\` set on the render that prepends, "stick to bottom"
  tracked in \`onScroll\` (within 1.5 px), and \`scrollToIndex(last, { align: 'end' })\` in an effect
  when the messages change while stuck. Items come lazily from \`data\` (the README's advice for big
  lists); "Loading..." is the first item. (virtua 0.54's \`VList\` has no \`reverse\` any more; the
  stories use this pattern.)
- **Legend List** (\`@legendapp/list\` ${data.versions['@legendapp/list'] ?? 'n/a'}, its web entry \`@legendapp/list/react\`), as its
  [Chat Interfaces](https://legendapp.com/open-source/list/v3/guides) recipe and its React (Web)
  [Chat example](https://legendapp.com/open-source/list/v3/react/examples/chat/): \`<LegendList>\` with
  \`alignItemsAtEnd\`, \`maintainScrollAtEnd\` (follows only within \`maintainScrollAtEndThreshold\`, the
  default 0.1 of the viewport, of the end), \`maintainVisibleContentPosition\` (anchors on data changes
  too, as its recipe asks for prepends), \`initialScrollIndex\` at the last item, \`keyExtractor\` from
  the message id, \`recycleItems\` (the row keeps no state) and an 80 px \`estimatedItemSize\`. Its
  example shows "loading older" outside the list, which would resize the viewport: "Loading..." is
  the first item, with its own key. The scroller is the node \`refScrollView\`'s handle returns from
  \`getScrollableNode()\`. It follows a growing last row from its \`ResizeObserver\` through
  \`requestAnimationFrame\`, a frame after the growth.
- **plain list** (baseline): every message rendered, no virtualization, \`overflow-anchor: none\` and
  manual anchoring in a layout effect: a prepend adds the growth of \`scrollHeight\` to \`scrollTop\`;
  any other update keeps a list that was at the bottom there.
- **use-stick-to-bottom** (${data.versions['use-stick-to-bottom'] ?? 'n/a'}), non-virtualized, as its README sets up a chat:
  \`<StickToBottom resize="smooth" initial="instant">\` with \`<StickToBottom.Content>\` around every message.
  Growth is followed with its velocity-based spring (\`resize="smooth"\`, the default animation, which the
  README recommends for streamed content); the opening is \`initial="instant"\` (the README shows
  \`"smooth"\`, which animates down through the whole conversation), so the mount is timed like the others.
  It follows from a \`ResizeObserver\` through \`requestAnimationFrame\`: the bottom is reached a frame (or,
  with the spring, several frames) after the content grew. Its scroller's \`scrollbar-gutter: stable
  both-edges\` is put back to \`auto\` so that its rows are as wide as everywhere else. Runs up to 10 000.
- **shadcn MessageScroller** (\`@shadcn/react\` ${data.versions['@shadcn/react'] ?? 'n/a'}), non-virtualized: \`MessageScroller.Provider
  autoScroll\` → \`Root\` → \`Viewport\` → \`Content\` → an \`Item\` with \`messageId\` per message, styled as
  shadcn/ui's registry wrapper (message-scroller.tsx) styles it, \`content-visibility: auto\` on each item
  included (its \`gap-8\` left out). \`autoScroll\` is its documented way to follow the live edge; no
  \`scrollAnchor\` (that lifts a new turn to the top instead of following the bottom). Prepends rely on its
  \`preserveScrollOnPrepend\` (default on). It also follows from a \`ResizeObserver\` through
  \`requestAnimationFrame\`, a frame after the growth. Runs up to 10 000.

## What the metrics mean

- **settled**: sampled after every painted frame: \`scrollTop\`, \`scrollHeight\`, \`clientHeight\` and the
  row under the viewport's centre. A list is settled at the first of two (or more) equal frames
  after which nothing changes any more (8 equal frames end the sampling). Times run from the call
  (\`root.render\` / \`setState\`) until that frame was painted: the first task after the frame, when
  the main thread is done with it (scripts, resize observers, style, layout, paint). Not to the
  frame's \`requestAnimationFrame\` time: a list that measures its rows in a resize observer (virtua)
  does that work inside the frame, after its rAF time, and the frame is shown only once it is done.
  "mount 100 000: the settled frame began" gives that rAF time too.
- **Data**: the messages are what a server sends: generated, then passed through \`JSON.stringify\`
  and \`JSON.parse\` (issue #15). The generator checks its ids for uniqueness with a \`Set\`, which
  makes the JS engine hash every id string; parsed ids were never hashed, and a list that looks
  every key up at mount pays for the hashing itself. The measure before #15 used the generator's
  own objects; it is kept as the row "generated objects".
- **mount N**: render N messages into an empty page and settle at the bottom (fail if the bottom
  gap is over 1.5 px). **DOM elements**: elements inside the list after mount. **JS heap**:
  \`Runtime.getHeapUsage\` after two \`HeapProfiler.collectGarbage\` (CDP); "of which the list" is that
  minus the same reading taken before mounting (messages generated, nothing rendered).
- **the first commit's task** (mount 100 000): from React starting to render the app to the end of
  that task's JavaScript (a microtask queued in the first commit), with the commit's synchronous
  re-renders and the layouts the list forces in it; the frame's own layout and resize observers
  come after it. Added 2026-11-27 for issue #15's bar (≤ 16 ms); "call → first commit" is kept.
  **Again** (added 2026-11-28): the same task in the second mount of the page, the libraries' code
  already run once: what is left of the first task once the code is compiled.
- **mount 100 000 again**: after the append, the list is unmounted and the same 100 000 messages
  mounted again in the same page. The libraries' code has run once by then (parsed, compiled, warm),
  as when a chat app opens its second conversation; the difference from the first mount is what
  running each library's code for the first time costs.
- **append 1 at N**: on the mounted page, append one message while at the bottom; time to settled
  at the bottom — how the cost of an update grows with N.
- **prepend 1 000 while reading**: 1 000 messages, scrolled to the middle; 1 000 older messages are
  prepended. Time to settled, and the largest movement of the row that was at the top of the
  viewport, over every frame until settled (fail over 1 px, or if the row left the DOM).
- **history prepend**: "Loading..." shown, scrolled to the very top; 10 older messages are prepended
  and "Loading..." removed in the same update. Largest movement of the first message row.
- **append 1 000 while following**: at the bottom, 1 000 messages appended in one update; time to
  settled, frames from the commit (the first frame after it is 1) to the settled frame, final gap.
- **streaming**: at the bottom, the last message grows by one word per frame for 300 frames
  (\`flushSync\` inside \`requestAnimationFrame\`, so every update lands in its frame). The bottom gap is
  read after each frame is painted: max and p95. Script time is the duration of the \`flushSync\`
  (React render, commit and the list's layout effects); it includes the page's own update, a copy
  of the messages array with the last message replaced, which every implementation pays alike
  (about 1.3 ms at 100 000). That copy is timed inside the update and shown on its own row; "the
  list's script time" is the script time minus it, token by token (added 2026-11-26 for the bar
  of issue #15; the script time itself is still measured and shown as before). Main-thread time per token runs from the start of the update to the
  first task after the frame (scripts, resize observers, layout, paint). A dropped frame is a
  token frame that began more than 25 ms after the one before. **Streaming into 10 000 / 100 000**:
  the same 300 tokens into longer conversations, to see whether a token's cost grows with the
  count (issue #15); the non-virtualized lists stop at 10 000 (they render every row).
- **scroll**: 10 000 messages, from the bottom, \`scrollTop -= 400\` per frame for 180 frames
  (72 000 px), in two ways. *Between frames*: the scroll is set in a task after a frame is painted,
  so the list hears the scroll event before the next frame is painted (a main-thread scroll the list
  can keep up with). *Inside the frame*: the scroll is set in \`requestAnimationFrame\`, so the frame
  is painted at the new offset before the list hears of it — as when the compositor scrolls ahead of
  the main thread; only overscan saves that frame. After each painted frame: is a row under the
  centre of the viewport (else a blank frame), how many rows are in the DOM, and how many of them
  lie outside the viewport. Frame interval = time between \`requestAnimationFrame\` callbacks.
- **reader scrolls up** (SPEC §5): a \`wheel\` event and \`scrollTop -= 600\` (a) on the 30th frame of a
  stream, (b) on the first frame after appending 1 000 while following; "pulled back" (fail) if the
  gap to the bottom is under 100 px 60 frames later. Racy by nature, so each cell says in how many
  runs it happened.
- **library size**: the entry bundled by esbuild (minified, production, React external), gzip level 9;
  kB = 1 000 bytes. Ours is its whole entry; peers are the one component a chat needs
  (\`useVirtualizer\`, \`Virtuoso\`, \`VList\`, \`LegendList\`, \`StickToBottom\`, \`MessageScroller\`).
`;
}

const escapeMd = (text) => String(text).replace(/\|/g, '\\|');

export function writeReport(data, { jsonPath, svgPath, mdPath }) {
  const cells = aggregate(data);
  const table = markdownTable(data, cells);
  if (jsonPath) writeFileSync(jsonPath, `${JSON.stringify({ ...data, summary: cells }, jsonReplacer, 2)}\n`);
  if (svgPath) writeFileSync(svgPath, `${chartSvg(data, cells)}\n`);
  if (mdPath) writeFileSync(mdPath, benchmarksMarkdown(data, cells));
  return { table, cells, bars: qualityBars(data, cells) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // Regenerate the report from the JSON: node report.mjs [results/latest.json]
  const here = new URL('.', import.meta.url);
  const jsonPath = fileURLToPath(new URL(process.argv[2] ?? 'results/latest.json', here));
  const data = JSON.parse(readFileSync(jsonPath, 'utf8'));
  delete data.summary;
  const { table } = writeReport(data, {
    svgPath: fileURLToPath(new URL('results/chart.svg', here)),
    mdPath: fileURLToPath(new URL('../BENCHMARKS.md', here)),
  });
  console.log(table);
}

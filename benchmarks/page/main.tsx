import { createMessageGenerator, type ChatMessage } from '@chat-list/sample-data';
import { useLayoutEffect, useState, type ComponentType } from 'react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { Legend } from './impls/Legend';
import { Ours } from './impls/Ours';
import { Plain } from './impls/Plain';
import { Shadcn } from './impls/Shadcn';
import { StickToBottom } from './impls/StickToBottom';
import { Tanstack } from './impls/Tanstack';
import { Virtua } from './impls/Virtua';
import { Virtuoso } from './impls/Virtuoso';
import type { ImplProps, ListState } from './shared';

// ---------------------------------------------------------------------------
// Query: ?impl=ours|tanstack|virtuoso|virtua|legend|plain|stick-to-bottom|shadcn&count=N&seed=1&history=H&future=F
// ---------------------------------------------------------------------------

const IMPLS: Record<string, ComponentType<ImplProps>> = {
  ours: Ours,
  tanstack: Tanstack,
  virtuoso: Virtuoso,
  virtua: Virtua,
  legend: Legend,
  plain: Plain,
  'stick-to-bottom': StickToBottom,
  shadcn: Shadcn,
};

const query = new URLSearchParams(location.search);
const implName = query.get('impl') ?? 'ours';
const FoundImpl = IMPLS[implName];
if (!FoundImpl) throw new Error(`unknown impl ${implName}`);
const Impl: ComponentType<ImplProps> = FoundImpl;
const count = Number(query.get('count') ?? 1000);
const seed = Number(query.get('seed') ?? 1);
const historySize = Number(query.get('history') ?? 1000);
const futureSize = Number(query.get('future') ?? 1000);

// Same seed ⇒ same messages for every implementation: older history first,
// then the initial messages, then the ones appended later.
//
// `data=json` (the default): the messages go through JSON.stringify / JSON.parse first, as a
// server's response does. The generator checks its ids for uniqueness with a Set, which makes the
// engine hash and cache every id string; ids parsed from JSON were never hashed, and a list that
// looks every key up at mount pays for that hashing itself (issue #15: about 10x the cost of the
// key pass at 100 000). `data=generated` keeps the generator's own objects: the old measure,
// kept beside the new one.
const fromServer = query.get('data') !== 'generated';
const asReceived = (batch: ChatMessage[]): ChatMessage[] =>
  fromServer ? (JSON.parse(JSON.stringify(batch)) as ChatMessage[]) : batch;
const generator = createMessageGenerator({ seed });
const history = asReceived(generator.messages(historySize));
// `copies=N`: the opening is the `count` generated messages N times over, each copy's ids
// suffixed with its number and parsed from JSON on its own: a million messages as a server sends
// them, without generating a million (issue #15).
const copies = Number(query.get('copies') ?? 1);
const openingMessages = (): ChatMessage[] => {
  const generated = generator.messages(count);
  if (copies <= 1) return asReceived(generated);
  const messages: ChatMessage[] = [];
  for (let copy = 0; copy < copies; copy++) {
    messages.push(...asReceived(generated.map((message) => ({ ...message, id: `${message.id}~${copy}` }))));
  }
  return messages;
};
const initial = openingMessages();
const future = asReceived(generator.messages(futureSize));
const streamWords = future
  .map((message) => message.content)
  .join(' ')
  .split(/\s+/)
  .filter(Boolean);

// ---------------------------------------------------------------------------
// Frames: a counter, and "after the frame" tasks (a task posted from a rAF
// callback runs after that frame's layout, resize observers and paint).
// ---------------------------------------------------------------------------

let frameNo = 0;
const frameTimes: number[] = [];
let recordFrames = false;
function frameLoop() {
  frameNo++;
  if (recordFrames) frameTimes.push(performance.now());
  requestAnimationFrame(frameLoop);
}
requestAnimationFrame(frameLoop);

const channel = new MessageChannel();
const taskQueue: Array<() => void> = [];
channel.port1.onmessage = () => taskQueue.shift()?.();
function postTask(task: () => void) {
  taskQueue.push(task);
  channel.port2.postMessage(0);
}

interface Frame {
  frame: number;
  /** performance.now() at the frame's rAF callback. */
  t: number;
}
interface PaintedFrame extends Frame {
  /**
   * performance.now() in the first task after the frame: the main thread is
   * done with it (scripts, resize observers, layout, paint). A list that
   * measures in a resize observer works after the frame's rAF time, so only
   * this time counts all the work before the frame can be shown.
   */
  paintedAt: number;
}
/** Resolves after the next frame is painted (in a task that follows it). */
function afterFrame(): Promise<PaintedFrame> {
  return new Promise((resolve) => {
    requestAnimationFrame(() => {
      const frame = { frame: frameNo, t: performance.now() };
      postTask(() => resolve({ ...frame, paintedAt: performance.now() }));
    });
  });
}

// ---------------------------------------------------------------------------
// The app
// ---------------------------------------------------------------------------

let scroller: HTMLElement | null = null;
const onScroller = (element: HTMLElement | null) => {
  if (element) scroller = element;
};
let setListState: (update: (state: ListState) => ListState) => void = () => {
  throw new Error('not mounted');
};
const OPENING_STATE: ListState = { messages: initial, prefix: false, kind: 'initial', prepended: 0 };
let listState = OPENING_STATE;
const commits: Frame[] = [];
/**
 * The task of the first commit (issue #15's "first commit's main-thread time"): from React
 * starting to render the app to the end of that task's JavaScript, which includes the
 * synchronous re-renders and forced layouts of the commit; the end is a microtask queued in
 * the first commit, which runs once the task's stack has unwound.
 */
const firstTask = { renderStartedAt: Number.NaN, endedAt: Number.NaN };

function App() {
  if (Number.isNaN(firstTask.renderStartedAt)) firstTask.renderStartedAt = performance.now();
  const [state, setState] = useState(listState);
  setListState = (update) =>
    setState((current) => {
      listState = update(current);
      return listState;
    });
  useLayoutEffect(() => {
    if (commits.length === 0) queueMicrotask(() => (firstTask.endedAt = performance.now()));
    commits.push({ frame: frameNo, t: performance.now() });
  }, [state]);
  return <Impl state={state} onScroller={onScroller} />;
}

const container = document.getElementById('list')!;
const root = createRoot(container);

// ---------------------------------------------------------------------------
// Measurements
// ---------------------------------------------------------------------------

const EDGE = 1.5;

function gap(): number {
  if (!scroller) return Number.NaN;
  return scroller.scrollHeight - (scroller.scrollTop + scroller.clientHeight);
}

function viewportRect(): DOMRect {
  return (scroller ?? container).getBoundingClientRect();
}

/** Id of the row under the viewport's centre, or null when that point is blank. */
function centreRow(): string | null {
  const rect = viewportRect();
  const hit = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
  const row = hit?.closest<HTMLElement>('[data-mid],[data-loading]');
  if (!row || !container.contains(row)) return null;
  return row.dataset.mid ?? 'loading';
}

/** The first message row whose bottom is inside the viewport, and its top relative to the viewport. */
function topRow(): { id: string; top: number } | null {
  const viewportTop = viewportRect().top;
  const rows = [...container.querySelectorAll<HTMLElement>('[data-mid]')]
    .map((row) => ({ id: row.dataset.mid!, rect: row.getBoundingClientRect() }))
    .sort((a, b) => a.rect.top - b.rect.top);
  for (const row of rows) {
    if (row.rect.bottom > viewportTop + 1) return { id: row.id, top: row.rect.top - viewportTop };
  }
  return null;
}

function rowTop(id: string): number | null {
  const row = container.querySelector<HTMLElement>(`[data-mid="${id}"]`);
  return row ? row.getBoundingClientRect().top - viewportRect().top : null;
}

interface Sample extends PaintedFrame {
  top: number;
  height: number;
  client: number;
  centre: string | null;
  anchorTop?: number | null;
}

function sample(frame: PaintedFrame, anchorId?: string): Sample | null {
  if (!scroller) return null;
  const result: Sample = {
    ...frame,
    top: scroller.scrollTop,
    height: scroller.scrollHeight,
    client: scroller.clientHeight,
    centre: centreRow(),
  };
  if (anchorId !== undefined) result.anchorTop = rowTop(anchorId);
  return result;
}

function sameState(a: Sample | null, b: Sample | null): boolean {
  return (
    a !== null &&
    b !== null &&
    a.top === b.top &&
    a.height === b.height &&
    a.client === b.client &&
    a.centre === b.centre
  );
}

interface Settled {
  /** ms from the call until the first frame of the final run of equal frames was painted. */
  ms: number;
  /** ms from the call to that frame's rAF time (its start). */
  frameStartMs: number;
  /** Frames from the call to that frame. */
  frames: number;
  /** Frame number of that frame. */
  frame: number;
  /** At least two equal frames were seen before giving up. */
  settled: boolean;
  gap: number;
  samples: Sample[];
}

/**
 * Samples every frame (after paint) until the state (scrollTop, scrollHeight,
 * clientHeight, row under the centre) has been the same for `stableFrames`
 * frames. "Settled" is the first frame of that final run: the first of two
 * (or more) equal frames.
 */
async function settle(t0: number, options: { stableFrames?: number; maxFrames?: number; anchorId?: string } = {}) {
  const { stableFrames = 8, maxFrames = 900, anchorId } = options;
  const startFrame = frameNo;
  const samples: Sample[] = [];
  let run = 0;
  for (let index = 0; index < maxFrames; index++) {
    const current = sample(await afterFrame(), anchorId);
    if (current === null) continue;
    const previous = samples[samples.length - 1] ?? null;
    run = sameState(previous, current) ? run + 1 : 1;
    samples.push(current);
    if (run >= stableFrames) break;
  }
  const last = samples[samples.length - 1];
  if (!last) throw new Error('no scroller');
  let first = samples.length - 1;
  while (first > 0 && sameState(samples[first - 1]!, last)) first--;
  const settledSample = samples[first]!;
  const result: Settled = {
    ms: settledSample.paintedAt - t0,
    frameStartMs: settledSample.t - t0,
    frames: settledSample.frame - startFrame,
    frame: settledSample.frame,
    settled: samples.length - first >= 2,
    gap: gap(),
    samples,
  };
  return result;
}

function domStats() {
  return {
    elements: container.getElementsByTagName('*').length,
    rows: container.querySelectorAll('[data-mid]').length,
  };
}

/** Message rows in the DOM beyond those intersecting the viewport (what overscan adds). */
function rowsBeyondViewport(): number {
  const rect = viewportRect();
  let inDom = 0;
  let visible = 0;
  for (const row of container.querySelectorAll<HTMLElement>('[data-mid]')) {
    inDom++;
    const box = row.getBoundingClientRect();
    if (box.bottom > rect.top && box.top < rect.bottom) visible++;
  }
  return inDom - visible;
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

const median = (values: number[]) => percentile(values, 50);

function lastCommitAfter(t0: number): Frame | null {
  for (let index = commits.length - 1; index >= 0; index--) {
    if (commits[index]!.t >= t0) return commits[index]!;
  }
  return null;
}

/** A reader's scroll: the wheel event that precedes it, then the scroll itself. */
function readerScrollsUp(px: number) {
  if (!scroller) return;
  scroller.dispatchEvent(new WheelEvent('wheel', { deltaY: -px, bubbles: true, cancelable: true }));
  scroller.scrollTop -= px;
}

let nextFuture = 0;
function takeFuture(n: number): ChatMessage[] {
  const batch = future.slice(nextFuture, nextFuture + n);
  nextFuture += n;
  if (batch.length < n) throw new Error(`only ${future.length} future messages; raise ?future=`);
  return batch;
}

let nextHistory = historySize;
function takeHistory(n: number): ChatMessage[] {
  if (nextHistory - n < 0) throw new Error(`only ${historySize} history messages; raise ?history=`);
  nextHistory -= n;
  return history.slice(nextHistory, nextHistory + n);
}

/** Puts `n` older messages before the list (with `changes` in the same update); returns when it was asked. */
function prependHistory(n: number, changes: Partial<ListState> = {}): number {
  const batch = takeHistory(n);
  const t0 = performance.now();
  setListState((state) => ({
    ...state,
    ...changes,
    messages: [...batch, ...state.messages],
    kind: 'prepend',
    prepended: state.prepended + n,
  }));
  return t0;
}

const bench = {
  ready: true,
  impl: implName,
  count,

  /** Renders the list with `count` messages; resolves when settled (expected: at the bottom). */
  async mount() {
    await afterFrame();
    const t0 = performance.now();
    root.render(<App />);
    const result = await settle(t0);
    const commit = commits[0];
    return {
      ms: result.ms,
      frameStartMs: result.frameStartMs,
      frames: result.frames,
      commitMs: commit ? commit.t - t0 : null,
      firstTaskMs: firstTask.endedAt - firstTask.renderStartedAt,
      settled: result.settled,
      gap: result.gap,
      ...domStats(),
    };
  },

  /**
   * Unmounts the list, then mounts it again with the opening's messages: the
   * same measurement as `mount`, with the libraries' code already run once
   * (compiled and warm), as when a chat app opens a second conversation.
   */
  async remount() {
    // Unmounted at once, so that tearing down (every row for the non-virtualized lists) is not timed.
    flushSync(() => root.render(null));
    scroller = null;
    listState = OPENING_STATE;
    commits.length = 0;
    firstTask.renderStartedAt = Number.NaN;
    await afterFrame();
    return this.mount();
  },

  /** Appends `n` messages while at the bottom; resolves when settled. */
  async append(n: number) {
    const batch = takeFuture(n);
    const commitsBefore = commits.length;
    await afterFrame();
    const t0 = performance.now();
    setListState((state) => ({ ...state, messages: [...state.messages, ...batch], kind: 'append' }));
    const result = await settle(t0);
    const commit = commits.length > commitsBefore ? commits[commitsBefore]! : null;
    return {
      ms: result.ms,
      frames: result.frames,
      framesAfterCommit: commit ? result.frame - commit.frame : null,
      commitMs: commit ? commit.t - t0 : null,
      settled: result.settled,
      gap: result.gap,
    };
  },

  /** Scrolls to the middle of the content (a reader far from both edges) and waits for it to settle. */
  async scrollToMiddle() {
    if (!scroller) throw new Error('no scroller');
    scroller.scrollTop = (scroller.scrollHeight - scroller.clientHeight) / 2;
    await settle(performance.now());
    return { gap: gap(), top: scroller.scrollTop };
  },

  /** Prepends `n` older messages while the reader is mid-list: time, and drift of the top row. */
  async prepend(n: number) {
    await afterFrame();
    const anchor = topRow();
    if (!anchor) throw new Error('no row in view');
    const t0 = prependHistory(n);
    const result = await settle(t0, { anchorId: anchor.id });
    return { ms: result.ms, frames: result.frames, settled: result.settled, ...drift(anchor, result.samples) };
  },

  /**
   * At the very top with a "Loading..." prefix shown, prepends `n` messages
   * and removes the prefix in the same update: drift of the first message row.
   */
  async historyPrepend(n: number, readerOffset = 0) {
    if (!scroller) throw new Error('no scroller');
    setListState((state) => ({ ...state, prefix: true, kind: 'update' }));
    await settle(performance.now());
    scroller.scrollTop = readerOffset;
    await settle(performance.now());
    await afterFrame();
    const loadingVisible = container.querySelector('[data-loading]') !== null;
    const anchor = topRow();
    if (!anchor) throw new Error('no row in view');
    const t0 = prependHistory(n, { prefix: false });
    const result = await settle(t0, { anchorId: anchor.id });
    return { ms: result.ms, settled: result.settled, loadingVisible, ...drift(anchor, result.samples) };
  },

  /**
   * The last message grows by one word per frame for `frames` frames; the
   * update is committed with flushSync inside requestAnimationFrame, so it lands
   * in that frame. The bottom gap is read after each frame is painted.
   * `escapeAt`: on that frame the reader scrolls up 600 px.
   */
  async stream(frames: number, escapeAt = -1) {
    if (!scroller) throw new Error('no scroller');
    const gaps: number[] = [];
    const scriptMs: number[] = [];
    // The app's own work per token (copying the messages array), inside the script time: O(n) for
    // every implementation, so it is also reported apart (issue #15).
    const copyMs: number[] = [];
    const frameStarts: number[] = [];
    const frameWorkMs: number[] = [];
    let word = 0;
    const startGap = gap();
    await new Promise<void>((resolve) => {
      const grow = () => {
        const t1 = performance.now();
        frameStarts.push(t1);
        let copy = 0;
        flushSync(() =>
          setListState((state) => {
            const copyStart = performance.now();
            const messages = state.messages.slice();
            const last = messages[messages.length - 1]!;
            messages[messages.length - 1] = {
              ...last,
              content: `${last.content} ${streamWords[word++ % streamWords.length]}`,
            };
            copy += performance.now() - copyStart;
            return { ...state, messages, kind: 'update' };
          }),
        );
        scriptMs.push(performance.now() - t1);
        copyMs.push(copy);
        postTask(() => {
          // The first task after the frame: its scripts, resize observers, layout and paint are done.
          frameWorkMs.push(performance.now() - t1);
          gaps.push(gap());
          if (gaps.length === escapeAt) readerScrollsUp(600);
          if (gaps.length >= frames) resolve();
          else requestAnimationFrame(grow);
        });
      };
      requestAnimationFrame(grow);
    });
    const measured = escapeAt >= 0 ? gaps.slice(0, escapeAt) : gaps;
    // A token per frame: a frame that started more than 1.5 frames (at 60 Hz) after the previous
    // one means at least one frame was dropped.
    const droppedFrames = frameStarts.slice(1).filter((start, index) => start - frameStarts[index]! > 25).length;
    return {
      droppedFrames,
      frameWorkMsMedian: median(frameWorkMs),
      frameWorkMsP95: percentile(frameWorkMs, 95),
      startGap,
      maxGap: Math.max(...measured),
      p95Gap: percentile(measured, 95),
      framesOverEdge: measured.filter((value) => value > EDGE).length,
      scriptMsMedian: median(scriptMs),
      copyMsMedian: median(copyMs),
      listScriptMsMedian: median(scriptMs.map((ms, index) => ms - copyMs[index]!)),
      scriptMsP95: percentile(scriptMs, 95),
      finalGap: gaps[gaps.length - 1]!,
      gapsAfterEscape: escapeAt >= 0 ? gaps.slice(escapeAt) : [],
    };
  },

  /** At the bottom, appends `n` messages; on the first frame after the commit the reader scrolls up 600 px. */
  async followEscape(n: number) {
    const batch = takeFuture(n);
    const commitsBefore = commits.length;
    setListState((state) => ({ ...state, messages: [...state.messages, ...batch], kind: 'append' }));
    while (commits.length === commitsBefore) await afterFrame();
    readerScrollsUp(600);
    const afterScroll = gap();
    const gaps: number[] = [];
    for (let index = 0; index < 60; index++) {
      await afterFrame();
      gaps.push(gap());
    }
    return { afterScroll, finalGap: gaps[gaps.length - 1]!, minGap: Math.min(...gaps) };
  },

  /**
   * Scrolls up `px` per frame for `frames` frames. After each painted frame: is
   * a row under the viewport's centre (else a blank frame), how many rows are
   * in the DOM.
   * - 'between-frames': the scroll is set in a task after a frame is painted,
   *   so the list sees the scroll event before the next frame is painted (the
   *   best case: a main-thread scroll the list can keep up with).
   * - 'in-frame': the scroll is set in requestAnimationFrame, so the frame is
   *   painted at the new offset before the list hears of it (as when the
   *   compositor scrolls ahead of the main thread): what overscan must cover.
   */
  async scrollThrough(px: number, frames: number, mode: 'between-frames' | 'in-frame' = 'between-frames') {
    if (!scroller) throw new Error('no scroller');
    const element = scroller;
    let blank = 0;
    let written = 0;
    let checks = 0;
    let maxRows = 0;
    let maxBeyond = 0;
    let checkedThisFrame = false;
    let pending = false;
    let done = false;
    const startFrames = frameTimes.length;
    let finish: () => void = () => {};
    const finished = new Promise<void>((resolve) => (finish = resolve));
    const write = () => {
      if (written >= frames) return;
      written++;
      element.scrollTop -= px;
    };
    const check = () => {
      pending = false;
      if (done || checkedThisFrame) return;
      checkedThisFrame = true;
      if (written > 0) {
        checks++;
        if (centreRow() === null) blank++;
        const rows = domStats().rows;
        maxRows = Math.max(maxRows, rows);
        // Measuring every row of a non-virtualized list would cost the frame it measures.
        if (rows < 2000) maxBeyond = Math.max(maxBeyond, rowsBeyondViewport());
        else maxBeyond = Number.NaN;
      }
      if (checks >= frames || (written > 0 && element.scrollTop <= 0)) {
        done = true;
        finish();
        return;
      }
      if (mode === 'between-frames') write();
    };
    // The check of a frame is posted from a capture listener of the scroll
    // event, which runs before the list's own listeners: the check task is
    // queued before any render the list schedules from its scroll handler, so
    // it sees the frame as painted, not a later render.
    const onScroll = () => {
      if (done || pending) return;
      pending = true;
      postTask(check);
    };
    window.addEventListener('scroll', onScroll, { capture: true, passive: true });
    const onFrame = () => {
      if (done) return;
      if (mode === 'in-frame') write();
      postTask(() => {
        check();
        checkedThisFrame = false;
      });
      requestAnimationFrame(onFrame);
    };
    await afterFrame();
    recordFrames = true;
    const t0 = performance.now();
    if (mode === 'between-frames') write();
    requestAnimationFrame(onFrame);
    await finished;
    recordFrames = false;
    window.removeEventListener('scroll', onScroll, { capture: true });
    const times = frameTimes.slice(startFrames);
    const intervals = times.slice(1).map((time, index) => time - times[index]!);
    return {
      frames: checks,
      ms: performance.now() - t0,
      blankFrames: blank,
      maxRows,
      maxBeyond,
      p95Interval: percentile(intervals, 95),
      medianInterval: median(intervals),
      over34: intervals.filter((interval) => interval > 34).length,
      scrolledPx: written * px,
    };
  },

  /**
   * Where the newest message is: whether it is in view with its bottom at the viewport's bottom
   * (within 1.5 px), as a list that opened at the newest shows it.
   */
  newestAtBottom() {
    const newest = listState.messages[listState.messages.length - 1];
    return { ok: newest !== undefined && isAtEdge(newest.id, 'bottom') };
  },

  /**
   * The reader drags the scrollbar's thumb to one end (a press on the scroller, then its offset
   * at that end): resolves when settled, with whether the first message (top) or the newest
   * (bottom) is then at that edge of the viewport, within 1.5 px.
   */
  async thumbTo(end: 'top' | 'bottom') {
    if (!scroller) throw new Error('no scroller');
    await afterFrame();
    const t0 = performance.now();
    scroller.dispatchEvent(new PointerEvent('pointerdown', { bubbles: true }));
    scroller.scrollTop = end === 'top' ? 0 : scroller.scrollHeight;
    const result = await settle(t0);
    const { messages } = listState;
    const expected = end === 'top' ? messages[0] : messages[messages.length - 1];
    return { ms: result.ms, settled: result.settled, ok: expected !== undefined && isAtEdge(expected.id, end) };
  },

  stats: domStats,
  gap,
  lastCommitAfter,
};

/** Whether the message row `id` is rendered with its top (or bottom) at the viewport's, within 1.5 px. */
function isAtEdge(id: string, edge: 'top' | 'bottom'): boolean {
  const row = container.querySelector<HTMLElement>(`[data-mid="${CSS.escape(id)}"]`);
  if (row === null) return false;
  const viewport = viewportRect();
  const box = row.getBoundingClientRect();
  return edge === 'top' ? Math.abs(box.top - viewport.top) <= EDGE : Math.abs(box.bottom - viewport.bottom) <= EDGE;
}

function drift(anchor: { id: string; top: number }, samples: Sample[]) {
  const tops = samples.map((entry) => entry.anchorTop);
  const seen = tops.filter((value): value is number => typeof value === 'number');
  const lostFrames = tops.length - seen.length;
  const finalTop = tops[tops.length - 1];
  return {
    anchorId: anchor.id,
    maxDrift: seen.length ? Math.max(...seen.map((value) => Math.abs(value - anchor.top))) : Number.POSITIVE_INFINITY,
    finalDrift: typeof finalTop === 'number' ? Math.abs(finalTop - anchor.top) : Number.POSITIVE_INFINITY,
    lostFrames,
  };
}

declare global {
  interface Window {
    bench: typeof bench;
  }
}
window.bench = bench;

// The fuzzer's shrunk failures, replayed by name in every run: each one a defect the fuzzer found
// and a fix made (the commit says which). FUZZ_REPLAY='<printed JSON>' replays one printed
// failure instead. The driver is fuzz-driver.ts; the seeds run in fuzz-seeds-{1,2}.browser.test.ts.
import { describe, expect, it } from 'vitest';
import { useFixtureBrowser } from './fixture-page';
import type { Step } from '../fuzz/steps';
import { REPLAY, runSequence, type FuzzPage } from './fuzz-driver';

const browser = useFixtureBrowser();

/**
 * Shrunk failures of earlier runs, replayed in every bounded run: each one a defect the fuzzer
 * found and a fix made (the commit says which).
 */
const FOUND_BY_THE_FUZZER: Array<FuzzPage & { name: string; steps: Step[] }> = [
  {
    // The compensations of a re-wrap started from an older write's sub-pixel carry, not from where
    // the scroller stood after the 1 000-message prepend's anchored write: the row moved 1.1 px.
    name: 'a narrower container re-wraps the rows above the reader after a prepend of 1 000: the row stays',
    count: 50,
    strict: false,
    steps: [
      { kind: 'wheel', delta: -100 },
      { kind: 'append', count: 1, role: 'user' },
      { kind: 'append', count: 1, role: 'assistant' },
      { kind: 'key', key: 'Home' },
      { kind: 'suffix', shown: false },
      { kind: 'prepend', count: 1 },
      { kind: 'command', command: 'top', at: 0.769, behavior: 'smooth' },
      { kind: 'append', count: 10, role: 'user' },
      { kind: 'prepend', count: 1000 },
      { kind: 'follow', mode: 'only-received' },
      { kind: 'resize-frame', width: 300, height: 450 },
    ],
  },
  {
    // remeasure() left the pin to `pinToBottom`, which does not write after the browser clamped the
    // shorter content: the list stayed 83 px above the bottom (the long run of 2026-11-25, seed 129).
    name: 'remeasure right after opening 1 000 messages keeps the list at the bottom',
    count: 0,
    strict: false,
    steps: [{ kind: 'prepend', count: 1000 }, { kind: 'remeasure' }],
  },
  {
    // The second append's follow was taken for the reader when the browser clamped it to a
    // shorter bottom (rows measured under their estimates): nothing pinned the list, and a
    // narrower container re-wrapping the rows left it 367 px above the bottom.
    name: 'a follow clamped by rows measured shorter stays at the bottom through a resize',
    count: 3,
    strict: false,
    steps: [
      { kind: 'append', count: 10, role: 'assistant' },
      { kind: 'append', count: 1, role: 'assistant' },
      { kind: 'resize-frame', width: 450, height: 300 },
    ],
  },
  {
    // Rows re-wrapped by a narrower container overflowed TanStack's stale total, then shrank:
    // the browser clamped the pinned list, the pin took that for the reader and let go (156 px).
    name: 'a list pinned by a smooth scrollToBottom stays at the bottom when the container narrows',
    count: 50,
    strict: false,
    steps: [
      { kind: 'key', key: 'Home' },
      { kind: 'command', command: 'bottom', at: 0.334, behavior: 'smooth', align: 'center' },
      { kind: 'resize-frame', width: 300, height: 450 },
    ],
  },
  {
    // The last row removed in a commit stayed observed while detached (TanStack lets go of it one
    // ref later), and a detached element's notification cannot be delivered in the same loop.
    name: 'a shorter viewport raises no ResizeObserver loop error',
    count: 300,
    strict: false,
    steps: [{ kind: 'resize-frame', width: 600, height: 300 }],
  },
  {
    // The rows' wrapper was observed above the rows, whose measurement re-renders the range.
    name: 'a jump by the scrollbar raises no ResizeObserver loop error',
    count: 300,
    strict: false,
    steps: [{ kind: 'scrollbar', at: 0.409 }],
  },
  {
    // Rows mounted during TanStack's smooth scroll were never measured: getVisibleRange() was a row off.
    name: 'a smooth scrollToOffset leaves the visible range agreeing with the DOM',
    count: 300,
    strict: true,
    steps: [
      { kind: 'key', key: 'Home' },
      { kind: 'command', command: 'offset', at: 0.548, behavior: 'smooth', align: 'end' },
    ],
  },
  {
    // Landed by TanStack's layout, which still held estimates for the rows around the target: 40 px off.
    name: 'a smooth scrollToId with align end lands with the message at the bottom edge',
    count: 0,
    strict: false,
    steps: [
      { kind: 'append', count: 1000, role: 'assistant' },
      { kind: 'wheel', delta: -1200 },
      { kind: 'wheel', delta: -1200 },
      { kind: 'command', command: 'id', at: 0.623, behavior: 'smooth', align: 'end' },
    ],
  },
  {
    // Anchored on the message cut by the viewport's top, the view kept that one still and the
    // message inserted under it pushed the top fully visible one 84 px down; anchored on the
    // inserted message's estimate, it was 4 px down once the message was measured.
    name: 'a message inserted under a message cut by the top leaves the reader where they read',
    count: 3,
    strict: false,
    steps: [
      { kind: 'resize-frame', width: 300, height: 450 },
      { kind: 'scrollbar', at: 0.037 },
      { kind: 'insert', at: 0.416 },
    ],
  },
  {
    // A message inserted in view above the reader's row grew downwards when it was measured:
    // the reader's row moved 117 px.
    name: 'a message inserted above the reader after a smooth scrollBy grows upwards when measured',
    count: 0,
    strict: false,
    steps: [
      { kind: 'prepend', count: 1 },
      { kind: 'insert', at: 0.561 },
      { kind: 'remove', at: 0.174 },
      { kind: 'remove', at: 0.008 },
      { kind: 'insert', at: 0.476 },
      { kind: 'append', count: 1, role: 'assistant' },
      { kind: 'resize-frame', width: 450, height: 450 },
      { kind: 'command', command: 'by', at: 0.24, behavior: 'smooth', align: 'end' },
      { kind: 'insert', at: 0.114 },
    ],
  },
  {
    // A follow to the bottom with a new turn held at the top: rows measured smaller clamped the
    // scroller mid-command, the correction wrote it back to where the last scroll event had left
    // it, and no scroll event came, so currentTurnId stayed on the turn at the clamped offset
    // (seed 7005; every report is now also made when a command settles).
    name: 'a follow command corrected back to its last scroll event still reports the turn it shows',
    count: 0,
    strict: false,
    turns: true,
    steps: [
      { kind: 'append', count: 1, role: 'assistant' },
      { kind: 'key', key: 'End' },
      { kind: 'remount' },
      { kind: 'replace-key', at: 0.359 },
      { kind: 'replace-key', at: 0.164 },
      { kind: 'append', count: 10, role: 'user' },
      { kind: 'replace-key', at: 0.264 },
      { kind: 'remove', at: 0.939 },
      { kind: 'prepend', count: 1 },
      { kind: 'follow', mode: 'at-bottom' },
      { kind: 'wheel', delta: -400 },
      { kind: 'command', command: 'index', at: 0.11, behavior: 'auto', align: 'start' },
      { kind: 'append', count: 10, role: 'user' },
      { kind: 'resize-row', at: 0.864, extra: 0 },
      { kind: 'wheel', delta: 400 },
      { kind: 'prefix', shown: false },
      { kind: 'wheel', delta: -1200 },
      { kind: 'replace-key', at: 0.84 },
      { kind: 'append', count: 1, role: 'assistant' },
      { kind: 'prepend', count: 10 },
      { kind: 'follow', mode: 'only-received' },
      { kind: 'replace-key', at: 0.245 },
      { kind: 'append', count: 1, role: 'assistant' },
      { kind: 'remove', at: 0.206 },
      { kind: 'remove', at: 0.359 },
      { kind: 'resize-row', at: 0.101, extra: 150 },
      { kind: 'suffix', shown: true },
      { kind: 'append', count: 1, role: 'user' },
      { kind: 'command', command: 'offset', at: 0.016, behavior: 'auto', align: 'start' },
      { kind: 'wheel', delta: 400 },
      { kind: 'resize-row', at: 0.435, extra: 30 },
      { kind: 'insert', at: 0.226 },
      { kind: 'key', key: 'PageDown' },
      { kind: 'resize-frame', width: 600, height: 300 },
      { kind: 'follow', mode: 'never' },
      { kind: 'resize-frame', width: 600, height: 600 },
      { kind: 'resize-row', at: 0.487, extra: 30 },
      { kind: 'prepend', count: 10 },
      { kind: 'resize-row', at: 0.508, extra: 150 },
      { kind: 'prepend', count: 1000 },
      { kind: 'resize-row', at: 0.705, extra: 150 },
      { kind: 'prefix', shown: true },
      { kind: 'append', count: 10, role: 'assistant' },
      { kind: 'follow', mode: 'only-received' },
      { kind: 'command', command: 'offset', at: 0.639, behavior: 'smooth', align: 'start' },
      { kind: 'scrollbar', at: 0.911 },
      { kind: 'resize-row', at: 0.58, extra: 150 },
      { kind: 'edit', at: 0.851 },
      { kind: 'follow', mode: 'always' },
      { kind: 'append', count: 10, role: 'user' },
    ],
  },
  {
    // remeasure() changed which message is at the top without a scroll event (the browser fires
    // none for an offset it already reported), and nothing else reported: currentTurnId stayed on
    // the turn from before (seed 11001; remeasure now reports what is in view itself).
    name: 'remeasure reports the turn that its new sizes bring to the top',
    count: 3,
    strict: false,
    turns: true,
    steps: [
      { kind: 'resize-row', at: 0.382, extra: 30 },
      { kind: 'append', count: 1, role: 'user' },
      { kind: 'remove', at: 0.053 },
      { kind: 'scrollbar', at: 0.188 },
      { kind: 'prepend', count: 1 },
      { kind: 'edit', at: 0.651 },
      { kind: 'follow', mode: 'at-bottom' },
      { kind: 'remove', at: 0.528 },
      { kind: 'remeasure' },
    ],
  },
  {
    // The key of a held turn's prompt was swapped (as a server's id replaces a temporary one): the
    // turn was lost, its reserve dropped, and the content shrank 380 px under the reader (seed
    // 14001; the turn is now the same message while the count stays and a turn starts there).
    name: 'a new key on the prompt of a held turn keeps the turn and its reserve',
    count: 3,
    strict: false,
    turns: true,
    steps: [
      { kind: 'prepend', count: 1 },
      { kind: 'insert', at: 0.932 },
      { kind: 'scrollbar', at: 0.241 },
      { kind: 'prepend', count: 1 },
      { kind: 'replace-key', at: 0.904 },
    ],
  },
  {
    // A taller viewport at the bottom clamped the compensations of the rows its new width
    // re-wrapped, and TanStack kept the rest to write at the next growth: the narrowing after it
    // wrote it, and the reader's row moved 247 px (seed 13006; a clamped compensation is now
    // final once its frame is over).
    name: 'a compensation clamped by a taller viewport is not written at a later narrowing',
    count: 300,
    strict: false,
    steps: [
      { kind: 'follow', mode: 'never' },
      { kind: 'resize-frame', width: 600, height: 300 },
      { kind: 'command', command: 'bottom', at: 0.72, behavior: 'auto', align: 'start' },
      { kind: 'resize-frame', width: 450, height: 600 },
      { kind: 'resize-frame', width: 300, height: 600 },
    ],
  },
  {
    // A new key on a row below the reader put it back at its estimate, 27 px short: the anchor was
    // clamped to that shorter content, and the commit wrote the clamped offset although the row
    // was measured by then, pulling a list at the bottom 18 px up to the top (seed 16002; the
    // commit now clamps to the content as measured).
    name: 'a new key below the reader of a list at the bottom does not clamp it to the estimated content',
    count: 50,
    strict: true,
    turns: true,
    steps: [
      { kind: 'insert', at: 0.011 },
      { kind: 'clear' },
      { kind: 'follow', mode: 'never' },
      { kind: 'prepend', count: 10 },
      { kind: 'replace-key', at: 0.33 },
    ],
  },
  {
    // Rows that re-wrapped to a wider viewport made the content fit, with no scroll event: the list
    // kept `isAtBottom` false from the narrower layout (read when the viewport resized, before the
    // rows were measured again), and the next message, sent at the bottom, was not followed: gap
    // 132 px (seed 20266; a reader's edges are now read again at every layout change).
    name: 'content that comes to fit when the rows re-wrap wider is at the bottom, and the next message is followed',
    count: 3,
    strict: true,
    steps: [
      { kind: 'append', count: 1, role: 'user' },
      { kind: 'resize-row', at: 0.507, extra: 30 },
      { kind: 'resize-frame', width: 450, height: 300 },
      { kind: 'edit', at: 0.563 },
      { kind: 'clear' },
      { kind: 'prepend', count: 1 },
      { kind: 'append', count: 1, role: 'assistant' },
      { kind: 'follow', mode: 'at-bottom' },
      { kind: 'command', command: 'id', at: 0.005, behavior: 'smooth', align: 'end' },
      { kind: 'wheel', delta: -1200 },
      { kind: 'resize-frame', width: 600, height: 300 },
      { kind: 'wheel', delta: -400 },
      { kind: 'append', count: 1, role: 'user' },
    ],
  },
  {
    // Two rows grown in one overlap: the first, above the reader, was compensated inside
    // TanStack's ResizeObserver callback with a synchronous render, which React 19 gave the
    // second row's pending growth too, after that callback had delivered its size: "ResizeObserver
    // loop completed with undelivered notifications" (seed 20828, 4x throttled; the scripted case
    // is in reading-anchor.browser.test.ts).
    name: 'a row grown above the reader while another row’s growth is pending raises no ResizeObserver loop error',
    count: 0,
    strict: true,
    minRowHeight: 150,
    hurried: true,
    steps: [
      { kind: 'wheel', delta: -1200 },
      { kind: 'prepend', count: 1000 },
      { kind: 'scrollbar', at: 0.642 },
      { kind: 'insert', at: 0.262 },
      { kind: 'append', count: 10, role: 'user' },
      {
        kind: 'overlap',
        steps: [
          { kind: 'suffix', shown: false },
          { kind: 'resize-row', at: 0.029, extra: 150 },
          { kind: 'resize-row', at: 0.138, extra: 150 },
        ],
      },
    ],
  },
  {
    // The row spanning the top was found without the reading anchor's half-pixel rounding: a
    // start-aligned jump landed on a whole pixel 0.125 px above a day's first row, and the previous
    // day's header stuck over that row's own, pushed up but for a sliver (seed 20889, day headers).
    name: 'a jump to the first message of a day shows its own header, not the previous day stuck over it',
    count: 50,
    strict: false,
    turns: true,
    groups: { size: 2, offset: 1, isSticky: true },
    steps: [
      { kind: 'prepend', count: 10 },
      { kind: 'prepend', count: 10 },
      { kind: 'replace-key', at: 0.472 },
      { kind: 'command', command: 'index', at: 0.076, behavior: 'auto', align: 'start' },
    ],
  },
  {
    // A scrollBy down at the bottom moves nothing and sends no scroll event: the raw move had let
    // go of the bottom, nothing read the edges again, and the last row's growth left the list
    // 39 px above the bottom (seed 20939, DPR 1.5; the scripted cases are in streaming.browser.test.ts).
    name: 'a scrollBy that the bottom stops keeps the list pinned as the last row grows',
    count: 0,
    strict: false,
    minRowHeight: 150,
    hurried: true,
    groups: { size: 7, offset: 2, isSticky: true },
    steps: [
      {
        kind: 'overlap',
        steps: [
          { kind: 'key', key: 'End' },
          { kind: 'prepend', count: 10 },
        ],
      },
      { kind: 'command', command: 'by', at: 0.956, behavior: 'auto', align: 'end' },
      { kind: 'resize-row', at: 0.92, extra: 150 },
    ],
  },
  {
    // A million messages: a smooth scrollToOffset near the top, from the bottom, moved the scroller
    // window first, and the next render's re-base stopped the browser's animation at the new
    // window's edge; the visible range then ended two rows off the DOM (FUZZ_COPIES seed 20999).
    name: 'a smooth scrollToOffset beyond the scroller window of a million messages leaves the range agreeing with the DOM',
    count: 1000,
    copies: 1000,
    strict: false,
    minRowHeight: 150,
    steps: [{ kind: 'command', command: 'offset', at: 0.001, behavior: 'smooth', align: 'center' }],
  },
  {
    // A million messages: the follow command's re-base kept the offset at which the browser had
    // clamped the scroller to a sizer that lagged the content, 70 px above the bottom, and the
    // command's next check took that for a reader's move up and let go (FUZZ_COPIES seed 20991).
    name: "follow 'always' takes an append to the bottom of a million messages from a reader far above it",
    count: 1000,
    copies: 1000,
    strict: false,
    minRowHeight: 150,
    steps: [
      { kind: 'key', key: 'PageUp' },
      { kind: 'append', count: 1, role: 'assistant' },
      { kind: 'prepend', count: 1000 },
      { kind: 'append', count: 10, role: 'assistant' },
      { kind: 'scrollbar', at: 0.229 },
      { kind: 'scrollbar', at: 0.378 },
      { kind: 'resize-row', at: 0.904, extra: 150 },
      { kind: 'follow', mode: 'always' },
      { kind: 'append', count: 1, role: 'assistant' },
    ],
  },
  {
    // A turn held at the top reserves space below it by the viewport's height. A taller viewport
    // made the browser clamp the pinned list to the old content's end while the reserve grew the
    // content in the same frame: the clamp passed for the reader's move away from the new bottom,
    // and the list stayed 150 px above it (the long fuzz of 2026-12-07, seed 100026, reduced).
    name: 'a taller viewport keeps a list at the bottom while a turn is held at the top',
    count: 0,
    strict: true,
    turns: true,
    steps: [
      { kind: 'prepend', count: 10 },
      { kind: 'resize-frame', width: 300, height: 300 },
      { kind: 'wheel', delta: -100 },
      { kind: 'append', count: 10, role: 'user' },
      { kind: 'resize-frame', width: 300, height: 450 },
    ],
  },
  {
    // The same clamp with rows re-wrapped by a wider frame as well: 322 px above the bottom
    // (seed 100014).
    name: 'a taller and wider viewport keeps a list at the bottom while a turn is held at the top',
    count: 50,
    strict: true,
    turns: true,
    steps: [
      { kind: 'resize-row', at: 0.206, extra: 30 },
      { kind: 'wheel', delta: -100 },
      { kind: 'follow', mode: 'at-bottom' },
      { kind: 'resize-frame', width: 600, height: 300 },
      { kind: 'resize-row', at: 0.294, extra: 0 },
      { kind: 'append', count: 1, role: 'user' },
      { kind: 'resize-frame', width: 450, height: 600 },
    ],
  },
  {
    // The same clamp while rows re-wrapped taller in a narrower frame: the content grew past
    // where the clamp left the list, 137 px above the bottom (seed 100023).
    name: 'a taller and narrower viewport keeps a list at the bottom after smooth commands and appends',
    count: 0,
    strict: false,
    turns: true,
    minRowHeight: 150,
    steps: [
      { kind: 'wheel', delta: 400 },
      { kind: 'insert', at: 0.481 },
      { kind: 'resize-frame', width: 600, height: 300 },
      { kind: 'command', command: 'index', at: 0.857, behavior: 'smooth', align: 'center' },
      { kind: 'edit', at: 0.733 },
      { kind: 'command', command: 'bottom', at: 0.067, behavior: 'smooth', align: 'center' },
      { kind: 'command', command: 'by', at: 0.853, behavior: 'smooth', align: 'start' },
      { kind: 'append', count: 1, role: 'assistant' },
      { kind: 'append', count: 10, role: 'user' },
      {
        kind: 'overlap',
        steps: [
          { kind: 'edit', at: 0.687 },
          { kind: 'prefix', shown: true },
        ],
      },
      { kind: 'follow', mode: 'at-bottom' },
      { kind: 'resize-row', at: 0.13, extra: 0 },
      { kind: 'insert', at: 0.638 },
      { kind: 'resize-frame', width: 450, height: 450 },
    ],
  },
  {
    // The app's smooth scrollToOffset, interrupted by a script moving the scroller: TanStack,
    // which had started the glide, measured only the rows near its target, so the rows where the
    // scroller now stood kept their estimates, and the rendered rows ended 61 px above the
    // viewport's bottom (the long fuzz of 2026-12-07, seed 100025, reduced).
    name: "code moving the scroller during the app's smooth scrollToOffset leaves no blank strip",
    count: 50,
    strict: false,
    hurried: true,
    groups: { size: 10, offset: 3, isSticky: true },
    steps: [
      {
        kind: 'overlap',
        steps: [{ kind: 'clear' }, { kind: 'append', count: 1000, role: 'assistant' }],
      },
      {
        kind: 'overlap',
        steps: [
          { kind: 'command', command: 'id', at: 0.379, behavior: 'smooth', align: 'end' },
          { kind: 'command', command: 'offset', at: 0.391, behavior: 'smooth', align: 'start' },
          { kind: 'scrollbar', at: 0.069 },
        ],
      },
    ],
  },
  {
    // The same glide ended by a PageDown: the visible range, the stuck header and the current turn
    // stood a row off the DOM (seed 100017).
    name: "a key press during the app's smooth scrollToOffset leaves the range and the header true",
    count: 300,
    strict: false,
    turns: true,
    anchor: { index: 271, align: 'end' },
    hurried: false,
    groups: { size: 2, offset: 1, isSticky: true },
    steps: [
      {
        kind: 'overlap',
        steps: [
          { kind: 'replace-key', at: 0.175 },
          { kind: 'command', command: 'offset', at: 0.012, behavior: 'smooth', align: 'end' },
          { kind: 'key', key: 'PageDown' },
        ],
      },
      { kind: 'resize-frame', width: 450, height: 450 },
    ],
  },
  {
    // A turn held at the top, the list at the bottom with follow="never": a viewport made wider
    // and taller made the browser clamp the offset before the held turn's reserve grew with it;
    // from the clamped offset, the rows above the reader's row re-wrapped as rows in view, and the
    // reader's row moved 233 px (the long fuzz of 2026-12-07, seed 100032, shrunk).
    name: "a wider, taller viewport keeps the reader's row while a turn is held, following never",
    count: 50,
    strict: true,
    turns: true,
    anchor: { index: 8, align: 'end' },
    hurried: false,
    newer: { pages: 3, trim: 10 },
    steps: [
      { kind: 'append', count: 10, role: 'user' },
      { kind: 'command', command: 'bottom', at: 0.654, behavior: 'smooth', align: 'start' },
      { kind: 'scrollbar', at: 0.696 },
      { kind: 'prepend', count: 1000 },
      { kind: 'scrollbar', at: 0.997 },
      { kind: 'suffix', shown: true },
      { kind: 'append', count: 10, role: 'assistant' },
      { kind: 'prefix', shown: false },
      { kind: 'append', count: 10, role: 'assistant' },
      { kind: 'append', count: 1, role: 'user' },
      { kind: 'resize-row', at: 0.669, extra: 30 },
      { kind: 'append', count: 1, role: 'user' },
      { kind: 'append', count: 1, role: 'user' },
      { kind: 'key', key: 'End' },
      { kind: 'command', command: 'offset', at: 0.567, behavior: 'smooth', align: 'center' },
      { kind: 'resize-row', at: 0.659, extra: 30 },
      { kind: 'resize-row', at: 0.48, extra: 30 },
      { kind: 'follow', mode: 'only-received' },
      {
        kind: 'overlap',
        steps: [
          { kind: 'command', command: 'id', at: 0.078, behavior: 'auto', align: 'start' },
          { kind: 'replace-key', at: 0.866 },
        ],
      },
      { kind: 'resize-row', at: 0.303, extra: 30 },
      { kind: 'insert', at: 0.462 },
      {
        kind: 'overlap',
        steps: [
          { kind: 'append', count: 1000, role: 'user' },
          { kind: 'key', key: 'Home' },
        ],
      },
      { kind: 'key', key: 'End' },
      { kind: 'scrollbar', at: 0.062 },
      { kind: 'append', count: 1, role: 'assistant' },
      { kind: 'replace-key', at: 0.963 },
      { kind: 'resize-frame', width: 300, height: 600 },
      { kind: 'wheel', delta: 100 },
      { kind: 'insert', at: 0.913 },
      { kind: 'resize-frame', width: 300, height: 300 },
      { kind: 'key', key: 'PageUp' },
      { kind: 'suffix', shown: true },
      { kind: 'command', command: 'id', at: 0.022, behavior: 'smooth', align: 'start' },
      { kind: 'append', count: 1, role: 'assistant' },
      { kind: 'suffix', shown: true },
      { kind: 'remeasure' },
      { kind: 'append', count: 10, role: 'user' },
      { kind: 'follow', mode: 'never' },
      { kind: 'suffix', shown: true },
      { kind: 'resize-frame', width: 450, height: 600 },
    ],
  },
  {
    // A list at the bottom with follow="never", its viewport made shorter, then taller and
    // narrower: the browser clamped the offset from where it stood in the shorter viewport (which
    // went unseen, compared with the height at the last write), and the rows between the clamped
    // offset and the reader's row, re-wrapped taller, pushed the reader's row 367 px down
    // (seed 300006, shrunk).
    name: "a viewport made shorter, then taller and narrower, keeps the reader's row, following never",
    count: 3,
    strict: true,
    turns: true,
    hurried: false,
    steps: [
      { kind: 'append', count: 1, role: 'user' },
      { kind: 'wheel', delta: 400 },
      { kind: 'resize-frame', width: 600, height: 300 },
      { kind: 'follow', mode: 'never' },
      { kind: 'resize-frame', width: 450, height: 600 },
    ],
  },
  {
    // A list that fits (a suffix shown) followed to its bottom; the reader's wheel came while the
    // follow was under way and sent no scroll event (nothing to scroll): the list was left to the
    // reader, and a shorter viewport then showed its top, 99 px above the newest message (seed
    // 300101, shrunk).
    name: "a reader's wheel during a follow of a list that fits keeps it at the bottom of a shorter viewport",
    count: 0,
    strict: false,
    turns: false,
    hurried: true,
    groups: { size: 7, offset: 3, isSticky: true },
    steps: [
      { kind: 'insert', at: 0.337 },
      {
        kind: 'overlap',
        steps: [
          { kind: 'prepend', count: 1 },
          { kind: 'resize-row', at: 0.221, extra: 0 },
          { kind: 'wheel', delta: 400 },
        ],
      },
      { kind: 'insert', at: 0.834 },
      {
        kind: 'overlap',
        steps: [
          { kind: 'prefix', shown: false },
          { kind: 'wheel', delta: -400 },
          { kind: 'suffix', shown: true },
        ],
      },
      { kind: 'resize-frame', width: 450, height: 450 },
    ],
  },
  {
    // A message above the reader's row given another key (a temporary id swapped for the
    // server's) stood at its estimate during the render, which put the reader's row above the
    // content's top: the anchor was clamped to 0, and the row's measured size then pushed the list
    // from 0, down to the bottom, 34 px from where the reader's row was (seed 400109, shrunk).
    name: "a message above the reader given another key keeps the reader's row, with the reader near the top",
    count: 3,
    strict: false,
    turns: false,
    hurried: true,
    groups: { size: 7, offset: 6, isSticky: true },
    steps: [
      {
        kind: 'overlap',
        steps: [
          { kind: 'resize-row', at: 0.082, extra: 30 },
          { kind: 'insert', at: 0.126 },
        ],
      },
      { kind: 'prepend', count: 1 },
      { kind: 'scrollbar', at: 0.719 },
      { kind: 'replace-key', at: 0.033 },
    ],
  },
  {
    // WebKit left the scroller past the end of content that got shorter while the reader was
    // scrolling: messages cleared during a drag and a wheel stood at 81 000 px of a 450 px
    // content, the viewport blank (WebKit seed 920042, shrunk). Other browsers clamp it.
    name: 'messages cleared while the reader scrolls leave the scroller within the content',
    count: 300,
    strict: true,
    turns: false,
    anchor: { index: 71, align: 'start' },
    hurried: true,
    newer: { pages: 3, trim: 0 },
    steps: [
      { kind: 'prefix', shown: true },
      {
        kind: 'overlap',
        steps: [
          { kind: 'append', count: 1, role: 'user' },
          { kind: 'scrollbar', at: 0.693 },
          { kind: 'wheel', delta: 100 },
        ],
      },
      { kind: 'clear' },
    ],
  },
  {
    // The same in a smooth command's scroll, with day headers: 2 px past the end (WebKit seed 920021, shrunk).
    name: 'messages cleared during a smooth command leave the scroller within the content',
    count: 300,
    strict: false,
    turns: false,
    hurried: true,
    groups: { size: 7, offset: 3, isSticky: true },
    steps: [
      { kind: 'follow', mode: 'never' },
      { kind: 'edit', at: 0.884 },
      { kind: 'append', count: 1, role: 'assistant' },
      { kind: 'prefix', shown: true },
      { kind: 'wheel', delta: -1200 },
      { kind: 'append', count: 1, role: 'assistant' },
      {
        kind: 'overlap',
        steps: [
          { kind: 'append', count: 1, role: 'user' },
          { kind: 'command', command: 'index', at: 0.559, behavior: 'smooth', align: 'center' },
          { kind: 'insert', at: 0.28 },
        ],
      },
      { kind: 'clear' },
    ],
  },
];

// A module's own binding, so that the branches below narrow it.
const printedFailure = REPLAY;

if (printedFailure === undefined) {
  describe('replaying what the fuzzer found', () => {
    for (const { name, steps, ...page } of FOUND_BY_THE_FUZZER) {
      it(
        name,
        async () => {
          const result = await runSequence(browser, steps, page);
          expect(result.problems, `failed after step ${result.failedAt}`).toEqual([]);
        },
        120_000,
      );
    }
  });
} else {
  // Replays one printed failure: FUZZ_REPLAY='{"count":50,"strict":false,"steps":[…]}'.
  describe('replaying FUZZ_REPLAY', () => {
    it('holds every invariant after every step', async () => {
      const { steps, ...page } = JSON.parse(printedFailure) as Partial<FuzzPage> & { count: number; steps: Step[] };
      const result = await runSequence(browser, steps, { strict: false, ...page });
      expect(result.problems, `failed after step ${result.failedAt}`).toEqual([]);
    }, 600_000);
  });
}

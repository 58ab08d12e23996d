// The size budget of the published entry (SPEC §5), measured like a bundler would
// ship it: dist/index.js bundled by esbuild (minified, ESM, production), React
// external, then gzipped at level 9, by the same helper as the benchmark's sizes
// (tools/bundle-size), which also says what a kB is (1000 B, as SPEC §5 counts).
import { KB, measureBundle } from '@chat-list/bundle-size';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, test } from 'vitest';

const PACKAGE_DIR = fileURLToPath(new URL('../..', import.meta.url));
const REACT = ['react', 'react-dom', 'react/jsx-runtime', 'react-dom/client'];
const TANSTACK = ['@tanstack/react-virtual', '@tanstack/virtual-core'];

// SPEC §5 bars: 6 kB with React and TanStack external, 16 kB with TanStack included, to be
// met by the build (tsup mangles the engine's internal property names, see tsup.config.ts),
// never by shaving bytes off readable source. NOT MET YET (issue #12): the engine rebuilt
// around one scroll owner and a general reading anchor measured 6.44 kB and 16.52 kB; O(1)
// streaming (the layout-change scan), `atBottomThreshold`, the forwarded HTML attributes, the
// zero-specificity size rule, `onVisibleRangeChange`, `initialAnchor`, `initialRenderCount` and
// loading newer pages (issues #14, #15, #16, #19) brought it to 7.29 kB and 17.37 kB, and the
// fixes of what the fuzzer found (#13) to 7.46 kB and 17.53 kB, and the key census that gives
// rows sharing a key their own size (#13 bug 8; counted when the page is idle at an opening, so
// that 100 000 keys do not add 20 ms to it) and heights measured at zero width ignored (#13 bug 9)
// to 8.04 kB and 18.10 kB, and sizing the content before the paint (#13 bug 9) and the `nonce`
// prop (#14) to 8.14 kB and 18.21 kB, and keyboard and screen-reader access by default (#17: the
// feed semantics, the announcer, keyboard navigation with the focused row kept rendered, reduced
// motion, named affix rows, focus kept in the list when the focused message is removed; 6.1 kB
// minified, the key-to-action policy and its focus moves) to 10.25 kB and 20.30 kB, and read
// receipts (`onMessagesSeen`, #16: the read tracker, its timer, the tab's visibility and the
// view's moves) to 10.81 kB and 20.84 kB, `remeasure()` (#14) to 10.91 kB and 20.93 kB, and the reader's-row tolerance of a resize
// compensation (#13) to 10.92 kB and 20.94 kB, and the fixes the long fuzz run led to (a remeasure
// at the bottom writes the bottom; unmeasured rows are not read) to 10.94 kB and 20.95 kB, and
// the second round (a clamp at the bottom is not the reader, a smooth command measures the rows
// it arrives at, rows measured at the end of a scroll, detached rows let go; the reader's row is
// the top fully visible one, and a message a change put above it grows upwards) to 11.13 kB and
// 21.15 kB, and reopening where the reader left (`getSnapshot`, `initialSnapshot`, #16: the
// snapshot, its heights as estimates, the opening at a pixel, the restored seen state) to 11.54 kB
// and 21.57 kB, and day headers that stick (`getGroupKey`, `renderGroupHeader`, #16: the header in
// the first row of each group, the stuck copy and its push, the reader's text kept still when a
// prepend moves a header; it renders a new group in the scroll's animation frame) to 12.52 kB and
// 22.57 kB, and assistant turns and smooth following (#19: the turn reserve, the current turn,
// `scrollToTurn`, the glide) to 13.79 kB and 23.82 kB, and the layout's typed array grown ahead
// of appends (#15: an append to 100 000 messages no longer copies 1.6 MB) to 13.91 kB and
// 23.93 kB, and the turns' review mends and the report when a command settles (#19: the
// reserve settled in one place, the reported turn as a record) to 14.00 kB and 24.01 kB, and the
// faster opening (#15: the size cache that skips lookups while empty, the rows of a commit
// measured into one layout change; 148 → 82 ms at 100 000 messages) to 14.12 kB and 24.14 kB
// (with more of the engine's internal names mangled), and scaled scrolling past the browser's
// height cap (#15: every one of 1 000 000 messages reachable, a scroll space planned per render
// and applied in its commit; a resized row placed from the last layout plus the changes above it
// instead of a relayout per row) to 15.14 kB and 25.09 kB, and layout keys that are positions
// following their messages (#15: TanStack's layout reads no message; the key census and the
// size cache that skipped lookups went, the re-keying of measured sizes through a change came;
// mount 100 000: 91 → 64 ms) to 15.25 kB and 25.21 kB, and the overscan behind the reader's scroll cut to 2 rows
// (SPEC §5: at most twice the overscan beyond the viewport; the range extractor per heading) with
// one place that says which row is the prefix, a message or the suffix, to 15.55 kB and 25.52 kB,
// and the opening window (#15: a conversation of 10 000 messages or more opens with only its
// newest 1 000 laid out; the handle's commands wait for the whole layout; call → first commit of
// 100 000: 45 → 30 ms in the full benchmark runs) to 16.12 kB and 26.08 kB, and one predicate for the guard before each report
// of what is in view (a review mend) to 16.11 kB and 26.09 kB, and four fixes found by CI and the
// fuzzer (a row that a prepend gives or takes its day's header measured in the commit, a held
// turn kept when its prompt's key is swapped, a clamped compensation forgotten after its frame,
// an anchored offset clamped again to the content as measured) to 16.30 kB and 26.26 kB, room
// to append after a full layout (16.32 kB, 26.27 kB), and a reader's edges read again at every
// layout change (fuzz seed 20266) to 16.35 kB and 26.30 kB, rows above the reader's row measured
// in an anchored commit to 16.52 kB and 26.49 kB, and TanStack given the scroller in the first
// layout with an opening window ended early when its block comes into reach (#15: the first
// commit's task 22 → 16 ms) to 16.70 kB and 26.66 kB, and a reader's jump read before its scroll event
// when a render comes first to 16.77 kB and 26.73 kB, the shared checks of the review mends to
// 16.89 kB and 26.85 kB, and no synchronous render inside TanStack's ResizeObserver callback
// (React 19 renders the app's pending updates in it: a loop error, fuzz seed 20828) to 16.96 kB
// and 26.92 kB, and the edges read after an app's scroll that the scroller cannot make (no scroll
// event; the pin was lost, fuzz seed 20939) and the sticky header's top row found with the reading
// anchor's rounding (seed 20889) to 17.02 kB and 26.98 kB, a render between a reader's thumb
// jump and its scroll event in a scaled list (17.04 kB, 27.00 kB), and a ref callback per row, so
// that a row which takes over the element of another row with its key is measured (duplicate
// keys, a CI failure of stop 41) to 17.20 kB and 27.15 kB, and a scaled list heading for the
// bottom re-based onto it when the browser had clamped it there (FUZZ_COPIES seed 20991) to
// 17.22 kB and 27.17 kB; then fixes found by building a chat screen as a new user would (a smooth
// jump during a stream, warnings for bad props, one request per page) to 17.32 kB and 27.27 kB,
// and the reader's own messages brought into view by default (`followSentMessages`) with the turn
// a command took the reader to reported as the current turn, to 17.71 kB and 27.67 kB, and the
// browser's smooth scroll of a command stopped when the reader takes over (17.72 kB, 27.69 kB).
// The engine's first kernel modules (the scroll writer, smooth following and the edge loaders as
// modules that each own their state and ask the engine through a small host, with their internal
// names mangled) took it to 18.07 kB and 28.03 kB, and reporting what is in view (seen, unseen
// count, range, read receipts, current turn) as a module to 18.20 kB and 28.14 kB: 0.48 kB of
// module boundaries, which the rest of that work (private names mangled by a prefix, optional
// features in entries of their own) is to win back and more. The rest of the engine cut into
// modules the same way (the commands, the opening, the opening window, the scaled space, the row
// keys and measuring, the reading anchor, the owner, the scroller's events, snapshots, the handle;
// each reads the kernel through a host of small functions) took it to 19.38 kB and 29.31 kB, with
// more internal names mangled: 1.18 kB of module boundaries in all, to be won back the same way;
// and a taller viewport's clamp told from a reader's move (the long fuzz, seed 100026) to 19.43 kB
// and 29.34 kB; the opening and snapshots holding the commands module instead of wrappers of
// it brought it to 19.41 kB and 29.32 kB. Three fixes the long fuzz called for (the app's smooth
// scrollToOffset ended when someone else scrolls, its rows measured; a batch of re-wrapped rows
// judged from the frame the reader saw) brought it to 19.70 kB and 29.60 kB; the list going back
// from the browser's clamp of a grown viewport, to 19.78 kB and 29.68 kB; the last message aligned
// at its own end rather than TanStack's content end, to 19.85 kB and 29.78 kB; the pin as a module
// of its own that holds a list brought within the bottom's tolerance where it stood (a taller
// viewport no longer snaps the rows the last pixel), to 19.99 kB and 29.89 kB; a smooth command
// far from its target jumping to a viewport short of it first (no blank frames on the way), to
// 20.08 kB and 29.98 kB; the app's smooth scrollToOffset and scrollBy doing the same, to 20.19 kB
// and 30.09 kB; a command's correction telling TanStack its offset (no blank frame after a follow
// whose rows measured taller), to 20.20 kB and 30.10 kB; the turns cut into four small modules
// (the function was over 150 lines), to 20.29 kB and 30.18 kB; the correction's rows rendered
// again (a stale range stayed 11 frames), to 20.30 kB and 30.19 kB; only when the correction
// moved the list (no render per frame for a correction in place), to 20.31 kB and 30.20 kB.
// Then the list's state for the controls around it (`getState`, `subscribe`, refreshed where the
// app is told of each value) and the older end's names mirroring the newer end's (`hasOlder`, the
// former names still read) took `ChatList` alone to 20.72 kB; `useChatListState` and `JumpToLatest`
// took everything to 21.39 kB and 31.26 kB. `/* @__PURE__ */` on `ChatList`'s `forwardRef` and
// `memo` let a bundler drop `ChatList` from an app that imports only `useChatList`: 20.24 → 18.33 kB.
// The edges as a module of their own, and TanStack told of a scroll event its listener has yet to
// read when the app renders inside ours (a list scrolled to the top jumped 819 px back down), took
// `ChatList` alone to 20.83 kB, `useChatList` alone to 18.43 kB, everything to 21.52 kB and 31.40 kB.
// Read receipts became the first optional feature (`@chat-list/react/read-receipts`, passed in
// `features`, 0.63 kB), with the announcer and the after-paint callbacks as a module: `ChatList`
// alone 20.83 → 20.57 kB, `useChatList` alone 18.43 → 18.21 kB, everything 21.52 → 21.23 kB (read
// receipts are not in the main entry any more) and 31.40 → 31.16 kB; the feature context's
// names are public, so never mangled (0.05 kB of that). The module split took `ChatList` alone
// to 21.27 kB; the reader's row held across the browser's clamp of a viewport made taller (its
// rows re-wrapped in the same frame) to 21.50 kB, `useChatList` alone to 19.14 kB, everything to
// 22.19 kB and 32.11 kB. Turns became the second feature (`@chat-list/react/turns`): the kernel
// asks the features it was given for the space below the rows and the turns, and tells them of
// its moments: `ChatList` alone 21.50 → 20.62 kB, `useChatList` alone 19.14 → 18.22 kB, `ChatList`
// with turns 21.82 kB. Everything now counts every entry together (the main entry, read receipts
// and turns): 23.06 kB and 32.99 kB with TanStack, where the main entry alone was 22.19 kB and
// 32.11 kB before the move. A command's write snapped to a whole device pixel towards the
// message's aligned edge (Firefox rounded fractional offsets its own way) and TanStack's layout
// brought up to date before the row keys move took them to 20.73 kB, 18.34 kB, 21.93 kB,
// 23.17 kB and 33.10 kB; a command the reader takes over at the bottom left pinned, to 20.75 kB,
// 18.37 kB, 21.96 kB, 23.20 kB and 33.13 kB; the command's pixel snap taken out again (it left
// TanStack's offset up to a pixel from the scroller's), to 20.65 kB, 18.26 kB, 21.85 kB, 23.09 kB
// and 33.02 kB; Shift+Tab that WebKitGTK leaves unnamed, to 20.66 kB (`ChatList` alone), 21.86 kB
// (with turns), 23.11 kB and 33.04 kB; a bottom command clamped on its target keeping its place,
// a few bytes more (20.67 kB, 18.27 kB, 21.86 kB). The sticky group header became the third
// feature (`@chat-list/react/sticky-headers`): the features are told of every scroll and every
// render, may ask for a render, read the groups and answer the stuck header. `ChatList` alone
// 20.67 → 20.17 kB, `useChatList` alone 18.27 → 17.73 kB, `ChatList` with sticky headers
// 20.64 kB, everything (now with it) 23.11 → 23.08 kB and 33.04 → 33.03 kB. Snapshots became the
// fourth (`@chat-list/react/snapshots`): the opening asks the features where to open, the
// estimates ask them for known heights, the handle asks them for the snapshot; the context reads
// the rendered rows, the reader's row, the bottom edge and what was seen. `ChatList` alone
// 20.17 → 20.04 kB, `useChatList` alone 17.73 → 17.60 kB, `ChatList` with snapshots 20.34 kB;
// everything (now with it) 23.08 → 23.24 kB and 33.03 → 33.17 kB, the boundary's cost. A
// reading anchor clamped at the content's top settled once the rows above are measured (a
// replaced message above the reader moved them 34 px), a smooth command's jump rendering its
// rows, and a streamed token's commit skipping the edges, to 20.16 kB (`ChatList` alone),
// 17.71 kB, 23.35 kB and 33.32 kB. A command to a message written on the device pixel nearest its
// target (Firefox's rounding put it 0.6 px off), a row that reaches half a pixel or less into the
// view not counted as visible, and the last message spanning the top left to grow downwards, to
// 20.28 kB, 17.85 kB, 23.49 kB and 33.44 kB. The pixel snap and the half-pixel visible rule were taken out again
// (they failed a jump at a pixel ratio of 1.25); the ceilings stay where they were. Comparing
// messages from the lowest rendered row, a sliver of a pixel not counted as visible,
// `remeasure()` rendering before the paint, the content-end clamp WebKit skips and resized rows
// judged against the viewport the reader saw, and a row showing a pixel or less at the bottom not
// read: 20.55 kB, 18.13 kB, 23.77 kB and 33.71 kB. The
// scaled space and smooth following are the next candidates.
// The 6 kB and 16 kB bars are retired: they pushed towards shorter source. The bars now are per
// entry, with React and TanStack Virtual external: everything the package exports together no
// larger than the 17.2 kB it was when they were set, `ChatList` with its defaults ≤ 14 kB and
// `useChatList` imported alone ≤ 11 kB, to be met by design (what an app does not import is not
// in its bundle) and by the build. Until one is met, `ceiling` holds today's size so that nothing
// grows unnoticed; the bar stays the goal.
const EXTERNAL = [...REACT, ...TANSTACK];
/** The main entry and every optional feature, imported together. */
const EVERYTHING = [
  "export * from './dist/index.js';",
  "export { readReceipts } from './dist/read-receipts.js';",
  "export { turns } from './dist/turns.js';",
  "export { stickyHeaders } from './dist/sticky-headers.js';",
  "export { snapshots } from './dist/snapshots.js';",
].join(' ');
const BUDGETS = [
  {
    name: 'everything, React and TanStack Virtual external',
    entry: EVERYTHING,
    external: EXTERNAL,
    bar: 17.2 * KB,
    ceiling: 23768,
  },
  {
    name: 'ChatList alone, React and TanStack Virtual external',
    entry: "export { ChatList } from './dist/index.js';",
    external: EXTERNAL,
    bar: 14 * KB,
    ceiling: 20551,
  },
  {
    name: 'useChatList alone, React and TanStack Virtual external',
    entry: "export { useChatList } from './dist/index.js';",
    external: EXTERNAL,
    bar: 11 * KB,
    ceiling: 18126,
  },
  {
    // What read receipts add to `ChatList`: the difference from 'ChatList alone' is the feature's cost.
    name: 'ChatList with read receipts, React and TanStack Virtual external',
    entry: "export { ChatList } from './dist/index.js'; export { readReceipts } from './dist/read-receipts.js';",
    external: EXTERNAL,
    bar: undefined,
    ceiling: 21162,
  },
  {
    // What turns add to `ChatList`.
    name: 'ChatList with turns, React and TanStack Virtual external',
    entry: "export { ChatList } from './dist/index.js'; export { turns } from './dist/turns.js';",
    external: EXTERNAL,
    bar: undefined,
    ceiling: 21766,
  },
  {
    // What sticky group headers add to `ChatList`.
    name: 'ChatList with sticky headers, React and TanStack Virtual external',
    entry: "export { ChatList } from './dist/index.js'; export { stickyHeaders } from './dist/sticky-headers.js';",
    external: EXTERNAL,
    bar: undefined,
    ceiling: 21032,
  },
  {
    // What snapshots add to `ChatList`.
    name: 'ChatList with snapshots, React and TanStack Virtual external',
    entry: "export { ChatList } from './dist/index.js'; export { snapshots } from './dist/snapshots.js';",
    external: EXTERNAL,
    bar: undefined,
    ceiling: 20855,
  },
  {
    name: 'everything, TanStack Virtual included (React external)',
    entry: EVERYTHING,
    external: REACT,
    bar: undefined,
    ceiling: 33713,
  },
];

const measure = (contents: string, external: string[]) =>
  measureBundle({ contents, resolveDir: PACKAGE_DIR, external });

const kb = (bytes: number) => `${(bytes / KB).toFixed(2)} kB`;

describe('size budget of @chat-list/react (min+gzip)', () => {
  beforeAll(() => {
    if (!existsSync(`${PACKAGE_DIR}/dist/index.js`))
      throw new Error('dist/index.js is missing: run `pnpm build` first.');
  });

  test.each(BUDGETS)('$name: ≤ $ceiling B today', async ({ name, entry, external, bar, ceiling }) => {
    const { minBytes, gzipBytes } = await measure(entry, external);
    const status =
      bar === undefined
        ? 'no bar'
        : gzipBytes <= bar
          ? `bar ${kb(bar)} met`
          : `${gzipBytes - bar} B over the bar of ${kb(bar)}`;
    console.log(
      `size of @chat-list/react, ${name}: ${minBytes} B min, ${gzipBytes} B min+gzip (${kb(gzipBytes)}; ${status})`,
    );
    expect(gzipBytes, `min+gzip size with ${name} grew past today's ceiling`).toBeLessThanOrEqual(ceiling);
  });
});

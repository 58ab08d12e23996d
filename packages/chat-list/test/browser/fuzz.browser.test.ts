import { describe, expect, it } from 'vitest';
import { useFixtureBrowser, type FixturePage } from './fixture-page';
import { readSnapshot } from './list-snapshot';
import { checkExpectation, checkSnapshot, gapOf, readerRow, type ListSnapshot } from '../fuzz/invariants';
import { createRandom } from '../fuzz/random';
import { shrinkSteps } from '../fuzz/shrink';
import { expectationOf, generateSteps, type Align, type FollowSetting, type Step } from '../fuzz/steps';

// Issue #13: random, realistic sequences of updates, reader scrolls and commands, with the
// invariants checked after every step. The test command runs a bounded budget with fixed
// seeds; `pnpm fuzz --seeds 500` runs a long one before a release (FUZZ_SEEDS, FUZZ_STEPS,
// FUZZ_FIRST_SEED). A failure prints its seed and a shrunk step list to replay.
const SEEDS = Number(process.env.FUZZ_SEEDS ?? 8);
const STEPS = Number(process.env.FUZZ_STEPS ?? 30);
const FIRST_SEED = Number(process.env.FUZZ_FIRST_SEED ?? 1);
// FUZZ_COUNT opens every seed with that many messages: 12000 fuzzes lists that open with an
// opening window (issue #15, core opening-window.ts).
const FORCED_COUNT = process.env.FUZZ_COUNT === undefined ? undefined : Number(process.env.FUZZ_COUNT);
// FUZZ_MIN_ROW_HEIGHT=150 opens every seed with message rows at least that tall; without it, every
// fourth seed does (see `pageOfSeed`).
const FORCED_MIN_ROW_HEIGHT =
  process.env.FUZZ_MIN_ROW_HEIGHT === undefined ? undefined : Number(process.env.FUZZ_MIN_ROW_HEIGHT);
// FUZZ_ANCHOR=1 opens every seed at an `initialAnchor` drawn from the seed; without it, every fifth
// seed does (see `pageOfSeed`).
const IS_ANCHOR_FORCED = process.env.FUZZ_ANCHOR === '1';
// FUZZ_HURRIED=1 runs the first step of every seed during its opening; without it, every third
// seed does (see `pageOfSeed`).
const IS_HURRIED_FORCED = process.env.FUZZ_HURRIED === '1';
// FUZZ_NEWER=1 gives every seed newer pages to load (`hasNewer`); without it, every tenth seed
// has them (see `pageOfSeed`).
const IS_NEWER_FORCED = process.env.FUZZ_NEWER === '1';
// FUZZ_GROUPS=1 gives every seed day headers; without it, every fourth seed has them (see `pageOfSeed`).
const IS_GROUPS_FORCED = process.env.FUZZ_GROUPS === '1';
// FUZZ_COPIES=1000 opens every seed with its `count` messages that many times over: with
// FUZZ_COUNT=1000, a million messages, past the browser's height cap (issue #15, core scroll-space.ts).
const FORCED_COPIES = process.env.FUZZ_COPIES === undefined ? undefined : Number(process.env.FUZZ_COPIES);
const COMMAND_TIMEOUT_MS = 7000;
// The `browser` project (React 19, full speed, 1×) runs 8 seeds from 1; the React 18, throttled
// and fractional-DPR projects run the named replays and 3 seeds each of their own
// (vitest.config.ts). FUZZ_REPLAY replays one printed failure instead of the seeds.
const REPLAY = process.env.FUZZ_REPLAY;

const browser = useFixtureBrowser();

/** The message index a fractional position names now. */
const indexAt = (at: number, count: number) => Math.min(count - 1, Math.floor(at * count));

/**
 * Where message `index` stands against where `align` asks it to be, after a command that resolved
 * true or an opening at `initialAnchor`: within 1.5 px, unless an edge of the list holds it
 * (a list at its bottom, or top, edge cannot take the row further up, or down). `what` opens
 * each problem.
 */
const placementProblems = (after: ListSnapshot, index: number, align: Align, what: string): string[] => {
  const row = after.rows.find((candidate) => candidate.kind === 'message' && candidate.index === index);
  if (row === undefined) return [`${what} message ${index} not rendered`];
  // How far below where it was asked to be the row is (negative: above).
  const target = align === 'start' ? 0 : align === 'end' ? after.clientHeight : after.clientHeight / 2;
  const edge = align === 'start' ? row.top : align === 'end' ? row.bottom : (row.top + row.bottom) / 2;
  const below = edge - target;
  const isHeldByAnEdge = (below > 0 && gapOf(after) < 1.5) || (below < 0 && after.scrollTop < 1.5);
  return Math.abs(below) > 1.5 && !isHeldByAnEdge
    ? [`${what} message ${index} ${below.toFixed(1)} px from where ${align} asks it to be`]
    : [];
};

/** Applies one step; returns problems of its own (a command that did not settle, or landed elsewhere). */
const applyStep = async (fixture: FixturePage, step: Step, before: ListSnapshot, serial: number): Promise<string[]> => {
  const count = before.messageCount;
  switch (step.kind) {
    case 'overlap': {
      for (const inner of step.steps) {
        if (inner.kind === 'command') await fixture.run(startCommand(inner));
        else await applyStep(fixture, inner, before, serial);
      }
      return fixture.run<string[]>(`(async () => {
        const commands = (window.fuzzCommands ?? []).splice(0);
        await Promise.race([
          Promise.all(commands.map((command) => command.promise)),
          new Promise((resolve) => setTimeout(resolve, ${COMMAND_TIMEOUT_MS})),
        ]);
        return commands.filter((command) => !command.isSettled).map((command) => command.call + ' did not settle in ${COMMAND_TIMEOUT_MS} ms');
      })()`);
    }
    case 'prepend':
      await fixture.run(`window.fixture.prepend(${step.count})`);
      return [];
    case 'append':
      // While newer messages remain (hasNewer), what arrives at the end is the page the list asked
      // for, if it asked; otherwise a message that arrives anyway.
      if (before.hasNewer && (await fixture.run<boolean>('window.fixture.landNewerPage()'))) return [];
      await fixture.run(`window.fixture.append(${step.count}, '${step.role}')`);
      return [];
    case 'insert':
      await fixture.run(`window.fixture.setMessages((m) => {
        const at = Math.floor(${step.at} * (m.length + 1));
        return [...m.slice(0, at), ...window.fixture.generate(1), ...m.slice(at)];
      })`);
      return [];
    case 'remove':
    case 'replace-key':
    case 'edit': {
      if (count === 0) return [];
      const index = indexAt(step.at, count);
      const change =
        step.kind === 'remove'
          ? 'null'
          : step.kind === 'replace-key'
            ? `({ ...message, id: message.id + '-server${serial}' })`
            : `({ ...message, content: message.content + ' (edited)' })`;
      await fixture.run(`window.fixture.setMessages((m) => m.flatMap((message, index) => {
        if (index !== ${index}) return [message];
        const next = ${change};
        return next === null ? [] : [next];
      }))`);
      return [];
    }
    case 'clear':
      await fixture.run('window.fixture.setMessages(() => [])');
      return [];
    case 'resize-row': {
      const rows = before.rows.filter((row) => row.kind === 'message');
      if (rows.length === 0) return [];
      const row = rows[Math.min(rows.length - 1, Math.floor(step.at * rows.length))]!;
      await fixture.run(`window.fixture.setExtraHeight(${JSON.stringify(row.id)}, ${step.extra})`);
      return [];
    }
    case 'prefix':
      await fixture.run(`window.fixture.setPrefix(${step.shown ? "'Loading...'" : 'null'})`);
      return [];
    case 'suffix':
      await fixture.run(`window.fixture.setSuffix(${step.shown ? "'typing…'" : 'null'})`);
      return [];
    case 'resize-frame':
      await fixture.run(`window.fixture.setFrame({ width: '${step.width}px', height: '${step.height}px' })`);
      return [];
    case 'follow':
      await fixture.run(`window.fixture.setFollow('${step.mode}')`);
      return [];
    case 'wheel':
      await fixture.wheel(step.delta);
      return [];
    case 'scrollbar':
      await fixture.run(`(() => {
        const scroller = document.querySelector('[data-chat-list-scroller]');
        scroller.scrollTop = ${step.at} * (scroller.scrollHeight - scroller.clientHeight);
      })()`);
      return [];
    case 'key':
      await fixture.page.focus('[data-chat-list-scroller]');
      await fixture.page.keyboard.press(step.key);
      return [];
    case 'remeasure':
      await fixture.run('window.fixture.handle.remeasure()');
      return [];
    case 'remount':
      await fixture.run('window.fixture.setMounted(false)');
      await fixture.run('window.fixture.setMounted(true)');
      await fixture.page.waitForFunction(() => window.fixture.handle !== null);
      return [];
    case 'command': {
      if (step.command === 'offset' || step.command === 'by') {
        // The raw moves promise nothing but a still, consistent list (checked after every step).
        const offset = Math.round(step.at * Math.max(0, before.scrollHeight - before.clientHeight));
        await fixture.run(`window.fixture.handle.${handleCall(step, { index: '', id: '', offset: String(offset) })}`);
        return [];
      }
      const isToMessage = step.command === 'index' || step.command === 'id';
      if (isToMessage && count === 0) return [];
      const index = indexAt(step.at, count);
      const align = step.align ?? 'start';
      const id = isToMessage ? await fixture.run<string>(`window.fixture.messages()[${index}].id`) : '';
      const call = handleCall(step, { index: String(index), id: JSON.stringify(id), offset: '' });
      const landed = await fixture.run<boolean | 'pending'>(
        `Promise.race([window.fixture.handle.${call}, new Promise((resolve) => setTimeout(() => resolve('pending'), ${COMMAND_TIMEOUT_MS}))])`,
      );
      if (landed === 'pending') return [`${call} did not settle in ${COMMAND_TIMEOUT_MS} ms`];
      if (!landed) return [];
      const after = await readSnapshot(fixture);
      if (step.command === 'bottom' && gapOf(after) > 1.5)
        return [`${call} resolved true with a gap of ${gapOf(after)}`];
      if (step.command === 'top' && after.scrollTop >= 1.5) return [`${call} resolved true at ${after.scrollTop}`];
      return isToMessage ? placementProblems(after, index, align, `${call} resolved true with`) : [];
    }
  }
};

/**
 * Starts a command inside an overlap without waiting for it: aimed at the messages the page has
 * rendered when it starts (as an app's handler would aim it), its promise kept on
 * `window.fuzzCommands` for the overlap to await once all its steps started.
 */
const startCommand = (step: CommandStep): string => {
  const call = `handle.${handleCall(step, {
    index: 'index',
    id: 'messages[index].id',
    offset: `Math.round(${step.at} * Math.max(0, scroller.scrollHeight - scroller.clientHeight))`,
  })}`;
  const isToMessage = step.command === 'index' || step.command === 'id';
  return `(() => {
    const handle = window.fixture.handle;
    const messages = window.fixture.messages();
    const scroller = document.querySelector('[data-chat-list-scroller]');
    const index = Math.min(messages.length - 1, Math.floor(${step.at} * messages.length));
    const command = { call: ${JSON.stringify(call)}, isSettled: false };
    command.promise = Promise.resolve(${isToMessage ? `index < 0 ? null : ${call}` : call}).finally(
      () => (command.isSettled = true),
    );
    (window.fuzzCommands ??= []).push(command);
  })()`;
};

type CommandStep = Extract<Step, { kind: 'command' }>;

/**
 * The handle's method call a command step makes (`scrollToIndex(…)`, without the handle), with
 * its target given as page expressions: literals for a command aimed when the step is drawn up,
 * names of the page's own variables for one aimed when it starts (`startCommand`).
 */
const handleCall = (step: CommandStep, target: { index: string; id: string; offset: string }): string => {
  const behavior = `behavior: '${step.behavior}'`;
  const align = `align: '${step.align ?? 'start'}', ${behavior}`;
  switch (step.command) {
    case 'bottom':
      return `scrollToBottom({ ${behavior} })`;
    case 'top':
      return `scrollToTop({ ${behavior} })`;
    case 'index':
      return `scrollToIndex(${target.index}, { ${align} })`;
    case 'id':
      return `scrollToId(${target.id}, { ${align} })`;
    case 'offset':
      return `scrollToOffset(${target.offset}, { ${behavior} })`;
    case 'by':
      return `scrollBy(${Math.round(step.at * 2000 - 1000)}, { ${behavior} })`;
  }
};

interface RunResult {
  /** Index of the step after which an invariant failed; -1 when all held. */
  failedAt: number;
  problems: string[];
}

/** Runs `steps` on a fresh page, checking every invariant after every step. */
/** The peek of the runs with turns on: a prompt brought to the top stands this far below it. */
const TURN_PEEK = 24;

/**
 * After the reader's prompt was appended and followed, with turns on (issue #19): the prompt is
 * `TURN_PEEK` px below the top, unless it and what follows it are too tall to stand there.
 */
const checkHeldTurn = (after: ListSnapshot): string[] => {
  const prompt = after.rows.find((row) => row.kind === 'message' && row.index === after.messageCount - 1);
  const last = after.rows[after.rows.length - 1];
  if (prompt === undefined || last === undefined || last.bottom - prompt.top > after.clientHeight - TURN_PEEK - 1) {
    return [];
  }
  return Math.abs(prompt.top - TURN_PEEK) > 1
    ? [`the new prompt is at ${prompt.top}, not ${TURN_PEEK} px below the top`]
    : [];
};

/** The page a sequence runs on; printed with a failure, and replayed as it is. */
interface FuzzPage {
  /** Messages it opens with. */
  count: number;
  /** Rendered inside StrictMode (effects mounted, unmounted and mounted again). */
  strict: boolean;
  /** The reader's prompts held at the top as assistant turns (issue #19). */
  turns?: boolean;
  /**
   * Every message row at least this tall, px (the estimate is 80): the rows an opening or a
   * command brings into view are measured taller than TanStack aimed by (the first frame of an
   * opening painted 1 890 px above the bottom, bbdcd65).
   */
  minRowHeight?: number;
  /**
   * Opens at `initialAnchor` (issue #16: the first unread, a search hit) instead of the newest
   * message: the opening message at `index`, placed as `align` says. A remount opens its new
   * conversation there too.
   */
  anchor?: { index: number; align: Align };
  /**
   * The first step runs as soon as the list has a handle, while the opening is still measuring
   * and placing its rows (an app that scrolls, a reply that streams in, a reader who wheels as the
   * page loads). Nothing is promised for that step but a list that settles consistent.
   */
  hurried?: boolean;
  /**
   * A window onto a longer conversation (issue #16): `hasNewer` until `pages` pages of 10 newer
   * messages were loaded, each dropping the `trim` oldest. The list asks for a page near the
   * bottom; an append step lands the page it asked for.
   */
  newer?: { pages: number; trim: number };
  /**
   * Day headers (issue #16): every `size` messages in the conversation's order are one day, the
   * first opening message being number `offset`; the day's header sticks to the top when
   * `isSticky`. Messages a step makes itself (insert, a replaced key) belong to no day, so the
   * first message of a day changes under the reader, and a header moves from one row to another.
   */
  groups?: { size: number; offset: number; isSticky: boolean };
  /** The opening `count` messages, this many times over (FUZZ_COPIES): `count × copies` messages open. */
  copies?: number;
}

/**
 * The page of a seed: every other one in StrictMode, every third with turns (and a different third
 * hurried), every fourth with tall rows, every fifth opened at an anchor (half of those with newer
 * pages), and every fourth (another fourth) with day headers.
 */
const pageOfSeed = (seed: number, count: number): FuzzPage => ({
  count,
  copies: FORCED_COPIES,
  strict: seed % 2 === 0,
  turns: seed % 3 === 0,
  minRowHeight: FORCED_MIN_ROW_HEIGHT ?? (seed % 4 === 3 ? 150 : undefined),
  anchor:
    (IS_ANCHOR_FORCED || seed % 5 === 2) && count > 0 ? anchorOfSeed(seed, count * (FORCED_COPIES ?? 1)) : undefined,
  hurried: IS_HURRIED_FORCED || seed % 3 === 2,
  // Half of the anchored seeds: the reader opened at the first unread of a longer conversation.
  newer: (IS_NEWER_FORCED || seed % 10 === 2) && count > 0 ? { pages: 3, trim: seed % 3 === 0 ? 10 : 0 } : undefined,
  groups: IS_GROUPS_FORCED || seed % 4 === 1 ? groupsOfSeed(seed) : undefined,
});

/** Days of 2 to 10 messages, from the seed number (not its random source, as `anchorOfSeed`), sticky on two seeds in three. */
const groupsOfSeed = (seed: number): NonNullable<FuzzPage['groups']> => {
  const size = 2 + (seed % 9);
  return { size, offset: Math.floor(seed / 9) % size, isSticky: seed % 3 !== 1 };
};

/**
 * A message anywhere in the opening `count`, and one of the three alignments, drawn from the seed
 * number, not from its random source: turning anchored openings on or off (FUZZ_ANCHOR) leaves
 * the steps a seed draws as they were.
 */
const anchorOfSeed = (seed: number, count: number): NonNullable<FuzzPage['anchor']> => ({
  index: Math.floor(((seed * 0.618034) % 1) * count),
  align: (['start', 'center', 'end'] as const)[Math.floor(seed / 5) % 3]!,
});

const describePage = ({ count, copies, strict, turns, minRowHeight, anchor, hurried, newer, groups }: FuzzPage) =>
  [
    `count=${count}`,
    copies !== undefined && `${copies} copies`,
    strict && 'strict',
    turns && 'turns',
    minRowHeight !== undefined && `rows ≥ ${minRowHeight} px`,
    anchor !== undefined && `opens at message ${anchor.index}, ${anchor.align}`,
    hurried && 'first step during the opening',
    newer !== undefined && `${newer.pages} newer pages${newer.trim > 0 ? `, each trimming ${newer.trim}` : ''}`,
    groups !== undefined &&
      `days of ${groups.size} from message ${groups.offset}${groups.isSticky ? ', sticky' : ', not sticky'}`,
  ]
    .filter(Boolean)
    .join(', ');

/** After an opening at `initialAnchor`: the anchored message where its alignment asks, unless everything fits. */
const checkAnchoredOpening = (after: ListSnapshot, anchor: FuzzPage['anchor']): string[] =>
  anchor === undefined || after.messageCount === 0 || after.scrollHeight <= after.clientHeight + 1
    ? []
    : placementProblems(after, anchor.index, anchor.align, 'opened at initialAnchor with');

const runSequence = async (
  steps: readonly Step[],
  { count, copies, strict, turns = false, minRowHeight, anchor, hurried = false, newer, groups }: FuzzPage,
): Promise<RunResult> => {
  const fixture = await browser.open(
    [
      `count=${count}`,
      copies !== undefined && `copies=${copies}`,
      strict && 'strict=1',
      turns && `turns=1&turnPeek=${TURN_PEEK}`,
      minRowHeight !== undefined && `minRowHeight=${minRowHeight}`,
      anchor !== undefined && `anchorIndex=${anchor.index}&anchorAlign=${anchor.align}`,
      newer !== undefined && `newerPages=${newer.pages}&newerDelay=manual&trim=${newer.trim}`,
      groups !== undefined &&
        `groupSize=${groups.size}&groupOffset=${groups.offset}${groups.isSticky ? '' : '&stickyGroupHeader=0'}`,
    ]
      .filter(Boolean)
      .join('&'),
  );
  let follow: FollowSetting = 'at-bottom';
  let before = await readSnapshot(fixture, hurried ? 0 : 3);
  const initial = hurried ? [] : [...checkSnapshot(before), ...checkAnchoredOpening(before, anchor)];
  if (initial.length > 0) return { failedAt: -1, problems: initial };
  for (const [serial, step] of steps.entries()) {
    const reader = readerRow(before);
    const touchesReaderRow =
      (step.kind === 'remove' || step.kind === 'replace-key') &&
      before.messageCount > 0 &&
      reader?.index === indexAt(step.at, before.messageCount);
    const total = before.messageCount;
    const messageRows = before.rows.filter((row) => row.kind === 'message');
    const touchesLastRow =
      total > 0 &&
      (step.kind === 'insert'
        ? Math.floor(step.at * (total + 1)) === total
        : step.kind === 'resize-row'
          ? messageRows[Math.min(messageRows.length - 1, Math.floor(step.at * messageRows.length))]?.index === total - 1
          : (step.kind === 'remove' || step.kind === 'replace-key' || step.kind === 'edit') &&
            indexAt(step.at, total) === total - 1);
    const expectation =
      hurried && serial === 0
        ? 'free'
        : expectationOf(step, {
            wasAtBottom: gapOf(before) < 1.5,
            wasAtTop: before.scrollTop < 1.5,
            fits: before.scrollHeight <= before.clientHeight + 1,
            follow,
            hasNewer: before.hasNewer,
            touchesReaderRow,
            touchesLastRow,
          });
    const problems = await applyStep(fixture, step, before, serial);
    for (const each of step.kind === 'overlap' ? step.steps : [step]) {
      if (each.kind === 'follow') follow = each.mode;
      // The fixture's state lives in the unmounted component: a remount opens a new conversation
      // with the page's defaults.
      if (each.kind === 'remount') follow = 'at-bottom';
    }
    // Reader input and commands may start a smooth scroll a few frames late: wait longer for them.
    const isScroll =
      step.kind === 'wheel' ||
      step.kind === 'key' ||
      step.kind === 'scrollbar' ||
      step.kind === 'command' ||
      step.kind === 'overlap';
    const after = await readSnapshot(fixture, isScroll ? 12 : 3);
    problems.push(...checkSnapshot(after), ...checkExpectation(expectation, before, after), ...fixture.errors);
    if (step.kind === 'remount') problems.push(...checkAnchoredOpening(after, anchor));
    // Into an empty list the first messages open the conversation: no turn is held (docs/turns.md).
    const isTurnHeld = turns && step.kind === 'append' && step.role === 'user' && before.messageCount > 0;
    if (isTurnHeld && expectation === 'bottom') {
      problems.push(...checkHeldTurn(after));
    }
    if (problems.length > 0) {
      await fixture.page.close();
      return { failedAt: serial, problems };
    }
    before = after;
  }
  await fixture.page.close();
  return { failedAt: -1, problems: [] };
};

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
];

if (REPLAY === undefined) {
  describe('replaying what the fuzzer found', () => {
    for (const { name, steps, ...page } of FOUND_BY_THE_FUZZER) {
      it(
        name,
        async () => {
          const result = await runSequence(steps, page);
          expect(result.problems, `failed after step ${result.failedAt}`).toEqual([]);
        },
        120_000,
      );
    }
  });

  describe(`fuzzing ${SEEDS} seeds × ${STEPS} steps from seed ${FIRST_SEED}`, () => {
    for (let seed = FIRST_SEED; seed < FIRST_SEED + SEEDS; seed++) {
      it(`seed ${seed}: every invariant holds after every step`, async () => {
        const random = createRandom(seed);
        const picked = random.pick([0, 3, 50, 300]);
        const page = pageOfSeed(seed, FORCED_COUNT ?? picked);
        const steps = generateSteps(random, STEPS);
        const result = await runSequence(steps, page);
        if (result.failedAt === -1 && result.problems.length === 0) return;
        const failing = steps.slice(0, result.failedAt + 1);
        const shrunk = await shrinkSteps(
          failing,
          async (candidate) => {
            const replay = await runSequence(candidate, page);
            return replay.problems.length > 0;
          },
          20,
        );
        const replay = await runSequence(shrunk, page);
        expect.fail(
          [
            `seed ${seed} (${describePage(page)}) failed after step ${result.failedAt}: ${result.problems.join('; ')}`,
            `shrunk to ${shrunk.length} steps; replay with FUZZ_REPLAY='${JSON.stringify({ ...page, steps: shrunk })}'`,
            `which fail with: ${replay.problems.join('; ')}`,
          ].join('\n'),
        );
      }, 600_000);
    }
  });
} else {
  // Replays one printed failure: FUZZ_REPLAY='{"count":50,"strict":false,"steps":[…]}'.
  describe('replaying FUZZ_REPLAY', () => {
    it('holds every invariant after every step', async () => {
      const { steps, ...page } = JSON.parse(REPLAY) as Partial<FuzzPage> & { count: number; steps: Step[] };
      const result = await runSequence(steps, { strict: false, ...page });
      expect(result.problems, `failed after step ${result.failedAt}`).toEqual([]);
    }, 600_000);
  });
}

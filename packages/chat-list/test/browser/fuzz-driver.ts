import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { FixtureBrowser, FixturePage } from './fixture-page';
import { readSnapshot } from './list-snapshot';
import { checkExpectation, checkSnapshot, gapOf, readerRow, type ListSnapshot } from '../fuzz/invariants';
import { createRandom } from '../fuzz/random';
import { shrinkSteps } from '../fuzz/shrink';
import { expectationOf, generateSteps, type Align, type FollowSetting, type Step } from '../fuzz/steps';

// The fuzzer's browser side: random, realistic sequences of updates, reader scrolls and commands
// run on a fixture page, with the invariants checked after every step. Its test files:
// fuzz-replays.browser.test.ts replays the shrunk failures it found, by name, and
// fuzz-seeds-{1,2}.browser.test.ts run the seeds, each half of them, so that two workers share
// them. The test command runs a bounded budget with fixed seeds; `pnpm fuzz --seeds 500` runs a
// long one before a release (FUZZ_SEEDS, FUZZ_STEPS, FUZZ_FIRST_SEED). A failure prints its seed
// and a shrunk step list to replay (FUZZ_REPLAY).
export const SEEDS = Number(process.env.FUZZ_SEEDS ?? 8);
export const STEPS = Number(process.env.FUZZ_STEPS ?? 30);
export const FIRST_SEED = Number(process.env.FUZZ_FIRST_SEED ?? 1);
// FUZZ_COUNT opens every seed with that many messages: 12000 fuzzes lists that open with an
// opening window (issue #15, core opening-window.ts).
export const FORCED_COUNT = process.env.FUZZ_COUNT === undefined ? undefined : Number(process.env.FUZZ_COUNT);
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
export const REPLAY = process.env.FUZZ_REPLAY;
/**
 * FUZZ_TRACE_DUMP=<file>: a sequence that fails writes there the engine's trace of its page (every
 * scroll write with its reason, every write of TanStack's offset, every change of owner), with
 * the snapshots before and after the failing step: what the engine did, read before the page closes.
 */
const TRACE_DUMP = process.env.FUZZ_TRACE_DUMP;
/**
 * FUZZ_PAINTED_FRAMES=1: also fails a step during which a painted frame showed part of the
 * viewport blank where the content has rows (the page samples every frame). Not in the default
 * runs yet: it finds single blank frames the list still paints (a follow whose target moved far
 * when the rows it brought into view were measured), to be fixed first.
 */
const WATCH_PAINTED_FRAMES = process.env.FUZZ_PAINTED_FRAMES === '1';

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
      // React renders the unmount in a task of its own: the second call, sent before that task
      // ran, was batched with the first into no change at all, and the list the model took for
      // a new one (with the page's default follow mode) was the same list, still following
      // 'only-received'.
      await fixture.page.waitForFunction(() => window.fixture.handle === null);
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
      await fixture.run(`window.fuzzTopCommandId = ${JSON.stringify(isBroughtToTop(step) ? id : null)}`);
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
    window.fuzzTopCommandId = ${isBroughtToTop(step) ? 'messages[index]?.id ?? null' : 'null'};
    const command = { call: ${JSON.stringify(call)}, isSettled: false };
    command.promise = Promise.resolve(${isToMessage ? `index < 0 ? null : ${call}` : call}).finally(
      () => (command.isSettled = true),
    );
    (window.fuzzCommands ??= []).push(command);
  })()`;
};

type CommandStep = Extract<Step, { kind: 'command' }>;

/**
 * Whether a command brings its message to the top: a turn it takes the reader to is then the
 * current turn while it stays there, whatever the reading line finds (list-snapshot.ts).
 */
const isBroughtToTop = (step: CommandStep): boolean =>
  (step.command === 'index' || step.command === 'id') && (step.align ?? 'start') === 'start';

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
export interface FuzzPage {
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
export const pageOfSeed = (seed: number, count: number): FuzzPage => ({
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

export const describePage = ({
  count,
  copies,
  strict,
  turns,
  minRowHeight,
  anchor,
  hurried,
  newer,
  groups,
}: FuzzPage) =>
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

/** Runs `steps` on a fresh page, checking every invariant after every step. */
/**
 * The frames painted since the last call that showed part of the viewport blank where the
 * content has rows (the page samples every frame): during a step and the wait for it to settle.
 */
const takeBlankFrames = async (fixture: FixturePage): Promise<string[]> => {
  if (!WATCH_PAINTED_FRAMES) return [];
  const blanks = await fixture.run<string[]>('window.fixture.events.blankFrames.splice(0)');
  return blanks.length === 0 ? [] : [`${blanks.length} painted frame(s) with a blank strip, the first: ${blanks[0]}`];
};

export const runSequence = async (
  browser: FixtureBrowser,
  steps: readonly Step[],
  { count, copies, strict, turns = false, minRowHeight, anchor, hurried = false, newer, groups }: FuzzPage,
): Promise<RunResult> => {
  const fixture = await browser.open(
    [
      `count=${count}`,
      WATCH_PAINTED_FRAMES && 'watchFrames=1',
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
  const openingBlanks = await takeBlankFrames(fixture);
  const initial = hurried ? [] : [...checkSnapshot(before), ...checkAnchoredOpening(before, anchor), ...openingBlanks];
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
    problems.push(
      ...checkSnapshot(after),
      ...checkExpectation(expectation, before, after),
      ...(await takeBlankFrames(fixture)),
      ...fixture.errors,
    );
    if (step.kind === 'remount') problems.push(...checkAnchoredOpening(after, anchor));
    // Into an empty list the first messages open the conversation: no turn is held (docs/turns.md).
    const isTurnHeld = turns && step.kind === 'append' && step.role === 'user' && before.messageCount > 0;
    if (isTurnHeld && expectation === 'bottom') {
      problems.push(...checkHeldTurn(after));
    }
    if (problems.length > 0) {
      if (TRACE_DUMP !== undefined) {
        const trace = await fixture.page.evaluate(() => window.fixture?.engineTrace?.() ?? null);
        writeFileSync(TRACE_DUMP, `${JSON.stringify({ failedAt: serial, problems, before, after, trace })}\n`);
      }
      await fixture.page.close();
      return { failedAt: serial, problems };
    }
    before = after;
  }
  await fixture.page.close();
  return { failedAt: -1, problems: [] };
};

/**
 * Runs one seed's random sequence; a failure is shrunk and reported with the steps to replay.
 */
export const runSeed = async (browser: FixtureBrowser, seed: number): Promise<void> => {
  const random = createRandom(seed);
  const picked = random.pick([0, 3, 50, 300]);
  const page = pageOfSeed(seed, FORCED_COUNT ?? picked);
  const steps = generateSteps(random, STEPS);
  const result = await runSequence(browser, steps, page);
  if (result.failedAt === -1 && result.problems.length === 0) return;
  // Said at once: shrinking replays the sequence many times, and may outlast the test's timeout.
  const failing = steps.slice(0, result.failedAt + 1);
  console.error(
    `seed ${seed} failed after step ${result.failedAt}: ${result.problems.join('; ')}; shrinking… ` +
      `(unshrunk: FUZZ_REPLAY='${JSON.stringify({ ...page, steps: failing })}')`,
  );
  const shrunk = await shrinkSteps(
    failing,
    async (candidate) => {
      const replay = await runSequence(browser, candidate, page);
      return replay.problems.length > 0;
    },
    20,
  );
  const replay = await runSequence(browser, shrunk, page);
  expect.fail(
    [
      `seed ${seed} (${describePage(page)}) failed after step ${result.failedAt}: ${result.problems.join('; ')}`,
      `shrunk to ${shrunk.length} steps; replay with FUZZ_REPLAY='${JSON.stringify({ ...page, steps: shrunk })}'`,
      `which fail with: ${replay.problems.join('; ')}`,
    ].join('\n'),
  );
};

/** The seeds of part `part` (1-based) of `parts`: consecutive runs of the bounded budget. */
export const seedsOfPart = (part: number, parts: number): number[] => {
  const size = Math.ceil(SEEDS / parts);
  const first = FIRST_SEED + (part - 1) * size;
  const last = Math.min(FIRST_SEED + SEEDS, first + size);
  return Array.from({ length: Math.max(0, last - first) }, (_, offset) => first + offset);
};

/**
 * Declares the tests of part `part` of `parts` of the seeds: each part a test file of its own, so
 * that workers run them side by side. Nothing runs while FUZZ_REPLAY replays a printed failure.
 */
export const describeSeedPart = (browser: FixtureBrowser, part: number, parts: number): void => {
  // One seed (`pnpm fuzz --seeds 1`) leaves the second part empty: it declares nothing.
  if (seedsOfPart(part, parts).length === 0) return;
  describe.skipIf(REPLAY !== undefined)(
    `fuzzing ${SEEDS} seeds × ${STEPS} steps from seed ${FIRST_SEED}, part ${part} of ${parts}`,
    () => {
      for (const seed of seedsOfPart(part, parts)) {
        it(`seed ${seed}: every invariant holds after every step`, () => runSeed(browser, seed), 600_000);
      }
    },
  );
};

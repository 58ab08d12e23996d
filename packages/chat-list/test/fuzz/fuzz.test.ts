import { describe, expect, it } from 'vitest';
import { checkExpectation, checkSnapshot, type ListSnapshot, type RowSnapshot } from './invariants';
import { createRandom } from './random';
import { shrinkSteps } from './shrink';
import { expectationOf, generateSteps, type Step } from './steps';

const row = (virtualIndex: number, top: number, height = 50): RowSnapshot => ({
  kind: 'message',
  virtualIndex,
  index: virtualIndex,
  id: `m${virtualIndex}`,
  top,
  bottom: top + height,
  header: null,
  textTop: top,
});

/** 100 rows of 50 px in a 200 px viewport at scrollTop 1000 (rows 20–23 in view), as the page would report it. */
const snapshot = (overrides: Partial<ListSnapshot> = {}): ListSnapshot => ({
  scrollTop: 1000,
  scrollHeight: 5000,
  clientHeight: 200,
  messageCount: 100,
  hasSuffix: false,
  hasNewer: false,
  rows: [18, 19, 20, 21, 22, 23, 24, 25].map((index) => row(index, index * 50 - 1000)),
  handle: {
    isAtTop: false,
    isAtBottom: false,
    range: { firstIndex: 20, lastIndex: 23 },
    unseenCount: 76,
    visibleSeen: [true, true, true, true],
    newestSeenIndex: 23,
  },
  turns: null,
  groups: null,
  ...overrides,
});

describe('the fuzzer’s random source', () => {
  it('gives the same steps for the same seed, and other steps for another', () => {
    expect(generateSteps(createRandom(7), 50)).toEqual(generateSteps(createRandom(7), 50));
    expect(generateSteps(createRandom(7), 50)).not.toEqual(generateSteps(createRandom(8), 50));
  });

  it('draws every kind of step over a long run', () => {
    const steps = generateSteps(createRandom(1), 2000);
    const kinds = new Set(
      steps.flatMap((step) => (step.kind === 'overlap' ? step.steps : [step])).map((step) => step.kind),
    );
    expect(kinds.size).toBe(18);
    expect(steps.some((step) => step.kind === 'overlap')).toBe(true);
  });

  it('never nests an overlap in an overlap', () => {
    const overlaps = generateSteps(createRandom(3), 2000).flatMap((step) => (step.kind === 'overlap' ? [step] : []));
    expect(overlaps.length).toBeGreaterThan(50);
    expect(overlaps.flatMap((overlap) => overlap.steps).some((step) => (step as Step).kind === 'overlap')).toBe(false);
  });
});

describe('checkSnapshot', () => {
  it('accepts a consistent snapshot', () => {
    expect(checkSnapshot(snapshot())).toEqual([]);
  });

  it('finds a scroller left past the end of its content, rows or none', () => {
    const empty = { scrollTop: 24_536, scrollHeight: 450, clientHeight: 450, messageCount: 0, rows: [] };
    expect(
      checkSnapshot(snapshot({ ...empty, handle: { ...snapshot().handle, range: null, visibleSeen: [] } })),
    ).toContainEqual(expect.stringMatching(/past the end of the content: 24536 \+ 450 of 450/));
    expect(checkSnapshot(snapshot({ scrollTop: 4802 }))).toContainEqual(expect.stringMatching(/past the end/));
    expect(checkSnapshot(snapshot({ scrollTop: 4801 }))).not.toContainEqual(expect.stringMatching(/past the end/));
  });

  it('finds a blank strip, rows out of order, and a handle that disagrees with the DOM', () => {
    const rows = snapshot().rows;
    expect(checkSnapshot(snapshot({ rows: rows.slice(0, 4) }))).toContainEqual(
      expect.stringMatching(/blank strip at the bottom/),
    );
    expect(checkSnapshot(snapshot({ rows: [rows[0]!, rows[2]!, ...rows.slice(3)] }))).toContainEqual(
      expect.stringMatching(/out of order/),
    );
    expect(checkSnapshot(snapshot({ handle: { ...snapshot().handle, isAtBottom: true } }))).toContainEqual(
      expect.stringMatching(/isAtBottom/),
    );
    expect(
      checkSnapshot(snapshot({ handle: { ...snapshot().handle, range: { firstIndex: 18, lastIndex: 23 } } })),
    ).toContainEqual(expect.stringMatching(/getVisibleRange/));
    expect(checkSnapshot(snapshot({ handle: { ...snapshot().handle, visibleSeen: [true, false] } }))).toContainEqual(
      expect.stringMatching(/wasSeen/),
    );
    expect(checkSnapshot(snapshot({ handle: { ...snapshot().handle, newestSeenIndex: -1 } }))).toContainEqual(
      expect.stringMatching(/newestSeenId names no message/),
    );
    expect(
      checkSnapshot(snapshot({ handle: { ...snapshot().handle, newestSeenIndex: 21, unseenCount: 78 } })),
    ).toContainEqual(expect.stringMatching(/message 23 is in full view/));
    expect(checkSnapshot(snapshot({ handle: { ...snapshot().handle, unseenCount: 70 } }))).toContainEqual(
      expect.stringMatching(/unseenCount is 70; 76 messages/),
    );
  });

  it('finds rows positioned beyond the end of the content', () => {
    const atEnd = snapshot({
      scrollTop: 4800,
      rows: [96, 97, 98, 99].map((index) => row(index, index * 50 - 4800 + 300)),
      handle: { ...snapshot().handle, isAtBottom: true, range: null, visibleSeen: [] },
    });
    expect(checkSnapshot(atEnd)).toContainEqual(expect.stringMatching(/the last row ends at/));
    // A suffix that is not rendered follows the last message: the content goes on below it.
    expect(checkSnapshot({ ...atEnd, hasSuffix: true })).not.toContainEqual(
      expect.stringMatching(/the last row ends at/),
    );
  });

  it('expects isAtBottom false at the end of what is loaded while newer messages remain (hasNewer)', () => {
    const atEnd = snapshot({
      scrollTop: 4800,
      rows: [96, 97, 98, 99].map((index) => row(index, index * 50 - 4800)),
      handle: {
        ...snapshot().handle,
        isAtBottom: true,
        range: { firstIndex: 96, lastIndex: 99 },
        visibleSeen: [true, true, true, true],
        newestSeenIndex: 99,
        unseenCount: 0,
      },
    });
    expect(checkSnapshot(atEnd)).toEqual([]);
    expect(checkSnapshot({ ...atEnd, hasNewer: true })).toContainEqual(
      expect.stringMatching(/isAtBottom is true with a gap of 0 and newer messages to load/),
    );
    expect(checkSnapshot({ ...atEnd, hasNewer: true, handle: { ...atEnd.handle, isAtBottom: false } })).toEqual([]);
  });

  it('allows a held turn’s reserve of up to a viewport below the last row, no more', () => {
    // At the bottom, the rows end 100 px above the content's end (the viewport is 200 px).
    const reserved = snapshot({
      scrollTop: 4900,
      scrollHeight: 5100,
      rows: [96, 97, 98, 99].map((index) => row(index, index * 50 - 4900)),
      handle: {
        ...snapshot().handle,
        isAtBottom: true,
        range: { firstIndex: 98, lastIndex: 99 },
        visibleSeen: [true, true],
        newestSeenIndex: 99,
        unseenCount: 0,
      },
    });
    const turns = { currentIndex: 98, expectedIndexes: [98, 98] };
    expect(checkSnapshot(reserved)).toContainEqual(expect.stringMatching(/the last row ends at/));
    expect(checkSnapshot({ ...reserved, turns })).toEqual([]);
    expect(checkSnapshot({ ...reserved, scrollHeight: 5400, turns })).toContainEqual(
      expect.stringMatching(/the last row ends at/),
    );
  });

  it('finds a current turn the DOM disagrees with, and accepts either reading at a row edge', () => {
    expect(checkSnapshot(snapshot({ turns: { currentIndex: 12, expectedIndexes: [12, 20] } }))).toEqual([]);
    expect(checkSnapshot(snapshot({ turns: { currentIndex: 20, expectedIndexes: [12, 20] } }))).toEqual([]);
    expect(checkSnapshot(snapshot({ turns: { currentIndex: -1, expectedIndexes: [12, 12] } }))).toContainEqual(
      expect.stringMatching(/currentTurnId is message -1/),
    );
  });
});

/**
 * Day headers over the default snapshot (rows 18–25, row 20 spanning the top at 0): days of 4
 * messages, so rows 20 and 24 start a day and carry its header (their text 24 px lower).
 */
const withDays = (
  rowOverrides: (row: RowSnapshot) => Partial<RowSnapshot> = () => ({}),
  stuck: string | null = null,
) => {
  const base = snapshot();
  const rows = base.rows.map((each) => {
    const header = each.index! % 4 === 0 ? `Day ${each.index! / 4}` : null;
    return { ...each, header, textTop: each.top + (header === null ? 0 : 24), ...rowOverrides(each) };
  });
  return snapshot({
    rows,
    groups: {
      isSticky: true,
      stuck,
      days: rows.map((each) => `Day ${Math.floor(each.index! / 4)}`),
      expectedHeaders: rows.map((each) => (each.index! % 4 === 0 ? `Day ${each.index! / 4}` : null)),
    },
  });
};

describe('checkSnapshot with day headers', () => {
  it('accepts headers on the first message of each day, and no stuck copy over a day’s own header in view', () => {
    expect(checkSnapshot(withDays())).toEqual([]);
  });

  it('finds a header missing, a header on the wrong row, and a stuck copy of another day', () => {
    const moved = withDays((each) =>
      each.index === 20 ? { header: null } : each.index === 21 ? { header: 'Day 5' } : {},
    );
    expect(checkSnapshot(moved)).toEqual([
      'message 20 carries the header null, expected "Day 5"',
      'message 21 carries the header "Day 5", expected null',
      'no stuck header over message 20 of "Day 5" at 0',
    ]);
    expect(checkSnapshot(withDays(undefined, 'Day 4'))).toEqual([
      'the stuck header is "Day 4" over row 20 of "Day 5"',
      'a stuck header covers the header of message 20, in view at 0',
    ]);
  });

  it('expects the day to stick once the top row’s own header scrolls away, and not before', () => {
    // 10 px further down: row 20 (Day 5's first) is 10 px above the top, its header half gone.
    const scrolled = (stuck: string | null) =>
      withDays((each) => ({ top: each.top - 10, bottom: each.bottom - 10 }), stuck);
    expect(checkSnapshot({ ...scrolled(null), scrollTop: 1010 })).toContain(
      'no stuck header over message 20 of "Day 5" at -10',
    );
    expect(checkSnapshot({ ...scrolled('Day 5'), scrollTop: 1010 }).filter((line) => line.includes('stuck'))).toEqual(
      [],
    );
  });
});

describe('checkExpectation', () => {
  it('follows the reader’s text, not the row’s top, when the row gained or lost its day’s header', () => {
    // Row 20 loses its header (older messages of its day arrive above): its top moves 24 px down
    // and its text stays, the list having compensated.
    const before = withDays();
    const kept = withDays((each) =>
      each.index === 20 ? { header: null, top: each.top + 24, bottom: each.bottom, textTop: each.top + 24 } : {},
    );
    expect(checkExpectation('anchor', before, kept)).toEqual([]);
    // Not compensated: the text jumped up by the header's height.
    const jumped = withDays((each) => (each.index === 20 ? { header: null, textTop: each.top } : {}));
    expect(checkExpectation('anchor', before, jumped)).toEqual(["the reader's text m20 moved -24.0 px"]);
  });

  it("reports the reader's row moving, and accepts it staying", () => {
    const before = snapshot();
    const moved = snapshot({ rows: before.rows.map((r) => ({ ...r, top: r.top + 120, bottom: r.bottom + 120 })) });
    expect(checkExpectation('anchor', before, moved)).toEqual(["the reader's row m20 moved 120.0 px"]);
    expect(checkExpectation('anchor', before, before)).toEqual([]);
    expect(checkExpectation('free', before, moved)).toEqual([]);
  });

  it('finds the reader in the part of the viewport a shorter one keeps: the row that spans it', () => {
    // 600 px, rows of 300 px: row 20 spans the top (cut 10 px), row 21 starts 290 px down. The
    // viewport made 200 px shows row 20 alone; rows re-wrapped wider keep it still and row 21
    // moves up with its shrink.
    const tall = (first: number, second: number): ListSnapshot =>
      snapshot({ clientHeight: 600, rows: [row(20, -10, first), row(21, first - 10, second)] });
    const short = (first: number, second: number): ListSnapshot => ({ ...tall(first, second), clientHeight: 200 });
    expect(checkExpectation('anchor', tall(300, 300), short(150, 150))).toEqual([]);
    // The same shrink, the spanning row not kept: it is what the reader was reading.
    const shifted = short(150, 150);
    shifted.rows = shifted.rows.map((each) => ({ ...each, top: each.top - 40, bottom: each.bottom - 40 }));
    expect(checkExpectation('anchor', tall(300, 300), shifted)).toEqual(["the reader's row m20 moved -40.0 px"]);
    // Where the viewport stays as tall, row 21 is the reader's row, and its move is reported.
    expect(checkExpectation('anchor', tall(300, 300), tall(150, 150))).toEqual([
      "the reader's row m21 moved -150.0 px",
    ]);
  });

  it('reports a list that should be at the bottom and is not', () => {
    expect(checkExpectation('bottom', snapshot(), snapshot())).toEqual([
      'expected to be at the bottom, the gap is 3800',
    ]);
  });
});

describe('expectationOf', () => {
  const context = {
    wasAtBottom: true,
    wasAtTop: false,
    fits: false,
    follow: 'at-bottom' as const,
    hasNewer: false,
    touchesReaderRow: false,
    touchesLastRow: false,
  };
  it('follows SPEC §2.3 for appends', () => {
    const append: Step = { kind: 'append', count: 1, role: 'user' };
    expect(expectationOf(append, context)).toBe('bottom');
    // The reader's own message is brought into view wherever they were, but with 'never'.
    expect(expectationOf(append, { ...context, wasAtBottom: false })).toBe('bottom');
    expect(expectationOf({ ...append, role: 'assistant' }, { ...context, wasAtBottom: false })).toBe('anchor');
    expect(expectationOf(append, { ...context, follow: 'never' })).toBe('anchor');
    expect(expectationOf(append, { ...context, wasAtBottom: false, follow: 'never' })).toBe('anchor');
    expect(
      expectationOf({ ...append, role: 'assistant' }, { ...context, wasAtBottom: false, follow: 'only-received' }),
    ).toBe('bottom');
  });

  it('neither follows nor pins while newer messages remain to load, whatever the follow mode', () => {
    const append: Step = { kind: 'append', count: 10, role: 'assistant' };
    expect(expectationOf(append, { ...context, follow: 'always', hasNewer: true })).toBe('anchor');
    expect(expectationOf(append, { ...context, follow: 'only-received', hasNewer: true })).toBe('anchor');
    expect(expectationOf({ kind: 'suffix', shown: true }, { ...context, hasNewer: true })).toBe('anchor');
    expect(expectationOf({ kind: 'suffix', shown: true }, context)).toBe('bottom');
  });

  it('lets a prefix appearing at the very top move the rows (SPEC §2.5), and nothing else', () => {
    expect(expectationOf({ kind: 'prefix', shown: true }, { ...context, wasAtTop: true })).toBe('free');
    expect(expectationOf({ kind: 'prefix', shown: true }, context)).toBe('anchor');
  });

  it('promises no anchor when the content fits the viewport, and pins only the last row’s growth', () => {
    const grow: Step = { kind: 'resize-row', at: 0.5, extra: 30 };
    expect(expectationOf(grow, { ...context, wasAtBottom: false, fits: true })).toBe('free');
    expect(expectationOf(grow, { ...context, touchesLastRow: true })).toBe('bottom');
    expect(expectationOf(grow, context)).toBe('either');
    expect(
      expectationOf(
        { kind: 'insert', at: 1 },
        { ...context, wasAtBottom: false, follow: 'always', touchesLastRow: true },
      ),
    ).toBe('bottom');
  });
});

describe('shrinkSteps', () => {
  it('finds the two steps that fail together among forty', async () => {
    const steps = Array.from({ length: 40 }, (_, i) => i);
    const fails = async (candidate: readonly number[]) => candidate.includes(7) && candidate.includes(31);
    expect(await shrinkSteps(steps, fails, 200)).toEqual([7, 31]);
  });
});

describe('checkExpectation', () => {
  it('accepts either the anchor or the bottom for `either`, and fails when neither holds', () => {
    const before = snapshot();
    const moved = snapshot({ rows: before.rows.map((r) => ({ ...r, top: r.top + 40, bottom: r.bottom + 40 })) });
    expect(checkExpectation('either', before, before)).toEqual([]);
    expect(checkExpectation('either', before, moved)).toHaveLength(1);
    expect(checkExpectation('either', before, { ...moved, scrollTop: 4800 })).toEqual([]);
  });
});

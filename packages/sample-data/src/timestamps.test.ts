import { describe, expect, it } from 'vitest';
import {
  createMessageGenerator,
  type ChatMessage,
  type MessageGenerator,
  type MessageGeneratorOptions,
} from './index.js';

/** Lets tests pass values the types forbid, as untyped JS callers could. */
const loose = (value: unknown) => value as MessageGeneratorOptions;
const looseCount = (value: unknown) => value as number;

const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const DAY = 24 * 60 * 60 * 1000;

const timeOf = (m: ChatMessage): number => {
  expect(m.createdAt).toMatch(ISO_UTC);
  return Date.parse(m.createdAt as string);
};
/** The UTC calendar date of a message, 'YYYY-MM-DD'. */
const dayOf = (m: ChatMessage): string => (m.createdAt as string).slice(0, 10);

const expectStrictlyIncreasing = (list: ChatMessage[]): void => {
  for (let i = 1; i < list.length; i++) {
    expect(timeOf(list[i] as ChatMessage), `message ${i}`).toBeGreaterThan(timeOf(list[i - 1] as ChatMessage));
  }
};

/** A message as it would be without timestamps. */
const withoutCreatedAt = ({ createdAt: _createdAt, ...rest }: ChatMessage): ChatMessage => rest;

/** Every public way of getting messages, mixed, in a fixed order. */
const mixedCalls = (gen: MessageGenerator): ChatMessage[] => [
  ...gen.messages(20),
  gen.user(),
  gen.assistant(),
  gen.message(),
  ...gen.olderMessages(15),
  ...gen.messages(10),
  ...gen.olderMessages(5),
  gen.user(),
];

describe('timestamps off (the default)', () => {
  it('messages from every method have no createdAt property at all', () => {
    for (const options of [{ seed: 1 }, { seed: 1, timestamps: false }, { seed: 1, timestamps: undefined }]) {
      for (const m of mixedCalls(createMessageGenerator(options))) expect(m).not.toHaveProperty('createdAt');
    }
  });

  it('timestamps: false is the same as leaving it out', () => {
    expect(mixedCalls(createMessageGenerator({ seed: 2, timestamps: false }))).toEqual(
      mixedCalls(createMessageGenerator({ seed: 2 })),
    );
  });

  it('olderMessages(count) then returns what messages(count) would', () => {
    const a = createMessageGenerator({ seed: 3 });
    const b = createMessageGenerator({ seed: 3 });
    expect(a.olderMessages(40)).toEqual(b.messages(40));
    expect(a.messages(10)).toEqual(b.olderMessages(10));
  });
});

describe('timestamps on: content is unchanged', () => {
  it.each<[string, MessageGeneratorOptions]>([
    ['defaults', { seed: 4 }],
    ['participants and Markdown replies', { seed: 5, participants: 3, assistantReplies: 'markdown' }],
    ['de locale and faker userpics', { seed: 6, locale: 'de', userpics: 'faker' }],
  ])('ids, roles, content, names and userpics are the same with and without (%s)', (_label, options) => {
    const plain = mixedCalls(createMessageGenerator(options));
    for (const timestamps of [true, { start: '2026-03-01T12:00:00Z' }, { end: 1_800_000_000_000 }]) {
      const gen = createMessageGenerator({ ...options, timestamps });
      const dated = mixedCalls(gen);
      for (const m of dated) expect(m.createdAt).toMatch(ISO_UTC);
      expect(dated.map(withoutCreatedAt)).toEqual(plain);
      // Same keys in the same order, createdAt added last.
      for (const m of dated) expect(Object.keys(m)).toEqual(['id', 'role', 'content', 'name', 'userpic', 'createdAt']);
    }
  });

  it('the cast is the same', () => {
    const options = { seed: 7, participants: 4 };
    expect(createMessageGenerator({ ...options, timestamps: true }).participants).toEqual(
      createMessageGenerator(options).participants,
    );
  });
});

describe('timestamps on: determinism', () => {
  it('the same seed and options give the same times', () => {
    const run = () => mixedCalls(createMessageGenerator({ seed: 8, timestamps: { end: '2026-11-20T18:00:00Z' } }));
    expect(run()).toEqual(run());
  });

  it('different seeds give different times', () => {
    const times = (seed: number) =>
      createMessageGenerator({ seed, timestamps: true })
        .messages(50)
        .map((m) => m.createdAt);
    expect(times(9)).not.toEqual(times(10));
  });

  it('a random seed read back from gen.seed reproduces the times', () => {
    const gen = createMessageGenerator({ timestamps: true });
    const first = gen.messages(50);
    expect(createMessageGenerator({ seed: gen.seed, timestamps: true }).messages(50)).toEqual(first);
  });

  it('seeds that differ only above 32 bits still get different times', () => {
    const times = (seed: number) =>
      createMessageGenerator({ seed, timestamps: true })
        .messages(50)
        .map((m) => m.createdAt);
    expect(times(1 + 2 ** 32)).not.toEqual(times(1));
  });

  it('createdAt is a UTC ISO 8601 string that survives JSON and Date round trips', () => {
    const list = createMessageGenerator({ seed: 11, timestamps: true }).messages(100);
    for (const m of list) expect(new Date(m.createdAt as string).toISOString()).toBe(m.createdAt);
    expect(JSON.parse(JSON.stringify(list))).toEqual(list);
  });
});

describe('timestamps on: order', () => {
  it('message(), user(), assistant() and messages(n) are strictly increasing, in any mix', () => {
    const gen = createMessageGenerator({ seed: 12, timestamps: true });
    const list: ChatMessage[] = [];
    for (let i = 0; i < 300; i++) {
      if (i % 7 === 0) list.push(...gen.messages(3));
      else if (i % 3 === 0) list.push(gen.user());
      else if (i % 3 === 1) list.push(gen.assistant());
      else list.push(gen.message());
    }
    expectStrictlyIncreasing(list);
  });

  it('start is the time of the first message; a Date, a number and a string mean the same', () => {
    const start = '2026-11-20T09:14:03.000Z';
    const runs = [start, new Date(start), Date.parse(start), '2026-11-20T10:14:03+01:00'].map((value) =>
      createMessageGenerator({ seed: 13, timestamps: { start: value } }).messages(30),
    );
    expect(runs[0]?.[0]?.createdAt).toBe(start);
    for (const run of runs) expect(run).toEqual(runs[0]);
  });

  it('timestamps: true and {} start at the fixed default time, not the clock', () => {
    const first = createMessageGenerator({ seed: 14, timestamps: true }).message();
    expect(first.createdAt).toBe('2025-01-06T09:00:00.000Z');
    expect(createMessageGenerator({ seed: 14, timestamps: {} }).message()).toEqual(first);
    expect(createMessageGenerator({ seed: 14, timestamps: { start: undefined } }).message()).toEqual(first);
  });

  it('keeps the milliseconds of start', () => {
    const gen = createMessageGenerator({ seed: 15, timestamps: { start: '2026-11-20T09:14:03.250Z' } });
    expect(gen.messages(5).map((m) => m.createdAt?.slice(-5))).toEqual(Array(5).fill('.250Z'));
  });
});

describe('olderMessages(count) with timestamps', () => {
  it('returns count messages, oldest first, all strictly before the earliest so far', () => {
    const gen = createMessageGenerator({ seed: 16, timestamps: true });
    const recent = gen.messages(50);
    const older = gen.olderMessages(40);
    expect(older).toHaveLength(40);
    expectStrictlyIncreasing(older);
    expect(timeOf(older.at(-1) as ChatMessage)).toBeLessThan(timeOf(recent[0] as ChatMessage));
  });

  it('prepending batch after batch keeps the whole conversation in order', () => {
    const gen = createMessageGenerator({ seed: 17, timestamps: { start: '2026-11-20T09:00:00Z' } });
    let conversation = gen.messages(30);
    for (let i = 0; i < 10; i++) {
      conversation = [...gen.olderMessages(25), ...conversation];
      conversation.push(gen.message());
    }
    expect(conversation).toHaveLength(30 + 10 * 26);
    expectStrictlyIncreasing(conversation);
    expect(new Set(conversation.map((m) => m.id)).size).toBe(conversation.length);
  });

  it('works before any forward message: with start, history ends before start', () => {
    const gen = createMessageGenerator({ seed: 18, timestamps: { start: '2026-11-20T09:00:00Z' } });
    const history = gen.olderMessages(20);
    expectStrictlyIncreasing(history);
    expect(timeOf(history.at(-1) as ChatMessage)).toBeLessThan(Date.parse('2026-11-20T09:00:00Z'));
    expect(gen.message().createdAt).toBe('2026-11-20T09:00:00.000Z');
  });

  it('with end, the newest message of the history is at end and later messages come after it', () => {
    const end = Date.parse('2026-11-26T03:00:00Z');
    const gen = createMessageGenerator({ seed: 19, timestamps: { end } });
    const history = gen.olderMessages(300);
    expect(history.at(-1)?.createdAt).toBe('2026-11-26T03:00:00.000Z');
    expectStrictlyIncreasing(history);
    const earlier = gen.olderMessages(50);
    expect(timeOf(earlier.at(-1) as ChatMessage)).toBeLessThan(timeOf(history[0] as ChatMessage));
    const next = gen.message();
    expect(timeOf(next)).toBeGreaterThan(end);
  });

  it('with end, forward messages before any history also come after end', () => {
    const gen = createMessageGenerator({ seed: 20, timestamps: { end: '2026-11-20T18:00:00Z' } });
    const forward = gen.messages(10);
    expect(timeOf(forward[0] as ChatMessage)).toBeGreaterThan(Date.parse('2026-11-20T18:00:00Z'));
    expect(gen.olderMessages(1)[0]?.createdAt).toBe('2026-11-20T18:00:00.000Z');
  });

  it('forward times do not depend on how much history was loaded', () => {
    const times = (loadHistory: boolean) => {
      const gen = createMessageGenerator({ seed: 21, timestamps: true });
      const out: (string | undefined)[] = [];
      for (let i = 0; i < 20; i++) {
        out.push(...gen.messages(5).map((m) => m.createdAt));
        if (loadHistory) gen.olderMessages(i);
      }
      return out;
    };
    expect(times(true)).toEqual(times(false));
  });

  it('olderMessages(0) returns [] and moves nothing', () => {
    const a = createMessageGenerator({ seed: 22, timestamps: true });
    const b = createMessageGenerator({ seed: 22, timestamps: true });
    expect(a.olderMessages(0)).toEqual([]);
    expect(a.olderMessages(10)).toEqual(b.olderMessages(10));
  });
});

describe('timestamps on: a realistic spread over days', () => {
  it.each([1, 42, 1234, -7, 2 ** 40])(
    '500 messages (seed %s) span at least 3 and fewer than 40 calendar days',
    (seed) => {
      const gen = createMessageGenerator({ seed, timestamps: true });
      for (const list of [gen.messages(500), gen.olderMessages(500)]) {
        const days = new Set(list.map(dayOf));
        const span =
          (Date.parse(dayOf(list.at(-1) as ChatMessage)) - Date.parse(dayOf(list[0] as ChatMessage))) / DAY + 1;
        expect(days.size).toBeGreaterThanOrEqual(3);
        expect(span).toBeLessThan(40);
      }
    },
  );

  it('on average a new calendar day comes every 30–80 messages', () => {
    let newDays = 0;
    let total = 0;
    for (let seed = 0; seed < 40; seed++) {
      const list = createMessageGenerator({ seed, timestamps: true }).messages(500);
      newDays += new Set(list.map(dayOf)).size - 1;
      total += list.length - 1;
    }
    const messagesPerDay = total / newDays;
    expect(messagesPerDay).toBeGreaterThan(30);
    expect(messagesPerDay).toBeLessThan(80);
  });

  it('gaps are mostly seconds to minutes, sometimes an hour or more, occasionally a day or more', () => {
    const list = createMessageGenerator({ seed: 23, timestamps: true }).messages(5000);
    const gaps = list.slice(1).map((m, i) => timeOf(m) - timeOf(list[i] as ChatMessage));
    const share = (test: (gap: number) => boolean) => gaps.filter(test).length / gaps.length;
    expect(share((g) => g >= 1000)).toBe(1);
    expect(share((g) => g <= 5 * 60 * 1000)).toBeGreaterThan(0.7);
    expect(share((g) => g >= 60 * 60 * 1000)).toBeGreaterThan(0.02);
    expect(share((g) => g >= DAY)).toBeGreaterThan(0.002);
    expect(share((g) => g >= DAY)).toBeLessThan(0.02);
  });
});

describe('timestamps errors', () => {
  it.each([
    ['a string', 'yes'],
    ['a number', 1],
    ['null', null],
    ['an array', []],
    ['a Date', new Date()],
  ])('timestamps that is %s is a TypeError naming timestamps', (_label, timestamps) => {
    expect(() => createMessageGenerator(loose({ timestamps }))).toThrow(TypeError);
    expect(() => createMessageGenerator(loose({ timestamps }))).toThrow(/timestamps/);
  });

  it.each(['start', 'end'])('%s that is not a Date, number or string is a TypeError naming it', (option) => {
    for (const bad of [null, true, {}, [], 1n]) {
      expect(() => createMessageGenerator(loose({ timestamps: { [option]: bad } }))).toThrow(TypeError);
      expect(() => createMessageGenerator(loose({ timestamps: { [option]: bad } }))).toThrow(`timestamps.${option}`);
    }
  });

  it.each(['start', 'end'])('%s that is not a valid date is a RangeError naming it and the value', (option) => {
    for (const bad of [
      'tomorrow',
      '',
      '2026-13-45',
      new Date(Number.NaN),
      Number.NaN,
      Number.POSITIVE_INFINITY,
      1e16,
    ]) {
      expect(() => createMessageGenerator({ timestamps: { [option]: bad } })).toThrow(RangeError);
      expect(() => createMessageGenerator({ timestamps: { [option]: bad } })).toThrow(`timestamps.${option}`);
    }
    expect(() => createMessageGenerator({ timestamps: { [option]: 'tomorrow' } })).toThrow(/got "tomorrow"/);
    expect(() => createMessageGenerator({ timestamps: { [option]: new Date(Number.NaN) } })).toThrow(/an invalid Date/);
  });

  it('start and end together are a TypeError', () => {
    expect(() => createMessageGenerator({ timestamps: { start: 0, end: 1 } })).toThrow(TypeError);
    expect(() => createMessageGenerator({ timestamps: { start: 0, end: 1 } })).toThrow(/start or end, not both/);
  });

  it('olderMessages(count) rejects a bad count like messages(count), naming count', () => {
    const gen = createMessageGenerator({ seed: 24, timestamps: true });
    for (const bad of [-1, 2.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => gen.olderMessages(bad)).toThrow(RangeError);
      expect(() => gen.olderMessages(bad)).toThrow(/olderMessages: count/);
    }
    for (const bad of ['3', undefined, null, 3n]) {
      expect(() => gen.olderMessages(looseCount(bad))).toThrow(TypeError);
      expect(() => gen.olderMessages(looseCount(bad))).toThrow(/olderMessages: count/);
    }
  });

  it('a rejected olderMessages call does not advance the generator', () => {
    const a = createMessageGenerator({ seed: 25, timestamps: true });
    const b = createMessageGenerator({ seed: 25, timestamps: true });
    expect(() => a.olderMessages(-1)).toThrow();
    expect(a.olderMessages(20)).toEqual(b.olderMessages(20));
    expect(a.messages(20)).toEqual(b.messages(20));
  });

  it('running past the range of Date is a RangeError, not an "Invalid Date" string', () => {
    const gen = createMessageGenerator({ seed: 26, timestamps: { start: 8.64e15 } });
    expect(gen.message().createdAt).toBe(new Date(8.64e15).toISOString());
    expect(() => gen.message()).toThrow(RangeError);
    expect(() => gen.message()).toThrow(/range of Date/);
  });
});

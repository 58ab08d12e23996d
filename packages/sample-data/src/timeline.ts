import { Faker, type LocaleDefinition } from '@faker-js/faker';
import { describeValue } from './describe-value.js';

/**
 * A point in time as the `timestamps` option accepts it: a `Date`, a number of
 * milliseconds since the Unix epoch (like `Date.now()`), or a string that
 * `Date.parse` understands (ISO 8601 is the portable choice:
 * `'2026-11-20T09:00:00Z'`).
 */
export type TimestampInput = Date | number | string;

/**
 * Where the timestamps of a generator's conversation sit in time; the value
 * of the `timestamps` option of `createMessageGenerator` (`true` means `{}`).
 *
 * The conversation has a boundary, its anchor: messages from `message()`,
 * `user()`, `assistant()` and `messages(count)` go forward from it (each
 * newer than the last), messages from `olderMessages(count)` go backward from
 * it (each batch older than everything before). Give the anchor as `start` or
 * as `end`, not both:
 *
 * - `start`: the first forward message is stamped exactly `start`; history
 *   from `olderMessages` is before it. For a conversation that begins at a
 *   known time and is read forward.
 * - `end`: the newest message of the history is stamped exactly `end`; forward
 *   messages follow it. For a chat that "ends now", with "Today" on its last
 *   day header: `timestamps: { end: Date.now() }`, then load the history with
 *   `olderMessages(count)`, and append live messages with `message()`.
 *
 * The anchor is never `Date.now()` unless you pass it, so the same seed and
 * options give the same timestamps in every run.
 */
export interface MessageTimestampOptions {
  /**
   * Time of the first message from `message()`, `user()`, `assistant()` or
   * `messages(count)`; later ones are later, `olderMessages(count)` ones are
   * earlier. Not together with `end`.
   *
   * @defaultValue `'2025-01-06T09:00:00.000Z'` (a fixed Monday morning, so
   *   output is reproducible) when `end` is not given either
   */
  start?: TimestampInput;
  /**
   * Time of the newest message of the history, i.e. of the last message of
   * the first `olderMessages(count)` call; later `olderMessages` calls are
   * older still, and messages from `message()`, `user()`, `assistant()` and
   * `messages(count)` come after `end`. Not together with `start`.
   *
   * `end: Date.now()` makes the history end at the moment the generator is
   * created; pass a fixed time instead where output must be reproducible
   * (tests, screenshots).
   *
   * @defaultValue `undefined` (the conversation is anchored by `start`)
   */
  end?: TimestampInput;
}

/**
 * When the first forward message is stamped if neither `start` nor `end` is
 * given: a fixed time, never the clock, so that output is reproducible.
 */
export const DEFAULT_TIMESTAMPS_START = '2025-01-06T09:00:00.000Z';

/** Salts for the two timestamp streams, so that each is independent of the other and of the content stream. */
const FORWARD_SALT = 0x74696d65; // 'time'
const BACKWARD_SALT = 0x70617374; // 'past'

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * One gap between consecutive messages, in milliseconds (whole seconds, at
 * least one). Mostly a quick back-and-forth, sometimes a pause of minutes, now
 * and then hours, and rarely a day or more: with these odds a new calendar day
 * starts about every 55 messages on average, so a few hundred messages span
 * about a week.
 */
function drawGap(faker: Faker): number {
  const tier = faker.number.float();
  const seconds = (min: number, max: number): number => faker.number.int({ min, max }) * SECOND;
  if (tier < 0.74) return seconds(2, 90); // replying in the flow of the chat
  if (tier < 0.955) return seconds(90, 15 * 60); // a pause
  if (tier < 0.993) return seconds(HOUR / SECOND, (8 * HOUR) / SECOND); // later that day, or the next morning
  return seconds((20 * HOUR) / SECOND, (72 * HOUR) / SECOND); // a day or more
}

/**
 * Turns a `start`/`end` value into epoch milliseconds, or throws an error that
 * names the option: a TypeError for a value of the wrong type, a RangeError
 * for an invalid date.
 */
function parseTimestamp(option: string, value: unknown): number {
  let time: number;
  if (value instanceof Date) {
    time = value.getTime();
  } else if (typeof value === 'number') {
    time = new Date(value).getTime();
  } else if (typeof value === 'string') {
    time = value.trim() === '' ? Number.NaN : Date.parse(value);
  } else {
    throw new TypeError(
      `createMessageGenerator: ${option} must be a Date, a number of milliseconds since the epoch or a date string, got ${describeValue(value)}`,
    );
  }
  if (Number.isNaN(time)) {
    const shown = value instanceof Date ? 'an invalid Date' : describeValue(value);
    throw new RangeError(`createMessageGenerator: ${option} is not a valid date, got ${shown}`);
  }
  return time;
}

/**
 * Validates the `timestamps` option: `undefined` or `false` ⇒ off, `true` or
 * an object ⇒ on. Returns the anchor time and whether it is a `start` or an
 * `end`, or `undefined` when off.
 */
export function checkTimestamps(timestamps: unknown): { anchor: number; isEnd: boolean } | undefined {
  if (timestamps === undefined || timestamps === false) return undefined;
  if (timestamps === true) return { anchor: Date.parse(DEFAULT_TIMESTAMPS_START), isEnd: false };
  if (
    typeof timestamps !== 'object' ||
    timestamps === null ||
    Array.isArray(timestamps) ||
    timestamps instanceof Date
  ) {
    throw new TypeError(
      `createMessageGenerator: timestamps must be a boolean or an object ({ start } or { end }), got ${
        timestamps instanceof Date ? 'a Date (use { start: date } or { end: date })' : describeValue(timestamps)
      }`,
    );
  }
  const { start, end } = timestamps as MessageTimestampOptions;
  if (start !== undefined && end !== undefined) {
    throw new TypeError('createMessageGenerator: timestamps takes start or end, not both');
  }
  if (end !== undefined) return { anchor: parseTimestamp('timestamps.end', end), isEnd: true };
  return {
    anchor: start === undefined ? Date.parse(DEFAULT_TIMESTAMPS_START) : parseTimestamp('timestamps.start', start),
    isEnd: false,
  };
}

/**
 * The clock of one generator: hands out `createdAt` strings going forward
 * from the anchor ({@link Timeline.next}) and going backward from it
 * ({@link Timeline.older}).
 */
export interface Timeline {
  /** The time of the next forward message: later than every time handed out so far. */
  next(): string;
  /** `count` times earlier than every time handed out so far, oldest first. */
  older(count: number): string[];
}

const toIso = (time: number): string => {
  const date = new Date(time);
  if (Number.isNaN(date.getTime())) {
    throw new RangeError(
      'createMessageGenerator: the timestamps ran past the range of Date; choose another start or end',
    );
  }
  return date.toISOString();
};

/**
 * Creates the clock of a generator. The gaps come from two private faker
 * instances seeded from the generator's seed, one for each direction, and
 * never from the generator's main faker, so turning timestamps on leaves the
 * content of every message unchanged, and forward times do not depend on how
 * much history was loaded (nor the other way round).
 */
export function createTimeline(
  { anchor, isEnd }: { anchor: number; isEnd: boolean },
  seed: number,
  locale: LocaleDefinition[],
): Timeline {
  // Faker truncates each seed element to 32 bits; splitting keeps seeds that
  // differ only above bit 32 apart.
  const seedWords = [seed >>> 0, Math.floor(seed / 2 ** 32) >>> 0];
  const forward = new Faker({ locale });
  forward.seed([...seedWords, FORWARD_SALT]);
  const backward = new Faker({ locale });
  backward.seed([...seedWords, BACKWARD_SALT]);

  // With `start` the anchor belongs to the first forward message, with `end`
  // to the newest message of the history.
  let newest: number | undefined;
  let oldest: number | undefined;

  return {
    next() {
      const time = newest === undefined ? (isEnd ? anchor + drawGap(forward) : anchor) : newest + drawGap(forward);
      const iso = toIso(time);
      newest = time;
      return iso;
    },
    older(count) {
      const times: string[] = new Array<string>(count);
      let time = oldest;
      for (let i = count - 1; i >= 0; i--) {
        time = time === undefined ? (isEnd ? anchor : anchor - drawGap(backward)) : time - drawGap(backward);
        times[i] = toIso(time);
      }
      if (count > 0) oldest = time;
      return times;
    },
  };
}

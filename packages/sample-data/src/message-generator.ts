import { Faker } from '@faker-js/faker';
import type { ChatMessage, ChatParticipant } from './chat-message.js';
import { describeValue } from './describe-value.js';
import { resolveLocaleChain, type SupportedLocale } from './locales.js';
import { markdownReply } from './markdown-reply.js';
import { checkTimestamps, createTimeline, type MessageTimestampOptions } from './timeline.js';
import { ASSISTANT_NAME, ASSISTANT_USERPIC, initialAvatarDataUri } from './userpic.js';

/**
 * Where user pictures come from:
 * - `'data-uri'` (default): a locally generated SVG `data:` URI — works offline,
 *   no network requests.
 * - `'faker'`: `faker.image.personPortrait()` URLs (remote JPEGs on a CDN).
 */
export type UserpicSource = 'data-uri' | 'faker';

/**
 * Every accepted value of the `userpics` option.
 */
export const USERPIC_SOURCES: ReadonlyArray<UserpicSource> = /* @__PURE__ */ Object.freeze([
  'data-uri',
  'faker',
] as const);

/**
 * How {@link MessageGenerator.assistant} writes its replies:
 * - `'sentence'` (default): exactly one lorem sentence.
 * - `'markdown'`: replies that look like an assistant's — 1–4 paragraphs,
 *   sometimes a bulleted or numbered list, sometimes a fenced code block with a
 *   language tag, from one-liners to long answers.
 */
export type AssistantReplyStyle = 'sentence' | 'markdown';

/**
 * Every accepted value of the `assistantReplies` option.
 */
export const ASSISTANT_REPLY_STYLES: ReadonlyArray<AssistantReplyStyle> = /* @__PURE__ */ Object.freeze([
  'sentence',
  'markdown',
] as const);

/**
 * The largest accepted `participants` option. The cast is drawn up front, so
 * an accidental huge number would stall; no chat UI needs more distinct
 * authors than this to look busy.
 */
export const MAX_PARTICIPANTS = 10_000;

/**
 * Options for {@link createMessageGenerator}.
 */
export interface MessageGeneratorOptions {
  /**
   * Seed for the generator's private faker instance. The same seed (with the
   * same other options) yields the same sequence of messages. Must be a
   * finite integer. Omitted ⇒ a random seed, readable back from
   * {@link MessageGenerator.seed}.
   *
   * @defaultValue a random integer
   */
  seed?: number;
  /**
   * Locale of names and text; one of `SUPPORTED_LOCALES`.
   *
   * @defaultValue `'en'`
   */
  locale?: SupportedLocale;
  /**
   * Source of user pictures.
   *
   * @defaultValue `'data-uri'`
   */
  userpics?: UserpicSource;
  /**
   * How assistant replies look: `'sentence'` (one sentence) or `'markdown'`
   * (paragraphs, lists, code blocks, of varied length; see
   * {@link AssistantReplyStyle}). Affects {@link MessageGenerator.assistant}
   * and the assistant messages of {@link MessageGenerator.message}.
   *
   * @defaultValue `'sentence'`
   */
  assistantReplies?: AssistantReplyStyle;
  /**
   * Size of a fixed cast of users that user messages are drawn from: each
   * participant keeps one name (unique within the cast) and one userpic for
   * the whole conversation; the cast is drawn from the seed, so it is the same
   * for the same seed and options. An integer from 1 to
   * {@link MAX_PARTICIPANTS}. Omitted ⇒ every user message has a newly drawn
   * name and userpic.
   *
   * @defaultValue `undefined` (no fixed cast)
   */
  participants?: number;
  /**
   * Gives every message a `createdAt` time (an ISO 8601 string), increasing
   * message by message with gaps like a real chat's: mostly seconds to a few
   * minutes, sometimes hours, now and then a day or more (on average a new
   * calendar day every 55 messages or so). `true` (like `{}`) starts the
   * conversation at a fixed time, `2025-01-06T09:00:00.000Z`; an object sets
   * its `start` or its `end` (see {@link MessageTimestampOptions}). History
   * older than everything so far comes from
   * {@link MessageGenerator.olderMessages}.
   *
   * The times come from their own random sequence derived from `seed`: they
   * are the same for the same seed and options, and turning them on changes
   * no id, content, name or userpic. Off (the default), messages have no
   * `createdAt` property at all.
   *
   * @defaultValue `false` (no `createdAt`)
   */
  timestamps?: boolean | MessageTimestampOptions;
}

/**
 * A stateful, seeded source of chat messages. Each call advances the
 * generator's own random sequence; generators never affect one another.
 */
export interface MessageGenerator {
  /**
   * The seed in use — the one passed in, or the random one picked when none
   * was; pass it back to reproduce the sequence.
   */
  readonly seed: number;
  /**
   * The fixed cast of users, in the order it was drawn, when the
   * `participants` option is set; `undefined` when every user message has a
   * newly drawn author. Frozen.
   */
  readonly participants: ReadonlyArray<ChatParticipant> | undefined;
  /** A user or assistant message, each with probability ½. */
  message(): ChatMessage;
  /**
   * A user message: 1–10 sentences by a random first name with a portrait, or
   * by a random member of the cast when the `participants` option is set.
   */
  user(): ChatMessage;
  /**
   * An assistant message with a fixed name and icon: exactly one sentence, or
   * a Markdown reply with `assistantReplies: 'markdown'`.
   */
  assistant(): ChatMessage;
  /**
   * `count` messages from {@link MessageGenerator.message}, in order.
   *
   * @throws TypeError if `count` is not a number.
   * @throws RangeError if `count` is NaN, infinite, negative or fractional.
   */
  messages(count: number): ChatMessage[];
  /**
   * `count` messages that are older than every message generated so far,
   * oldest first — history to prepend when a chat UI scrolls up: prepend each
   * batch in front of the previous one. With the `timestamps` option their
   * `createdAt` times are strictly earlier than the earliest so far and
   * increase through the batch, so the whole conversation stays in order.
   *
   * The content is drawn like {@link MessageGenerator.messages} (same mix,
   * same random sequence, so calling this changes the messages that follow).
   * Without the `timestamps` option it returns the same as `messages(count)`
   * (no `createdAt`), so code that prepends history works either way.
   *
   * @throws TypeError if `count` is not a number.
   * @throws RangeError if `count` is NaN, infinite, negative or fractional.
   */
  olderMessages(count: number): ChatMessage[];
}

const ID_LENGTH = 10;
const MAX_USER_SENTENCES = 10;
/**
 * Redraws of a first name already in the cast before falling back to a
 * numbered name. A locale has hundreds of first names, so this is only reached
 * by casts close to that size, and bounds the work for larger ones.
 */
const MAX_NAME_DRAWS = 20;

/**
 * Validates a string option against its accepted values, in the error style
 * of the other options: a non-string is a TypeError, an unknown string a
 * RangeError; both name the option and list the accepted values.
 */
function checkChoice(option: string, value: unknown, choices: ReadonlyArray<string>): void {
  if (typeof value !== 'string') {
    throw new TypeError(
      `createMessageGenerator: ${option} must be one of ${choices.join(', ')}, got ${describeValue(value)}`,
    );
  }
  if (!choices.includes(value)) {
    throw new RangeError(
      `createMessageGenerator: unknown ${option} ${JSON.stringify(value)}; expected one of ${choices.join(', ')}`,
    );
  }
}

/**
 * Validates the `count` of `messages` and `olderMessages`: a non-number is a
 * TypeError, a number that is not a non-negative integer a RangeError.
 */
function checkCount(method: string, count: unknown): void {
  if (typeof count !== 'number') {
    throw new TypeError(`${method}: count must be a number, got ${describeValue(count)}`);
  }
  if (!Number.isFinite(count) || count < 0 || !Number.isInteger(count)) {
    throw new RangeError(`${method}: count must be a non-negative integer, got ${describeValue(count)}`);
  }
}

/**
 * Validates the `participants` option: a non-number is a TypeError, a number
 * that is not an integer in 1..{@link MAX_PARTICIPANTS} a RangeError, like
 * `messages(count)` does for its count.
 */
function checkParticipants(participants: unknown): number | undefined {
  if (participants === undefined) return undefined;
  if (typeof participants !== 'number') {
    throw new TypeError(
      `createMessageGenerator: participants must be a number (an integer from 1 to ${MAX_PARTICIPANTS}), got ${describeValue(participants)}`,
    );
  }
  if (!Number.isInteger(participants) || participants < 1 || participants > MAX_PARTICIPANTS) {
    throw new RangeError(
      `createMessageGenerator: participants must be an integer from 1 to ${MAX_PARTICIPANTS}, got ${describeValue(participants)}`,
    );
  }
  return participants;
}

/**
 * Creates an independent, deterministic chat-message generator.
 *
 * @example
 * ```ts
 * const gen = createMessageGenerator({ seed: 42 });
 * const history = gen.messages(50);
 * const reply = gen.assistant();
 *
 * // Three people talking to an assistant that answers in Markdown.
 * const chat = createMessageGenerator({ seed: 42, participants: 3, assistantReplies: 'markdown' });
 *
 * // Messages with `createdAt`; the history ends at a fixed time.
 * const dated = createMessageGenerator({ seed: 42, timestamps: { end: '2026-11-20T18:00:00Z' } });
 * const recent = dated.olderMessages(200); // oldest first, the last at 18:00
 * const earlier = dated.olderMessages(50); // prepend: all before recent[0]
 * ```
 *
 * @throws TypeError if `options` is not an object, `seed` is not a finite
 *   integer, `locale` is missing (`''`, `null`, not a string), `userpics` or
 *   `assistantReplies` is not a string, `participants` is not a number,
 *   `timestamps` is neither a boolean nor an object, has both `start` and
 *   `end`, or one of them is not a Date, number or string.
 * @throws RangeError if `locale`, `userpics` or `assistantReplies` is not a
 *   known value, `participants` is not an integer from 1 to
 *   {@link MAX_PARTICIPANTS}, or `timestamps.start` / `timestamps.end` is not
 *   a valid date.
 */
export function createMessageGenerator(options?: MessageGeneratorOptions): MessageGenerator {
  if (options !== undefined && (typeof options !== 'object' || options === null || Array.isArray(options))) {
    throw new TypeError(`createMessageGenerator: options must be an object, got ${describeValue(options)}`);
  }
  const {
    seed,
    locale = 'en',
    userpics = 'data-uri',
    assistantReplies = 'sentence',
    participants,
    timestamps,
  } = options ?? {};

  if (seed !== undefined && (typeof seed !== 'number' || !Number.isInteger(seed))) {
    throw new TypeError(`createMessageGenerator: seed must be a finite integer, got ${describeValue(seed)}`);
  }
  // `locale: undefined` counts as omitted (the default above), but an explicit
  // null or '' is a caller bug worth surfacing, so it is validated, not defaulted.
  const localeChain = resolveLocaleChain(locale);
  checkChoice('userpics', userpics, USERPIC_SOURCES);
  checkChoice('assistantReplies', assistantReplies, ASSISTANT_REPLY_STYLES);
  const castSize = checkParticipants(participants);
  const timeAnchor = checkTimestamps(timestamps);

  // A private instance, never the global `faker`: seeding the global would let
  // generators (and any other faker user in the app) disturb each other.
  const faker = new Faker({ locale: localeChain });
  // faker.seed() with no argument picks a random seed and returns it, which is
  // exactly the "random unless given" behaviour we want, and lets us report it.
  const actualSeed = seed === undefined ? (faker.seed() as number) : (faker.seed(seed), seed);
  // Times come from their own seeded instances, never from `faker`: turning
  // them on must leave every id, name and text where it was.
  const timeline = timeAnchor === undefined ? undefined : createTimeline(timeAnchor, actualSeed, localeChain);

  const issuedIds = new Set<string>();
  const nextId = (): string => {
    // 62^10 ids make collisions vanishingly rare, but uniqueness is a promise,
    // so redraw rather than hope. Redrawing stays deterministic per seed.
    let id: string;
    do {
      id = faker.string.alphanumeric(ID_LENGTH);
    } while (issuedIds.has(id));
    issuedIds.add(id);
    return id;
  };

  const userpicFor = (name: string): string =>
    userpics === 'faker'
      ? faker.image.personPortrait()
      : initialAvatarDataUri(name, faker.number.int({ min: 0, max: 359 }));

  const drawCast = (size: number): ReadonlyArray<ChatParticipant> => {
    const taken = new Set<string>();
    const uniqueName = (): string => {
      // Two participants with the same name would read as one person with two
      // faces, which defeats the point of a stable cast.
      for (let draw = 0; draw < MAX_NAME_DRAWS; draw++) {
        const name = faker.person.firstName();
        if (!taken.has(name)) return name;
      }
      const name = faker.person.firstName();
      let n = 2;
      while (taken.has(`${name} ${n}`)) n++;
      return `${name} ${n}`;
    };
    return Object.freeze(
      Array.from({ length: size }, () => {
        const name = uniqueName();
        taken.add(name);
        return Object.freeze({ name, userpic: userpicFor(name) });
      }),
    );
  };
  // Drawn right after the seed, before any message, so that the cast depends
  // only on the seed and options, never on which methods are called later.
  const cast = castSize === undefined ? undefined : drawCast(castSize);

  // Name before userpic: the order of draws is what keeps the default output
  // identical to the recorded fixture.
  const newAuthor = (): ChatParticipant => {
    const name = faker.person.firstName();
    return { name, userpic: userpicFor(name) };
  };

  const drawUser = (): ChatMessage => {
    const id = nextId();
    const { name, userpic } = cast === undefined ? newAuthor() : faker.helpers.arrayElement(cast);
    const sentenceCount = faker.number.int({ min: 1, max: MAX_USER_SENTENCES });
    const content = Array.from({ length: sentenceCount }, () => faker.lorem.sentence()).join(' ');
    return { id, role: 'user', content, name, userpic };
  };

  const drawAssistant = (): ChatMessage => ({
    id: nextId(),
    role: 'assistant',
    content: assistantReplies === 'markdown' ? markdownReply(faker) : faker.lorem.sentence(),
    name: ASSISTANT_NAME,
    userpic: ASSISTANT_USERPIC,
  });

  const drawMessage = (): ChatMessage => (faker.datatype.boolean() ? drawUser() : drawAssistant());

  // `createdAt` goes last and only when timestamps are on, so that without
  // them every message has exactly the keys (and key order) it always had.
  const stamped = (draw: () => ChatMessage) => (): ChatMessage => {
    const message = draw();
    if (timeline !== undefined) message.createdAt = timeline.next();
    return message;
  };
  const user = stamped(drawUser);
  const assistant = stamped(drawAssistant);
  const message = stamped(drawMessage);

  const messages = (count: number): ChatMessage[] => {
    checkCount('messages', count);
    return Array.from({ length: count }, message);
  };

  const olderMessages = (count: number): ChatMessage[] => {
    checkCount('olderMessages', count);
    // Content in reading order, like messages(count); the times are then laid
    // out backward from the earliest message so far.
    const batch = Array.from({ length: count }, drawMessage);
    if (timeline !== undefined) {
      const times = timeline.older(count);
      batch.forEach((m, i) => (m.createdAt = times[i]));
    }
    return batch;
  };

  return { seed: actualSeed, participants: cast, message, user, assistant, messages, olderMessages };
}

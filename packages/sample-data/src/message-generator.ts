import { Faker } from '@faker-js/faker';
import type { ChatMessage } from './chat-message.js';
import { describeValue } from './describe-value.js';
import { resolveLocaleChain, type SupportedLocale } from './locales.js';
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
export const USERPIC_SOURCES: ReadonlyArray<UserpicSource> = Object.freeze(['data-uri', 'faker'] as const);

/**
 * Options for {@link createMessageGenerator}.
 */
export interface MessageGeneratorOptions {
  /**
   * Seed for the generator's private faker instance. The same seed (with the
   * same locale and userpics option) yields the same sequence of messages.
   * Must be a finite integer. Omitted ⇒ a random seed, readable back from
   * {@link MessageGenerator.seed}.
   */
  seed?: number;
  /** Locale of names and text; one of `SUPPORTED_LOCALES`. Default `'en'`. */
  locale?: SupportedLocale;
  /** Source of user pictures. Default `'data-uri'`. */
  userpics?: UserpicSource;
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
  /** A user or assistant message, each with probability ½. */
  message(): ChatMessage;
  /** A user message: random first name, portrait, and 1–10 sentences. */
  user(): ChatMessage;
  /** An assistant message: fixed name and icon, exactly one sentence. */
  assistant(): ChatMessage;
  /**
   * `count` messages from {@link MessageGenerator.message}, in order.
   *
   * @throws TypeError if `count` is not a number.
   * @throws RangeError if `count` is NaN, infinite, negative or fractional.
   */
  messages(count: number): ChatMessage[];
}

const ID_LENGTH = 10;
const MAX_USER_SENTENCES = 10;

/**
 * Creates an independent, deterministic chat-message generator.
 *
 * @example
 * ```ts
 * const gen = createMessageGenerator({ seed: 42 });
 * const history = gen.messages(50);
 * const reply = gen.assistant();
 * ```
 *
 * @throws TypeError if `options` is not an object, `seed` is not a finite
 *   integer, `locale` is missing (`''`, `null`, not a string) or `userpics`
 *   is not a string.
 * @throws RangeError if `locale` or `userpics` is not a known value.
 */
export function createMessageGenerator(options?: MessageGeneratorOptions): MessageGenerator {
  if (options !== undefined && (typeof options !== 'object' || options === null || Array.isArray(options))) {
    throw new TypeError(`createMessageGenerator: options must be an object, got ${describeValue(options)}`);
  }
  const { seed, locale = 'en', userpics = 'data-uri' } = options ?? {};

  if (seed !== undefined && (typeof seed !== 'number' || !Number.isInteger(seed))) {
    throw new TypeError(`createMessageGenerator: seed must be a finite integer, got ${describeValue(seed)}`);
  }
  // `locale: undefined` counts as omitted (the default above), but an explicit
  // null or '' is a caller bug worth surfacing, so it is validated, not defaulted.
  const localeChain = resolveLocaleChain(locale);
  if (typeof userpics !== 'string') {
    throw new TypeError(
      `createMessageGenerator: userpics must be one of ${USERPIC_SOURCES.join(', ')}, got ${describeValue(userpics)}`,
    );
  }
  if (!(USERPIC_SOURCES as ReadonlyArray<string>).includes(userpics)) {
    throw new RangeError(
      `createMessageGenerator: unknown userpics ${JSON.stringify(userpics)}; expected one of ${USERPIC_SOURCES.join(', ')}`,
    );
  }

  // A private instance, never the global `faker`: seeding the global would let
  // generators (and any other faker user in the app) disturb each other.
  const faker = new Faker({ locale: localeChain });
  // faker.seed() with no argument picks a random seed and returns it, which is
  // exactly the "random unless given" behaviour we want, and lets us report it.
  const actualSeed = seed === undefined ? (faker.seed() as number) : (faker.seed(seed), seed);

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

  const user = (): ChatMessage => {
    const id = nextId();
    const name = faker.person.firstName();
    const userpic = userpicFor(name);
    const sentenceCount = faker.number.int({ min: 1, max: MAX_USER_SENTENCES });
    const content = Array.from({ length: sentenceCount }, () => faker.lorem.sentence()).join(' ');
    return { id, role: 'user', content, name, userpic };
  };

  const assistant = (): ChatMessage => ({
    id: nextId(),
    role: 'assistant',
    content: faker.lorem.sentence(),
    name: ASSISTANT_NAME,
    userpic: ASSISTANT_USERPIC,
  });

  const message = (): ChatMessage => (faker.datatype.boolean() ? user() : assistant());

  const messages = (count: number): ChatMessage[] => {
    if (typeof count !== 'number') {
      throw new TypeError(`messages: count must be a number, got ${describeValue(count)}`);
    }
    if (!Number.isFinite(count) || count < 0 || !Number.isInteger(count)) {
      throw new RangeError(`messages: count must be a non-negative integer, got ${describeValue(count)}`);
    }
    return Array.from({ length: count }, message);
  };

  return { seed: actualSeed, message, user, assistant, messages };
}

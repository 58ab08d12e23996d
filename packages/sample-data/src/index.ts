/**
 * `@chat-list/sample-data`: deterministic fake chat messages and read-only
 * lookup lists, built on `@faker-js/faker`, for demos and tests of chat UIs.
 *
 * @packageDocumentation
 */
export type { ChatMessage, ChatParticipant, ChatRole } from './chat-message.js';
export {
  ASSISTANT_REPLY_STYLES,
  createMessageGenerator,
  MAX_PARTICIPANTS,
  USERPIC_SOURCES,
  type AssistantReplyStyle,
  type MessageGenerator,
  type MessageGeneratorOptions,
  type UserpicSource,
} from './message-generator.js';
export { SUPPORTED_LOCALES, type SupportedLocale } from './locales.js';
export type { MessageTimestampOptions, TimestampInput } from './timeline.js';
export { ASSISTANT_NAME, ASSISTANT_USERPIC } from './userpic.js';
// The same module as the `./lists` entry, so both entries share one copy of
// each list (one chunk in dist) and `bear` from either is the same array.
export * from './lists.js';

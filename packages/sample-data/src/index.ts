/**
 * `@chat-list/sample-data`: deterministic fake chat messages and read-only
 * lookup lists, built on `@faker-js/faker`, for demos and tests of chat UIs.
 *
 * @packageDocumentation
 */
export type { ChatMessage, ChatRole } from './chat-message.js';
export {
  createMessageGenerator,
  USERPIC_SOURCES,
  type MessageGenerator,
  type MessageGeneratorOptions,
  type UserpicSource,
} from './message-generator.js';
export { SUPPORTED_LOCALES, type SupportedLocale } from './locales.js';
export { ASSISTANT_NAME, ASSISTANT_USERPIC } from './userpic.js';
export {
  airlineData,
  animalNames,
  bear,
  bird,
  cat,
  cetacean,
  cow,
  crocodilia,
  dog,
  fish,
  horse,
  insect,
  lion,
  petName,
  rabbit,
  rodent,
  snake,
  type,
  type Airline,
  type AirlineData,
  type Airplane,
  type Airport,
  type AnimalNames,
} from './lookup-lists.js';

/**
 * `@chat-list/sample-data/lists`: only the read-only lookup lists (airlines,
 * airplanes, airports, animal names), for apps that want them without the
 * message generator. It imports nothing from faker but its English locale
 * data, so a bundler leaves out the `Faker` class and the other locales; the
 * root entry re-exports the same (identical) lists.
 *
 * @packageDocumentation
 */
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

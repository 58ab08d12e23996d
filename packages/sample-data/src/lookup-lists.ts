import { en } from '@faker-js/faker';

/** An airline from faker's English locale data. */
export interface Airline {
  /** Airline name, e.g. `'Aegean Airlines'`. */
  readonly name: string;
  /** Two-character IATA airline code, e.g. `'A3'`. */
  readonly iataCode: string;
}

/** An airplane model from faker's English locale data. */
export interface Airplane {
  /** Model name, e.g. `'Airbus A321'`. */
  readonly name: string;
  /** Three-character IATA aircraft type code, e.g. `'321'`. */
  readonly iataTypeCode: string;
}

/** An airport from faker's English locale data. */
export interface Airport {
  /** Airport name, e.g. `'Adelaide International Airport'`. */
  readonly name: string;
  /** Three-letter IATA airport code, e.g. `'ADL'`. */
  readonly iataCode: string;
}

/** The shape of {@link airlineData}. */
export interface AirlineData {
  readonly airline: ReadonlyArray<Airline>;
  readonly airplane: ReadonlyArray<Airplane>;
  readonly airport: ReadonlyArray<Airport>;
}

/**
 * Reads a list from faker's locale data and returns a frozen copy.
 *
 * Takes a reader function rather than the list itself so that, together with
 * the `@__PURE__` annotations at the call sites, bundlers can see that an
 * unused export has no side effects and drop it (a bare `en.animal?.bear`
 * argument counts as a possibly side-effecting property read).
 *
 * Copies rather than freezing faker's arrays in place so that importing this
 * package never mutates a dependency's shared state. Throws if faker stops
 * shipping the list, because silently exporting `[]` would hide the breakage.
 */
function frozenList<T extends object | string>(
  read: () => ReadonlyArray<T> | null | undefined,
  path: string,
): ReadonlyArray<T> {
  const list = read();
  if (!Array.isArray(list)) {
    throw new Error(`@chat-list/sample-data: @faker-js/faker no longer provides en.${path}`);
  }
  return Object.freeze(list.map((item: T) => (typeof item === 'object' ? (Object.freeze({ ...item }) as T) : item)));
}

/**
 * Airlines, airplanes and airports from faker's English locale data.
 * Deeply frozen: the object, the arrays and every entry.
 */
export const airlineData: AirlineData = /* @__PURE__ */ Object.freeze({
  airline: /* @__PURE__ */ frozenList<Airline>(() => en.airline?.airline, 'airline.airline'),
  airplane: /* @__PURE__ */ frozenList<Airplane>(() => en.airline?.airplane, 'airline.airplane'),
  airport: /* @__PURE__ */ frozenList<Airport>(() => en.airline?.airport, 'airline.airport'),
});

/** Bear species and common names, from faker's English locale data. */
export const bear: ReadonlyArray<string> = /* @__PURE__ */ frozenList(() => en.animal?.bear, 'animal.bear');
/** Bird names, from faker's English locale data. */
export const bird: ReadonlyArray<string> = /* @__PURE__ */ frozenList(() => en.animal?.bird, 'animal.bird');
/** Cat breeds, from faker's English locale data. */
export const cat: ReadonlyArray<string> = /* @__PURE__ */ frozenList(() => en.animal?.cat, 'animal.cat');
/** Whale, dolphin and porpoise names, from faker's English locale data. */
export const cetacean: ReadonlyArray<string> = /* @__PURE__ */ frozenList(() => en.animal?.cetacean, 'animal.cetacean');
/** Cattle breeds, from faker's English locale data. */
export const cow: ReadonlyArray<string> = /* @__PURE__ */ frozenList(() => en.animal?.cow, 'animal.cow');
/** Crocodile, alligator and caiman names, from faker's English locale data. */
export const crocodilia: ReadonlyArray<string> = /* @__PURE__ */ frozenList(
  () => en.animal?.crocodilia,
  'animal.crocodilia',
);
/** Dog breeds, from faker's English locale data. */
export const dog: ReadonlyArray<string> = /* @__PURE__ */ frozenList(() => en.animal?.dog, 'animal.dog');
/** Fish names, from faker's English locale data. */
export const fish: ReadonlyArray<string> = /* @__PURE__ */ frozenList(() => en.animal?.fish, 'animal.fish');
/** Horse breeds, from faker's English locale data. */
export const horse: ReadonlyArray<string> = /* @__PURE__ */ frozenList(() => en.animal?.horse, 'animal.horse');
/** Insect names, from faker's English locale data. */
export const insect: ReadonlyArray<string> = /* @__PURE__ */ frozenList(() => en.animal?.insect, 'animal.insect');
/** Lion subspecies, from faker's English locale data. */
export const lion: ReadonlyArray<string> = /* @__PURE__ */ frozenList(() => en.animal?.lion, 'animal.lion');
/**
 * Pet names, from faker's English locale data (`en.animal.pet_name`, renamed
 * to camelCase to match the other exports).
 */
export const petName: ReadonlyArray<string> = /* @__PURE__ */ frozenList(() => en.animal?.pet_name, 'animal.pet_name');
/** Rabbit breeds, from faker's English locale data. */
export const rabbit: ReadonlyArray<string> = /* @__PURE__ */ frozenList(() => en.animal?.rabbit, 'animal.rabbit');
/** Rodent names, from faker's English locale data. */
export const rodent: ReadonlyArray<string> = /* @__PURE__ */ frozenList(() => en.animal?.rodent, 'animal.rodent');
/** Snake names, from faker's English locale data. */
export const snake: ReadonlyArray<string> = /* @__PURE__ */ frozenList(() => en.animal?.snake, 'animal.snake');
/** Animal types (e.g. `'dog'`, `'cat'`), from faker's English locale data. */
export const type: ReadonlyArray<string> = /* @__PURE__ */ frozenList(() => en.animal?.type, 'animal.type');

/** The shape of {@link animalNames}. */
export interface AnimalNames {
  readonly bear: ReadonlyArray<string>;
  readonly bird: ReadonlyArray<string>;
  readonly cat: ReadonlyArray<string>;
  readonly cetacean: ReadonlyArray<string>;
  readonly cow: ReadonlyArray<string>;
  readonly crocodilia: ReadonlyArray<string>;
  readonly dog: ReadonlyArray<string>;
  readonly fish: ReadonlyArray<string>;
  readonly horse: ReadonlyArray<string>;
  readonly insect: ReadonlyArray<string>;
  readonly lion: ReadonlyArray<string>;
  readonly petName: ReadonlyArray<string>;
  readonly rabbit: ReadonlyArray<string>;
  readonly rodent: ReadonlyArray<string>;
  readonly snake: ReadonlyArray<string>;
  readonly type: ReadonlyArray<string>;
}

/**
 * Every animal-name list in one frozen object, keyed like the individual
 * exports (the same array instances), for iterating over all of them.
 */
export const animalNames: AnimalNames = /* @__PURE__ */ Object.freeze({
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
});

import { en } from '@faker-js/faker';
import { describe, expect, it } from 'vitest';
import {
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
} from './index.js';

describe('airlineData', () => {
  it('every airline has a name and a 2-character iataCode', () => {
    expect(airlineData.airline.length).toBeGreaterThan(50);
    for (const a of airlineData.airline) {
      expect(a.name.length).toBeGreaterThan(0);
      expect(a.iataCode).toMatch(/^[A-Z0-9]{2}$/);
    }
  });

  it('every airplane has a name and a 3-character iataTypeCode', () => {
    expect(airlineData.airplane.length).toBeGreaterThan(50);
    for (const a of airlineData.airplane) {
      expect(a.name.length).toBeGreaterThan(0);
      expect(a.iataTypeCode).toMatch(/^[A-Z0-9]{3}$/);
    }
  });

  it('every airport has a name and a 3-letter iataCode', () => {
    expect(airlineData.airport.length).toBeGreaterThan(50);
    for (const a of airlineData.airport) {
      expect(a.name.length).toBeGreaterThan(0);
      expect(a.iataCode).toMatch(/^[A-Z]{3}$/);
    }
  });

  it('entries have exactly the documented keys', () => {
    expect(Object.keys(airlineData.airline[0] ?? {}).sort()).toEqual(['iataCode', 'name']);
    expect(Object.keys(airlineData.airplane[0] ?? {}).sort()).toEqual(['iataTypeCode', 'name']);
    expect(Object.keys(airlineData.airport[0] ?? {}).sort()).toEqual(['iataCode', 'name']);
  });

  it('mirrors faker en locale data rather than a copy kept in the repo', () => {
    expect(airlineData.airline).toEqual(en.airline?.airline);
    expect(airlineData.airplane).toEqual(en.airline?.airplane);
    expect(airlineData.airport).toEqual(en.airline?.airport);
  });
});

describe('animal-name lists', () => {
  it('has the sizes faker 10.6 ships', () => {
    expect(bear).toHaveLength(8);
    expect(crocodilia).toHaveLength(24);
    expect(lion).toHaveLength(7);
    for (const list of [bird, cat, cetacean, cow, dog, fish, horse, insect, petName, rabbit, rodent, snake, type]) {
      expect(list.length).toBeGreaterThan(20);
    }
  });

  it('contains only non-empty, non-blank strings', () => {
    for (const list of Object.values(animalNames)) {
      for (const name of list) expect(name).toMatch(/\S/);
    }
  });

  it('covers every list faker en has under animal (pet_name exported as petName)', () => {
    const fakerKeys = Object.keys(en.animal ?? {}).map((k) => (k === 'pet_name' ? 'petName' : k));
    expect(Object.keys(animalNames).sort()).toEqual(fakerKeys.sort());
    expect(petName).toEqual(en.animal?.pet_name);
    expect(bear).toEqual(en.animal?.bear);
  });

  it('animalNames holds the same arrays as the individual exports', () => {
    expect(animalNames.bear).toBe(bear);
    expect(animalNames.dog).toBe(dog);
    expect(animalNames.type).toBe(type);
    expect(animalNames.petName).toBe(petName);
  });
});

describe('read-only lists', () => {
  it('airlineData, its arrays and every entry are frozen', () => {
    expect(Object.isFrozen(airlineData)).toBe(true);
    for (const list of Object.values(airlineData)) {
      expect(Object.isFrozen(list)).toBe(true);
      for (const entry of list) expect(Object.isFrozen(entry)).toBe(true);
    }
  });

  it('animalNames and every animal list are frozen', () => {
    expect(Object.isFrozen(animalNames)).toBe(true);
    for (const list of Object.values(animalNames)) expect(Object.isFrozen(list)).toBe(true);
  });

  it('mutation throws at runtime and is a type error', () => {
    // ES modules run in strict mode, so writes to frozen objects throw.
    // @ts-expect-error ReadonlyArray has no push
    expect(() => bear.push('Teddy')).toThrow(TypeError);
    expect(() => {
      // @ts-expect-error readonly property
      airlineData.airline[0]!.name = 'Hijacked Air';
    }).toThrow(TypeError);
    expect(() => {
      // @ts-expect-error readonly property
      animalNames.dog = [];
    }).toThrow(TypeError);
    expect(bear).toHaveLength(8);
  });

  it('freezing our copies leaves faker own data untouched', () => {
    expect(Object.isFrozen(en.animal?.bear)).toBe(false);
  });
});

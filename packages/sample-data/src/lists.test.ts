import { describe, expect, it } from 'vitest';
import * as root from './index.js';
import * as lists from './lists.js';

const LIST_EXPORTS = [
  'airlineData',
  'animalNames',
  'bear',
  'bird',
  'cat',
  'cetacean',
  'cow',
  'crocodilia',
  'dog',
  'fish',
  'horse',
  'insect',
  'lion',
  'petName',
  'rabbit',
  'rodent',
  'snake',
  'type',
];

describe('the ./lists entry', () => {
  it('exports the lookup lists and nothing else', () => {
    expect(Object.keys(lists).sort()).toEqual([...LIST_EXPORTS].sort());
  });

  it('exports the very same objects as the root entry', () => {
    for (const name of LIST_EXPORTS) {
      expect(root[name as keyof typeof root], name).toBe(lists[name as keyof typeof lists]);
    }
  });
});

import { describe, expect, it } from 'vitest';
import { BROWSER_CONDITIONS, MATRIX_SLICES, browserFilesOfPart, listBrowserTestFiles } from './conditions.mjs';

const BROWSER_FILES = listBrowserTestFiles();
const EVERY_PART = 'react-version.browser.test.ts';

describe('the matrix dealt into parts', () => {
  for (const parts of [2, 3, 4]) {
    it(`puts every browser test file in exactly one of ${parts} parts, and the React version check in all`, () => {
      const dealt = Array.from({ length: parts }, (_, index) => browserFilesOfPart(BROWSER_FILES, index + 1, parts));
      for (const file of BROWSER_FILES) {
        const partsHolding = dealt.filter((files) => files.includes(file)).length;
        expect(partsHolding, file).toBe(file === EVERY_PART ? parts : 1);
      }
      expect(dealt.every((files) => files.length > 1)).toBe(true);
    });
  }

  it('deals a file it has no cost for, and always into the same part', () => {
    const files = [...BROWSER_FILES, 'brand-new.browser.test.ts'];
    const first = [1, 2].map((part) => browserFilesOfPart(files, part, 2));
    const again = [1, 2].map((part) => browserFilesOfPart([...files].reverse(), part, 2));
    expect(again).toEqual(first);
    expect(first.flat()).toContain('brand-new.browser.test.ts');
  });

  it('names a slice for every part of every condition', () => {
    const drawn = BROWSER_CONDITIONS.filter(({ matrixOnly }) => !matrixOnly);
    const expected = drawn.flatMap(({ name, parts }) =>
      parts === undefined ? [name] : Array.from({ length: parts }, (_, index) => `${name}:${index + 1}/${parts}`),
    );
    expect(MATRIX_SLICES.map(({ name }) => name)).toEqual(expected);
    expect(new Set(MATRIX_SLICES.map(({ condition }) => condition.project)).size).toBe(drawn.length);
  });
});

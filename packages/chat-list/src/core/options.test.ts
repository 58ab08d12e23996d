import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ESTIMATED_SIZE,
  DEFAULT_HISTORY_END_OFFSET,
  DEFAULT_OVERSCAN,
  SCROLL_END_DELAY_MS,
  HISTORY_END_OFFSET_RULE,
  OLDER_END_OFFSET_RULE,
  MAX_OVERSCAN,
  OVERSCAN_RULE,
  describeEstimateProblem,
  describeNumberProblem,
  sanitizeEstimate,
  sanitizeNumber,
  toVirtualizerAlign,
  type NumberRule,
} from './options';

const overscanRule: NumberRule = { name: 'overscan', fallback: 10, min: 0, integer: true };
const offsetRule: NumberRule = { name: 'olderEndOffset', fallback: 10, min: 0 };

describe('defaults', () => {
  it('match the SPEC', () => {
    expect(DEFAULT_ESTIMATED_SIZE).toBe(80);
    expect(DEFAULT_OVERSCAN).toBe(10);
    expect(DEFAULT_HISTORY_END_OFFSET).toBe(10);
    expect(SCROLL_END_DELAY_MS).toBe(150);
  });

  it('are the fallbacks of the prop rules', () => {
    expect(OVERSCAN_RULE).toMatchObject({ name: 'overscan', fallback: DEFAULT_OVERSCAN, min: 0, integer: true });
    expect(OLDER_END_OFFSET_RULE).toMatchObject({ name: 'olderEndOffset', fallback: 10, min: 0 });
    expect(HISTORY_END_OFFSET_RULE).toMatchObject({ name: 'historyEndOffset', fallback: 10, min: 0 });
  });
});

describe('sanitizeNumber and describeNumberProblem', () => {
  it('uses the fallback without a problem when the value is undefined', () => {
    expect(sanitizeNumber(undefined, overscanRule)).toBe(10);
    expect(describeNumberProblem(undefined, overscanRule)).toBeNull();
  });

  it.each([
    ['NaN', Number.NaN],
    ['a string', '5'],
    ['null', null],
    ['an object', { value: 5 }],
    ['a boolean', true],
  ])('uses the fallback and names the prop for %s', (_label, value) => {
    expect(sanitizeNumber(value, offsetRule)).toBe(10);
    expect(describeNumberProblem(value, offsetRule)).toMatch(/^olderEndOffset must be a number, got .*; using 10\.$/);
  });

  it('describes the bad value in the problem', () => {
    expect(describeNumberProblem('5', overscanRule)).toContain('"5"');
    expect(describeNumberProblem(null, overscanRule)).toContain('null');
    expect(describeNumberProblem(Number.NaN, overscanRule)).toContain('NaN');
  });

  it('clamps a negative value to the minimum and names the prop', () => {
    expect(sanitizeNumber(-3, overscanRule)).toBe(0);
    expect(describeNumberProblem(-3, overscanRule)).toBe('overscan must be at least 0, got -3; using 0.');
  });

  it('clamps to a non-zero minimum', () => {
    expect(sanitizeNumber(2, { name: 'size', fallback: 10, min: 5 })).toBe(5);
  });

  it('clamps a fraction that rounds below the minimum to the minimum', () => {
    expect(sanitizeNumber(-0.6, overscanRule)).toBe(0);
    expect(describeNumberProblem(-0.6, overscanRule)).toContain('at least 0');
  });

  it('rounds a fractional value when integers are required, with a problem', () => {
    expect(sanitizeNumber(2.4, overscanRule)).toBe(2);
    expect(describeNumberProblem(2.4, overscanRule)).toBe('overscan must be a whole number, got 2.4; using 2.');
    expect(sanitizeNumber(2.6, overscanRule)).toBe(3);
    expect(describeNumberProblem(2.6, overscanRule)).not.toBeNull();
  });

  it('keeps a fractional value when integers are not required', () => {
    expect(sanitizeNumber(12.5, offsetRule)).toBe(12.5);
    expect(describeNumberProblem(12.5, offsetRule)).toBeNull();
  });

  it('clamps an overscan that would render every row (1e9) to the maximum, with a problem', () => {
    expect(sanitizeNumber(1e9, OVERSCAN_RULE)).toBe(MAX_OVERSCAN);
    expect(describeNumberProblem(1e9, OVERSCAN_RULE)).toBe(
      `overscan must be at most ${MAX_OVERSCAN}, got 1000000000; using ${MAX_OVERSCAN}.`,
    );
    expect(sanitizeNumber(MAX_OVERSCAN, OVERSCAN_RULE)).toBe(MAX_OVERSCAN);
    expect(describeNumberProblem(MAX_OVERSCAN, OVERSCAN_RULE)).toBeNull();
  });

  it('uses the fallback for Infinity, with a problem', () => {
    expect(sanitizeNumber(Number.POSITIVE_INFINITY, offsetRule)).toBe(10);
    expect(describeNumberProblem(Number.POSITIVE_INFINITY, offsetRule)).toBe(
      'olderEndOffset must be finite, got Infinity; using 10.',
    );
  });

  it('uses the fallback for Infinity also when integers are required', () => {
    expect(sanitizeNumber(Number.POSITIVE_INFINITY, overscanRule)).toBe(10);
    expect(describeNumberProblem(Number.POSITIVE_INFINITY, overscanRule)).not.toBeNull();
  });

  it('gives a finite value and a problem for -Infinity', () => {
    expect(sanitizeNumber(Number.NEGATIVE_INFINITY, overscanRule)).toBe(0);
    expect(describeNumberProblem(Number.NEGATIVE_INFINITY, overscanRule)).toContain('overscan');
  });

  it.each([0, 1, 10, 250])('keeps the valid value %i without a problem', (value) => {
    expect(sanitizeNumber(value, overscanRule)).toBe(value);
    expect(describeNumberProblem(value, overscanRule)).toBeNull();
  });

  it('keeps a value equal to the minimum', () => {
    const rule = { name: 'size', fallback: 10, min: 5 };
    expect(sanitizeNumber(5, rule)).toBe(5);
    expect(describeNumberProblem(5, rule)).toBeNull();
  });
});

describe('sanitizeEstimate and describeEstimateProblem', () => {
  it.each([
    ['0', 0],
    ['a negative number', -20],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['-Infinity', Number.NEGATIVE_INFINITY],
    ['undefined', undefined],
    ['a string', '80'],
  ])('replaces %s with the default and reports a problem', (_label, value) => {
    expect(sanitizeEstimate(value)).toBe(DEFAULT_ESTIMATED_SIZE);
    expect(describeEstimateProblem(value)).toMatch(
      /^estimateSize must return a positive finite number, got .*; using 80\.$/,
    );
  });

  it.each([1, 80, 33.5, 4000])('keeps the valid estimate %d', (value) => {
    expect(sanitizeEstimate(value)).toBe(value);
  });
});

describe('toVirtualizerAlign', () => {
  it("maps 'nearest' to 'auto'", () => {
    expect(toVirtualizerAlign('nearest')).toBe('auto');
  });

  it("maps undefined to 'auto'", () => {
    expect(toVirtualizerAlign(undefined)).toBe('auto');
  });

  it.each(['start', 'center', 'end'] as const)('keeps %s', (align) => {
    expect(toVirtualizerAlign(align)).toBe(align);
  });
});

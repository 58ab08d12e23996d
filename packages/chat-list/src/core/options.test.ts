import { describe, expect, it } from 'vitest';
import {
  DEFAULT_ESTIMATED_SIZE,
  DEFAULT_HISTORY_END_OFFSET,
  DEFAULT_OVERSCAN,
  SCROLL_END_DELAY_MS,
  sanitizeEstimate,
  sanitizeNumber,
  toVirtualizerAlign,
  type NumberRule,
} from './options';

const overscanRule: NumberRule = { fallback: 10, min: 0, integer: true };
const offsetRule: NumberRule = { fallback: 10, min: 0 };

describe('defaults', () => {
  it('match the SPEC', () => {
    expect(DEFAULT_ESTIMATED_SIZE).toBe(80);
    expect(DEFAULT_OVERSCAN).toBe(10);
    expect(DEFAULT_HISTORY_END_OFFSET).toBe(10);
    expect(SCROLL_END_DELAY_MS).toBe(150);
  });
});

describe('sanitizeNumber', () => {
  it('uses the fallback without a problem when the value is undefined', () => {
    expect(sanitizeNumber('overscan', undefined, overscanRule)).toEqual({ value: 10, problem: null });
  });

  it.each([
    ['NaN', Number.NaN],
    ['a string', '5'],
    ['null', null],
    ['an object', { value: 5 }],
    ['a boolean', true],
  ])('uses the fallback and names the prop for %s', (_label, value) => {
    const result = sanitizeNumber('historyEndOffset', value, offsetRule);
    expect(result.value).toBe(10);
    expect(result.problem).toEqual(expect.stringContaining('historyEndOffset'));
  });

  it('describes the bad value in the problem', () => {
    expect(sanitizeNumber('overscan', '5', overscanRule).problem).toContain('"5"');
    expect(sanitizeNumber('overscan', null, overscanRule).problem).toContain('null');
    expect(sanitizeNumber('overscan', Number.NaN, overscanRule).problem).toContain('NaN');
  });

  it('clamps a negative value to the minimum and names the prop', () => {
    const result = sanitizeNumber('overscan', -3, overscanRule);
    expect(result.value).toBe(0);
    expect(result.problem).toContain('overscan');
    expect(result.problem).toContain('-3');
  });

  it('clamps to a non-zero minimum', () => {
    expect(sanitizeNumber('size', 2, { fallback: 10, min: 5 })).toMatchObject({ value: 5 });
  });

  it('clamps a fraction that rounds below the minimum to the minimum', () => {
    expect(sanitizeNumber('overscan', -0.6, overscanRule)).toMatchObject({ value: 0 });
  });

  it('rounds a fractional value when integers are required, with a problem', () => {
    const down = sanitizeNumber('overscan', 2.4, overscanRule);
    expect(down.value).toBe(2);
    expect(down.problem).toContain('overscan');
    const up = sanitizeNumber('overscan', 2.6, overscanRule);
    expect(up.value).toBe(3);
    expect(up.problem).not.toBeNull();
  });

  it('keeps a fractional value when integers are not required', () => {
    expect(sanitizeNumber('historyEndOffset', 12.5, offsetRule)).toEqual({ value: 12.5, problem: null });
  });

  it('uses the fallback for Infinity, with a problem', () => {
    const result = sanitizeNumber('historyEndOffset', Number.POSITIVE_INFINITY, offsetRule);
    expect(result.value).toBe(10);
    expect(result.problem).toContain('historyEndOffset');
  });

  it('uses the fallback for Infinity also when integers are required', () => {
    const result = sanitizeNumber('overscan', Number.POSITIVE_INFINITY, overscanRule);
    expect(result.value).toBe(10);
    expect(result.problem).not.toBeNull();
  });

  it('gives a finite value and a problem for -Infinity', () => {
    const result = sanitizeNumber('overscan', Number.NEGATIVE_INFINITY, overscanRule);
    expect(Number.isFinite(result.value)).toBe(true);
    expect(result.value).toBe(0);
    expect(result.problem).toContain('overscan');
  });

  it.each([0, 1, 10, 250])('keeps the valid value %i without a problem', (value) => {
    expect(sanitizeNumber('overscan', value, overscanRule)).toEqual({ value, problem: null });
  });

  it('keeps a value equal to the minimum', () => {
    expect(sanitizeNumber('size', 5, { fallback: 10, min: 5 })).toEqual({ value: 5, problem: null });
  });
});

describe('sanitizeEstimate', () => {
  it.each([
    ['0', 0],
    ['a negative number', -20],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['-Infinity', Number.NEGATIVE_INFINITY],
    ['undefined', undefined],
    ['a string', '80'],
  ])('replaces %s with the default and reports a problem', (_label, value) => {
    const result = sanitizeEstimate(value);
    expect(result.value).toBe(DEFAULT_ESTIMATED_SIZE);
    expect(result.problem).toContain('estimateSize');
  });

  it.each([1, 80, 33.5, 4000])('keeps the valid estimate %d', (value) => {
    expect(sanitizeEstimate(value)).toEqual({ value, problem: null });
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

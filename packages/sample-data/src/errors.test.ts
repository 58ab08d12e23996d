import { describe, expect, it } from 'vitest';
import {
  ASSISTANT_REPLY_STYLES,
  createMessageGenerator,
  MAX_PARTICIPANTS,
  SUPPORTED_LOCALES,
  type MessageGeneratorOptions,
} from './index.js';

/** Lets tests pass values the types forbid, as untyped JS callers could. */
const loose = (value: unknown) => value as MessageGeneratorOptions;
const looseCount = (value: unknown) => value as number;

describe('messages(count) errors', () => {
  const gen = createMessageGenerator({ seed: 1 });

  it('rejects a negative count with a RangeError naming count', () => {
    expect(() => gen.messages(-1)).toThrow(RangeError);
    expect(() => gen.messages(-1)).toThrow(/count/);
  });

  it('rejects a fractional count with a RangeError naming count', () => {
    expect(() => gen.messages(2.5)).toThrow(RangeError);
    expect(() => gen.messages(2.5)).toThrow(/count/);
  });

  it('rejects NaN and Infinity with a RangeError naming count', () => {
    for (const bad of [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY]) {
      expect(() => gen.messages(bad)).toThrow(RangeError);
      expect(() => gen.messages(bad)).toThrow(/count/);
    }
  });

  it('rejects a non-number count (string, undefined, null, bigint) with a TypeError naming count', () => {
    for (const bad of ['3', undefined, null, 3n, {}]) {
      expect(() => gen.messages(looseCount(bad))).toThrow(TypeError);
      expect(() => gen.messages(looseCount(bad))).toThrow(/count/);
    }
  });

  it('a rejected call does not consume randomness', () => {
    const a = createMessageGenerator({ seed: 2 });
    const b = createMessageGenerator({ seed: 2 });
    expect(() => a.messages(-1)).toThrow();
    expect(a.messages(20)).toEqual(b.messages(20));
  });
});

describe('locale errors', () => {
  it('an unknown locale is a RangeError whose message lists the known locales', () => {
    expect(() => createMessageGenerator(loose({ locale: 'xx' }))).toThrow(RangeError);
    let message = '';
    try {
      createMessageGenerator(loose({ locale: 'klingon' }));
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toMatch(/klingon/);
    for (const known of SUPPORTED_LOCALES) expect(message).toContain(known);
  });

  it('does not treat Object.prototype keys as locales', () => {
    expect(() => createMessageGenerator(loose({ locale: 'toString' }))).toThrow(RangeError);
  });

  it.each([
    ['an empty string', ''],
    ['null', null],
    ['a number', 1],
    ['an object', {}],
  ])('a missing locale (%s) is a TypeError mentioning "missing locale"', (_label, locale) => {
    expect(() => createMessageGenerator(loose({ locale }))).toThrow(TypeError);
    expect(() => createMessageGenerator(loose({ locale }))).toThrow(/missing locale/);
  });
});

describe('seed errors', () => {
  it.each([
    ['fractional', 1.5],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['a string', '42'],
    ['null', null],
    ['an array', [1, 2]],
  ])('a %s seed is a TypeError naming seed', (_label, seed) => {
    expect(() => createMessageGenerator(loose({ seed }))).toThrow(TypeError);
    expect(() => createMessageGenerator(loose({ seed }))).toThrow(/seed/);
  });
});

describe('options errors', () => {
  it.each([
    ['null', null],
    ['a number', 42],
    ['a string', 'en'],
    ['an array', []],
  ])('options that are %s are a TypeError', (_label, options) => {
    expect(() => createMessageGenerator(loose(options))).toThrow(TypeError);
    expect(() => createMessageGenerator(loose(options))).toThrow(/options/);
  });

  it('an unknown userpics value is a RangeError naming userpics; a non-string one a TypeError', () => {
    expect(() => createMessageGenerator(loose({ userpics: 'gravatar' }))).toThrow(RangeError);
    expect(() => createMessageGenerator(loose({ userpics: 'gravatar' }))).toThrow(/userpics/);
    expect(() => createMessageGenerator(loose({ userpics: true }))).toThrow(TypeError);
    expect(() => createMessageGenerator(loose({ userpics: true }))).toThrow(/userpics/);
  });

  it('an unknown assistantReplies value is a RangeError listing the accepted ones; a non-string one a TypeError', () => {
    expect(() => createMessageGenerator(loose({ assistantReplies: 'html' }))).toThrow(RangeError);
    expect(() => createMessageGenerator(loose({ assistantReplies: 'html' }))).toThrow(/assistantReplies "html"/);
    for (const style of ASSISTANT_REPLY_STYLES) {
      expect(() => createMessageGenerator(loose({ assistantReplies: 'html' }))).toThrow(style);
    }
    for (const bad of [null, true, 1, {}]) {
      expect(() => createMessageGenerator(loose({ assistantReplies: bad }))).toThrow(TypeError);
      expect(() => createMessageGenerator(loose({ assistantReplies: bad }))).toThrow(/assistantReplies/);
    }
  });

  it.each([
    ['zero', 0],
    ['negative', -2],
    ['fractional', 2.5],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['above MAX_PARTICIPANTS', MAX_PARTICIPANTS + 1],
  ])('a %s participants is a RangeError naming participants and the range', (_label, participants) => {
    expect(() => createMessageGenerator({ participants })).toThrow(RangeError);
    expect(() => createMessageGenerator({ participants })).toThrow(/participants .*1 to 10000/);
  });

  it.each([
    ['a string', '3'],
    ['null', null],
    ['a boolean', true],
    ['a bigint', 3n],
    ['an object', {}],
  ])('participants that is %s is a TypeError naming participants', (_label, participants) => {
    expect(() => createMessageGenerator(loose({ participants }))).toThrow(TypeError);
    expect(() => createMessageGenerator(loose({ participants }))).toThrow(/participants/);
  });

  it('the error names the bad value', () => {
    expect(() => createMessageGenerator({ participants: 0 })).toThrow(/got number 0/);
    expect(() => createMessageGenerator(loose({ participants: '3' }))).toThrow(/got "3"/);
  });

  it('an empty options object is accepted', () => {
    expect(createMessageGenerator({}).messages(3)).toHaveLength(3);
  });
});

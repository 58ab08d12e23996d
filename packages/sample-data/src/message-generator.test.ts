import { faker as globalFaker } from '@faker-js/faker';
import { describe, expect, it } from 'vitest';
import {
  ASSISTANT_NAME,
  ASSISTANT_USERPIC,
  createMessageGenerator,
  SUPPORTED_LOCALES,
  type ChatMessage,
} from './index.js';

/** Each faker lorem sentence ends in exactly one '.', so periods count sentences. */
const sentenceCount = (content: string): number => (content.match(/[.!?]/g) ?? []).length;

describe('createMessageGenerator determinism', () => {
  it('produces identical 200-message sequences for the same seed', () => {
    const a = createMessageGenerator({ seed: 1234 }).messages(200);
    const b = createMessageGenerator({ seed: 1234 }).messages(200);
    expect(a).toHaveLength(200);
    expect(b).toEqual(a);
  });

  it('produces different sequences for different seeds', () => {
    const a = createMessageGenerator({ seed: 1 }).messages(200);
    const b = createMessageGenerator({ seed: 2 }).messages(200);
    expect(b).not.toEqual(a);
    expect(b.map((m) => m.id)).not.toEqual(a.map((m) => m.id));
  });

  it('is deterministic across message(), user() and assistant() calls mixed in the same order', () => {
    const run = (): ChatMessage[] => {
      const gen = createMessageGenerator({ seed: 99 });
      return [gen.user(), gen.assistant(), gen.message(), ...gen.messages(5), gen.user()];
    };
    expect(run()).toEqual(run());
  });

  it('uses a random seed when none is given, and reports it so the sequence can be reproduced', () => {
    const a = createMessageGenerator();
    const b = createMessageGenerator();
    expect(Number.isInteger(a.seed)).toBe(true);
    expect(a.seed).not.toBe(b.seed);
    const first = a.messages(50);
    expect(b.messages(50)).not.toEqual(first);
    expect(createMessageGenerator({ seed: a.seed }).messages(50)).toEqual(first);
  });

  it('reports the given seed back unchanged', () => {
    expect(createMessageGenerator({ seed: 7 }).seed).toBe(7);
    expect(createMessageGenerator({ seed: -3 }).seed).toBe(-3);
  });
});

describe('createMessageGenerator independence', () => {
  it('interleaving calls on two generators does not change either sequence', () => {
    // B makes extra, uneven user() calls; its solo run replays the same pattern.
    const runB = (gen: ReturnType<typeof createMessageGenerator>, i: number): ChatMessage[] =>
      i % 3 === 0 ? [gen.message(), gen.user()] : [gen.message()];

    const soloA = createMessageGenerator({ seed: 10 }).messages(200);
    const soloGenB = createMessageGenerator({ seed: 20 });
    const soloB = Array.from({ length: 200 }, (_, i) => runB(soloGenB, i)).flat();

    const a = createMessageGenerator({ seed: 10 });
    const b = createMessageGenerator({ seed: 20 });
    const interleavedA: ChatMessage[] = [];
    const interleavedB: ChatMessage[] = [];
    for (let i = 0; i < 200; i++) {
      interleavedB.push(...runB(b, i));
      interleavedA.push(a.message());
    }
    expect(interleavedA).toEqual(soloA);
    expect(interleavedB).toEqual(soloB);
  });

  it('two generators with the same seed stay in lockstep regardless of each other', () => {
    const a = createMessageGenerator({ seed: 5 });
    const b = createMessageGenerator({ seed: 5 });
    const fromA = a.messages(100);
    b.messages(0);
    expect(b.messages(100)).toEqual(fromA);
  });

  it('neither uses nor disturbs the global faker instance', () => {
    const expected = createMessageGenerator({ seed: 42 }).messages(50);

    globalFaker.seed(1);
    const globalBefore = globalFaker.string.alphanumeric(20);
    globalFaker.seed(1);
    const gen = createMessageGenerator({ seed: 42 });
    const got: ChatMessage[] = [];
    for (let i = 0; i < 50; i++) {
      got.push(gen.message());
      globalFaker.lorem.paragraph();
    }
    expect(got).toEqual(expected);

    globalFaker.seed(1);
    createMessageGenerator({ seed: 42 }).messages(50);
    expect(globalFaker.string.alphanumeric(20)).toBe(globalBefore);
  });
});

describe('message ids', () => {
  it('are 10-character alphanumeric strings, unique across 10 000 messages', () => {
    const gen = createMessageGenerator({ seed: 2024 });
    const ids = gen.messages(10_000).map((m) => m.id);
    for (const id of ids) expect(id).toMatch(/^[a-zA-Z0-9]{10}$/);
    expect(new Set(ids).size).toBe(10_000);
  });

  it('are unique across message(), user() and assistant() of one generator', () => {
    const gen = createMessageGenerator({ seed: 3 });
    const ids = [
      ...Array.from({ length: 500 }, () => gen.user().id),
      ...Array.from({ length: 500 }, () => gen.assistant().id),
      ...gen.messages(500).map((m) => m.id),
    ];
    expect(new Set(ids).size).toBe(1500);
  });
});

describe('role rules', () => {
  const gen = createMessageGenerator({ seed: 77 });

  it('user messages have a first name, a userpic and 1–10 sentences, covering the whole range', () => {
    const seen = new Set<number>();
    for (let i = 0; i < 500; i++) {
      const m = gen.user();
      expect(m.role).toBe('user');
      expect(m.name).toMatch(/^\S/);
      expect(m.name).not.toBe(ASSISTANT_NAME);
      expect(m.userpic).not.toBe('');
      const n = sentenceCount(m.content);
      expect(n).toBeGreaterThanOrEqual(1);
      expect(n).toBeLessThanOrEqual(10);
      seen.add(n);
    }
    expect([...seen].sort((x, y) => x - y)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('user names vary', () => {
    const names = new Set(Array.from({ length: 100 }, () => gen.user().name));
    expect(names.size).toBeGreaterThan(20);
  });

  it('assistant messages are exactly one sentence with the fixed name and icon', () => {
    for (let i = 0; i < 500; i++) {
      const m = gen.assistant();
      expect(m.role).toBe('assistant');
      expect(sentenceCount(m.content)).toBe(1);
      expect(m.content).toMatch(/^[A-Z].*\.$/);
      expect(m.name).toBe(ASSISTANT_NAME);
      expect(m.userpic).toBe(ASSISTANT_USERPIC);
    }
  });

  it('message() picks user or assistant roughly half of the time each', () => {
    const all = createMessageGenerator({ seed: 8 }).messages(4000);
    const users = all.filter((m) => m.role === 'user').length;
    expect(users / all.length).toBeGreaterThan(0.45);
    expect(users / all.length).toBeLessThan(0.55);
    for (const m of all) {
      if (m.role === 'assistant') {
        expect(m.name).toBe(ASSISTANT_NAME);
        expect(sentenceCount(m.content)).toBe(1);
      }
    }
  });

  it('messages(0) returns an empty array', () => {
    expect(createMessageGenerator({ seed: 1 }).messages(0)).toEqual([]);
  });
});

describe('userpics option', () => {
  it('defaults to self-contained SVG data: URIs (no network)', () => {
    const all = createMessageGenerator({ seed: 11 }).messages(300);
    for (const m of all) expect(m.userpic).toMatch(/^data:image\/svg\+xml,/);
    expect(ASSISTANT_USERPIC).toMatch(/^data:image\/svg\+xml,/);
  });

  it('the default data: URI decodes to an SVG showing the name initial', () => {
    const m = createMessageGenerator({ seed: 12 }).user();
    const svg = decodeURIComponent(m.userpic.slice('data:image/svg+xml,'.length));
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect(svg).toContain(`>${m.name[0]?.toUpperCase()}</text>`);
  });

  it("'data-uri' is the same as the default", () => {
    expect(createMessageGenerator({ seed: 13, userpics: 'data-uri' }).messages(50)).toEqual(
      createMessageGenerator({ seed: 13 }).messages(50),
    );
  });

  it("'faker' yields http(s) portrait URLs for users, and still the fixed icon for the assistant", () => {
    const gen = createMessageGenerator({ seed: 14, userpics: 'faker' });
    for (let i = 0; i < 100; i++) expect(gen.user().userpic).toMatch(/^https?:\/\/\S+$/);
    expect(gen.assistant().userpic).toBe(ASSISTANT_USERPIC);
  });
});

describe('locale option', () => {
  it('defaults to en', () => {
    expect(createMessageGenerator({ seed: 15 }).messages(30)).toEqual(
      createMessageGenerator({ seed: 15, locale: 'en' }).messages(30),
    );
    expect(createMessageGenerator({ seed: 15, locale: undefined }).messages(30)).toEqual(
      createMessageGenerator({ seed: 15, locale: 'en' }).messages(30),
    );
  });

  it.each(SUPPORTED_LOCALES)('supports %s, falling back to en for missing data', (locale) => {
    const gen = createMessageGenerator({ seed: 16, locale });
    for (const m of gen.messages(100)) {
      expect(m.content.length).toBeGreaterThan(0);
      expect(m.name.length).toBeGreaterThan(0);
    }
  });

  it('a different locale produces different names', () => {
    const names = (locale: 'en' | 'de') =>
      Array.from({ length: 20 }, createMessageGenerator({ seed: 17, locale }).user).map((m) => m.name);
    expect(names('de')).not.toEqual(names('en'));
  });
});

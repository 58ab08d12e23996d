import { describe, expect, it } from 'vitest';
import { ASSISTANT_NAME, createMessageGenerator, MAX_PARTICIPANTS, type ChatMessage } from './index.js';

const authors = (messages: readonly ChatMessage[]) =>
  messages.filter((m) => m.role === 'user').map(({ name, userpic }) => ({ name, userpic }));

describe('participants option', () => {
  it('is off by default: no cast, and users are drawn anew', () => {
    const gen = createMessageGenerator({ seed: 1 });
    expect(gen.participants).toBeUndefined();
    expect(new Set(Array.from({ length: 100 }, () => gen.user().name)).size).toBeGreaterThan(20);
    expect(createMessageGenerator({ seed: 1, participants: undefined }).messages(50)).toEqual(
      createMessageGenerator({ seed: 1 }).messages(50),
    );
  });

  it.each([1, 2, 3, 7, 50])('draws every user message from a cast of %i', (size) => {
    const gen = createMessageGenerator({ seed: 100 + size, participants: size });
    const cast = gen.participants ?? [];
    expect(cast).toHaveLength(size);
    const castByName = new Map(cast.map((p) => [p.name, p.userpic]));
    expect(castByName.size).toBe(size);
    const seen = authors([...gen.messages(1000), ...Array.from({ length: 200 }, gen.user)]);
    for (const author of seen) expect(author.userpic).toBe(castByName.get(author.name));
    // 700 or so user messages: every member of a small cast gets to speak.
    expect(new Set(seen.map((a) => a.name)).size).toBe(size);
  });

  it('each participant keeps one name and one userpic, with either userpic source', () => {
    for (const userpics of ['data-uri', 'faker'] as const) {
      const gen = createMessageGenerator({ seed: 5, participants: 4, userpics });
      const userpicByName = new Map<string, string>();
      for (const { name, userpic } of authors(gen.messages(400))) {
        expect(userpicByName.get(name) ?? userpic).toBe(userpic);
        userpicByName.set(name, userpic);
      }
      expect(userpicByName.size).toBe(4);
      expect(new Set(userpicByName.values()).size).toBe(4);
    }
  });

  it('the cast is frozen, and its names are unique and never the assistant name', () => {
    const { participants } = createMessageGenerator({ seed: 6, participants: 200 });
    expect(Object.isFrozen(participants)).toBe(true);
    for (const p of participants ?? []) {
      expect(Object.isFrozen(p)).toBe(true);
      expect(p.name).toMatch(/^\S/);
      expect(p.name).not.toBe(ASSISTANT_NAME);
    }
    expect(new Set(participants?.map((p) => p.name)).size).toBe(200);
  });

  it('names stay unique in a cast larger than the locale has first names', () => {
    // es has about 230 first names, so most of these 1000 must be numbered.
    const { participants } = createMessageGenerator({ seed: 7, locale: 'es', participants: 1000 });
    const names = participants?.map((p) => p.name) ?? [];
    expect(new Set(names).size).toBe(1000);
    expect(names.some((name) => / \d+$/.test(name))).toBe(true);
  });

  it('accepts MAX_PARTICIPANTS', () => {
    expect(createMessageGenerator({ seed: 8, participants: MAX_PARTICIPANTS }).participants).toHaveLength(
      MAX_PARTICIPANTS,
    );
  });

  it('is deterministic per seed, and differs between seeds', () => {
    const run = (seed: number) => {
      const gen = createMessageGenerator({ seed, participants: 5 });
      return { cast: gen.participants, messages: gen.messages(200) };
    };
    expect(run(9)).toEqual(run(9));
    expect(run(10).cast).not.toEqual(run(9).cast);
  });

  it('the cast depends on the seed and options only, not on which calls come first', () => {
    const a = createMessageGenerator({ seed: 11, participants: 6 });
    a.assistant();
    const b = createMessageGenerator({ seed: 11, participants: 6 });
    b.messages(30);
    expect(b.participants).toEqual(a.participants);
    expect(authors(b.messages(200)).every((author) => a.participants?.some((p) => p.name === author.name))).toBe(true);
  });

  it('generators with casts are independent when interleaved', () => {
    const soloA = createMessageGenerator({ seed: 12, participants: 3 }).messages(100);
    const soloB = createMessageGenerator({ seed: 13, participants: 8 }).messages(100);
    const a = createMessageGenerator({ seed: 12, participants: 3 });
    const b = createMessageGenerator({ seed: 13, participants: 8 });
    const interleavedA: ChatMessage[] = [];
    const interleavedB: ChatMessage[] = [];
    for (let i = 0; i < 100; i++) {
      interleavedA.push(a.message());
      interleavedB.push(b.message());
    }
    expect(interleavedA).toEqual(soloA);
    expect(interleavedB).toEqual(soloB);
  });

  it('keeps the user rules: 1–10 sentences, unique ids', () => {
    const gen = createMessageGenerator({ seed: 14, participants: 2 });
    const users = Array.from({ length: 300 }, gen.user);
    for (const m of users) {
      expect(m.role).toBe('user');
      const sentences = (m.content.match(/[.!?]/g) ?? []).length;
      expect(sentences).toBeGreaterThanOrEqual(1);
      expect(sentences).toBeLessThanOrEqual(10);
    }
    expect(new Set(users.map((m) => m.id)).size).toBe(300);
  });

  it('combines with Markdown replies and other locales', () => {
    const gen = createMessageGenerator({ seed: 15, locale: 'de', participants: 3, assistantReplies: 'markdown' });
    const all = gen.messages(300);
    expect(new Set(authors(all).map((a) => a.name)).size).toBe(3);
    expect(all.some((m) => m.role === 'assistant' && m.content.includes('\n\n'))).toBe(true);
  });
});

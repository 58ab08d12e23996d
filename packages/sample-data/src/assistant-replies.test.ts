import { describe, expect, it } from 'vitest';
import {
  ASSISTANT_NAME,
  ASSISTANT_REPLY_STYLES,
  ASSISTANT_USERPIC,
  createMessageGenerator,
  SUPPORTED_LOCALES,
  type ChatMessage,
} from './index.js';

type Block = { kind: 'paragraph' | 'list' | 'code'; text: string };

const LIST_ITEM = /^(?:- |\d+\. )\S/;
const FENCE = /^```/;

/**
 * Splits a reply into its Markdown blocks. The generator separates blocks by
 * exactly one blank line and never puts a blank line inside one, so a split on
 * '\n\n' is exact here (it would not be for arbitrary Markdown).
 */
function blocks(content: string): Block[] {
  return content.split('\n\n').map((text) => {
    if (FENCE.test(text)) return { kind: 'code', text };
    if (text.split('\n').every((line) => LIST_ITEM.test(line))) return { kind: 'list', text };
    return { kind: 'paragraph', text };
  });
}

const markdownReplies = (seed: number, count: number): string[] => {
  const gen = createMessageGenerator({ seed, assistantReplies: 'markdown' });
  return Array.from({ length: count }, () => gen.assistant().content);
};

describe('assistantReplies option', () => {
  it('lists the accepted values', () => {
    expect(ASSISTANT_REPLY_STYLES).toEqual(['sentence', 'markdown']);
    expect(Object.isFrozen(ASSISTANT_REPLY_STYLES)).toBe(true);
  });

  it("defaults to 'sentence': the same output as passing it, or passing undefined", () => {
    const expected = createMessageGenerator({ seed: 21 }).messages(100);
    expect(createMessageGenerator({ seed: 21, assistantReplies: 'sentence' }).messages(100)).toEqual(expected);
    expect(createMessageGenerator({ seed: 21, assistantReplies: undefined }).messages(100)).toEqual(expected);
  });

  it("'markdown' is deterministic per seed, and differs between seeds", () => {
    const run = (seed: number): ChatMessage[] => {
      const gen = createMessageGenerator({ seed, assistantReplies: 'markdown' });
      return [...gen.messages(100), gen.assistant(), gen.user()];
    };
    expect(run(31)).toEqual(run(31));
    expect(run(32)).not.toEqual(run(31));
  });

  it("'markdown' generators are independent of each other when interleaved", () => {
    const soloA = createMessageGenerator({ seed: 41, assistantReplies: 'markdown' }).messages(100);
    const soloB = createMessageGenerator({ seed: 42, assistantReplies: 'markdown' }).messages(100);
    const a = createMessageGenerator({ seed: 41, assistantReplies: 'markdown' });
    const b = createMessageGenerator({ seed: 42, assistantReplies: 'markdown' });
    const interleavedA: ChatMessage[] = [];
    const interleavedB: ChatMessage[] = [];
    for (let i = 0; i < 100; i++) {
      interleavedB.push(b.message());
      interleavedA.push(a.message());
    }
    expect(interleavedA).toEqual(soloA);
    expect(interleavedB).toEqual(soloB);
  });

  it('changes only assistant replies: user() sequences are the same in both styles', () => {
    const users = (assistantReplies: 'sentence' | 'markdown') => {
      const gen = createMessageGenerator({ seed: 51, assistantReplies });
      return Array.from({ length: 50 }, gen.user);
    };
    expect(users('markdown')).toEqual(users('sentence'));
  });

  it('keeps the fixed assistant name and icon, in assistant() and in message()', () => {
    const gen = createMessageGenerator({ seed: 61, assistantReplies: 'markdown' });
    const fromMessage = gen.messages(200).filter((m) => m.role === 'assistant');
    expect(fromMessage.length).toBeGreaterThan(50);
    for (const m of [...fromMessage, gen.assistant()]) {
      expect(m.role).toBe('assistant');
      expect(m.name).toBe(ASSISTANT_NAME);
      expect(m.userpic).toBe(ASSISTANT_USERPIC);
      expect(m.id).toMatch(/^[a-zA-Z0-9]{10}$/);
    }
    // message() goes through the same reply writer: some of its replies are multi-block.
    expect(fromMessage.some((m) => m.content.includes('\n\n'))).toBe(true);
  });
});

describe("'markdown' replies look like an assistant's", () => {
  const replies = markdownReplies(71, 300);
  const parsed = replies.map(blocks);

  it('every reply is well-formed: trimmed, no empty block, opens with prose', () => {
    for (const reply of replies) {
      expect(reply).toBe(reply.trim());
      expect(reply).not.toMatch(/\n{3}/);
    }
    for (const reply of parsed) {
      expect(reply[0]?.kind).toBe('paragraph');
      for (const block of reply) expect(block.text).toMatch(/\S/);
    }
  });

  it('has 1–4 paragraphs, covering the whole range', () => {
    const counts = new Set(parsed.map((reply) => reply.filter((b) => b.kind === 'paragraph').length));
    expect([...counts].sort()).toEqual([1, 2, 3, 4]);
  });

  it('paragraphs are single lines of sentences, some with inline code', () => {
    const paragraphs = parsed.flat().filter((b) => b.kind === 'paragraph');
    for (const { text } of paragraphs) {
      expect(text).not.toContain('\n');
      expect(text).toMatch(/^\S.*\.$/);
      // Inline code spans come in pairs of backticks.
      expect((text.match(/`/g) ?? []).length % 2).toBe(0);
    }
    expect(paragraphs.some(({ text }) => /`\w+\(\)`/.test(text))).toBe(true);
  });

  it('some replies have bulleted lists, some numbered lists numbered from 1', () => {
    const lists = parsed.flat().filter((b) => b.kind === 'list');
    const bulleted = lists.filter(({ text }) => text.startsWith('- '));
    const numbered = lists.filter(({ text }) => /^1\. /.test(text));
    expect(bulleted.length).toBeGreaterThan(10);
    expect(numbered.length).toBeGreaterThan(10);
    expect(bulleted.length + numbered.length).toBe(lists.length);
    for (const { text } of numbered) {
      const numbers = text.split('\n').map((line) => Number(/^(\d+)\. /.exec(line)?.[1]));
      expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    }
    for (const { text } of lists) {
      const items = text.split('\n');
      expect(items.length).toBeGreaterThanOrEqual(2);
      expect(items.length).toBeLessThanOrEqual(6);
    }
    // At most one list per reply, and not in every reply.
    const perReply = parsed.map((reply) => reply.filter((b) => b.kind === 'list').length);
    expect(Math.max(...perReply)).toBe(1);
    expect(perReply.filter((n) => n === 0).length).toBeGreaterThan(replies.length / 3);
  });

  it('some replies have a fenced code block with a language tag and balanced fences', () => {
    const languages = new Set<string>();
    let withCode = 0;
    for (const reply of replies) {
      const fences = reply.split('\n').filter((line) => FENCE.test(line));
      expect(fences.length % 2).toBe(0);
      if (fences.length > 0) withCode++;
      for (let i = 0; i < fences.length; i += 2) {
        const tag = /^```(\w+)$/.exec(fences[i] ?? '')?.[1];
        expect(tag, `opening fence ${fences[i]}`).toBeDefined();
        languages.add(tag ?? '');
        expect(fences[i + 1]).toBe('```');
      }
    }
    expect(withCode).toBeGreaterThan(replies.length / 10);
    expect(withCode).toBeLessThan(replies.length / 2);
    expect([...languages].sort()).toEqual(['bash', 'js', 'json', 'python', 'ts']);
  });

  it('code blocks hold plausible code: non-empty lines, no blank line, at least one line of code', () => {
    const codeBlocks = parsed.flat().filter((b) => b.kind === 'code');
    for (const { text } of codeBlocks) {
      const lines = text.split('\n');
      const body = lines.slice(1, -1);
      expect(body.length).toBeGreaterThanOrEqual(1);
      for (const line of body) {
        expect(line).toMatch(/\S/);
        expect(line).not.toMatch(FENCE);
      }
    }
    const ts = codeBlocks.find(({ text }) => text.startsWith('```ts\n'));
    expect(ts?.text).toMatch(/^(export (async function|interface) [a-zA-Z]+)/m);
    const json = codeBlocks.find(({ text }) => text.startsWith('```json\n'));
    expect(() => JSON.parse(json?.text.slice('```json\n'.length, -'\n```'.length) ?? '')).not.toThrow();
  });

  it('lengths vary from one-liners to long answers', () => {
    const lengths = replies.map((r) => r.length).sort((x, y) => x - y);
    const oneLiners = parsed.filter((reply) => reply.length === 1 && !reply[0]?.text.includes('. '));
    expect(oneLiners.length).toBeGreaterThan(replies.length / 10);
    expect(lengths[0]).toBeLessThan(80);
    expect(lengths.at(-1)).toBeGreaterThan(1000);
    // Not two clusters: the middle of the distribution is populated too.
    const median = lengths[Math.floor(lengths.length / 2)] ?? 0;
    expect(median).toBeGreaterThan(150);
    expect(median).toBeLessThan(800);
  });

  it.each(SUPPORTED_LOCALES)('works in locale %s', (locale) => {
    const gen = createMessageGenerator({ seed: 81, locale, assistantReplies: 'markdown' });
    for (let i = 0; i < 100; i++) {
      const reply = gen.assistant().content;
      expect(reply.length).toBeGreaterThan(0);
      expect(blocks(reply)[0]?.kind).toBe('paragraph');
    }
  });
});

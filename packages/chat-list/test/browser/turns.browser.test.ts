import type { ChatMessage } from '@chat-list/sample-data';
import { describe, expect, it } from 'vitest';
import { useFixtureBrowser, type FixturePage } from './fixture-page';

const browser = useFixtureBrowser();

/** One painted frame while a reply streams: where the turn's prompt is and how far the list is from its bottom. */
interface TurnFrame {
  /** Top of the turn's first message, px from the viewport's top (null when not rendered). */
  turnTop: number | null;
  /** Bottom of the last message row, px from the viewport's top. */
  replyBottom: number;
  gap: number;
  clientHeight: number;
}

declare global {
  interface Window {
    /** Changes the last message by `change` in each of `frames` frames (committed in the frame), and samples each painted frame. */
    streamReply: (turnId: string, frames: number, change: 'grow' | 'shrink') => Promise<TurnFrame[]>;
  }
}

/** Opens the fixture with turns on and gives the page `window.streamReply`. */
const openTurns = async (query: string): Promise<FixturePage> => {
  const fixture = await browser.open(`turns=1&${query}`);
  await fixture.page.evaluate(() => {
    const sample = (turnId: string): TurnFrame => {
      const scroller = document.querySelector<HTMLElement>('[data-chat-list-scroller]')!;
      const top = scroller.getBoundingClientRect().top;
      const turn = scroller.querySelector<HTMLElement>(`[data-id="${CSS.escape(turnId)}"]`);
      const rows = scroller.querySelectorAll<HTMLElement>('[data-id]');
      return {
        turnTop: turn ? turn.getBoundingClientRect().top - top : null,
        replyBottom: rows[rows.length - 1]!.getBoundingClientRect().bottom - top,
        gap: scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight,
        clientHeight: scroller.clientHeight,
      };
    };
    window.streamReply = (turnId, frames, change) =>
      new Promise<TurnFrame[]>((resolve) => {
        const samples: TurnFrame[] = [];
        let frame = 0;
        const tick = () => {
          window.fixture.now(() =>
            window.fixture.setMessages((current) => {
              const last = current[current.length - 1]!;
              const content =
                change === 'grow'
                  ? `${last.content} three more words`
                  : last.content.split(' ').slice(0, -12).join(' ');
              return [...current.slice(0, -1), { ...last, content }];
            }),
          );
          // Read after the frame is painted: every listener and observer of this frame has run.
          requestAnimationFrame(() =>
            setTimeout(() => {
              samples.push(sample(turnId));
              if (++frame === frames) resolve(samples);
              else requestAnimationFrame(tick);
            }),
          );
        };
        requestAnimationFrame(tick);
      });
  });
  return fixture;
};

const lastMessage = (fixture: FixturePage) =>
  fixture.page.evaluate(() => window.fixture.messages().at(-1)!) as Promise<ChatMessage>;

/** The reader sends a prompt, and the reply starts with a few words; returns the prompt's id once the list settles. */
const sendPrompt = async (fixture: FixturePage): Promise<string> => {
  const count = await fixture.page.evaluate(() => window.fixture.messages().length);
  await fixture.page.evaluate(() => window.fixture.append(1, 'user'));
  // messages() is what the list was last rendered with: React commits the append in a task of
  // its own, which WebKit ran after the next script of the driver (the prompt read was the
  // message before it, 39 px above).
  await fixture.page.waitForFunction((before) => window.fixture.messages().length > before, count);
  const prompt = await lastMessage(fixture);
  await fixture.settled();
  await fixture.page.evaluate(() =>
    window.fixture.setMessages((current) => [
      ...current,
      { id: 'reply', role: 'assistant', name: 'Assistant', content: 'Thinking about it', userpic: '' } as ChatMessage,
    ]),
  );
  await fixture.settled();
  return prompt.id;
};

describe('turns', () => {
  for (const [setting, query] of [
    ['', ''],
    [' (StrictMode, memoized rows)', '&strict=1&memoRows=1'],
  ] as const) {
    it(`brings a new turn to the top and holds it within 1 px in every frame while the reply streams, then follows${setting}`, async () => {
      const fixture = await openTurns(`count=60${query}`);
      await fixture.settled();
      const turnId = await sendPrompt(fixture);
      expect(Math.abs((await fixture.rowTop(turnId))!)).toBeLessThanOrEqual(1);
      const frames = await fixture.page.evaluate((id) => window.streamReply(id, 150, 'grow'), turnId);
      let heldFrames = 0;
      let followedFrames = 0;
      for (const [index, frame] of frames.entries()) {
        const where = `frame ${index}: ${JSON.stringify(frame)}`;
        if (frame.replyBottom < frame.clientHeight - 1) {
          // Room left below the reply: the turn stays at the top.
          heldFrames++;
          expect(Math.abs(frame.turnTop!), where).toBeLessThanOrEqual(1);
        } else {
          // The reply reached the viewport's bottom: following took over ('at-bottom'), the reply's end in view.
          followedFrames++;
          expect(frame.gap, where).toBeLessThanOrEqual(1.5);
          expect(Math.abs(frame.replyBottom - frame.clientHeight), where).toBeLessThanOrEqual(1.5);
        }
      }
      expect(heldFrames).toBeGreaterThan(20);
      expect(followedFrames).toBeGreaterThan(20);
      expect(fixture.errors).toEqual([]);
    });
  }

  it("aligns the last message's end with the viewport's bottom, not with the end of the space a held turn reserves", async () => {
    const fixture = await openTurns('count=60');
    await fixture.settled();
    await sendPrompt(fixture);
    expect(await fixture.run("window.fixture.handle.scrollToId('reply', { align: 'end' })"), 'resolves').toBe(true);
    await fixture.settled();
    const replyEndBelowViewport = await fixture.page.evaluate(() => {
      const scroller = document.querySelector<HTMLElement>('[data-chat-list-scroller]')!;
      const reply = scroller.querySelector<HTMLElement>('[data-id="reply"]')!;
      return reply.getBoundingClientRect().bottom - scroller.getBoundingClientRect().bottom;
    });
    expect(Math.abs(replyEndBelowViewport), "the reply's end from the viewport's bottom").toBeLessThanOrEqual(1.5);
    expect(fixture.errors).toEqual([]);
  });

  it('leaves the peek of the previous message above the turn', async () => {
    const fixture = await openTurns('count=60&turnPeek=40');
    await fixture.settled();
    const turnId = await sendPrompt(fixture);
    expect(Math.abs((await fixture.rowTop(turnId))! - 40)).toBeLessThanOrEqual(1);
    expect(fixture.errors).toEqual([]);
  });

  it('keeps the turn at the top when the reply shrinks (space grows back), in every frame', async () => {
    const fixture = await openTurns('count=60');
    await fixture.settled();
    const turnId = await sendPrompt(fixture);
    await fixture.page.evaluate((id) => window.streamReply(id, 40, 'grow'), turnId);
    await fixture.settled();
    const frames = await fixture.page.evaluate((id) => window.streamReply(id, 8, 'shrink'), turnId);
    for (const [index, frame] of frames.entries()) {
      expect(Math.abs(frame.turnTop!), `frame ${index}: ${JSON.stringify(frame)}`).toBeLessThanOrEqual(1);
    }
    expect(frames.at(-1)!.replyBottom).toBeLessThan(frames[0]!.replyBottom);
    expect(fixture.errors).toEqual([]);
  });

  it('lets go of the turn at the reader’s wheel: a shrinking reply then moves the view like any shorter content', async () => {
    const fixture = await openTurns('count=60');
    await fixture.settled();
    const turnId = await sendPrompt(fixture);
    await fixture.page.evaluate((id) => window.streamReply(id, 40, 'grow'), turnId);
    await fixture.settled();
    // A wheel down at the bottom: nothing scrolls, but the reader has taken over.
    await fixture.wheel(200);
    await fixture.settled();
    expect(Math.abs((await fixture.rowTop(turnId))!)).toBeLessThanOrEqual(1);
    await fixture.page.evaluate((id) => window.streamReply(id, 8, 'shrink'), turnId);
    await fixture.settled();
    expect(await fixture.rowTop(turnId)).toBeGreaterThan(20);
    expect(fixture.errors).toEqual([]);
  });

  it('keeps the turn and its space when the prompt’s temporary id is swapped for the server’s, held or let go', async () => {
    const fixture = await openTurns('count=60');
    await fixture.settled();
    const turnId = await sendPrompt(fixture);
    const swapId = (from: string, to: string) =>
      fixture.page.evaluate(
        ([oldId, newId]) =>
          window.fixture.setMessages((current) =>
            current.map((message) => (message.id === oldId ? { ...message, id: newId } : message)),
          ),
        [from, to] as const,
      );
    const before = await fixture.settled();
    await swapId(turnId, 'server-1');
    const held = await fixture.settled();
    expect(Math.abs((await fixture.rowTop('server-1'))!), 'held: the prompt at the top').toBeLessThanOrEqual(1);
    expect(held.scrollHeight, 'held: the space below the reply kept').toBe(before.scrollHeight);
    // The reader lets go (a wheel at the bottom scrolls nothing), and the server confirms again.
    await fixture.wheel(200);
    await fixture.settled();
    await swapId('server-1', 'server-2');
    const released = await fixture.settled();
    expect(Math.abs((await fixture.rowTop('server-2'))!), 'let go: the prompt at the top').toBeLessThanOrEqual(1);
    expect(released.scrollHeight, 'let go: the space below the reply kept').toBe(before.scrollHeight);
    expect(fixture.errors).toEqual([]);
  });

  it('takes a reader who scrolled up to the turn they start by sending a prompt, held at the top', async () => {
    const fixture = await openTurns('count=60&turnPeek=24');
    await fixture.settled();
    await fixture.wheel(-400);
    const scrolledUp = await fixture.settled();
    expect(scrolledUp.gap).toBeGreaterThan(300);
    const prompt = await sendPrompt(fixture);
    expect(Math.abs((await fixture.rowTop(prompt))! - 24)).toBeLessThanOrEqual(1);
    // The reply streams in below the prompt without moving it.
    const frames = await fixture.page.evaluate((id) => window.streamReply(id, 20, 'grow'), prompt);
    for (const [frame, sample] of frames.entries()) {
      expect(Math.abs(sample.turnTop! - 24), `frame ${frame}`).toBeLessThanOrEqual(1);
    }
    expect(fixture.errors).toEqual([]);
  });

  it('leaves a reader who scrolled up where they are when a turn starts, with followSentMessages off', async () => {
    const fixture = await openTurns('count=60&followSent=0');
    await fixture.settled();
    await fixture.wheel(-400);
    await fixture.settled();
    const before = await fixture.topRow();
    await fixture.page.evaluate(() => window.fixture.append(1, 'user'));
    await fixture.settled();
    expect(Math.abs((await fixture.rowTop(before.id))! - before.top)).toBeLessThanOrEqual(1);
    expect(fixture.errors).toEqual([]);
  });

  it('behaves as today without isTurnStart: a new prompt is followed to the bottom', async () => {
    const fixture = await browser.open('count=60');
    await fixture.settled();
    await fixture.page.evaluate(() => window.fixture.append(1, 'user'));
    const metrics = await fixture.settled();
    expect(metrics.gap).toBeLessThanOrEqual(1.5);
    const prompt = await lastMessage(fixture);
    // The prompt sits at the bottom, not the top.
    expect((await fixture.rowTop(prompt.id))!).toBeGreaterThan(300);
    expect(fixture.errors).toEqual([]);
  });
});

/** A transcript: `history` generated messages, then a last turn of a prompt and a reply of `replyWords` words. */
const openTranscript = async (fixture: FixturePage, replyWords: number) =>
  fixture.page.evaluate((words) => {
    const history = window.fixture.generate(40);
    window.fixture.setMessages(() => [
      ...history,
      { id: 'last-prompt', role: 'user', name: 'Reader', content: 'The last question', userpic: '' } as ChatMessage,
      {
        id: 'last-reply',
        role: 'assistant',
        name: 'Assistant',
        content: Array.from({ length: words }, (_, index) => `word${index}`).join(' '),
        userpic: '',
      } as ChatMessage,
    ]);
  }, replyWords);

describe("initialAnchor: 'last-turn'", () => {
  it('opens a transcript whose last turn is taller than the viewport at that turn’s first message', async () => {
    const fixture = await openTurns('count=0&initialAnchor=last-turn&turnPeek=16');
    await openTranscript(fixture, 900);
    await fixture.page.waitForFunction(() => document.querySelector('[data-id="last-prompt"]') !== null);
    const metrics = await fixture.settled();
    expect(Math.abs((await fixture.rowTop('last-prompt'))! - 16)).toBeLessThanOrEqual(1);
    expect(metrics.gap).toBeGreaterThan(100);
    expect(await fixture.page.evaluate(() => window.fixture.handle!.currentTurnId)).toBe('last-prompt');
    expect(fixture.errors).toEqual([]);
  });

  it('opens at the bottom when the last turn is shorter than the viewport', async () => {
    const fixture = await openTurns('count=0&initialAnchor=last-turn');
    await openTranscript(fixture, 20);
    await fixture.page.waitForFunction(() => document.querySelector('[data-id="last-prompt"]') !== null);
    const metrics = await fixture.settled();
    expect(metrics.gap).toBeLessThanOrEqual(1.5);
    expect((await fixture.rowTop('last-prompt'))!).toBeGreaterThan(100);
    expect(fixture.errors).toEqual([]);
  });
});

describe('the current turn and the turn navigator', () => {
  /** The turn the reader is in, worked out from the messages and the DOM: the last prompt at or above the reading line. */
  const expectedTurn = (fixture: FixturePage, peek: number) =>
    fixture.page.evaluate((turnPeek) => {
      const scroller = document.querySelector<HTMLElement>('[data-chat-list-scroller]')!;
      const line = scroller.getBoundingClientRect().top + turnPeek + 24;
      const row = [...scroller.querySelectorAll<HTMLElement>('[data-id]')].find(
        (candidate) => candidate.getBoundingClientRect().bottom > line,
      )!;
      const messages = window.fixture.messages();
      let index = messages.findIndex((message) => message.id === row.dataset.id);
      if (row.getBoundingClientRect().top > line) index--;
      while (index >= 0 && messages[index]!.role !== 'user') index--;
      return index < 0 ? undefined : messages[index]!.id;
    }, peek);

  it('reports the turn being read at every place in the list, also when its prompt is far above the viewport', async () => {
    const fixture = await openTurns('count=300');
    await fixture.settled();
    const { scrollHeight } = await fixture.metrics();
    let promptAboveView = 0;
    let severalInView = 0;
    for (const fraction of [0, 0.13, 0.27, 0.41, 0.5, 0.66, 0.79, 0.93, 1]) {
      await fixture.scrollTo(fraction * scrollHeight);
      const expected = await expectedTurn(fixture, 0);
      const current = await fixture.page.evaluate(() => window.fixture.handle!.currentTurnId);
      expect(current, `at ${fraction}`).toBe(expected);
      expect(await fixture.page.evaluate(() => window.fixture.events.turns.at(-1)), `at ${fraction}`).toBe(
        expected ?? 'none',
      );
      if (expected !== undefined && ((await fixture.rowTop(String(expected))) ?? -1) < 0) promptAboveView++;
      // Several prompts in view: the current turn is the one at the line, not the last one shown.
      const promptsInView = await fixture.page.evaluate(() => {
        const scroller = document.querySelector<HTMLElement>('[data-chat-list-scroller]')!;
        const { top, bottom } = scroller.getBoundingClientRect();
        return [...scroller.querySelectorAll<HTMLElement>('[data-role="user"]')].filter((prompt) => {
          const rect = prompt.getBoundingClientRect();
          return rect.bottom > top && rect.top < bottom;
        }).length;
      });
      if (promptsInView >= 2) severalInView++;
    }
    expect(promptAboveView).toBeGreaterThan(0);
    expect(severalInView).toBeGreaterThan(0);
    expect(fixture.errors).toEqual([]);
  });

  it('reports the turn the navigator or a jump to its first message took the reader to, in a transcript of short turns', async () => {
    // Turns of a 12 px prompt and a 12 px reply: two of them fit between a prompt brought to the
    // top and the reading line 24 px below the peek, where the next turn used to be reported.
    const fixture = await openTurns('count=0&turnPeek=24&rowHeight=12');
    await fixture.settled();
    await fixture.page.evaluate(() =>
      window.fixture.setMessages(
        () =>
          Array.from({ length: 120 }, (_, turn) => [
            { id: `prompt-${turn}`, role: 'user', name: 'Reader', content: `Question ${turn}`, userpic: '' },
            { id: `reply-${turn}`, role: 'assistant', name: 'Assistant', content: 'Yes.', userpic: '' },
          ]).flat() as ChatMessage[],
      ),
    );
    await fixture.settled();
    const current = () => fixture.page.evaluate(() => String(window.fixture.handle!.currentTurnId));
    const lastReported = () => fixture.page.evaluate(() => window.fixture.events.turns.at(-1));
    for (const turn of [10, 30, 60, 90, 119]) {
      const id = `prompt-${turn}`;
      expect(await fixture.page.evaluate((target) => window.fixture.handle!.scrollToTurn(target), id)).toBe(true);
      await fixture.settled();
      // The last turn cannot reach the top: the list stops at the bottom, the turn lower down.
      if (turn < 119) expect(Math.abs((await fixture.rowTop(id))! - 24), `${id} at the top`).toBeLessThanOrEqual(1);
      expect(await current(), `scrollToTurn(${id})`).toBe(id);
      expect(await lastReported(), `scrollToTurn(${id}) reported`).toBe(id);

      const jumped = await fixture.page.evaluate(
        (target) => window.fixture.handle!.scrollToId(target, { align: 'start' }),
        `prompt-${turn - 5}`,
      );
      expect(jumped).toBe(true);
      await fixture.settled();
      expect(await current(), `scrollToId(prompt-${turn - 5}, start)`).toBe(`prompt-${turn - 5}`);
      expect(await lastReported()).toBe(`prompt-${turn - 5}`);
    }
    // The navigator steps from the turn it reports.
    expect(await fixture.page.evaluate(() => window.fixture.handle!.scrollToTurn('prompt-30'))).toBe(true);
    await fixture.settled();
    expect(await fixture.page.evaluate(() => window.fixture.handle!.scrollToTurn('next'))).toBe(true);
    await fixture.settled();
    expect(await current()).toBe('prompt-31');
    expect(await fixture.page.evaluate(() => window.fixture.handle!.scrollToTurn('previous'))).toBe(true);
    await fixture.settled();
    expect(await current()).toBe('prompt-30');
    // Once the reader scrolls on, the reading line decides again.
    await fixture.wheel(150);
    await fixture.settled();
    expect(await current()).toBe(await expectedTurn(fixture, 24));
    expect(await current()).not.toBe('prompt-30');
    expect(fixture.errors).toEqual([]);
  });

  for (const [setting, query] of [
    ['', ''],
    [' (StrictMode, memoized rows)', '&strict=1&memoRows=1'],
  ] as const) {
    it(`goes to the previous and the next turn, each landing at the top with the peek${setting}`, async () => {
      const fixture = await openTurns(`count=120&turnPeek=30${query}`);
      await fixture.settled();
      const visited: string[] = [];
      for (let step = 0; step < 4; step++) {
        const landed = await fixture.page.evaluate(() => window.fixture.handle!.scrollToTurn('previous'));
        expect(landed).toBe(true);
        await fixture.settled();
        const current = String(await fixture.page.evaluate(() => window.fixture.handle!.currentTurnId));
        expect(Math.abs((await fixture.rowTop(current))! - 30), `step ${step}`).toBeLessThanOrEqual(1);
        visited.push(current);
      }
      const indexOf = (id: string) =>
        fixture.page.evaluate((wanted) => window.fixture.messages().findIndex((message) => message.id === wanted), id);
      const indexes = await Promise.all(visited.map(indexOf));
      // Each step went to an earlier turn.
      for (let step = 1; step < indexes.length; step++) expect(indexes[step]!).toBeLessThan(indexes[step - 1]!);
      expect(await fixture.page.evaluate(() => window.fixture.handle!.scrollToTurn('next'))).toBe(true);
      await fixture.settled();
      expect(await fixture.page.evaluate(() => window.fixture.handle!.currentTurnId)).toBe(visited[2]);
      expect(await fixture.page.evaluate(() => window.fixture.handle!.scrollToTurn('unknown-id'))).toBe(false);
      expect(fixture.errors).toEqual([]);
    });
  }
});

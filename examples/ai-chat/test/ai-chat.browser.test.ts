// Browser test of the built example (examples/ai-chat/dist) in Chromium, served by `vite preview`
// so that the mock /api/chat endpoint streams the replies. It assumes dist is built (the root test
// command runs `pnpm -r build` first). Every wait polls a condition or counts animation frames.
import { frames, launchChromium, watchPage } from '@chat-list/browser-harness';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { preview, type PreviewServer } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CANNED_REPLIES } from '../server/mock-chat-endpoint.ts';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const SCROLLER = '[data-chat-list-scroller]';
const EDGE = 1.5;
const HISTORY_LENGTH = 200;
/** The example's `turnPeek`: px of the previous reply left above a prompt brought to the top. */
const TURN_PEEK = 24;
/** How far a prompt held at the top may be from TURN_PEEK, px. */
const HOLD = 1;
const SHORTEST_REPLY = Math.min(...CANNED_REPLIES.map((reply) => reply.length));

let server: PreviewServer;
let baseUrl: string;
let browser: Browser;

beforeAll(async () => {
  if (!existsSync(new URL('../dist/index.html', import.meta.url))) {
    throw new Error('examples/ai-chat/dist is missing: run `pnpm --filter @chat-list/example-ai-chat build` first.');
  }
  server = await preview({ root: ROOT, logLevel: 'warn', preview: { host: '127.0.0.1', port: 0 } });
  const address = server.httpServer.address();
  if (address === null || typeof address === 'string') throw new Error('vite preview is not listening on a port');
  baseUrl = `http://127.0.0.1:${address.port}`;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.close();
});

interface Chat {
  page: Page;
  context: BrowserContext;
  /** Console errors and warnings, uncaught page errors. */
  problems: string[];
  /** Requests that left 127.0.0.1. */
  external: string[];
}

async function openChat(viewport = { width: 900, height: 700 }): Promise<Chat> {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const { problems, external } = watchPage(page);
  await page.goto(baseUrl);
  await page.locator(`${SCROLLER} [data-index]`).first().waitFor();
  // The history's last turn is taller than the viewport: it opens with its prompt at the peek.
  await expectAtPeek(page, HISTORY_LENGTH - 2, 'opening');
  return { page, context, problems, external };
}

/** Fails naming the scenario when the page logged errors/warnings or left 127.0.0.1; closes it. */
async function finish(chat: Chat, scenario: string) {
  await frames(chat.page, 2);
  await chat.context.close();
  expect(chat.problems, `${scenario}: console errors/warnings`).toEqual([]);
  expect(chat.external, `${scenario}: requests that left 127.0.0.1`).toEqual([]);
}

interface Geometry {
  scrollTop: number;
  /** scrollHeight − (scrollTop + clientHeight) */
  gap: number;
}

function geometry(page: Page): Promise<Geometry> {
  return page.locator(SCROLLER).evaluate((scroller) => ({
    scrollTop: scroller.scrollTop,
    gap: scroller.scrollHeight - (scroller.scrollTop + scroller.clientHeight),
  }));
}

/** Message `index`'s top, px below the scroller's top; null while it is not rendered. */
function offsetFromTop(page: Page, index: number): Promise<number | null> {
  return page.evaluate(
    ([scrollerSelector, rowIndex]) => {
      const scroller = document.querySelector(scrollerSelector)!;
      const element = scroller.querySelector(`[data-index="${rowIndex}"]`);
      if (!(element instanceof HTMLElement)) return null;
      return element.getBoundingClientRect().top - scroller.getBoundingClientRect().top;
    },
    [SCROLLER, index] as const,
  );
}

/** Polls until message `index` is TURN_PEEK px (± HOLD) below the scroller's top. */
async function expectAtPeek(page: Page, index: number, scenario: string) {
  await expect
    .poll(async () => Math.abs(((await offsetFromTop(page, index)) ?? Number.POSITIVE_INFINITY) - TURN_PEEK), {
      message: `${scenario}: message ${index}'s distance (px) from ${TURN_PEEK} px below the top`,
    })
    .toBeLessThanOrEqual(HOLD);
}

interface TurnSample {
  /** The prompt's top, px below the scroller's top (null while it is not rendered). */
  promptTop: number | null;
  /** The reply's bottom, px below the scroller's top (null while there is no reply row). */
  replyBottom: number | null;
  clientHeight: number;
  gap: number;
  scrollHeight: number;
}

/** Samples the prompt and its reply at the start of each frame (what the previous frame painted) until stopped. */
async function startTurnSampler(page: Page, promptIndex: number) {
  await page.evaluate(
    ([scrollerSelector, index]) => {
      const scroller = document.querySelector(scrollerSelector)!;
      const samples: TurnSample[] = [];
      const sampler = { samples, running: true };
      Object.assign(window, { turnSampler: sampler });
      const edge = (rowIndex: number, side: 'top' | 'bottom') => {
        const element = scroller.querySelector(`[data-index="${rowIndex}"]`);
        if (!(element instanceof HTMLElement)) return null;
        return element.getBoundingClientRect()[side] - scroller.getBoundingClientRect().top;
      };
      const tick = () => {
        samples.push({
          promptTop: edge(index, 'top'),
          replyBottom: edge(index + 1, 'bottom'),
          clientHeight: scroller.clientHeight,
          gap: scroller.scrollHeight - (scroller.scrollTop + scroller.clientHeight),
          scrollHeight: scroller.scrollHeight,
        });
        if (sampler.running) requestAnimationFrame(tick);
      };
      requestAnimationFrame(tick);
    },
    [SCROLLER, promptIndex] as const,
  );
}

function stopTurnSampler(page: Page): Promise<TurnSample[]> {
  return page.evaluate(() => {
    const sampler = (window as unknown as { turnSampler: { running: boolean; samples: TurnSample[] } }).turnSampler;
    sampler.running = false;
    return sampler.samples;
  });
}

/**
 * The frames in which the reply's bottom was above the viewport's bottom: the prompt must hold
 * there. (A reply that reached the bottom is followed: its bottom then stays at the viewport's.)
 */
function framesWithReplyInView(samples: TurnSample[]): TurnSample[] {
  return samples.filter((sample) => sample.replyBottom === null || sample.replyBottom < sample.clientHeight - EDGE);
}

/** The prompt's worst distance from TURN_PEEK over some frames, px. */
function worstDrift(samples: TurnSample[]): number {
  return Math.max(
    0,
    ...samples.map((sample) =>
      sample.promptTop === null ? Number.POSITIVE_INFINITY : Math.abs(sample.promptTop - TURN_PEEK),
    ),
  );
}

/** AI_CHAT_DEBUG=1 prints the measured frames (drift, heights) of the turn tests. */
function debug(scenario: string, data: unknown) {
  if (process.env.AI_CHAT_DEBUG) console.info(scenario, JSON.stringify(data));
}

function summary(samples: TurnSample[]) {
  const promptTops = samples.map((sample) => sample.promptTop ?? Number.NaN);
  return {
    promptTop: [Math.min(...promptTops), Math.max(...promptTops)],
    replyBottom: [samples[0]?.replyBottom, samples.at(-1)?.replyBottom],
    clientHeight: samples[0]?.clientHeight,
  };
}

const turnLabel = (page: Page) => page.getByTestId('turn-label').innerText();

async function expectAtBottom(page: Page, scenario: string) {
  await expect
    .poll(async () => (await geometry(page)).gap, { message: `${scenario}: bottom gap (px) ≤ ${EDGE}` })
    .toBeLessThanOrEqual(EDGE);
}

/** Polls until scrollTop holds still for a few frames (a wheel scroll may animate), and returns it. */
async function settledScrollTop(page: Page): Promise<number> {
  let previous = Number.NaN;
  for (;;) {
    await frames(page, 3);
    const { scrollTop } = await geometry(page);
    if (Math.abs(scrollTop - previous) < 0.5) return scrollTop;
    previous = scrollTop;
  }
}

const button = (page: Page, name: string) => page.getByRole('button', { name, exact: true });
/** The jump-to-latest button ("↓ N new", "↓ Reply continues", "↓ Latest"), by its accessible name. */
const newBadge = (page: Page) => page.getByRole('button', { name: /^Jump to the latest message/ });
const row = (page: Page, index: number) => page.locator(`${SCROLLER} [data-index="${index}"]`);

interface RowInfo {
  id: string;
  role: string | null;
  text: string;
  /** Whether any part of the row is inside the scroller's viewport. */
  inView: boolean;
}

/** Message `index`'s row, or null while it is not rendered. */
function rowInfo(page: Page, index: number): Promise<RowInfo | null> {
  return page.evaluate(
    ([scrollerSelector, rowIndex]) => {
      const scroller = document.querySelector(scrollerSelector)!;
      const element = scroller.querySelector(`[data-index="${rowIndex}"]`);
      if (!(element instanceof HTMLElement)) return null;
      const rowBox = element.getBoundingClientRect();
      const viewport = scroller.getBoundingClientRect();
      return {
        id: element.dataset.id ?? '',
        role: element.querySelector('[data-role]')?.getAttribute('data-role') ?? null,
        text: element.innerText,
        inView: rowBox.bottom > viewport.top && rowBox.top < viewport.bottom,
      };
    },
    [SCROLLER, index] as const,
  );
}

async function replyText(page: Page, index: number): Promise<string> {
  const info = await rowInfo(page, index);
  if (info === null) throw new Error(`message ${index} is not rendered`);
  return info.text;
}

async function send(page: Page, text: string) {
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('textbox', { name: 'Message' }).press('Enter');
}

/** Sends a message and waits until its reply (the message after it) shows text; returns the reply's index. */
async function sendAndAwaitReply(page: Page, text: string, scenario: string): Promise<number> {
  const count = Number(await page.locator(`${SCROLLER} [data-index]`).first().getAttribute('aria-setsize'));
  await send(page, text);
  const replyIndex = count + 1;
  await expect
    .poll(() => rowInfo(page, count), { message: `${scenario}: the sent message` })
    .toMatchObject({ role: 'user', text });
  await expect
    .poll(async () => (await rowInfo(page, replyIndex))?.text.trim().length ?? 0, {
      message: `${scenario}: the reply's text`,
    })
    .toBeGreaterThan(0);
  expect((await rowInfo(page, replyIndex))?.role, `${scenario}: the reply's role`).toBe('assistant');
  return replyIndex;
}

/** The answer is over when Stop is gone and Regenerate is offered (useChat's status is 'ready'). */
async function expectReady(page: Page, scenario: string) {
  await expect
    .poll(() => button(page, 'Stop').count(), { message: `${scenario}: Stop is gone`, timeout: 15_000 })
    .toBe(0);
  await expect
    .poll(() => button(page, 'Regenerate').isVisible(), { message: `${scenario}: Regenerate is offered` })
    .toBe(true);
}

describe('AI chat example (built, in Chromium at 900×700)', () => {
  it('opens at the last turn of the earlier conversation, its prompt at the peek, and labels it', async () => {
    const scenario = 'open at the last turn';
    const chat = await openChat(); // waits for message 198 at the peek
    const { page } = chat;
    const last = HISTORY_LENGTH - 2;
    expect((await rowInfo(page, last))?.role, `${scenario}: the last turn's first message`).toBe('user');
    expect(
      Math.abs((await offsetFromTop(page, last))! - TURN_PEEK),
      `${scenario}: prompt off the peek (px)`,
    ).toBeLessThanOrEqual(HOLD);
    // The last reply is taller than the viewport (so the opening is the prompt at the top, not the bottom).
    const { gap } = await geometry(page);
    expect(gap, `${scenario}: the last reply continues below the viewport (px)`).toBeGreaterThan(100);
    expect(await turnLabel(page), `${scenario}: the navigator's label`).toBe('Turn 100 of 100');
    debug(scenario, {
      gap,
      lastReplyHeight: await row(page, last + 1).evaluate((element) => element.getBoundingClientRect().height),
    });
    // The last reply continues below the viewport: the way down is offered from the start.
    await button(page, 'Jump to the latest message').waitFor();
    await finish(chat, scenario);
  });

  it('"Previous turn" / "Next turn" bring a turn to the peek, and the label follows', async () => {
    const scenario = 'turn navigator';
    const chat = await openChat();
    const { page } = chat;
    await button(page, 'Previous turn').click();
    await expectAtPeek(page, HISTORY_LENGTH - 4, `${scenario}, previous`);
    await expect.poll(() => turnLabel(page), { message: `${scenario}: label after previous` }).toBe('Turn 99 of 100');
    await button(page, 'Previous turn').click();
    await expectAtPeek(page, HISTORY_LENGTH - 6, `${scenario}, previous again`);
    await expect
      .poll(() => turnLabel(page), { message: `${scenario}: label after previous again` })
      .toBe('Turn 98 of 100');
    expect((await rowInfo(page, HISTORY_LENGTH - 6))?.text, `${scenario}: the turn's prompt`).toContain('(#98)');
    await button(page, 'Next turn').click();
    await expectAtPeek(page, HISTORY_LENGTH - 4, `${scenario}, next`);
    await expect.poll(() => turnLabel(page), { message: `${scenario}: label after next` }).toBe('Turn 99 of 100');
    await finish(chat, scenario);
  });

  it('brings a sent prompt to the peek and holds it within 1 px in every frame while the reply streams', async () => {
    const scenario = 'send';
    const chat = await openChat();
    const { page } = chat;
    const text = 'How does pinning work?';
    await send(page, text);
    const promptIndex = HISTORY_LENGTH;
    await expect
      .poll(() => rowInfo(page, promptIndex), { message: `${scenario}: the sent message` })
      .toMatchObject({ role: 'user', text });
    await expectAtPeek(page, promptIndex, scenario);
    await expect.poll(() => turnLabel(page), { message: `${scenario}: the new turn's label` }).toBe('Turn 101 of 101');
    await startTurnSampler(page, promptIndex);
    await expectReady(page, scenario);
    const samples = await stopTurnSampler(page);
    const replyIndex = promptIndex + 1;
    expect((await rowInfo(page, replyIndex))?.role, `${scenario}: the reply's role`).toBe('assistant');

    const held = framesWithReplyInView(samples);
    expect(samples.length, `${scenario}: frames sampled while the reply streamed`).toBeGreaterThan(20);
    expect(held.length, `${scenario}: frames with the reply's bottom in view`).toBeGreaterThan(20);
    const grewBy = Math.max(...samples.map((sample) => sample.replyBottom ?? 0)) - (held[0]!.replyBottom ?? 0);
    expect(grewBy, `${scenario}: the reply grew (px) while sampled`).toBeGreaterThan(100);
    expect(
      worstDrift(held),
      `${scenario}: the prompt's worst drift (px) over ${held.length} frames`,
    ).toBeLessThanOrEqual(HOLD);
    // The reserved space is part of the content: the list stays "at the bottom" throughout.
    debug(scenario, {
      frames: samples.length,
      held: held.length,
      drift: worstDrift(held),
      grewBy,
      samples: summary(samples),
    });
    const worstGap = Math.max(...samples.map((sample) => sample.gap));
    expect(worstGap, `${scenario}: worst bottom gap (px) over ${samples.length} frames`).toBeLessThanOrEqual(EDGE);
    await expectAtBottom(page, `${scenario}, after the reply`);

    const reply = row(page, replyIndex).locator('[data-role="assistant"]');
    expect(await reply.locator('li').count(), `${scenario}: list items rendered from markdown`).toBeGreaterThan(1);
    expect(await reply.locator('pre > code').count(), `${scenario}: a code block rendered from markdown`).toBe(1);
    expect(await reply.locator('strong').count(), `${scenario}: bold text rendered from markdown`).toBeGreaterThan(0);
    expect(await replyText(page, replyIndex), `${scenario}: no markdown syntax left`).not.toContain('```');
    const renderedRows = await page.locator(`${SCROLLER} [data-index]`).count();
    expect(renderedRows, `${scenario}: rows in the DOM of ${HISTORY_LENGTH + 2} messages`).toBeLessThan(60);
    await finish(chat, scenario);
  });

  it('Stop halts the stream: the reply stops growing and the chat is ready again', async () => {
    const scenario = 'stop';
    const chat = await openChat();
    const { page } = chat;
    const replyIndex = await sendAndAwaitReply(page, 'Tell me something long.', scenario);
    await button(page, 'Stop').click();
    await expectReady(page, scenario);
    const stoppedText = await replyText(page, replyIndex);
    // About ten tokens' worth of time at the endpoint's 30 ms per token.
    await frames(page, 20);
    expect(await replyText(page, replyIndex), `${scenario}: the reply grew after Stop`).toBe(stoppedText);
    expect(stoppedText.length, `${scenario}: the stopped reply is a fraction of a whole one`).toBeLessThan(
      SHORTEST_REPLY / 2,
    );
    expect(await button(page, 'Send').isDisabled(), `${scenario}: Send is disabled with an empty draft`).toBe(true);
    await page.getByRole('textbox', { name: 'Message' }).fill('Next question');
    await expect
      .poll(() => button(page, 'Send').isEnabled(), { message: `${scenario}: Send is enabled again` })
      .toBe(true);
    await expectAtBottom(page, scenario);
    await finish(chat, scenario);
  });

  it('Regenerate replaces the last reply with a new one', async () => {
    const scenario = 'regenerate';
    const chat = await openChat();
    const { page } = chat;
    const replyIndex = await sendAndAwaitReply(page, 'Give me an answer.', scenario);
    await expectReady(page, scenario);
    const first = (await rowInfo(page, replyIndex))!;

    await button(page, 'Regenerate').click();
    await button(page, 'Stop').waitFor();
    await expectReady(page, scenario);
    const second = (await rowInfo(page, replyIndex))!;
    expect(second.id, `${scenario}: the reply is a new message`).not.toBe(first.id);
    expect(second.role, `${scenario}: the new reply's role`).toBe('assistant');
    expect(second.text, `${scenario}: the new reply's text`).not.toBe(first.text);
    expect(await page.locator(`${SCROLLER} [data-id="${first.id}"]`).count(), `${scenario}: the old reply`).toBe(0);
    expect(await rowInfo(page, replyIndex + 1), `${scenario}: a message after the new reply`).toBeNull();
    expect(await row(page, replyIndex).getAttribute('aria-setsize'), `${scenario}: message count`).toBe(
      String(replyIndex + 1),
    );
    await expectAtBottom(page, scenario);
    await finish(chat, scenario);
  });

  it('Regenerate keeps the prompt at the peek while the reply is replaced', async () => {
    const scenario = 'regenerate at the top';
    const chat = await openChat();
    const { page } = chat;
    const replyIndex = await sendAndAwaitReply(page, 'Answer, then answer again.', scenario);
    const promptIndex = replyIndex - 1;
    await expectReady(page, scenario);
    await expectAtPeek(page, promptIndex, `${scenario}, before`);
    const firstId = (await rowInfo(page, replyIndex))!.id;

    await startTurnSampler(page, promptIndex);
    await button(page, 'Regenerate').click();
    await button(page, 'Stop').waitFor();
    await expectReady(page, scenario);
    const samples = await stopTurnSampler(page);
    expect((await rowInfo(page, replyIndex))?.id, `${scenario}: a new reply`).not.toBe(firstId);
    const held = framesWithReplyInView(samples);
    expect(held.length, `${scenario}: frames with the reply's bottom in view`).toBeGreaterThan(20);
    expect(
      worstDrift(held),
      `${scenario}: the prompt's worst drift (px) over ${held.length} frames`,
    ).toBeLessThanOrEqual(HOLD);
    debug(scenario, { frames: samples.length, held: held.length, drift: worstDrift(held), samples: summary(samples) });
    await expectAtPeek(page, promptIndex, `${scenario}, after`);
    await finish(chat, scenario);
  });

  it('in a 900×360 window, holds the prompt until the reply fills the viewport, then follows the reply', async () => {
    const scenario = 'send, short window';
    const chat = await openChat({ width: 900, height: 360 });
    const { page } = chat;
    await send(page, 'A reply taller than the window, please.');
    const promptIndex = HISTORY_LENGTH;
    await expectAtPeek(page, promptIndex, scenario);
    await startTurnSampler(page, promptIndex);
    await expectReady(page, scenario);
    const samples = await stopTurnSampler(page);
    const held = framesWithReplyInView(samples);
    const followed = samples.filter((sample) => !held.includes(sample));
    debug(scenario, {
      frames: samples.length,
      held: held.length,
      followed: followed.length,
      worstGap: Math.max(0, ...followed.map((sample) => sample.gap)),
      samples: summary(samples),
    });
    expect(held.length, `${scenario}: frames with the reply's bottom in view`).toBeGreaterThan(5);
    expect(followed.length, `${scenario}: frames with the reply past the viewport's bottom`).toBeGreaterThan(5);
    expect(worstDrift(held), `${scenario}: the prompt's worst drift (px) while held`).toBeLessThanOrEqual(HOLD);
    const worstGap = Math.max(...followed.map((sample) => sample.gap));
    expect(worstGap, `${scenario}: worst bottom gap (px) while the reply outgrows the viewport`).toBeLessThanOrEqual(
      EDGE,
    );
    await expectAtBottom(page, `${scenario}, after the reply`);
    await finish(chat, scenario);
  });

  it('leaves a reader who scrolls up during a reply where they are, with a badge that brings them back', async () => {
    const scenario = 'scroll up while streaming';
    const chat = await openChat();
    const { page } = chat;
    const replyIndex = await sendAndAwaitReply(page, 'Stream a long one.', scenario);
    expect(await newBadge(page).count(), `${scenario}: a badge at the bottom`).toBe(0);

    await page.locator(SCROLLER).hover();
    await page.mouse.wheel(0, -400);
    const readingAt = await settledScrollTop(page);
    const lengthWhenLeft = (await replyText(page, replyIndex)).length;
    await button(page, 'Jump to the latest message, the reply continues').waitFor();
    await expect
      .poll(async () => (await replyText(page, replyIndex)).length, {
        message: `${scenario}: the reply keeps streaming below the reader`,
      })
      .toBeGreaterThan(lengthWhenLeft);
    await frames(page, 10);
    const whileAway = await geometry(page);
    expect(Math.abs(whileAway.scrollTop - readingAt), `${scenario}: the reader was moved (px)`).toBeLessThanOrEqual(1);
    expect(whileAway.gap, `${scenario}: the reply grows below the viewport (px)`).toBeGreaterThan(300);
    expect(await button(page, 'Stop').isVisible(), `${scenario}: still streaming when the badge is clicked`).toBe(true);

    await newBadge(page).click();
    await expectAtBottom(page, `${scenario}, after the badge`);
    await expect
      .poll(() => newBadge(page).count(), { message: `${scenario}: the badge is gone at the bottom` })
      .toBe(0);
    await expectReady(page, scenario);
    await expectAtBottom(page, `${scenario}, once the reply is complete`);
    await finish(chat, scenario);
  });

  it('counts a regenerated reply that arrives while the reader reads history as 1 new', async () => {
    const scenario = 'regenerate while away';
    const chat = await openChat();
    const { page } = chat;
    const replyIndex = await sendAndAwaitReply(page, 'Answer me twice.', scenario);
    await expectReady(page, scenario);
    const firstId = (await rowInfo(page, replyIndex))!.id;

    await page.locator(SCROLLER).hover();
    await page.mouse.wheel(0, -1500);
    const readingAt = await settledScrollTop(page);
    await button(page, 'Jump to the latest message').waitFor();

    await button(page, 'Regenerate').click();
    await button(page, 'Jump to the latest message, 1 new').waitFor();
    const whileAway = await geometry(page);
    expect(Math.abs(whileAway.scrollTop - readingAt), `${scenario}: the reader was moved (px)`).toBeLessThanOrEqual(1);

    await newBadge(page).click();
    await expectAtBottom(page, `${scenario}, after the badge`);
    await expect
      .poll(() => newBadge(page).count(), { message: `${scenario}: the badge is gone at the bottom` })
      .toBe(0);
    const reply = await rowInfo(page, replyIndex);
    expect(reply?.inView, `${scenario}: the new reply is in view`).toBe(true);
    expect(reply?.id, `${scenario}: a new reply`).not.toBe(firstId);
    await expectReady(page, scenario);
    await finish(chat, scenario);
  });
});

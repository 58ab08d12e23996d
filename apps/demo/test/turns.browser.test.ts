// Browser tests of the playground's assistant mode ("Assistant turns", `?turns=1`): a prompt is
// brought to the top of the list and its reply streams in below it without anything moving; the
// turn navigator and the status line's turn; off (the default), a prompt is followed to the bottom.
// Every wait is a poll on a condition or a count of animation frames.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SCROLLER, finish, frames, useDemoBrowser } from './demo-page';

/** The demo's `turnPeek`, px: a new prompt's row top is this far below the scroller's top. */
const PEEK = 24;
const DRIFT = 1;
const EDGE = 1.5;

const { openDemo } = useDemoBrowser();

function button(page: Page, group: string, name: string) {
  return page.getByRole('group', { name: group, exact: true }).getByRole('button', { name, exact: true });
}

function turnsCheckbox(page: Page) {
  return page.getByRole('group', { name: 'Logic', exact: true }).getByRole('checkbox', {
    name: 'Assistant turns',
    exact: true,
  });
}

async function messageCount(page: Page): Promise<number> {
  return Number(await page.getByTestId('status-count').getAttribute('data-value'));
}

/** The turn the status line shows (the id of its first message; '' before any). */
function statusTurn(page: Page): Promise<string | null> {
  return page.getByTestId('status-turn').getAttribute('data-value');
}

interface Row {
  id: string;
  role: string | null;
  /** Top of the row relative to the scroller's top, px. */
  top: number;
}

/** The rendered row at this index, or null. */
function rowAt(page: Page, index: number): Promise<Row | null> {
  return page.locator(SCROLLER).evaluate((scroller, rowIndex) => {
    const row = scroller.querySelector(`[data-index="${rowIndex}"][data-id]`);
    if (!row) return null;
    return {
      id: row.getAttribute('data-id') ?? '',
      role: row.querySelector('[data-role]')?.getAttribute('data-role') ?? null,
      top: row.getBoundingClientRect().top - scroller.getBoundingClientRect().top,
    };
  }, index);
}

/** The rendered row whose top is `PEEK` px (± `DRIFT`) below the scroller's top, or null. */
function rowAtPeek(page: Page): Promise<(Row & { index: number }) | null> {
  return page.locator(SCROLLER).evaluate(
    (scroller, { peek, drift }) => {
      const top = scroller.getBoundingClientRect().top;
      for (const row of scroller.querySelectorAll('[data-index][data-id]')) {
        const offset = row.getBoundingClientRect().top - top;
        if (Math.abs(offset - peek) > drift) continue;
        return {
          id: row.getAttribute('data-id') ?? '',
          index: Number(row.getAttribute('data-index')),
          role: row.querySelector('[data-role]')?.getAttribute('data-role') ?? null,
          top: offset,
        };
      }
      return null;
    },
    { peek: PEEK, drift: DRIFT },
  );
}

/** Clicks "Send prompt"; returns the prompt's and the reply's ids once both are rendered. */
async function sendPrompt(page: Page, scenario: string): Promise<{ prompt: Row; reply: Row }> {
  const before = await messageCount(page);
  await button(page, 'Messages', 'Send prompt').click();
  await expect
    .poll(() => messageCount(page), { message: `${scenario}: a prompt and its reply are appended`, timeout: 5000 })
    .toBe(before + 2);
  let prompt: Row | null = null;
  let reply: Row | null = null;
  await expect
    .poll(
      async () => {
        prompt = await rowAt(page, before);
        reply = await rowAt(page, before + 1);
        return [prompt?.role, reply?.role];
      },
      { message: `${scenario}: the prompt and the reply are rendered`, timeout: 5000 },
    )
    .toEqual(['user', 'assistant']);
  return { prompt: prompt!, reply: reply! };
}

/** One painted frame while the reply streams. */
interface StreamFrame {
  /** Top of the prompt's row, px from the scroller's top (null when not rendered). */
  promptTop: number | null;
  /** Bottom of the reply's row, px from the scroller's top (null when not rendered). */
  replyBottom: number | null;
  clientHeight: number;
  /** scrollHeight − scrollTop − clientHeight */
  gap: number;
  /** Words of the reply shown. */
  words: number;
}

/**
 * Samples every painted frame (read after the frame, when every listener and observer of it has
 * run) until the reply's bottom has been at or below the viewport's bottom for `after` frames,
 * or `limit` frames passed.
 */
function sampleStream(page: Page, promptId: string, replyId: string, after: number, limit = 900) {
  return page.locator(SCROLLER).evaluate(
    (scroller, { promptId, replyId, after, limit }) =>
      new Promise<StreamFrame[]>((resolve) => {
        const samples: StreamFrame[] = [];
        let filled = 0;
        const sample = (): StreamFrame => {
          const top = scroller.getBoundingClientRect().top;
          const prompt = scroller.querySelector(`[data-id="${CSS.escape(promptId)}"]`);
          const reply = scroller.querySelector(`[data-id="${CSS.escape(replyId)}"]`);
          return {
            promptTop: prompt ? prompt.getBoundingClientRect().top - top : null,
            replyBottom: reply ? reply.getBoundingClientRect().bottom - top : null,
            clientHeight: scroller.clientHeight,
            gap: scroller.scrollHeight - scroller.scrollTop - scroller.clientHeight,
            words: (reply?.querySelector('.message__bubble')?.textContent ?? '').split(/\s+/).filter(Boolean).length,
          };
        };
        const tick = () =>
          setTimeout(() => {
            const frame = sample();
            samples.push(frame);
            if (frame.replyBottom !== null && frame.replyBottom >= frame.clientHeight - 1) filled++;
            if (filled >= after || samples.length >= limit) resolve(samples);
            else requestAnimationFrame(tick);
          });
        requestAnimationFrame(tick);
      }),
    { promptId, replyId, after, limit },
  );
}

describe('assistant turns (built, in Chromium at 1280×800)', { timeout: 120_000 }, () => {
  it('?turns=1: "Send prompt" brings the prompt to the peek and holds it within 1 px in every frame while the reply streams, then follows the reply', async () => {
    const scenario = 'Send prompt with assistant turns';
    const demo = await openDemo('?seed=1&turns=1', { until: 'rows' });
    const { page } = demo;
    expect(await turnsCheckbox(page).isChecked(), `${scenario}: the checkbox is on`).toBe(true);
    const { prompt, reply } = await sendPrompt(page, scenario);
    await expect
      .poll(async () => (await rowAtPeek(page))?.id, {
        message: `${scenario}: the prompt (id ${prompt.id}) should come to ${PEEK} px from the top`,
        timeout: 5000,
      })
      .toBe(prompt.id);

    const samples = await sampleStream(page, prompt.id, reply.id, 30);
    let held = 0;
    let followed = 0;
    for (const [index, frame] of samples.entries()) {
      const where = `${scenario}, frame ${index}: ${JSON.stringify(frame)}`;
      expect(frame.replyBottom, `${where}: the reply is rendered`).not.toBeNull();
      if (frame.replyBottom! < frame.clientHeight - 1) {
        // Room below the reply: the prompt stays where it was brought.
        held++;
        expect(frame.promptTop, `${where}: the prompt is rendered`).not.toBeNull();
        expect(Math.abs(frame.promptTop! - PEEK), `${where}: the prompt moved`).toBeLessThanOrEqual(DRIFT);
      } else {
        // The reply fills the viewport: following (Always) keeps its end in view.
        followed++;
        expect(frame.gap, `${where}: the list is at its bottom`).toBeLessThanOrEqual(EDGE);
      }
    }
    expect(held, `${scenario}: frames with the prompt held while the reply grew`).toBeGreaterThan(20);
    expect(followed, `${scenario}: frames followed once the reply filled the viewport`).toBeGreaterThanOrEqual(30);
    const last = samples.at(-1)!;
    expect(last.words, `${scenario}: the reply grew word by word`).toBeGreaterThan(samples[0]!.words + held);
    expect(await statusTurn(page), `${scenario}: the status line shows the prompt's turn`).toBe(prompt.id);
    await finish(demo, scenario);
  });

  it('?turns=1: a second "Send prompt" while a reply streams finishes that reply and holds the new prompt', async () => {
    const scenario = 'Send prompt twice';
    const demo = await openDemo('?seed=2&turns=1', { until: 'rows' });
    const { page } = demo;
    const first = await sendPrompt(page, `${scenario} (first)`);
    await frames(page, 5);
    const second = await sendPrompt(page, `${scenario} (second)`);
    await expect
      .poll(async () => (await rowAtPeek(page))?.id, {
        message: `${scenario}: the second prompt (id ${second.prompt.id}) should come to ${PEEK} px from the top`,
        timeout: 5000,
      })
      .toBe(second.prompt.id);
    // The first reply is whole: hundreds of words, ending a sentence (it sits just above the peek).
    const firstReply = await page
      .locator(`${SCROLLER} [data-id="${first.reply.id}"] .message__bubble`)
      .evaluate((bubble) => bubble.textContent ?? '');
    expect(firstReply.split(/\s+/).filter(Boolean).length, `${scenario}: words of the first reply`).toBeGreaterThan(
      300,
    );
    expect(firstReply.trim(), `${scenario}: the first reply ends a sentence`).toMatch(/\.$/);
    await finish(demo, scenario);
  });

  it('?turns=1: "Previous turn" / "Next turn" land a prompt at the peek and the status line shows its turn', async () => {
    const scenario = 'turn navigator';
    const demo = await openDemo('?seed=3&turns=1&count=200', { until: 'rows' });
    const { page } = demo;
    await expect
      .poll(() => statusTurn(page), { message: `${scenario}: the status line shows a turn at opening`, timeout: 5000 })
      .not.toBe('');

    // Opened at the bottom (the last turn, a lone prompt, is shorter than the list), reading the
    // turn before it, whose prompt is scrolled out above: the first "Previous turn" brings that
    // prompt back (the nearest turn start above the reading line), the second the one before.
    const visited: { id: string; index: number }[] = [];
    for (const step of [1, 2]) {
      const before = visited.at(-1)?.id;
      await button(page, 'Actions', 'Previous turn').click();
      await expect
        .poll(
          async () => {
            const row = await rowAtPeek(page);
            return row !== null && row.role === 'user' && row.id !== before && (await statusTurn(page)) === row.id;
          },
          {
            message: `${scenario}: Previous turn #${step} should land a user message at ${PEEK} px, shown as the turn`,
            timeout: 5000,
          },
        )
        .toBe(true);
      const row = (await rowAtPeek(page))!;
      visited.push({ id: row.id, index: row.index });
    }
    expect(visited[1]!.index, `${scenario}: the second Previous turn goes further up`).toBeLessThan(visited[0]!.index);

    await button(page, 'Actions', 'Next turn').click();
    await expect
      .poll(async () => [(await rowAtPeek(page))?.id, await statusTurn(page)], {
        message: `${scenario}: Next turn should come back to the turn (id ${visited[0]!.id})`,
        timeout: 5000,
      })
      .toEqual([visited[0]!.id, visited[0]!.id]);
    await finish(demo, scenario);
  });

  it('off (the default): no navigator, and a prompt and its streaming reply are followed to the bottom', async () => {
    const scenario = 'Send prompt without assistant turns';
    const demo = await openDemo('?seed=1', { until: 'rows' });
    const { page } = demo;
    expect(await turnsCheckbox(page).isChecked(), `${scenario}: the checkbox is off`).toBe(false);
    expect(await page.getByRole('button', { name: 'Previous turn' }).count(), `${scenario}: no navigator`).toBe(0);
    expect(await page.getByTestId('status-turn').count(), `${scenario}: no turn in the status line`).toBe(0);

    const { prompt, reply } = await sendPrompt(page, scenario);
    const samples = await sampleStream(page, prompt.id, reply.id, 30);
    for (const [index, frame] of samples.entries()) {
      if (index < 2) continue; // the frames the prompt arrives in, before following catches up
      const where = `${scenario}, frame ${index}: ${JSON.stringify(frame)}`;
      expect(frame.gap, `${where}: the list is at its bottom`).toBeLessThanOrEqual(EDGE);
      expect(
        Math.abs(frame.replyBottom! - frame.clientHeight),
        `${where}: the reply's end is in view`,
      ).toBeLessThanOrEqual(EDGE);
    }
    // The prompt arrived at the bottom, not at the top.
    const first = samples.find((frame) => frame.gap <= EDGE && frame.promptTop !== null);
    expect(first?.promptTop, `${scenario}: the prompt sits low in the list`).toBeGreaterThan(PEEK + 100);
    await finish(demo, scenario);
  });

  it('the "Assistant turns" checkbox turns the mode on and off in place', async () => {
    const scenario = 'Assistant turns checkbox';
    const demo = await openDemo('?seed=4&count=100', { until: 'rows' });
    const { page } = demo;
    await turnsCheckbox(page).check();
    await expect(button(page, 'Actions', 'Previous turn').count(), `${scenario}: navigator shown`).resolves.toBe(1);
    await expect(button(page, 'Actions', 'Next turn').count(), `${scenario}: navigator shown`).resolves.toBe(1);
    const { prompt } = await sendPrompt(page, scenario);
    await expect
      .poll(async () => [(await rowAtPeek(page))?.id, await statusTurn(page)], {
        message: `${scenario}: the prompt comes to the peek and is the turn`,
        timeout: 5000,
      })
      .toEqual([prompt.id, prompt.id]);
    await turnsCheckbox(page).uncheck();
    await expect(
      page.getByRole('button', { name: 'Previous turn' }).count(),
      `${scenario}: navigator hidden`,
    ).resolves.toBe(0);
    await expect(page.getByTestId('status-turn').count(), `${scenario}: no turn in the status line`).resolves.toBe(0);
    await finish(demo, scenario);
  });
});

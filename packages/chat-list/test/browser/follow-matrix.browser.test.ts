import { describe, expect, it } from 'vitest';
import { useFixtureBrowser } from './fixture-page';

const browser = useFixtureBrowser();

type Position = 'at bottom' | 'reading 1500 px up';
type Arrival = 'a user message' | 'a received message' | 'a received batch of 1000';
type Outcome = 'bottom' | 'stays';

const ARRIVALS: Record<Arrival, string> = {
  'a user message': "window.fixture.append(1, 'user')",
  'a received message': "window.fixture.append(1, 'assistant')",
  'a received batch of 1000': "window.fixture.append(1000, 'assistant')",
};

// Row by row, what the follow modes promise. 'custom' follows batches of more than one message
// only. A user message is one the reader sent: it is followed in every mode but 'never', unless
// followSentMessages is off.
const EXPECTED: Record<string, Record<Position, Partial<Record<Arrival, Outcome>>>> = {
  always: {
    'at bottom': { 'a user message': 'bottom', 'a received message': 'bottom', 'a received batch of 1000': 'bottom' },
    'reading 1500 px up': {
      'a user message': 'bottom',
      'a received message': 'bottom',
      'a received batch of 1000': 'bottom',
    },
  },
  never: {
    'at bottom': { 'a user message': 'stays', 'a received message': 'stays', 'a received batch of 1000': 'stays' },
    'reading 1500 px up': {
      'a user message': 'stays',
      'a received message': 'stays',
      'a received batch of 1000': 'stays',
    },
  },
  'at-bottom': {
    'at bottom': { 'a user message': 'bottom', 'a received message': 'bottom', 'a received batch of 1000': 'bottom' },
    'reading 1500 px up': {
      'a user message': 'bottom',
      'a received message': 'stays',
      'a received batch of 1000': 'stays',
    },
  },
  'only-received': {
    'at bottom': { 'a user message': 'bottom', 'a received message': 'bottom', 'a received batch of 1000': 'bottom' },
    'reading 1500 px up': {
      'a user message': 'bottom',
      'a received message': 'bottom',
      'a received batch of 1000': 'bottom',
    },
  },
  custom: {
    'at bottom': { 'a user message': 'bottom', 'a received message': 'stays', 'a received batch of 1000': 'bottom' },
    'reading 1500 px up': {
      'a user message': 'bottom',
      'a received message': 'stays',
      'a received batch of 1000': 'bottom',
    },
  },
  // With followSentMessages off only the reader's own message is treated differently.
  'at-bottom&followSent=0': {
    'at bottom': { 'a user message': 'bottom' },
    'reading 1500 px up': { 'a user message': 'stays' },
  },
  'only-received&followSent=0': {
    'at bottom': { 'a user message': 'bottom' },
    'reading 1500 px up': { 'a user message': 'stays' },
  },
  'custom&followSent=0': {
    'at bottom': { 'a user message': 'stays' },
    'reading 1500 px up': { 'a user message': 'stays' },
  },
};

describe('follow matrix', () => {
  for (const [follow, positions] of Object.entries(EXPECTED)) {
    for (const [position, arrivals] of Object.entries(positions) as Array<
      [Position, Partial<Record<Arrival, Outcome>>]
    >) {
      for (const [arrival, outcome] of Object.entries(arrivals) as Array<[Arrival, Outcome]>) {
        const name = follow.replace('&followSent=0', ' with followSentMessages off');
        it(`${name}, ${position}, ${arrival}: ${outcome === 'bottom' ? 'lands at the bottom' : 'does not move'}`, async () => {
          const fixture = await browser.open(`count=200&follow=${follow}`);
          const opened = await fixture.settled();
          if (position === 'reading 1500 px up') {
            await fixture.scrollTo(opened.scrollHeight - opened.clientHeight - 1500);
          }
          const before = await fixture.topRow();
          const beforeMetrics = await fixture.metrics();
          await fixture.run(ARRIVALS[arrival]);
          await fixture.page.waitForFunction(() => window.fixture.events.newer.length === 1);
          const after = await fixture.settled();
          const label = `${name} / ${position} / ${arrival}`;
          if (outcome === 'bottom') {
            expect(after.gap, `${label}: bottom gap`).toBeLessThanOrEqual(1.5);
          } else {
            expect(
              Math.abs(after.scrollTop - beforeMetrics.scrollTop),
              `${label}: scroll offset change`,
            ).toBeLessThanOrEqual(1);
            expect(
              Math.abs((await fixture.rowTop(before.id))! - before.top),
              `${label}: top row drift`,
            ).toBeLessThanOrEqual(1);
            expect(after.gap, `${label}: new rows below the viewport`).toBeGreaterThan(1.5);
          }
          expect(fixture.errors).toEqual([]);
        });
      }
    }
  }
});

describe('atBottomThreshold', () => {
  it('counts a reader 50 px from the bottom as at the bottom with a 100 px threshold, and follows them', async () => {
    const fixture = await browser.open('count=200&atBottomThreshold=100');
    const opened = await fixture.settled();
    await fixture.scrollTo(opened.scrollHeight - opened.clientHeight - 50);
    expect(await fixture.run('window.fixture.handle.isAtBottom')).toBe(true);
    await fixture.run("window.fixture.append(1, 'assistant')");
    await fixture.page.waitForFunction(() => window.fixture.events.newer.length === 1);
    expect((await fixture.settled()).gap, 'followed to the bottom').toBeLessThanOrEqual(1.5);
    expect(fixture.errors).toEqual([]);
  });

  // The threshold says whether the reader counts as at the bottom; it never moves the list by itself.
  for (const how of ['a wheel notch', 'a script'] as const) {
    it(`lets a reader at the bottom step 60 px up with ${how} and stay there with a 100 px threshold`, async () => {
      const fixture = await browser.open('count=200&atBottomThreshold=100');
      await fixture.settled();
      if (how === 'a wheel notch') {
        await fixture.run(
          "document.querySelector('[data-chat-list-scroller]').addEventListener('scroll', () => { window.wheelScrolled = true }, { once: true })",
        );
        await fixture.wheel(-60);
        await fixture.page.waitForFunction(() => (window as { wheelScrolled?: boolean }).wheelScrolled === true);
      } else {
        const { scrollTop } = await fixture.metrics();
        await fixture.run(`document.querySelector('[data-chat-list-scroller]').scrollTop = ${scrollTop} - 60`);
      }
      // Long enough for every render, measurement and pin the scroll could cause.
      await fixture.settled(10);
      const after = await fixture.restingTopRow();
      const { gap } = await fixture.metrics();
      expect(gap, 'still 60 px above the bottom').toBeGreaterThan(50);
      expect(Math.abs((await fixture.rowTop(after.id))! - after.top), 'nothing moved').toBeLessThanOrEqual(1);
      expect(await fixture.run('window.fixture.handle.isAtBottom'), 'counts as at the bottom').toBe(true);
      expect(fixture.errors).toEqual([]);
    });
  }

  it('leaves a reader 150 px from the bottom where they are with a 100 px threshold', async () => {
    const fixture = await browser.open('count=200&atBottomThreshold=100');
    const opened = await fixture.settled();
    await fixture.scrollTo(opened.scrollHeight - opened.clientHeight - 150);
    expect(await fixture.run('window.fixture.handle.isAtBottom')).toBe(false);
    const before = await fixture.metrics();
    await fixture.run("window.fixture.append(1, 'assistant')");
    await fixture.page.waitForFunction(() => window.fixture.events.newer.length === 1);
    const after = await fixture.settled();
    expect(Math.abs(after.scrollTop - before.scrollTop), 'not moved').toBeLessThanOrEqual(1);
    expect(fixture.errors).toEqual([]);
  });
});

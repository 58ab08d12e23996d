import { describe, expect, it } from 'vitest';
import type { StreamSample } from '../fixtures/main';
import { useFixtureBrowser } from './fixture-page';

const browser = useFixtureBrowser();

describe('smoothFollow', () => {
  it('glides after a streaming reply: never more than two lines behind, never backwards, at the bottom once it stops', async () => {
    const fixture = await browser.open('count=100&smoothFollow=1');
    await fixture.settled();
    const samples = await fixture.run<StreamSample[]>(`window.fixture.stream(300, 'last')`);
    const gaps = samples.map((sample) => sample.gap);
    const lag = Math.max(...gaps);
    // It glides (a jump would keep every frame at the bottom) and trails by a bounded lag.
    expect(gaps.filter((gap) => gap > 1.5).length, 'frames behind the bottom').toBeGreaterThan(10);
    expect(lag, 'worst lag, px').toBeLessThanOrEqual(50);
    for (let frame = 1; frame < samples.length; frame++) {
      expect(samples[frame]!.scrollTop, `frame ${frame}`).toBeGreaterThanOrEqual(samples[frame - 1]!.scrollTop - 0.5);
    }
    expect(samples.at(-1)!.scrollTop - samples[0]!.scrollTop, 'the message really grew').toBeGreaterThan(200);
    const after = await fixture.settled();
    expect(after.gap).toBeLessThanOrEqual(1.5);
    expect(await fixture.page.evaluate(() => window.fixture.handle!.isAtBottom)).toBe(true);
    expect(fixture.errors).toEqual([]);
  });

  it('stops at the reader’s wheel: after it the list never moves down again', async () => {
    const fixture = await browser.open('count=100&smoothFollow=1');
    await fixture.settled();
    const stream = fixture.run<StreamSample[]>(`window.fixture.stream(150, 'last')`);
    await fixture.page.waitForFunction(() => window.fixture.messages().at(-1)!.content.split(' word').length > 40);
    await fixture.wheel(-300);
    const samples = await stream;
    const wheeled = samples.findIndex(
      (sample, frame) => frame > 0 && sample.scrollTop < samples[frame - 1]!.scrollTop - 50,
    );
    expect(wheeled, 'the frame the wheel moved the list').toBeGreaterThan(0);
    for (let frame = wheeled + 1; frame < samples.length; frame++) {
      expect(samples[frame]!.scrollTop, `frame ${frame}`).toBeLessThanOrEqual(samples[wheeled]!.scrollTop + 0.5);
    }
    expect((await fixture.settled()).gap, 'the reader stays where they scrolled').toBeGreaterThan(250);
    expect(fixture.errors).toEqual([]);
  });

  it('follows a reply that shrinks at once, and stays pinned', async () => {
    const fixture = await browser.open('count=100&smoothFollow=1');
    await fixture.settled();
    const lastId = await fixture.run<string>('window.fixture.messages().at(-1).id');
    await fixture.run(`window.fixture.setExtraHeight(${JSON.stringify(lastId)}, 400)`);
    await fixture.settled();
    await fixture.run(`window.fixture.setExtraHeight(${JSON.stringify(lastId)}, 0)`);
    const shrunk = await fixture.settled();
    expect(shrunk.gap).toBeLessThanOrEqual(1.5);
    await fixture.run(`window.fixture.setExtraHeight(${JSON.stringify(lastId)}, 300)`);
    expect((await fixture.settled()).gap, 'still pinned: it glides down again').toBeLessThanOrEqual(1.5);
    expect(fixture.errors).toEqual([]);
  });

  it('jumps as before without smoothFollow', async () => {
    const fixture = await browser.open('count=100');
    await fixture.settled();
    const samples = await fixture.run<StreamSample[]>(`window.fixture.stream(120, 'last')`);
    expect(Math.max(...samples.map((sample) => sample.gap))).toBeLessThanOrEqual(1.5);
  });
});

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

describe('scrollToBottom smooth while a reply streams', () => {
  // The README's jump-to-latest button, pressed while a reply arrives below a reader 600 px up.
  for (const when of ['while the reply streams', 'after the reply streamed'] as const) {
    it(`moves at once and lands at the bottom ${when}`, async () => {
      const fixture = await browser.open('count=200');
      await fixture.settled();
      // A long reply, the reader 600 px up in it, and more of it arriving.
      await fixture.run(`window.fixture.stream(150, 'last')`);
      const streamed = await fixture.settled();
      await fixture.scrollTo(streamed.scrollHeight - streamed.clientHeight - 600);
      const stream = fixture.run<StreamSample[]>(`window.fixture.stream(400, 'last')`);
      // Awaited below; a failure before then closes the page under it.
      stream.catch(() => undefined);
      if (when === 'after the reply streamed') await stream;
      else
        await fixture.page.waitForFunction(() => window.fixture.messages().at(-1)!.content.split(' word').length > 170);
      // Progress and duration are counted in frames, not milliseconds: the browser animates a
      // smooth scroll by the clock, so a slow machine's late frames each show more of it, and a
      // 500 ms timer on a throttled, loaded machine fired when it had moved 29 px.
      const result = await fixture.page.evaluate(async () => {
        const scroller = document.querySelector<HTMLElement>('[data-chat-list-scroller]')!;
        const gapNow = () => scroller.scrollHeight - (scroller.scrollTop + scroller.clientHeight);
        const startGap = gapNow();
        const startTop = scroller.scrollTop;
        let frames = 0;
        let movedIn30Frames = NaN;
        let isLanded = false;
        const countFrame = () => {
          frames += 1;
          if (frames === 30) movedIn30Frames = scroller.scrollTop - startTop;
          if (!isLanded) requestAnimationFrame(countFrame);
        };
        requestAnimationFrame(countFrame);
        const landed = await window.fixture.handle!.scrollToBottom({ behavior: 'smooth' });
        isLanded = true;
        return { landed, startGap, movedIn30Frames, gap: gapNow(), frames };
      });
      expect(result.startGap, 'the reader was above the bottom').toBeGreaterThan(500);
      expect(result.landed, `resolved after ${result.frames} frames`).toBe(true);
      expect(result.gap, 'at the bottom when it resolves').toBeLessThanOrEqual(1.5);
      expect(result.frames, 'within a smooth scroll’s frames, not the 5 s timeout').toBeLessThan(180);
      // Rows below the reader come in at their real heights as it moves: the bottom moves away
      // meanwhile, so the progress is read from the offset, not the gap.
      if (!Number.isNaN(result.movedIn30Frames)) {
        expect(result.movedIn30Frames, 'px moved down in the first 30 frames').toBeGreaterThan(100);
      }
      await stream;
      expect((await fixture.settled()).gap, 'still at the bottom once the reply ended').toBeLessThanOrEqual(1.5);
      expect(fixture.errors).toEqual([]);
    });
  }
});

import { describe, expect, it } from 'vitest';
import { useFixtureBrowser, type FixturePage } from './fixture-page';

// Issue #16: switching conversations A → B → A returns the same row at the same pixel.
const browser = useFixtureBrowser();

/** Opens conversation B (200 new messages, no snapshot) and waits for it to settle. */
const openOtherConversation = async (fixture: FixturePage) => {
  await fixture.run(`(() => {
    window.conversationA = window.fixture.messages();
    window.fixture.setInitialSnapshot(undefined);
    window.fixture.setMessages(() => window.fixture.generate(200));
  })()`);
  await fixture.settled();
};

/**
 * Reopens A (with `arrived` new messages) from `snapshot`, and samples the top of the row
 * `id` in every frame from the one that paints the commit on.
 */
const reopenWithSnapshot = (fixture: FixturePage, snapshot: unknown, arrived: number, id: string) =>
  fixture.page.evaluate(
    ({ snapshot, arrived, id }) =>
      new Promise<Array<number | null>>((resolve) => {
        const scroller = document.querySelector<HTMLElement>('[data-chat-list-scroller]')!;
        const samples: Array<number | null> = [];
        const sample = () => {
          const row = scroller.querySelector(`[data-id="${CSS.escape(id)}"]`);
          samples.push(row && row.getBoundingClientRect().top - scroller.getBoundingClientRect().top);
          if (samples.length < 15) requestAnimationFrame(sample);
          else resolve(samples);
        };
        const conversationA = (window as unknown as { conversationA: unknown[] }).conversationA;
        window.fixture.setInitialSnapshot(snapshot as never);
        window.fixture.setMessages(() => [...(conversationA as never[]), ...window.fixture.generate(arrived)]);
        requestAnimationFrame(sample);
      }),
    { snapshot, arrived, id },
  );

describe('getSnapshot and initialSnapshot', () => {
  it('reopens a conversation at the same row and pixel, with the messages that arrived meanwhile unseen', async () => {
    const fixture = await browser.open('count=300&snapshots=1');
    const { scrollHeight, clientHeight } = await fixture.settled();
    // Somewhere in the middle, at an offset that cuts a row.
    await fixture.scrollTo(Math.round((scrollHeight - clientHeight) * 0.55) + 13);
    const reader = await fixture.topRow();
    const snapshot = await fixture.run<{ row: { id: string; offset: number }; sizes: unknown[] }>(
      'JSON.parse(JSON.stringify(window.fixture.handle.getSnapshot()))',
    );
    const unseenBefore = await fixture.run<number>('window.fixture.handle.unseenCount');
    expect(snapshot.sizes.length, 'sizes of the rows around the reader').toBeGreaterThan(3);

    await openOtherConversation(fixture);
    expect((await fixture.metrics()).gap, 'B opens at the bottom').toBeLessThanOrEqual(1.5);

    const samples = await reopenWithSnapshot(fixture, snapshot, 5, snapshot.row.id);
    await fixture.settled();
    const top = await fixture.rowTop(snapshot.row.id);
    expect(top, 'the snapshot row is rendered').not.toBeNull();
    // The snapshot's row is the top fully visible one; the row the reader saw first may be cut by the top.
    expect(Math.abs(top! - snapshot.row.offset), 'the row at its pixel').toBeLessThanOrEqual(1);
    const firstInView = await fixture.topRow();
    expect(firstInView.id, 'the first row in view').toBe(reader.id);
    expect(Math.abs(firstInView.top - reader.top), 'the first row in view, at its pixel').toBeLessThanOrEqual(1);
    // No visible jump: every frame that showed the row showed it in place.
    const painted = samples.filter((sample): sample is number => sample !== null);
    expect(painted.length, 'frames that showed the row').toBeGreaterThan(10);
    for (const sample of painted) expect(Math.abs(sample - snapshot.row.offset)).toBeLessThanOrEqual(1);
    expect(await fixture.run('window.fixture.handle.unseenCount')).toBe(unseenBefore + 5);
    expect(await fixture.run('window.fixture.handle.isAtBottom')).toBe(false);
    expect(fixture.errors).toEqual([]);
  });

  it('reopens a conversation left at the bottom at the bottom when nothing arrived', async () => {
    const fixture = await browser.open('count=300&snapshots=1');
    await fixture.settled();
    const snapshot = await fixture.run<{ row: { id: string } }>('window.fixture.handle.getSnapshot()');
    await openOtherConversation(fixture);
    await reopenWithSnapshot(fixture, snapshot, 0, snapshot.row.id);
    expect((await fixture.settled()).gap, 'at the bottom again').toBeLessThanOrEqual(1.5);
    expect(await fixture.run('window.fixture.handle.unseenCount')).toBe(0);
    // Still pinned: a message that arrives is followed.
    await fixture.run("window.fixture.append(1, 'assistant')");
    await fixture.page.waitForFunction(() => window.fixture.messages().length === 301);
    expect((await fixture.settled()).gap, 'followed after reopening').toBeLessThanOrEqual(1.5);
    expect(fixture.errors).toEqual([]);
  });

  it('opens at the bottom when the snapshot row is not among the messages', async () => {
    const fixture = await browser.open('count=300&snapshots=1');
    await fixture.settled();
    await fixture.run(`(() => {
      window.fixture.setInitialSnapshot({ row: { id: 'gone', offset: 0 }, isAtBottom: false, newestSeenId: undefined, sizes: [] });
      window.fixture.setMessages(() => window.fixture.generate(200));
    })()`);
    expect((await fixture.settled()).gap).toBeLessThanOrEqual(1.5);
    // The development build warns (the jsdom tests check it); the fixture pages are production builds.
    expect(fixture.errors).toEqual([]);
  });
});

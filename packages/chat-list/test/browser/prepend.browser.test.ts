import { describe, expect, it } from 'vitest';
import { useFixtureBrowser } from './fixture-page';

const browser = useFixtureBrowser();

describe('prepend while reading', () => {
  for (const count of [1, 10, 1000]) {
    it(`keeps the top visible row within 1 px when ${count} older messages of unestimated heights are prepended`, async () => {
      const fixture = await browser.open('count=200');
      await fixture.settled();
      await fixture.scrollTo(4000);
      const before = await fixture.topRow();
      await fixture.run(`window.fixture.prepend(${count})`);
      await fixture.settled();
      const after = await fixture.rowTop(before.id);
      expect(after, `row ${before.id} still rendered`).not.toBeNull();
      expect(Math.abs(after! - before.top), `drift of the top row after prepending ${count}`).toBeLessThanOrEqual(1);
      expect(await fixture.run('window.fixture.events.older')).toEqual([count]);
      expect(fixture.errors).toEqual([]);
    });
  }

  it('keeps the view still while the prepended rows are measured by scrolling up through them and back', async () => {
    const fixture = await browser.open('count=200');
    await fixture.settled();
    await fixture.scrollTo(4000);
    await fixture.run('window.fixture.prepend(1000)');
    await fixture.settled();
    const before = await fixture.topRow();
    // Up through 30 viewports of rows measured for the first time, then back down by the same distance.
    const steps = 30;
    const step = 500;
    for (let index = 0; index < steps; index++) {
      await fixture.page.evaluate((delta) => {
        document.querySelector<HTMLElement>('[data-chat-list-scroller]')!.scrollTop -= delta;
      }, step);
      await fixture.settled(2);
    }
    for (let index = 0; index < steps; index++) {
      await fixture.page.evaluate((delta) => {
        document.querySelector<HTMLElement>('[data-chat-list-scroller]')!.scrollTop += delta;
      }, step);
      await fixture.settled(2);
    }
    const after = await fixture.rowTop(before.id);
    expect(after, `row ${before.id} rendered after the round trip`).not.toBeNull();
    expect(Math.abs(after! - before.top), 'drift after measuring 15 000 px of prepended rows').toBeLessThanOrEqual(1);
  });
});

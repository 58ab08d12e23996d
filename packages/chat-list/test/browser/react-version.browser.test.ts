// Each browser project runs the suite under the condition it names (test/conditions.mjs): the
// fixture pages built against the React it claims (19 from the workspace, or 18), and pages at its
// device pixel ratio. Workers keep their modules from one file to the next (`isolate: false`), so
// a condition read once per worker must still be the one of the file's project.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { BROWSER_CONDITIONS } from '../conditions.mjs';
import { BROWSER_ENGINE, FIXTURE_DIST, PAGE_CONDITIONS, scrollbarWidthInPage, useFixtureBrowser } from './fixture-page';

const browser = useFixtureBrowser();

test(`the fixture bundle embeds React ${process.env.CHAT_LIST_REACT ?? '19'} only`, () => {
  const assets = join(FIXTURE_DIST, 'assets');
  const bundle = readdirSync(assets)
    .filter((file) => file.endsWith('.js'))
    .map((file) => readFileSync(join(assets, file), 'utf8'))
    .join('\n');
  // react and react-dom each embed their version string.
  const versions = new Set([...bundle.matchAll(/[`"'](1[89])\.\d+\.\d+[^`"']*[`"']/g)].map((match) => match[1]));
  expect([...versions]).toEqual([process.env.CHAT_LIST_REACT ?? '19']);
});

test('the pages run under the condition of the project that runs them', async ({ task }) => {
  const condition = BROWSER_CONDITIONS.find(({ project }) => project === task.file.projectName);
  const react = condition?.env.CHAT_LIST_REACT ?? '19';
  const throttle = Number(condition?.env.CHAT_LIST_CPU_THROTTLE ?? 1);
  const ratio = Number(condition?.env.CHAT_LIST_DPR ?? 1);
  expect({ react: process.env.CHAT_LIST_REACT ?? '19', ...PAGE_CONDITIONS }).toEqual({
    react,
    cpuThrottlingRate: throttle,
    deviceScaleFactor: ratio,
  });
  const fixture = await browser.open('count=10');
  expect(await fixture.page.evaluate(() => window.devicePixelRatio)).toBe(ratio);
  // Chromium's scrollbars take layout space only where the project asks for them (headless hides
  // them); the other engines show their own.
  if (BROWSER_ENGINE === 'chromium') {
    const scrollbarWidth = await fixture.page.evaluate(scrollbarWidthInPage);
    expect(scrollbarWidth > 0, 'scrollbars take layout space').toBe(condition?.env.CHAT_LIST_SCROLLBARS === '1');
  }
});

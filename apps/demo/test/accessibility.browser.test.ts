// Accessibility of the built playground (apps/demo/dist) in Chromium: axe-core finds no
// WCAG 2.0/2.1 A or AA violation and no best-practice one, in the light and the dark
// theme, at a desktop and a phone viewport; every focusable thing shows a visible focus
// ring; nothing overflows the phone's width. It assumes the dist is built.
// Every wait is a poll on a condition or a count of animation frames, never a sleep.
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { SCROLLER, finish, frames, useDemoBrowser, type Demo } from './demo-page';

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
/** Generous: the machine may be busy with other browser suites. */
const WAIT = 15_000;

type Theme = 'light' | 'dark';
const THEMES: readonly Theme[] = ['light', 'dark'];
const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
] as const;
type Viewport = (typeof VIEWPORTS)[number];

/** The demo's simulated latency of an older-history load (SPEC §4: "after 1000 ms"). */
const HISTORY_DELAY_MS = 1000;
type HistoryHold = Window & { __holdHistory?: { arm: () => void; release: () => void; held: boolean } };

/** The theme toggle is named after what it does. */
const TOGGLE_NAME: Record<Theme, string> = { light: 'Dark theme', dark: 'Light theme' };
const other = (theme: Theme): Theme => (theme === 'light' ? 'dark' : 'light');

const demoBrowser = useDemoBrowser();

/** Opens the demo with the system colour scheme emulated as `colorScheme`. */
function openDemo(viewport: Viewport, colorScheme: Theme, query = '?seed=1'): Promise<Demo> {
  return demoBrowser.openDemo(query, {
    viewport: { width: viewport.width, height: viewport.height },
    prepare: async (page) => {
      await page.addInitScript(holdHistoryTimer, HISTORY_DELAY_MS);
      await page.emulateMedia({ colorScheme });
    },
  });
}

function button(page: Page, group: string, name: string) {
  return page.getByRole('group', { name: group, exact: true }).getByRole('button', { name, exact: true });
}

function themeToggle(page: Page, theme: Theme) {
  return page.getByRole('banner').getByRole('button', { name: TOGGLE_NAME[theme], exact: true });
}

function statusText(page: Page, name: 'at-bottom' | 'scrolling' | 'loading' | 'unseen') {
  return page.getByTestId(`status-${name}`).textContent();
}

/**
 * Waits until the page shows `theme`: `<html data-theme>`, the resolved `color-scheme`,
 * a page background of the right lightness, no transition still under way (axe must
 * not read a colour halfway through one), and the toggle named for the other theme.
 */
async function expectTheme(page: Page, theme: Theme, scenario: string) {
  const state = () =>
    page.evaluate(() => {
      const root = document.documentElement;
      const style = getComputedStyle(root);
      const [r = 0, g = 0, b = 0] = (style.backgroundColor.match(/[\d.]+/g) ?? []).map(Number);
      return {
        dataTheme: root.dataset.theme,
        colorScheme: style.colorScheme,
        background: (r + g + b) / 3 < 128 ? 'dark' : 'light',
        transitions: document
          .getAnimations()
          .filter((animation) => animation.effect?.getTiming().iterations !== Infinity).length,
      };
    });
  await expect
    .poll(state, { message: `${scenario}: the page should show the ${theme} theme`, timeout: WAIT })
    .toEqual({ dataTheme: theme, colorScheme: theme, background: theme, transitions: 0 });
  await expect(themeToggle(page, theme).count(), `${scenario}: toggle named "${TOGGLE_NAME[theme]}"`).resolves.toBe(1);
  expect(
    await themeToggle(page, other(theme)).count(),
    `${scenario}: no toggle named "${TOGGLE_NAME[other(theme)]}"`,
  ).toBe(0);
}

/** The list settled at the bottom with rows rendered and no scroll under way. */
async function settle(page: Page, scenario: string) {
  await page.locator(`${SCROLLER} [data-index]`).first().waitFor({ timeout: WAIT });
  await expect
    .poll(() => statusText(page, 'scrolling'), { message: `${scenario}: scrolling should end`, timeout: WAIT })
    .toBe('no');
  await frames(page, 2);
}

interface AxeNode {
  target: unknown[];
  failureSummary?: string;
}

interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  helpUrl: string;
  nodes: AxeNode[];
}

/** One readable block per violation: rule, impact, summary, then each element and why it fails. */
function describeViolation(violation: AxeViolation): string {
  const nodes = violation.nodes.map((node) => {
    const target = node.target.map((part) => (Array.isArray(part) ? part.join(' >>> ') : String(part))).join(' ');
    const why = (node.failureSummary ?? '').replace(/\s*\n\s*/g, ' | ');
    return `    - ${target}: ${why}`;
  });
  return [
    `${violation.id} (${violation.impact ?? 'no impact'}): ${violation.help} [${violation.nodes.length} element(s)] ${violation.helpUrl}`,
    ...nodes,
  ].join('\n');
}

/**
 * axe-core's violations for the whole page. Legacy mode runs `axe.run` in the page
 * instead of merging per-frame results in a new blank page: the demo has no frames,
 * and it makes a scan 2–5× cheaper on a machine shared with other browser suites.
 */
async function axeViolations(page: Page): Promise<AxeViolation[]> {
  const { violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).setLegacyMode(true).analyze();
  return violations;
}

function expectNone(violations: AxeViolation[], scenario: string) {
  const report = violations.map(describeViolation);
  expect(report, `${scenario}: ${violations.length} axe violation(s):\n${report.join('\n')}`).toEqual([]);
}

/** Scans the whole page and fails listing every violation: rule, impact, elements, why. */
async function expectNoViolations(page: Page, scenario: string) {
  expectNone(await axeViolations(page), scenario);
}

/** Nothing is wider than the window (no horizontal page scroll), and every toolbar control is inside it. */
async function expectNoHorizontalOverflow(page: Page, scenario: string) {
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const outside = [...document.querySelectorAll('.toolbar button, .toolbar select, header button, header a')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.left < -0.5 || box.right > width + 0.5;
      })
      .map((element) => element.textContent?.trim() || element.tagName);
    return { scroll: document.documentElement.scrollWidth - width, outside };
  });
  expect(overflow.scroll, `${scenario}: the page is ${overflow.scroll} px wider than the window`).toBeLessThanOrEqual(
    0,
  );
  expect(overflow.outside, `${scenario}: controls outside the window`).toEqual([]);
}

// Each test opens one or two pages and runs up to two scans; allow for a busy machine.
describe('accessibility (axe-core, WCAG 2.1 AA + best practice)', { timeout: 120_000 }, () => {
  for (const viewport of VIEWPORTS) {
    for (const system of THEMES) {
      it(`${viewport.name} ${viewport.width}×${viewport.height}, system ${system}: follows the system theme, toggles, no violations`, async () => {
        const scenario = `${viewport.name}, system ${system}`;
        const demo = await openDemo(viewport, system);
        const { page } = demo;
        await settle(page, scenario);
        await expectTheme(page, system, `${scenario}, default theme`);
        await expectNoHorizontalOverflow(page, scenario);
        await expectNoViolations(page, `${scenario}, ${system} theme (from the system)`);

        const toggled = other(system);
        await themeToggle(page, system).click();
        await expectTheme(page, toggled, `${scenario}, after the toggle`);
        await expectNoViolations(page, `${scenario}, ${toggled} theme (from the toggle)`);

        // The reader's choice outlasts a change of the system preference.
        await page.emulateMedia({ colorScheme: toggled });
        await page.emulateMedia({ colorScheme: system });
        await frames(page, 2);
        await expectTheme(page, toggled, `${scenario}, system preference changed after the toggle`);
        await finish(demo, scenario);
      });
    }
  }

  it('follows a change of the system preference while the reader has not picked a theme', async () => {
    const scenario = 'live system preference';
    const demo = await openDemo(VIEWPORTS[0], 'light');
    const { page } = demo;
    await expectTheme(page, 'light', `${scenario}: light at first`);
    await page.emulateMedia({ colorScheme: 'dark' });
    await expectTheme(page, 'dark', `${scenario}: system switched to dark`);
    await page.emulateMedia({ colorScheme: 'light' });
    await expectTheme(page, 'light', `${scenario}: system switched back to light`);
    await finish(demo, scenario);
  });

  for (const viewport of VIEWPORTS) {
    for (const theme of THEMES) {
      it(`${viewport.name}, ${theme}: after appending (unseen badge) and while "Loading..." shows — no violations`, async () => {
        const scenario = `${viewport.name}, ${theme}`;
        const demo = await openDemo(viewport, theme, '?seed=4&follow=never');
        const { page } = demo;
        await settle(page, scenario);
        await expectTheme(page, theme, scenario);

        // Appended messages below the viewport: new rows and the "↓ 10 new" badge.
        await button(page, 'Messages', 'Append 10').click();
        await expect
          .poll(() => statusText(page, 'unseen'), { message: `${scenario}: unseen after Append 10`, timeout: WAIT })
          .toBe('10');
        await page
          .getByRole('button', { name: '10 new messages, show newest', exact: true })
          .waitFor({ timeout: WAIT });
        await expectNoViolations(page, `${scenario}, Append 10 with follow Never (unseen badge shown)`);

        // Older history: "Loading..." above the rows while the load runs.
        await expectLoadingWithoutViolations(page, scenario);
        await finish(demo, scenario);
      });

      it(`${viewport.name}, ${theme}: empty list with a notice about ignored query parameters — no violations`, async () => {
        const scenario = `${viewport.name}, ${theme}, empty with a notice`;
        const demo = await openDemo(viewport, theme, '?seed=x&count=0');
        const { page } = demo;
        await page.getByText('No messages', { exact: true }).waitFor({ timeout: WAIT });
        await page
          .getByRole('region', { name: 'Notices', exact: true })
          .getByText('Ignored seed')
          .waitFor({ timeout: WAIT });
        await expectTheme(page, theme, scenario);
        await expectNoHorizontalOverflow(page, scenario);
        await expectNoViolations(page, scenario);
        await finish(demo, scenario);
      });
    }
  }

  for (const theme of THEMES) {
    it(`desktop, ${theme}: opened at the first unread ("New messages" line) — no violations`, async () => {
      const scenario = `open at first unread, ${theme}`;
      const demo = await openDemo(VIEWPORTS[0], theme);
      const { page } = demo;
      await settle(page, scenario);
      await expectTheme(page, theme, scenario);
      await button(page, 'Messages', 'Open at first unread').click();
      await page
        .locator(SCROLLER)
        .getByRole('separator', { name: 'New messages', exact: true })
        .waitFor({ timeout: WAIT });
      await settle(page, scenario);
      await expectNoViolations(page, scenario);
      await finish(demo, scenario);
    });
  }

  for (const theme of THEMES) {
    it(`${theme}: every focusable element shows a focus ring of 2 px or more at 3:1 or more against its background`, async () => {
      const scenario = `focus rings, ${theme}`;
      const demo = await openDemo(VIEWPORTS[0], theme, '?seed=4&follow=never');
      const { page } = demo;
      await settle(page, scenario);
      await expectTheme(page, theme, scenario);
      // Show the unseen badge with the keyboard, so that focus stays keyboard focus.
      await button(page, 'Messages', 'Append 10').focus();
      await page.keyboard.press('Enter');
      await page.getByRole('button', { name: '10 new messages, show newest', exact: true }).waitFor({ timeout: WAIT });

      // Tab round the page once (headless Chromium cycles back to the first element).
      const seen = new Map<string, FocusRing>();
      for (let step = 0; step < 60; step++) {
        await page.keyboard.press('Tab');
        const ring = await focusRing(page, ':focus');
        if (!ring) continue;
        if (seen.has(ring.element)) break;
        seen.set(ring.element, ring);
      }
      const reached = [...seen.keys()];
      for (const expected of [
        `button "${TOGGLE_NAME[theme]}"`,
        'a "4"',
        'button "Narrow"',
        'button "Clear"',
        'select',
        'button "Jump to bottom"',
        `div${SCROLLER}`,
        'button "↓ 10 new"',
        'div.debug-list',
      ]) {
        expect(reached, `${scenario}: Tab should reach ${expected}`).toContain(expected);
      }

      // Message rows (tabindex -1) are focused from script, by the list's arrow keys.
      await page
        .locator(`${SCROLLER} [data-index]`)
        .last()
        .evaluate((row: HTMLElement) => row.focus());
      const rowRing = await focusRing(page, `${SCROLLER} [data-index]:focus`);
      expect(rowRing, `${scenario}: message rows should be focusable (tabindex -1, from the library)`).not.toBeNull();
      seen.set(`row ${rowRing!.element}`, rowRing!);

      const weak = [...seen.values()].filter((ring) => ring.style === 'none' || ring.width < 2 || ring.contrast < 3);
      expect(
        weak.map(
          (ring) =>
            `${ring.element}: ${ring.width}px ${ring.style} ${ring.color} on ${ring.background}, ${ring.contrast.toFixed(2)}:1`,
        ),
        `${scenario}: weak or missing focus rings`,
      ).toEqual([]);
      await finish(demo, scenario);
    });
  }
});

/**
 * Scrolls to the top to start a history load and scans while "Loading..." shows. The
 * demo answers a load after `HISTORY_DELAY_MS` (a setTimeout), less than one scan
 * takes on a busy machine, so the test holds that one timer (see `holdHistoryTimer`)
 * until the scan is done, then lets it fire and checks the load completes.
 */
async function expectLoadingWithoutViolations(page: Page, scenario: string) {
  await expect
    .poll(() => statusText(page, 'loading'), { message: `${scenario}: no load under way`, timeout: WAIT })
    .toBe('no');
  const before = Number(await page.getByTestId('status-count').getAttribute('data-value'));
  await page.evaluate(() => (window as HistoryHold).__holdHistory?.arm());
  await page.locator(SCROLLER).evaluate((scroller) => {
    scroller.scrollTop = 0;
  });
  await page.locator('[data-chat-list-prefix]').getByText('Loading...', { exact: true }).waitFor({ timeout: WAIT });
  await expect
    .poll(() => page.evaluate(() => (window as HistoryHold).__holdHistory?.held), {
      message: `${scenario}: the history response should be held`,
      timeout: WAIT,
    })
    .toBe(true);
  await expect
    .poll(() => statusText(page, 'loading'), { message: `${scenario}: status while loading`, timeout: WAIT })
    .toBe('yes');
  // Named for screen readers (prefixLabel), and the feed says it is busy.
  await expect(page.getByRole('article', { name: 'Loading older messages' }).count()).resolves.toBe(1);
  await expect(page.locator(SCROLLER).getAttribute('aria-busy')).resolves.toBe('true');
  await frames(page, 2);
  expectNone(await axeViolations(page), `${scenario}, "Loading..." shown`);
  await page.evaluate(() => (window as HistoryHold).__holdHistory?.release());
  await expect
    .poll(() => statusText(page, 'loading'), { message: `${scenario}: the load should end`, timeout: WAIT })
    .toBe('no');
  expect(
    Number(await page.getByTestId('status-count').getAttribute('data-value')),
    `${scenario}: count after the load`,
  ).toBe(before + 10);
}

/**
 * Runs in the page before the demo: once armed, the next `setTimeout(…, HISTORY_DELAY_MS)`
 * (the history response) is kept until `release()`, like a response held by a mock server.
 */
function holdHistoryTimer(delay: number) {
  const nativeSetTimeout = window.setTimeout.bind(window);
  const nativeClearTimeout = window.clearTimeout.bind(window);
  let armed = false;
  let heldId: number | undefined;
  let heldCallback: (() => void) | null = null;
  const hold = {
    get held() {
      return heldCallback !== null;
    },
    arm() {
      armed = true;
    },
    release() {
      const callback = heldCallback;
      heldCallback = null;
      if (callback) nativeSetTimeout(callback, 0);
    },
  };
  (window as HistoryHold).__holdHistory = hold;
  window.setTimeout = ((handler: TimerHandler, timeout?: number, ...args: unknown[]) => {
    if (armed && timeout === delay && typeof handler === 'function') {
      armed = false;
      heldCallback = () => handler(...args);
      heldId = nativeSetTimeout(() => undefined, 2 ** 31 - 1);
      return heldId;
    }
    return nativeSetTimeout(handler, timeout, ...args);
  }) as typeof window.setTimeout;
  window.clearTimeout = ((id?: number) => {
    // A cleared load (Clear while loading) never answers.
    if (id !== undefined && id === heldId) heldCallback = null;
    nativeClearTimeout(id);
  }) as typeof window.clearTimeout;
}

interface FocusRing {
  /** `tag "accessible text"` or `tag.class`, to name it in failures. */
  element: string;
  style: string;
  width: number;
  color: string;
  background: string;
  contrast: number;
}

/**
 * The focused element's outline and its contrast against the colour it is drawn on:
 * the element's own background for an inset ring (negative offset), else its parent's.
 */
function focusRing(page: Page, selector: string): Promise<FocusRing | null> {
  return page.evaluate((focusedSelector) => {
    const element = document.querySelector<HTMLElement>(focusedSelector);
    if (!element || element === document.body) return null;
    const parse = (value: string) => {
      const [r = 0, g = 0, b = 0, a = 1] = (value.match(/[\d.]+/g) ?? []).map(Number);
      return { r, g, b, a: value.startsWith('rgba') || value.includes('/') ? a : 1 };
    };
    const luminance = ({ r, g, b }: { r: number; g: number; b: number }) => {
      const channel = (c: number) => {
        const s = c / 255;
        return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
    };
    const style = getComputedStyle(element);
    const inset = parseFloat(style.outlineOffset) < 0;
    let behind: Element | null = inset ? element : element.parentElement;
    let background = 'rgb(255, 255, 255)';
    while (behind) {
      const color = getComputedStyle(behind).backgroundColor;
      if (parse(color).a > 0) {
        background = color;
        break;
      }
      behind = behind.parentElement;
    }
    const a = luminance(parse(style.outlineColor));
    const b = luminance(parse(background));
    const contrast = (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
    const text = element.matches('button, a') ? ` "${element.textContent?.trim()}"` : '';
    const name =
      element.tagName.toLowerCase() +
      (element.hasAttribute('data-chat-list-scroller')
        ? '[data-chat-list-scroller]'
        : element.classList.contains('debug-list')
          ? '.debug-list'
          : element.hasAttribute('data-index')
            ? `[data-index="${element.getAttribute('data-index')}"]`
            : '') +
      text;
    return {
      element: name,
      style: style.outlineStyle,
      width: parseFloat(style.outlineWidth),
      color: style.outlineColor,
      background,
      contrast,
    };
  }, selector);
}

// What the Firefox and WebKit drivers share: functions run in the page, and key names.

/**
 * Finds a button by its accessible name the way Playwright's `getByRole('button', { name })`
 * does by default (a case-insensitive substring of its label or text). Runs in the page.
 */
export const findButtonInPage = (name) => {
  const wanted = name.toLowerCase();
  const buttons = [...document.querySelectorAll('button, [role="button"]')];
  const found = buttons.find((button) =>
    (button.getAttribute('aria-label') ?? button.textContent ?? '')
      .replace(/\s+/g, ' ')
      .trim()
      .toLowerCase()
      .includes(wanted),
  );
  if (!found) throw new Error(`no button named "${name}"`);
  return found;
};

/**
 * Emulates `prefers-reduced-motion` where the driver has no way to (BiDi, WebDriver): queries of
 * the feature are rewritten to one that always or never matches. The library asks `matchMedia`
 * on each smooth scroll, which is what the tests check; CSS and the browser's own smooth
 * scrolling do not see it. Runs in the page; lasts until the next navigation.
 */
export const emulateReducedMotionInPage = (value) => {
  const page = /** @type {Window & { driverMatchMedia?: typeof matchMedia }} */ (window);
  const original = page.driverMatchMedia ?? window.matchMedia.bind(window);
  page.driverMatchMedia = original;
  if (value === null) {
    window.matchMedia = original;
    return;
  }
  window.matchMedia = (query) =>
    original(
      query.replace(/prefers-reduced-motion\s*:\s*([\w-]+)/g, (_, asked) =>
        asked === value ? 'min-width: 0px' : 'max-width: -1px',
      ),
    );
};

/** Splits `Shift+Tab` into its modifiers and its key. */
export function splitKeyCombo(combo) {
  const parts = combo === '+' ? ['+'] : combo.split('+');
  return { modifiers: parts.slice(0, -1), key: parts[parts.length - 1] ?? '' };
}

/**
 * Scrolls the scrollable element under (x, y) by `by` px, as a finger's pan would, for drivers
 * whose touch pointer pans nothing. Runs in the page.
 */
export const panInPage = ({ x, y, by }) => {
  for (let element = document.elementFromPoint(x, y); element !== null; element = element.parentElement) {
    const { overflowY } = getComputedStyle(element);
    if ((overflowY === 'auto' || overflowY === 'scroll') && element.scrollHeight > element.clientHeight) {
      element.scrollBy({ top: by, behavior: 'instant' });
      return;
    }
  }
  document.scrollingElement?.scrollBy({ top: by, behavior: 'instant' });
};

/**
 * A finger's drag from (x, y) that scrolls the content by `deltaY` px, for a browser that has no
 * touch input to drive (WebKitGTK: no touch screen, and its WebDriver's touch pointer sends mouse
 * events): the touch events a finger sends, at the element under it, one move a frame, each
 * followed by the pan the move makes (`pan`, `panInPage`). `Touch` cannot be constructed there,
 * so the events carry no touch points; what a page reads of them is their type and timing. Runs
 * in the page.
 */
export const touchDragInPage = async ({ x, y, deltaY, steps }, pan) => {
  const target = document.elementFromPoint(x, y) ?? document.body;
  const send = (type) =>
    target.dispatchEvent(new TouchEvent(type, { bubbles: true, cancelable: true, composed: true }));
  const nextFrame = () => new Promise((resolve) => requestAnimationFrame(resolve));
  send('touchstart');
  for (let step = 1; step <= steps; step++) {
    await nextFrame();
    send('touchmove');
    pan({ x, y, by: deltaY / steps });
  }
  send('touchend');
};

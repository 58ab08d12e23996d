/**
 * The smallest layout jsdom needs for `ChatList` to render rows.
 *
 * jsdom has no layout engine: every size it reports is 0. A scroller 0 px tall
 * has no viewport, so TanStack Virtual renders no rows at all. These stubs give
 * the scroller and the rows fixed sizes and add the missing Element.scrollTo.
 *
 * Not stubbed, on purpose:
 * - `scrollHeight` stays jsdom's 0, so content always "fits": the list sits at
 *   the top, renders its first rows and reports both edges true. Tests that need
 *   a scrollable list define `scrollHeight` (and set `scrollTop`) on the scroller.
 * - `ResizeObserver`: TanStack and the list both work without one and then
 *   measure each row once, when it mounts.
 * - `requestAnimationFrame`: Vitest's jsdom already has it.
 */

/** Height of the scroller's viewport in these tests, px. */
export const VIEWPORT_HEIGHT = 600;
/** Width of the scroller, px (only so it is not a 0-size box). */
export const VIEWPORT_WIDTH = 400;
/** Height of every row (message, prefix, suffix), px. */
export const ROW_HEIGHT = 50;

const SCROLLER = '[data-chat-list-scroller]';
// Every row ChatList renders carries this attribute (TanStack's index attribute).
const ROW = '[data-virtual-index]';

// The SSR test runs in this project with the node environment: no DOM to stub.
if (typeof HTMLElement !== 'undefined') {
  const proto = HTMLElement.prototype;
  const original = {
    clientHeight: Object.getOwnPropertyDescriptor(Element.prototype, 'clientHeight'),
    clientWidth: Object.getOwnPropertyDescriptor(Element.prototype, 'clientWidth'),
    getBoundingClientRect: Element.prototype.getBoundingClientRect,
  };

  // TanStack reads the viewport size from the scroller's clientHeight/clientWidth,
  // and the list reads clientHeight for its edges (at top / at bottom).
  Object.defineProperty(proto, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement): number {
      return this.matches(SCROLLER) ? VIEWPORT_HEIGHT : (original.clientHeight?.get?.call(this) ?? 0);
    },
  });
  Object.defineProperty(proto, 'clientWidth', {
    configurable: true,
    get(this: HTMLElement): number {
      return this.matches(SCROLLER) ? VIEWPORT_WIDTH : (original.clientWidth?.get?.call(this) ?? 0);
    },
  });

  // The list measures a row with getBoundingClientRect() when no ResizeObserver
  // entry is at hand; a row 0 px tall would make every row "fit" the viewport.
  proto.getBoundingClientRect = function getBoundingClientRect(this: HTMLElement): DOMRect {
    if (this.matches(ROW)) return new DOMRect(0, 0, VIEWPORT_WIDTH, ROW_HEIGHT);
    return original.getBoundingClientRect.call(this);
  };

  // jsdom has no Element.scrollTo, so TanStack's scroll commands (scrollToOffset,
  // scrollBy, the opening scroll to the bottom) would do nothing. Like a browser,
  // this writes scrollTop clamped to the scrollable range. It fires no `scroll`
  // event (a browser fires it later; fired here, synchronously, it would make
  // TanStack call flushSync inside a React commit): tests fire those themselves.
  if (typeof proto.scrollTo !== 'function') {
    proto.scrollTo = function scrollTo(this: HTMLElement, xOrOptions?: ScrollToOptions | number, y?: number): void {
      const top = typeof xOrOptions === 'number' ? y : xOrOptions?.top;
      if (top === undefined || Number.isNaN(top)) return;
      const max = Math.max(0, this.scrollHeight - this.clientHeight);
      this.scrollTop = Math.min(Math.max(0, top), max);
    } as HTMLElement['scrollTo'];
  }
}

// jsdom has no layout: every size is 0, so a ChatList has no viewport and renders
// no rows. Give the scroller a viewport and each row a height (both found by the
// documented data attributes), and add the Element.scrollTo jsdom lacks.
const VIEWPORT = { width: 400, height: 600 };
const ROW_HEIGHT = 50;
const isScroller = (element: Element) => element.hasAttribute('data-chat-list-scroller');
const isRow = (element: Element) => element.matches('[data-index], [data-chat-list-prefix], [data-chat-list-suffix]');

Object.defineProperties(HTMLElement.prototype, {
  clientHeight: {
    configurable: true,
    get(this: HTMLElement) {
      return isScroller(this) ? VIEWPORT.height : 0;
    },
  },
  clientWidth: {
    configurable: true,
    get(this: HTMLElement) {
      return isScroller(this) ? VIEWPORT.width : 0;
    },
  },
});

const getBoundingClientRect = HTMLElement.prototype.getBoundingClientRect;
HTMLElement.prototype.getBoundingClientRect = function (this: HTMLElement) {
  return isRow(this) ? new DOMRect(0, 0, VIEWPORT.width, ROW_HEIGHT) : getBoundingClientRect.call(this);
};

HTMLElement.prototype.scrollTo ??= function (this: HTMLElement, options?: ScrollToOptions | number, y?: number) {
  const top = typeof options === 'number' ? y : options?.top;
  if (top !== undefined) this.scrollTop = Math.max(0, Math.min(top, this.scrollHeight - this.clientHeight));
} as HTMLElement['scrollTo'];

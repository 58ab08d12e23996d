/**
 * `@chat-list/react/testing`: a layout for `ChatList` in jsdom, so an app's own tests see the
 * list as a browser shows it. jsdom has no layout engine: every size is 0, so a
 * list has no viewport, and a long conversation reports no content height, renders its oldest
 * rows and counts every message as unseen. This gives the scroller a viewport, the rows fixed
 * heights and the content its height, and scrolls like a browser: offsets are clamped and a
 * `scroll` event follows each change, on the next animation frame.
 *
 * It imports nothing of the library and no test framework: it works with Vitest and Jest.
 */

/** The sizes of the fake layout, px. */
export interface ChatListLayoutOptions {
  /**
   * Height of every scroller's viewport.
   * @defaultValue `600`
   */
  viewportHeight?: number;
  /**
   * Width of every scroller.
   * @defaultValue `400`
   */
  viewportWidth?: number;
  /**
   * Height of a row (message, prefix or suffix), or a function of the row element (its
   * `data-index`, `data-id`, `data-chat-list-prefix` / `data-chat-list-suffix` attributes).
   * @defaultValue `50`
   */
  rowHeight?: number | ((row: HTMLElement) => number);
}

const SCROLLER = '[data-chat-list-scroller]';
/** jsdom has `requestAnimationFrame` when it pretends to be visual (Vitest's and Jest's jsdom environments do). */
const nextFrame = (callback: () => void) =>
  typeof requestAnimationFrame === 'function' ? requestAnimationFrame(callback) : setTimeout(callback, 16);
const ROW = '[data-index], [data-chat-list-prefix], [data-chat-list-suffix]';

/** The element that carries the content's height: the scroller's child with an inline `height`. */
const contentHeightOf = (scroller: HTMLElement): number => {
  const sized = scroller.querySelector<HTMLElement>(':scope > div > div[style*="height"]');
  return sized === null ? 0 : Number.parseFloat(sized.style.height) || 0;
};

/**
 * Installs the fake layout on `HTMLElement.prototype` and returns how to remove it. Call it once
 * in a setup file (Vitest `setupFiles`, Jest `setupFilesAfterEnv`), or around a test. Only
 * elements of the list's DOM contract (`[data-chat-list-scroller]` and its rows) are affected.
 */
export function mockChatListLayout(options: ChatListLayoutOptions = {}): () => void {
  const { viewportHeight = 600, viewportWidth = 400, rowHeight = 50 } = options;
  const proto = HTMLElement.prototype;
  const names = ['clientHeight', 'clientWidth', 'scrollHeight', 'scrollTop', 'getBoundingClientRect', 'scrollTo'];
  const saved = new Map(names.map((name) => [name, Object.getOwnPropertyDescriptor(proto, name)]));
  const offsets = new WeakMap<HTMLElement, number>();
  const isScroller = (element: HTMLElement) => element.matches(SCROLLER);
  const heightOfRow = (row: HTMLElement) => (typeof rowHeight === 'function' ? rowHeight(row) : rowHeight);
  const maxOffsetOf = (scroller: HTMLElement) => Math.max(0, contentHeightOf(scroller) - viewportHeight);
  const original = {
    clientHeight: saved.get('clientHeight') ?? Object.getOwnPropertyDescriptor(Element.prototype, 'clientHeight'),
    clientWidth: saved.get('clientWidth') ?? Object.getOwnPropertyDescriptor(Element.prototype, 'clientWidth'),
    scrollHeight: saved.get('scrollHeight') ?? Object.getOwnPropertyDescriptor(Element.prototype, 'scrollHeight'),
    scrollTop: saved.get('scrollTop') ?? Object.getOwnPropertyDescriptor(Element.prototype, 'scrollTop'),
    getBoundingClientRect: Element.prototype.getBoundingClientRect,
  };

  /** Moves a scroller as a browser would: clamped, then one `scroll` event on the next frame. */
  const scrollScroller = (scroller: HTMLElement, top: number) => {
    const next = Math.min(Math.max(0, top), maxOffsetOf(scroller));
    if (next === (offsets.get(scroller) ?? 0)) return;
    offsets.set(scroller, next);
    // Browsers fire scroll events on the next frame, never inside the write.
    nextFrame(() => scroller.dispatchEvent(new Event('scroll')));
  };

  Object.defineProperties(proto, {
    clientHeight: {
      configurable: true,
      get(this: HTMLElement) {
        return isScroller(this) ? viewportHeight : (original.clientHeight?.get?.call(this) ?? 0);
      },
    },
    clientWidth: {
      configurable: true,
      get(this: HTMLElement) {
        return isScroller(this) ? viewportWidth : (original.clientWidth?.get?.call(this) ?? 0);
      },
    },
    scrollHeight: {
      configurable: true,
      get(this: HTMLElement) {
        return isScroller(this)
          ? Math.max(viewportHeight, contentHeightOf(this))
          : (original.scrollHeight?.get?.call(this) ?? 0);
      },
    },
    scrollTop: {
      configurable: true,
      get(this: HTMLElement) {
        // Content that shrank clamps the offset, as in a browser.
        return isScroller(this)
          ? Math.min(offsets.get(this) ?? 0, maxOffsetOf(this))
          : (original.scrollTop?.get?.call(this) ?? 0);
      },
      set(this: HTMLElement, top: number) {
        if (isScroller(this)) scrollScroller(this, top);
        else original.scrollTop?.set?.call(this, top);
      },
    },
    getBoundingClientRect: {
      configurable: true,
      writable: true,
      value(this: HTMLElement) {
        if (this.matches(ROW)) return new DOMRect(0, 0, viewportWidth, heightOfRow(this));
        if (isScroller(this)) return new DOMRect(0, 0, viewportWidth, viewportHeight);
        return original.getBoundingClientRect.call(this);
      },
    },
    scrollTo: {
      configurable: true,
      writable: true,
      value(this: HTMLElement, optionsOrX?: ScrollToOptions | number, y?: number) {
        const top = typeof optionsOrX === 'number' ? y : optionsOrX?.top;
        if (top !== undefined) this.scrollTop = top;
      },
    },
  });

  return () => {
    for (const [name, descriptor] of saved) {
      if (descriptor) Object.defineProperty(proto, name, descriptor);
      else delete (proto as unknown as Record<string, unknown>)[name];
    }
  };
}

/**
 * Scrolls a list as a reader does: a `wheel` event (the reader's intent, which lets go of the
 * bottom), the new offset, and the `scroll` event, dispatched now. Resolves after the list has
 * handled it. Wrap it in `act()`. Needs {@link mockChatListLayout}.
 */
export async function scrollAsReader(scroller: HTMLElement, top: number): Promise<void> {
  scroller.dispatchEvent(new WheelEvent('wheel', { deltaY: top - scroller.scrollTop, bubbles: true }));
  scroller.scrollTop = top;
  scroller.dispatchEvent(new Event('scroll'));
  await new Promise<void>((resolve) => nextFrame(resolve));
}

/** The browser engines the library's browser suite runs in. */
export type BrowserEngine = 'chromium' | 'firefox' | 'webkit';

/** An element the tests act on: a CSS selector, or a button by its accessible name (a substring, as Playwright's `getByRole` matches it). */
export type PageTarget = string | { role: 'button'; name: string };

export interface PageConditions {
  viewport: { width: number; height: number };
  /** The device pixel ratio. @defaultValue 1 */
  deviceScaleFactor?: number;
  /** How many times slower the page's CPU runs; only Chromium can throttle (over CDP). @defaultValue 1 */
  cpuThrottlingRate?: number;
}

/** A finger's drag, made ready ahead so that sending it is a single message to the browser. */
export interface TouchGesture {
  /** A drag from (x, y) that scrolls the content by `deltaY` CSS px (positive: towards the end). */
  scroll: (x: number, y: number, deltaY: number) => Promise<void>;
  release: () => Promise<void>;
}

/**
 * What the browser tests use of a page, the same in every engine: Playwright's `Page` for
 * Chromium, puppeteer-core over WebDriver BiDi for Firefox, W3C WebDriver for WebKit. Functions
 * given to `evaluate` and `waitForFunction` run in the page, so they may use only their argument.
 */
export interface DriverPage {
  readonly engine: BrowserEngine;
  /** Navigates and waits for the load event. */
  goto: (url: string) => Promise<void>;
  evaluate: {
    <R>(script: string | (() => R | Promise<R>)): Promise<R>;
    <R, A>(fn: (arg: A) => R | Promise<R>, arg: A): Promise<R>;
  };
  /** Resolves once `fn(arg)` is truthy, checked every animation frame. @defaultValue timeout 30 000 ms */
  waitForFunction: {
    (fn: () => unknown, arg?: undefined, options?: { timeout?: number }): Promise<void>;
    <A>(fn: (arg: A) => unknown, arg: A, options?: { timeout?: number }): Promise<void>;
  };
  /**
   * Resolves once an element matches `selector` (`visible`, the default: with a box and not
   * `visibility: hidden`; `attached`: in the document), or none does (`detached`).
   */
  waitForSelector: (
    selector: string,
    options?: { state?: 'visible' | 'attached' | 'detached'; timeout?: number },
  ) => Promise<void>;
  /** Waits `ms` of wall time: only for a test whose subject is time (that nothing happens meanwhile). */
  waitForTimeout: (ms: number) => Promise<void>;
  focus: (target: PageTarget) => Promise<void>;
  /** A real mouse click at the element's centre, scrolled into view first. */
  click: (target: PageTarget) => Promise<void>;
  keyboard: {
    /** A key as Playwright names it (`Home`, `PageUp`, `ArrowUp`, `Enter`), modifiers joined with `+` (`Shift+Tab`). */
    press: (key: string) => Promise<void>;
  };
  mouse: {
    move: (x: number, y: number) => Promise<void>;
    /** A wheel event at the pointer; does not wait for the scroll it starts. */
    wheel: (deltaX: number, deltaY: number) => Promise<void>;
  };
  touchGesture: () => Promise<TouchGesture>;
  viewportSize: () => { width: number; height: number };
  setViewportSize: (size: { width: number; height: number }) => Promise<void>;
  /** `null` restores the browser's own value. */
  emulateMedia: (options: { reducedMotion: 'reduce' | 'no-preference' | null }) => Promise<void>;
  /** Applies the page's conditions again where a navigation may have lost them (Chromium's CPU throttling). */
  reapplyConditions: () => Promise<void>;
  /**
   * Calls `listener` with each console error or warning (its text) and each uncaught error
   * (`String(error)`); returns what stops it.
   */
  onProblem: (listener: (text: string) => void) => () => void;
  close: () => Promise<void>;
  isClosed: () => boolean;
}

export interface DriverBrowser {
  readonly engine: BrowserEngine;
  newPage: (conditions: PageConditions) => Promise<DriverPage>;
  isConnected: () => boolean;
  close: () => Promise<void>;
}

/** The engine `CHAT_LIST_BROWSER` names (`chromium`, the default, `firefox` or `webkit`). */
export declare function browserEngineOf(name: string | undefined): BrowserEngine;
/** Launches `engine` headless, with the flags and preferences this machine needs. */
export declare function launchBrowser(engine: BrowserEngine): Promise<DriverBrowser>;
/** The Firefox binary: `FIREFOX_PATH`, else Debian's `/usr/bin/firefox-esr`. */
export declare function findFirefox(): string;

import { isUnboundedViewport } from '../core';

declare const process: { env: { NODE_ENV?: string } };

const warned = new Set<string>();

/**
 * Development builds only; one warning per distinct message, or per `kind` when
 * given (a problem that every message can have, such as a missing key, warns
 * once, naming the first), so a render loop or a long list cannot flood the
 * console. A message built by a function costs nothing in production: the
 * bundler drops the function with the call.
 */
export function warnOnce(message: string | null | (() => string), kind?: string): void {
  if (process.env.NODE_ENV === 'production') return;
  if (kind !== undefined && warned.has(kind)) return;
  const text = typeof message === 'function' ? message() : message;
  if (text === null) return;
  if (warned.has(text)) return;
  warned.add(kind ?? text);
  console.warn(`[@chat-list/react] ${text}`);
}

/**
 * Development only (call it inside a `NODE_ENV` check, so bundlers drop it): a scroller that
 * grows with its content virtualizes nothing (issue #14).
 */
export function warnIfUnbounded(scroller: HTMLElement | null, contentHeight: number): void {
  if (
    scroller !== null &&
    isUnboundedViewport({ viewportHeight: scroller.clientHeight, contentHeight, windowHeight: window.innerHeight })
  ) {
    warnOnce(
      `the list has no bounded height: it grew to ${scroller.clientHeight} px to hold every message, so every row is rendered and nothing scrolls. Give its parent a height, or set a height or max-height through className or style.`,
      'unbounded',
    );
  }
}

import { describeNewMessages, type FollowBehavior } from '../core';

/**
 * `prefers-reduced-motion: reduce` turns every smooth scroll into a jump: a follow
 * policy's `'smooth'` and `scrollTo*({ behavior: 'smooth' })` alike. Read at each command, so
 * a change of the setting applies to the next one.
 */
export const toMotionBehavior = <TBehavior extends FollowBehavior | ScrollBehavior | undefined>(
  behavior: TBehavior,
): TBehavior | 'auto' =>
  behavior === 'smooth' && typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches
    ? 'auto'
    : behavior;

/**
 * What newer messages announce: the app's text for the batch, or "N new messages"; null
 * (announcements off, or the app's function declined) says nothing.
 */
export const getAnnouncement = <TMessage>(
  announceNewMessages: boolean | ((newMessages: readonly TMessage[]) => string | null | undefined) | undefined,
  newMessages: readonly TMessage[],
): string | null => {
  if (announceNewMessages === false || newMessages.length === 0) return null;
  if (typeof announceNewMessages === 'function') return announceNewMessages(newMessages) || null;
  return describeNewMessages(newMessages.length);
};

/**
 * Puts `text` in a polite live region. A screen reader speaks a change of its text, so the same
 * text twice in a row ("1 new message", then another) gets a no-break space to differ.
 */
export const announce = (region: HTMLElement, text: string): void => {
  region.textContent = region.textContent === text ? `${text}\u00a0` : text;
};

import {
  AT_BOTTOM_THRESHOLD_RULE,
  HISTORY_END_OFFSET_RULE,
  INITIAL_RENDER_COUNT_RULE,
  MESSAGES_SEEN_DELAY_RULE,
  MESSAGES_SEEN_RATIO_RULE,
  NEWER_END_OFFSET_RULE,
  OLDER_END_OFFSET_RULE,
  OVERSCAN_RULE,
  TURN_PEEK_RULE,
  describeNumberProblem,
  isUnboundedViewport,
  isValidFollow,
} from '../core';
import type { ChatListBehaviorOptions } from './types';

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

/** Said once, from `initialSnapshot` or `getSnapshot()`, when the app has not passed `snapshots`. */
export const SNAPSHOTS_MISSING =
  "initialSnapshot and getSnapshot() need snapshots: import { snapshots } from '@chat-list/react/snapshots' and pass features={[snapshots]}. Until then the list opens as without a snapshot, and getSnapshot() returns null.";
export const SNAPSHOTS_MISSING_KIND = 'snapshots-missing';

/**
 * Development only (call it inside a `NODE_ENV` check, so bundlers drop it): a scroller that
 * grows with its content virtualizes nothing.
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

/**
 * Development only (call it inside a `NODE_ENV` check, so bundlers drop it): a bad number, a
 * `messages` that is not an array, an unknown follow mode, an option under its former name. Each
 * is used as the list can (a fallback, no messages, the default mode, the new name), and said once.
 */
export function warnOfBadOptions<TMessage>(options: ChatListBehaviorOptions<TMessage>): void {
  warnOnce(describeNumberProblem(options.overscan, OVERSCAN_RULE));
  warnOnce(describeNumberProblem(options.atBottomThreshold, AT_BOTTOM_THRESHOLD_RULE));
  warnOnce(describeNumberProblem(options.initialRenderCount, INITIAL_RENDER_COUNT_RULE));
  warnOnce(describeNumberProblem(options.olderEndOffset, OLDER_END_OFFSET_RULE));
  warnOnce(describeNumberProblem(options.historyEndOffset, HISTORY_END_OFFSET_RULE));
  warnOnce(describeNumberProblem(options.newerEndOffset, NEWER_END_OFFSET_RULE));
  warnOnce(describeNumberProblem(options.messagesSeenRatio, MESSAGES_SEEN_RATIO_RULE));
  warnOnce(describeNumberProblem(options.messagesSeenDelay, MESSAGES_SEEN_DELAY_RULE));
  warnOnce(describeNumberProblem(options.turnPeek, TURN_PEEK_RULE));
  warnOfRenamedOptions(options);
  const hasFeature = (name: string) => options.features?.some((feature) => feature.name === name) === true;
  if (options.onMessagesSeen !== undefined && !hasFeature('readReceipts')) {
    warnOnce(
      "onMessagesSeen needs read receipts: import { readReceipts } from '@chat-list/react/read-receipts' and pass features={[readReceipts]}. Until then no message is reported read.",
      'read-receipts-missing',
    );
  }
  if ((options.isTurnStart !== undefined || options.initialAnchor === 'last-turn') && !hasFeature('turns')) {
    warnOnce(
      "isTurnStart needs turns: import { turns } from '@chat-list/react/turns' and pass features={[turns]}. Until then no turn is held at the top, and no turn is found.",
      'turns-missing',
    );
  }
  if (options.getGroupKey !== undefined && options.stickyGroupHeader !== false && !hasFeature('stickyHeaders')) {
    warnOnce(
      "getGroupKey's headers stick to the top only with sticky headers: import { stickyHeaders } from '@chat-list/react/sticky-headers' and pass features={[stickyHeaders]}, or set stickyGroupHeader={false} to keep each header in its group's first row. Until then no header sticks.",
      'sticky-headers-missing',
    );
  }
  if (options.initialSnapshot !== undefined && !hasFeature('snapshots'))
    warnOnce(SNAPSHOTS_MISSING, SNAPSHOTS_MISSING_KIND);
  const { messages, follow } = options;
  if (!Array.isArray(messages)) warnOnce(`messages must be an array, got ${typeof messages}; rendering none.`);
  if (!isValidFollow(follow)) {
    warnOnce(
      () =>
        `follow=${typeof follow === 'string' ? `"${follow}"` : String(follow)} is not a follow mode: pass 'always', 'never', 'at-bottom' or 'only-received', or a policy function (followWhen(…) or your own). Following as 'at-bottom', the default.`,
      'follow',
    );
  }
}

/** Options renamed so that the older and the newer end read alike, with the name that replaced each. */
const RENAMED_OPTIONS = {
  onHistoryEndReached: 'onOlderEndReached',
  historyEndOffset: 'olderEndOffset',
} as const;

/**
 * Development only: an option under its former name still works, and says once what it is now
 * called (the old names go in the next major version).
 */
function warnOfRenamedOptions(options: Partial<Record<keyof typeof RENAMED_OPTIONS, unknown>>): void {
  for (const [formerName, name] of Object.entries(RENAMED_OPTIONS)) {
    if (options[formerName as keyof typeof RENAMED_OPTIONS] === undefined) continue;
    warnOnce(
      `${formerName} is now called ${name}, to match its counterpart at the newer end; the old name still works until the next major version.`,
      `renamed-${formerName}`,
    );
  }
}

import type { ScrollCommandReason, ScrollOwner, ScrollOwnerEvent, ScrollTarget } from '../core';
import type { ScrollWriteReason } from './engine/scroll-writer';

/**
 * One thing the engine did to the scroll position, in the order it did them: a write of the
 * scroller's offset (with its reason), a write of TanStack's offset, or a change of the owner of
 * the position (with the event that changed it).
 *
 * The trace is for the library's own tests, not for apps: a change that should move nothing
 * (a module moved out of the engine) is checked by recording the browser suite's trace before and
 * after it and comparing the two (`pnpm --filter @chat-list/react trace`).
 */
export type EngineTraceEntry =
  | {
      type: 'scroll-write';
      /** Why it was written. */
      reason: ScrollWriteReason;
      /** The list's offset written, rounded to 1/100 px. */
      offset: number;
      smooth?: true;
    }
  | { type: 'model-offset'; offset: number }
  | {
      type: 'owner';
      /** The event that changed the owner. */
      event: ScrollOwnerEvent['type'];
      owner: ScrollOwner['kind'];
      command?: { reason: ScrollCommandReason; target: ScrollTarget['kind'] };
    };

/**
 * Replaced by `true` where the trace is wanted (the browser tests' fixture pages) and by `false` in
 * the published build, whose minifier then drops every call below: apps pay nothing for it.
 */
declare const __CHAT_LIST_TRACE__: boolean | undefined;

/** Whether this build records the trace: guard each call, so that a build without it drops the call. */
export const isTracing = typeof __CHAT_LIST_TRACE__ !== 'undefined' && __CHAT_LIST_TRACE__;

/** Where the entries go; null (the default) records nothing. */
let sink: ((entry: EngineTraceEntry) => void) | null = null;

/**
 * Sends every engine's trace entries to `next` (null stops). Not part of the package's API: the
 * test fixture imports it from the source.
 */
export const setEngineTraceSink = (next: ((entry: EngineTraceEntry) => void) | null): void => {
  sink = next;
};

const round = (offset: number) => Math.round(offset * 100) / 100;

export const traceScrollWrite = (
  reason: ScrollWriteReason,
  offset: number,
  behavior: ScrollBehavior | undefined,
): void => {
  if (sink === null) return;
  sink(
    behavior === 'smooth'
      ? { type: 'scroll-write', reason, offset: round(offset), smooth: true }
      : { type: 'scroll-write', reason, offset: round(offset) },
  );
};

export const traceModelOffset = (offset: number): void => {
  sink?.({ type: 'model-offset', offset: round(offset) });
};

/** Whether two owners are the same party: a command's per-frame bookkeeping makes no new one. */
const isSameOwner = (previous: ScrollOwner, next: ScrollOwner): boolean =>
  previous.kind === 'command' && next.kind === 'command'
    ? previous.command.target === next.command.target && previous.command.startedAt === next.command.startedAt
    : previous.kind === next.kind;

export const traceOwnerChange = (event: ScrollOwnerEvent['type'], previous: ScrollOwner, next: ScrollOwner): void => {
  if (sink === null || isSameOwner(previous, next)) return;
  sink(
    next.kind === 'command'
      ? {
          type: 'owner',
          event,
          owner: next.kind,
          command: { reason: next.command.reason, target: next.command.target.kind },
        }
      : { type: 'owner', event, owner: next.kind },
  );
};

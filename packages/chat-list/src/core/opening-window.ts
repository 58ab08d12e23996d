/**
 * The opening window: a long conversation opens with TanStack laying out only its
 * newest messages, the older ones standing above them as one block of their estimated height
 * (TanStack's `paddingStart`). Laying out a row costs TanStack ≈ 0.1 µs on a slow machine, so
 * 100 000 rows cost 10–15 ms, and all of it fell in the first commit, before anything was
 * painted. The whole layout comes in a task after the first paint, or as soon as anything needs
 * the older rows (a change of messages, the reader, a command), whichever is first. Its rows
 * take the block's place exactly: the block's height is the sum of their estimates, so nothing
 * moves when it goes.
 */

/** Below this many messages a conversation opens laid out in full: the window would save < 1 ms. */
export const OPENING_WINDOW_MIN_MESSAGES = 10_000;
/**
 * How many of the newest messages the window lays out: screens of even one-line messages (a
 * viewport that reaches past them ends the window at once). The layout is the first code of the
 * page to lay rows out, so it runs cold, at several µs a row: 1 000 rows took 7.5 of the first
 * commit's 19 ms in a profile of the benchmark's mount of 100 000 messages, 200 take 1 ms.
 */
export const OPENING_WINDOW_ROWS = 200;

/** What decides whether an opening may leave the oldest messages out. */
export interface OpeningWindowQuery {
  messageCount: number;
  /**
   * Whether the opening shows the newest message (no `initialAnchor`, no `initialSnapshot`):
   * the only opening the window is sure to contain.
   */
  opensAtNewest: boolean;
}

/** How many of the oldest messages the opening leaves out of TanStack's layout: 0 to lay out all. */
export const planOpeningWindow = ({ messageCount, opensAtNewest }: OpeningWindowQuery): number =>
  opensAtNewest && messageCount >= OPENING_WINDOW_MIN_MESSAGES ? messageCount - OPENING_WINDOW_ROWS : 0;

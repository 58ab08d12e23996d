import type { Random } from './random';

export type FollowSetting = 'always' | 'never' | 'at-bottom' | 'only-received';

/** Where a command (or an opening at `initialAnchor`) puts a message in the viewport. */
export type Align = 'start' | 'center' | 'end';

/**
 * One thing a long-lived chat screen sees: an update of the messages, a change of the page
 * around the list, the reader scrolling, or an app command. Plain data, so a failing sequence
 * prints as JSON and replays exactly. Positions are fractions (0..1) of the list at the time the
 * step runs, so a step stays meaningful when earlier steps are removed while shrinking.
 */
export type Step =
  | { kind: 'prepend'; count: number }
  | { kind: 'append'; count: number; role: 'user' | 'assistant' }
  | { kind: 'insert'; at: number }
  | { kind: 'remove'; at: number }
  | { kind: 'replace-key'; at: number }
  | { kind: 'edit'; at: number }
  | { kind: 'clear' }
  | { kind: 'resize-row'; at: number; extra: number }
  | { kind: 'prefix'; shown: boolean }
  | { kind: 'suffix'; shown: boolean }
  | { kind: 'resize-frame'; width: number; height: number }
  | { kind: 'follow'; mode: FollowSetting }
  | { kind: 'wheel'; delta: number }
  | { kind: 'scrollbar'; at: number }
  | { kind: 'key'; key: 'PageUp' | 'PageDown' | 'Home' | 'End' }
  | {
      kind: 'command';
      /** `offset` and `by` are the raw moves (scrollToOffset to `at` of the content, scrollBy `at` × 2 000 − 1 000 px). */
      command: 'bottom' | 'top' | 'index' | 'id' | 'offset' | 'by';
      at: number;
      behavior: 'auto' | 'smooth';
      /** Where `index` and `id` put the message; replays from before it existed mean 'start'. */
      align?: Align;
    }
  | { kind: 'remount' }
  /** `remeasure()`: every measured height forgotten, the rendered rows measured again. */
  | { kind: 'remeasure' }
  /**
   * Two or three steps started one after another without waiting for the list to settle in
   * between: the reader scrolls while a command runs, messages land during a smooth scroll, the
   * frame resizes in the middle of a follow. Commands among them are not awaited; each must
   * still settle, `true` or `false`.
   */
  | { kind: 'overlap'; steps: SingleStep[] };

/** A step that is not an overlap (overlaps do not nest). */
export type SingleStep = Exclude<Step, { kind: 'overlap' }>;

const FOLLOW_MODES: readonly FollowSetting[] = ['always', 'never', 'at-bottom', 'only-received'];

/** The mix of steps: mostly what chats do (appends, reading, streaming-like growth), sometimes the rest. */
export const nextStep = (random: Random): Step => {
  if (random.next() < OVERLAP_SHARE) {
    return { kind: 'overlap', steps: Array.from({ length: 2 + random.below(2) }, () => nextSingleStep(random)) };
  }
  return nextSingleStep(random);
};

/** About one step in fifteen is an overlap: two in a sequence of the usual 30. */
const OVERLAP_SHARE = 1 / 15;

const nextSingleStep = (random: Random): SingleStep => {
  const kind = random.weighted<SingleStep['kind']>([
    ['prepend', 6],
    ['append', 10],
    ['insert', 3],
    ['remove', 3],
    ['replace-key', 3],
    ['edit', 3],
    ['clear', 0.5],
    ['resize-row', 8],
    ['prefix', 3],
    ['suffix', 3],
    ['resize-frame', 3],
    ['follow', 3],
    ['wheel', 10],
    ['scrollbar', 5],
    ['key', 4],
    ['command', 7],
    ['remount', 1],
    ['remeasure', 1],
  ]);
  const at = Math.round(random.next() * 1000) / 1000;
  switch (kind) {
    case 'prepend':
      return {
        kind,
        count: random.weighted([
          [1, 3],
          [10, 3],
          [1000, 1],
        ]),
      };
    case 'append':
      return {
        kind,
        count: random.weighted([
          [1, 5],
          [10, 2],
          [1000, 0.5],
        ]),
        role: random.pick(['user', 'assistant'] as const),
      };
    case 'insert':
    case 'remove':
    case 'replace-key':
    case 'edit':
      return { kind, at };
    case 'clear':
    case 'remount':
    case 'remeasure':
      return { kind };
    case 'resize-row':
      return { kind, at, extra: random.pick([0, 30, 150]) };
    case 'prefix':
    case 'suffix':
      return { kind, shown: random.next() < 0.5 };
    case 'resize-frame':
      return { kind, width: random.pick([300, 450, 600]), height: random.pick([300, 450, 600]) };
    case 'follow':
      return { kind, mode: random.pick(FOLLOW_MODES) };
    case 'wheel':
      return { kind, delta: random.pick([-1200, -400, -100, 100, 400, 1200]) };
    case 'scrollbar':
      return { kind, at };
    case 'key':
      return { kind, key: random.pick(['PageUp', 'PageDown', 'Home', 'End'] as const) };
    case 'command':
      return {
        kind,
        command: random.weighted([
          ['bottom', 2],
          ['top', 1],
          ['index', 2],
          ['id', 2],
          ['offset', 1],
          ['by', 1],
        ]),
        at,
        behavior: random.pick(['auto', 'smooth'] as const),
        align: random.pick(['start', 'center', 'end'] as const),
      };
  }
};

export const generateSteps = (random: Random, count: number): Step[] =>
  Array.from({ length: count }, () => nextStep(random));

/**
 * What the step may do to the reader's view, given where the list was:
 * - `anchor`: the reader's row (the top fully visible one) stays within 1 px, if it still exists;
 * - `bottom`: the list is at the bottom afterwards (gap ≤ 1.5 px);
 * - `either`: one of the two, where SPEC §2.3 (pinning) and §2.8 (anchoring) both apply and do
 *   not say which wins (a change in the middle of a list that is at the bottom);
 * - `free`: a jump, a clear, a remount or the reader's own scroll: no position is promised.
 */
export type Expectation = 'anchor' | 'bottom' | 'either' | 'free';

export interface StepContext {
  /** The list was at the bottom before the step. */
  wasAtBottom: boolean;
  /** The list was at the very top before the step. */
  wasAtTop: boolean;
  /**
   * The content was no taller than the viewport: nothing scrolls, and with `alignment: 'bottom'`
   * rows sit against the bottom edge, so any change of height moves them (no anchor to keep).
   */
  fits: boolean;
  follow: FollowSetting;
  /**
   * The list was given `hasNewer` (a window onto a longer conversation, issue #16): what arrives
   * at the end is a loaded page, never followed, and nothing is pinned, whatever `follow` says.
   */
  hasNewer: boolean;
  /** Whether the step touches the reader's own row (removes it or gives it a new key). */
  touchesReaderRow: boolean;
  /** Whether the step's target is the last message (or, for an insert, the end of the list). */
  touchesLastRow: boolean;
}

/** SPEC §2.3–2.5 and §2.8, step by step. */
export const expectationOf = (step: Step, context: StepContext): Expectation => {
  const expectation = expectationWhenScrollable(step, context);
  return context.fits && expectation === 'anchor' ? 'free' : expectation;
};

const expectationWhenScrollable = (step: Step, context: StepContext): Expectation => {
  const { wasAtBottom, touchesLastRow } = context;
  const follow = context.hasNewer ? 'never' : context.follow;
  const pins = follow !== 'never';
  switch (step.kind) {
    case 'append':
      if (follow === 'always') return 'bottom';
      if (follow === 'never') return 'anchor';
      if (wasAtBottom) return 'bottom';
      // The reader's own messages (role 'user') are followed in every mode but 'never'.
      if (step.role === 'user') return 'bottom';
      return follow === 'only-received' ? 'bottom' : 'anchor';
    case 'insert':
      // At the end, an insert is an append of a message whose role the page drew.
      if (touchesLastRow) {
        if (follow === 'always') return 'bottom';
        if (follow === 'never') return 'anchor';
        if (wasAtBottom) return 'bottom';
        // Followed when the page drew a user message (sent) or, in 'only-received', a received one.
        return 'either';
      }
      return wasAtBottom && pins ? 'either' : 'anchor';
    case 'prepend':
    case 'follow':
      return 'anchor';
    case 'remove':
      if (context.touchesReaderRow) return 'free';
      return wasAtBottom && pins ? 'bottom' : 'anchor';
    case 'replace-key':
      if (context.touchesReaderRow) return 'free';
      // A new key on the last message may count as a newer message (SPEC §2.3 compares keys).
      if (touchesLastRow) return follow === 'never' ? 'anchor' : 'either';
      return wasAtBottom && pins ? 'bottom' : 'anchor';
    case 'edit':
    case 'resize-row':
      // Growth of the last message keeps a list at the bottom pinned (SPEC §2.3); growth in the
      // middle keeps the reader's row (§2.8) or the bottom.
      if (wasAtBottom && pins) return touchesLastRow ? 'bottom' : 'either';
      return 'anchor';
    case 'suffix':
      return wasAtBottom && pins ? 'bottom' : 'anchor';
    case 'prefix':
      // The one allowed move: a prefix appearing at the very top is shown (SPEC §2.5).
      return step.shown && context.wasAtTop ? 'free' : 'anchor';
    case 'resize-frame':
    case 'remeasure':
      return wasAtBottom && pins ? 'bottom' : 'anchor';
    case 'clear':
    case 'remount':
    case 'wheel':
    case 'scrollbar':
    case 'key':
    case 'command':
    case 'overlap':
      return 'free';
  }
};

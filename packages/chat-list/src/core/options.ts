/** Where content shorter than the viewport sits. */
export type Alignment = 'top' | 'bottom';

/** Public scroll alignment, in the list's own top/bottom-neutral terms. */
export type ScrollAlign = 'start' | 'center' | 'end' | 'nearest';

/** The virtualizer's alignment names. This is the one place they are spoken. */
export type VirtualizerAlign = 'start' | 'center' | 'end' | 'auto';

export const toVirtualizerAlign = (align: ScrollAlign | undefined): VirtualizerAlign =>
  align === undefined || align === 'nearest' ? 'auto' : align;

export const DEFAULT_ESTIMATED_SIZE = 80;
export const DEFAULT_OVERSCAN = 10;
export const DEFAULT_HISTORY_END_OFFSET = 10;
/** SPEC §2.5: scroll end is 150 ms after the last scroll event. */
export const SCROLL_END_DELAY_MS = 150;

export interface NumberRule {
  /** The prop's name, for the development warning. */
  name: string;
  /** The value used when the given one is missing or unusable. */
  fallback: number;
  min: number;
  /** Larger values are clamped to this: past it a value defeats the purpose (every row rendered). */
  max?: number;
  /** Round to a whole number (counts such as `overscan`). */
  integer?: boolean;
}

/** 50 rows beyond each edge is far more than any scroll speed needs; `1e9` would render every row. */
export const MAX_OVERSCAN = 50;
export const OVERSCAN_RULE: NumberRule = {
  name: 'overscan',
  fallback: DEFAULT_OVERSCAN,
  min: 0,
  max: MAX_OVERSCAN,
  integer: true,
};
/** Below the edge tolerance, fractional device pixel ratios would make "at the bottom" flicker. */
export const AT_BOTTOM_THRESHOLD_RULE: NumberRule = {
  name: 'atBottomThreshold',
  fallback: 1.5,
  min: 1.5,
};
/** More rows than any viewport shows would only slow the server render down. */
export const INITIAL_RENDER_COUNT_RULE: NumberRule = {
  name: 'initialRenderCount',
  fallback: 0,
  min: 0,
  max: 100,
  integer: true,
};
export const OLDER_END_OFFSET_RULE: NumberRule = {
  name: 'olderEndOffset',
  fallback: DEFAULT_HISTORY_END_OFFSET,
  min: 0,
};
/** The deprecated name of `olderEndOffset`, still read when the new one is not given. */
export const HISTORY_END_OFFSET_RULE: NumberRule = { ...OLDER_END_OFFSET_RULE, name: 'historyEndOffset' };
export const NEWER_END_OFFSET_RULE: NumberRule = { ...OLDER_END_OFFSET_RULE, name: 'newerEndOffset' };
export const TURN_PEEK_RULE: NumberRule = { name: 'turnPeek', fallback: 0, min: 0 };

/**
 * Bad numbers (negative overscan, NaN offsets…) get a sane clamp, never a
 * throw: a typo in a prop must not take the chat down. The message
 * is {@link describeNumberProblem}'s, kept apart so production bundles drop it.
 */
export const sanitizeNumber = (value: unknown, rule: NumberRule): number => {
  if (typeof value !== 'number') return rule.fallback;
  const rounded = rule.integer ? Math.round(value) : value;
  // NaN is never below the minimum, and not finite: it falls back like Infinity.
  if (rounded < rule.min) return rule.min;
  if (!Number.isFinite(rounded)) return rule.fallback;
  return rule.max !== undefined && rounded > rule.max ? rule.max : rounded;
};

/** What is wrong with a value {@link sanitizeNumber} replaced, naming the prop; null when nothing is. */
export const describeNumberProblem = (value: unknown, rule: NumberRule): string | null => {
  const used = sanitizeNumber(value, rule);
  if (value === undefined || Object.is(used, value)) return null;
  let reason = 'be a whole number';
  if (typeof value !== 'number' || Number.isNaN(value)) reason = 'be a number';
  else if (value < rule.min) reason = `be at least ${rule.min}`;
  else if (!Number.isFinite(value)) reason = 'be finite';
  else if (rule.max !== undefined && value > rule.max) reason = `be at most ${rule.max}`;
  return `${rule.name} must ${reason}, got ${describe(value)}; using ${used}.`;
};

/** A size estimate the virtualizer can lay out with: positive and finite. */
export const sanitizeEstimate = (value: unknown): number =>
  typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : DEFAULT_ESTIMATED_SIZE;

/** The development warning for an estimate {@link sanitizeEstimate} replaced. */
export const describeEstimateProblem = (value: unknown): string =>
  `estimateSize must return a positive finite number, got ${describe(value)}; using ${DEFAULT_ESTIMATED_SIZE}.`;

const describe = (value: unknown): string => {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') return String(value);
  return value === null ? 'null' : typeof value;
};

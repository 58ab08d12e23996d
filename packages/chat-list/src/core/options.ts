/** Where content shorter than the viewport sits. */
export type Alignment = 'top' | 'bottom';

/** Public scroll alignment, in the list's own top/bottom-neutral terms. */
export type ScrollAlign = 'start' | 'center' | 'end' | 'nearest';

/** The virtualizer's alignment names. This is the one place they are spoken. */
export type VirtualizerAlign = 'start' | 'center' | 'end' | 'auto';

export function toVirtualizerAlign(align: ScrollAlign | undefined): VirtualizerAlign {
  return align === undefined || align === 'nearest' ? 'auto' : align;
}

export const DEFAULT_ESTIMATED_SIZE = 80;
export const DEFAULT_OVERSCAN = 10;
export const DEFAULT_HISTORY_END_OFFSET = 10;
/** SPEC §2.5: scroll end is 150 ms after the last scroll event. */
export const SCROLL_END_DELAY_MS = 150;

export interface NumberRule {
  /** The value used when the given one is missing. */
  fallback: number;
  min: number;
  /** Round to a whole number (counts such as `overscan`). */
  integer?: boolean;
}

export interface SanitizedNumber {
  value: number;
  /** A message for developers when the value had to be replaced, else null. */
  problem: string | null;
}

/**
 * Bad numbers (negative overscan, NaN offsets…) get a sane clamp and a message
 * naming the prop, never a throw: a typo in a prop must not take the chat down
 * (SPEC §2.8).
 */
export function sanitizeNumber(name: string, value: unknown, rule: NumberRule): SanitizedNumber {
  if (value === undefined) return { value: rule.fallback, problem: null };
  if (typeof value !== 'number' || Number.isNaN(value)) {
    return {
      value: rule.fallback,
      problem: `${name} must be a number, got ${describe(value)}; using ${rule.fallback}.`,
    };
  }
  const rounded = rule.integer ? Math.round(value) : value;
  if (rounded < rule.min) {
    return { value: rule.min, problem: `${name} must be at least ${rule.min}, got ${value}; using ${rule.min}.` };
  }
  if (!Number.isFinite(rounded)) {
    return { value: rule.fallback, problem: `${name} must be finite, got ${value}; using ${rule.fallback}.` };
  }
  if (rounded !== value) {
    return { value: rounded, problem: `${name} must be a whole number, got ${value}; using ${rounded}.` };
  }
  return { value, problem: null };
}

/** A size estimate the virtualizer can lay out with: positive and finite. */
export function sanitizeEstimate(value: unknown): SanitizedNumber {
  if (typeof value === 'number' && Number.isFinite(value) && value > 0) return { value, problem: null };
  return {
    value: DEFAULT_ESTIMATED_SIZE,
    problem: `estimateSize must return a positive finite number, got ${describe(value)}; using ${DEFAULT_ESTIMATED_SIZE}.`,
  };
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') return String(value);
  return value === null ? 'null' : typeof value;
}

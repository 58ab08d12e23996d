/**
 * Compensation writes land on whole pixels at most device pixel ratios, so each loses up to a
 * pixel; hundreds of them (rows measured while scrolling up) would add up to a visible drift.
 * What the browser dropped is carried into the next compensation, keeping the total error
 * under one pixel.
 *
 * TanStack's offset after a compensation is the exact target it asked for, not where the
 * browser put the scroller. A compensation that continues from ours (before a scroll event has
 * read the scroller again) still owes the carry our last target added, not what the browser
 * dropped of it: carrying that would count the fraction twice, and a chain of them drifts by
 * pixels.
 */
export interface SubpixelCarry {
  /** TanStack's offset right after our last compensation. */
  chainOffset: number;
  /** The carry that write added. */
  carry: number;
  /** What the browser dropped of that write. */
  dropped: number;
}

/** No compensation to continue: any write that is not one forgets the carry. */
export const NO_CARRY: Readonly<SubpixelCarry> = { chainOffset: NaN, carry: 0, dropped: 0 };

/**
 * The carry of a compensation that starts a chain. When TanStack's offset is the scroller's own
 * (read back at a scroll event), what the browser dropped of our last compensation is still owed.
 * When TanStack's offset is an exact, fractional target the scroller stands rounded from (after
 * an anchored change), the reader sees the rows where the scroller is: the chain starts from
 * there, and an older drop no longer applies. Carrying the older drop there moved the reader's
 * row 1.1 px when a narrower container re-wrapped the rows above it (found by the fuzzer).
 */
const startChainCarry = (offsetNow: number, modelOffset: number, dropped: number): number => {
  const sinceModel = offsetNow - modelOffset;
  return sinceModel !== 0 && Math.abs(sinceModel) < 1 ? sinceModel : dropped;
};

/**
 * What to add to TanStack's compensation from `modelOffset` (its offset) to `next`: the carry of
 * the chain it continues, or the start of a new one from where the scroller stands (`offsetNow`).
 * TanStack adds the adjustment to its offset with the same addition as `next`, so a chain
 * compares equal.
 */
export const carryOfCompensation = (state: SubpixelCarry, modelOffset: number, offsetNow: number): number =>
  modelOffset === state.chainOffset ? state.carry : startChainCarry(offsetNow, modelOffset, state.dropped);

/**
 * The chain after a compensation to `next` with `carry` added, once the browser put the scroller
 * at `landed`: what it dropped is owed by the next one (never a whole pixel or more: that is the
 * content's end clamping the write, not rounding).
 */
export const carryAfterCompensation = (next: number, carry: number, landed: number): SubpixelCarry => {
  const lost = next + carry - landed;
  return { chainOffset: next, carry, dropped: Math.abs(lost) < 1 ? lost : 0 };
};

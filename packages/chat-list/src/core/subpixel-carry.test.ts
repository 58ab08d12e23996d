import { describe, expect, it } from 'vitest';
import { NO_CARRY, carryAfterCompensation, carryOfCompensation } from './subpixel-carry';

/** Runs compensations as a browser that keeps whole pixels would, returning the scroller's offsets. */
const runChain = (start: number, adjustments: number[]): number[] => {
  let state = NO_CARRY;
  let model = start;
  let scroller = start;
  const offsets: number[] = [];
  for (const adjustment of adjustments) {
    const next = model + adjustment;
    const carry = carryOfCompensation(state, model, scroller);
    scroller = Math.round(next + carry);
    state = carryAfterCompensation(next, carry, scroller);
    model = next;
    offsets.push(scroller);
  }
  return offsets;
};

describe('the sub-pixel carry of compensations', () => {
  it('keeps 300 compensations of 0.4 px within a pixel of their exact sum', () => {
    const offsets = runChain(
      1000,
      Array.from({ length: 300 }, () => 0.4),
    );
    expect(Math.abs(offsets[offsets.length - 1]! - (1000 + 300 * 0.4))).toBeLessThan(1);
    for (const [index, offset] of offsets.entries()) {
      expect(Math.abs(offset - (1000 + (index + 1) * 0.4))).toBeLessThan(1);
    }
  });

  it('lands each write on the whole pixel nearest the exact sum, where each alone would round its 0.4 px away', () => {
    expect(runChain(1000, [0.4, 0.4, 0.4])).toEqual([1000, 1001, 1001]);
  });

  it('continues a chain with the carry its last target added, not what the browser dropped of it', () => {
    const state = carryAfterCompensation(1000.4, 0.3, 1001);
    expect(state).toEqual({ chainOffset: 1000.4, carry: 0.3, dropped: expect.closeTo(-0.3, 6) });
    expect(carryOfCompensation(state, 1000.4, 1001)).toBe(0.3);
  });

  it('starts a chain from where the scroller stands rounded from an exact target', () => {
    // TanStack's offset is 500.6 (an anchored write), the scroller stands at 501: owed 0.4.
    expect(carryOfCompensation(NO_CARRY, 500.6, 501)).toBeCloseTo(0.4, 6);
  });

  it("starts a chain owing the last drop when TanStack's offset is the scroller's own", () => {
    const dropped = carryAfterCompensation(200.5, 0, 200);
    expect(carryOfCompensation(dropped, 200, 200)).toBeCloseTo(0.5, 6);
  });

  it('owes nothing for a write the content clamped by a pixel or more', () => {
    expect(carryAfterCompensation(900, 0, 880).dropped).toBe(0);
  });
});

import { describe, expect, it } from 'vitest';
import { EDGE_TOLERANCE_PX, doesContentFit, isAtBottomEdge, isAtTopEdge } from './edges';

const VIEWPORT = 500;
const CONTENT = 2000;
const at = (scrollOffset: number, scrollSize = CONTENT, viewportSize = VIEWPORT) => ({
  scrollOffset,
  scrollSize,
  viewportSize,
});
/** Offset at which the bottom gap is exactly `gap`. */
const offsetForBottomGap = (gap: number) => CONTENT - VIEWPORT - gap;

describe('edge tolerance', () => {
  it('is 1.5 px', () => {
    expect(EDGE_TOLERANCE_PX).toBe(1.5);
  });

  it('counts a scroll offset of 1.4 px as at the top, and 1.6 px as not', () => {
    expect(isAtTopEdge(at(1.4))).toBe(true);
    expect(isAtTopEdge(at(1.6))).toBe(false);
  });

  it('does not count an offset of exactly 1.5 px as at the top (strictly below the tolerance)', () => {
    expect(isAtTopEdge(at(1.5))).toBe(false);
  });

  it('counts a bottom gap of 1.4 px as at the bottom, and 1.6 px as not', () => {
    expect(isAtBottomEdge(at(offsetForBottomGap(1.4)))).toBe(true);
    expect(isAtBottomEdge(at(offsetForBottomGap(1.6)))).toBe(false);
    // A wider threshold (atBottomThreshold) means "near the bottom".
    expect(isAtBottomEdge(at(offsetForBottomGap(99)), 100)).toBe(true);
    expect(isAtBottomEdge(at(offsetForBottomGap(101)), 100)).toBe(false);
  });

  it('does not count a bottom gap of exactly 1.5 px as at the bottom', () => {
    expect(isAtBottomEdge(at(offsetForBottomGap(1.5)))).toBe(false);
  });

  it('counts a fractional bottom gap left by a fractional device pixel ratio (0.33 px) as at the bottom', () => {
    expect(isAtBottomEdge(at(1499.67))).toBe(true);
  });
});

describe('isAtTopEdge and isAtBottomEdge', () => {
  it('report the top, and not the bottom, at the very top of long content', () => {
    expect([isAtTopEdge(at(0)), isAtBottomEdge(at(0))]).toEqual([true, false]);
  });

  it('report the bottom, and not the top, at the very bottom of long content', () => {
    expect([isAtTopEdge(at(CONTENT - VIEWPORT)), isAtBottomEdge(at(CONTENT - VIEWPORT))]).toEqual([false, true]);
  });

  it('report neither edge in the middle of long content', () => {
    expect([isAtTopEdge(at(700)), isAtBottomEdge(at(700))]).toEqual([false, false]);
  });

  it('report the bottom when overscrolled past it (elastic scrolling)', () => {
    expect(isAtBottomEdge(at(1540))).toBe(true);
  });

  it.each([
    ['shorter than the viewport', 300],
    ['exactly as tall as the viewport', VIEWPORT],
    ['empty, with no viewport', 0],
  ])('count content %s as at both edges', (_label, scrollSize) => {
    const metrics = at(0, scrollSize, scrollSize === 0 ? 0 : VIEWPORT);
    expect(doesContentFit(metrics)).toBe(true);
    expect([isAtTopEdge(metrics), isAtBottomEdge(metrics)]).toEqual([true, true]);
  });

  it('count content that fits as at both edges whatever the offset (an elastic overscroll of a short list)', () => {
    expect([isAtTopEdge(at(120, 400)), isAtBottomEdge(at(120, 400))]).toEqual([true, true]);
    expect([isAtTopEdge(at(-60, 499)), isAtBottomEdge(at(-60, 499))]).toEqual([true, true]);
  });

  it('do not treat content 2 px taller than the viewport as fitting', () => {
    const metrics = at(0, VIEWPORT + 2);
    expect(doesContentFit(metrics)).toBe(false);
    expect([isAtTopEdge(metrics), isAtBottomEdge(metrics)]).toEqual([true, false]);
  });
});

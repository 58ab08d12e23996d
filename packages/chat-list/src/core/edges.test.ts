import { describe, expect, it } from 'vitest';
import {
  EDGE_TOLERANCE_PX,
  EDGES_OF_EMPTY_LIST,
  doesContentFit,
  getDistanceFromBottom,
  getEdgeChanges,
  getEdgeState,
  isAtBottomEdge,
  isAtTopEdge,
  type EdgeState,
} from './edges';

const VIEWPORT = 500;
const CONTENT = 2000;
/** Offset at which the bottom gap is exactly `gap`. */
const offsetForBottomGap = (gap: number) => CONTENT - VIEWPORT - gap;

describe('edge tolerance', () => {
  it('is 1.5 px', () => {
    expect(EDGE_TOLERANCE_PX).toBe(1.5);
  });

  it('counts a scroll offset of 1.4 px as at the top', () => {
    const state = getEdgeState({ scrollOffset: 1.4, scrollSize: CONTENT, viewportSize: VIEWPORT });
    expect(state.isAtTop).toBe(true);
    expect(state.atTopBecause).toBe('scrolled-to-top');
  });

  it('does not count a scroll offset of 1.6 px as at the top', () => {
    const state = getEdgeState({ scrollOffset: 1.6, scrollSize: CONTENT, viewportSize: VIEWPORT });
    expect(state.isAtTop).toBe(false);
    expect(state.atTopBecause).toBe('scrolled-away');
  });

  it('does not count an offset of exactly 1.5 px as at the top (strictly below the tolerance)', () => {
    expect(getEdgeState({ scrollOffset: 1.5, scrollSize: CONTENT, viewportSize: VIEWPORT }).isAtTop).toBe(false);
  });

  it('counts a bottom gap of 1.4 px as at the bottom', () => {
    const state = getEdgeState({ scrollOffset: offsetForBottomGap(1.4), scrollSize: CONTENT, viewportSize: VIEWPORT });
    expect(state.isAtBottom).toBe(true);
    expect(state.atBottomBecause).toBe('scrolled-to-bottom');
  });

  it('does not count a bottom gap of 1.6 px as at the bottom', () => {
    const state = getEdgeState({ scrollOffset: offsetForBottomGap(1.6), scrollSize: CONTENT, viewportSize: VIEWPORT });
    expect(state.isAtBottom).toBe(false);
    expect(state.atBottomBecause).toBe('scrolled-away');
  });

  it('counts a fractional bottom gap left by a fractional device pixel ratio (0.33 px) as at the bottom', () => {
    const state = getEdgeState({ scrollOffset: 1499.67, scrollSize: 2000, viewportSize: 500 });
    expect(state.isAtBottom).toBe(true);
  });
});

describe('getEdgeState', () => {
  it('reports at top and not at bottom when scrolled to the very top of long content', () => {
    expect(getEdgeState({ scrollOffset: 0, scrollSize: CONTENT, viewportSize: VIEWPORT })).toEqual({
      isAtTop: true,
      isAtBottom: false,
      atTopBecause: 'scrolled-to-top',
      atBottomBecause: 'scrolled-away',
    });
  });

  it('reports at bottom and not at top when scrolled to the very bottom of long content', () => {
    expect(getEdgeState({ scrollOffset: CONTENT - VIEWPORT, scrollSize: CONTENT, viewportSize: VIEWPORT })).toEqual({
      isAtTop: false,
      isAtBottom: true,
      atTopBecause: 'scrolled-away',
      atBottomBecause: 'scrolled-to-bottom',
    });
  });

  it('reports neither edge in the middle of long content', () => {
    expect(getEdgeState({ scrollOffset: 700, scrollSize: CONTENT, viewportSize: VIEWPORT })).toEqual({
      isAtTop: false,
      isAtBottom: false,
      atTopBecause: 'scrolled-away',
      atBottomBecause: 'scrolled-away',
    });
  });

  it('reports both edges with reason content-fits-viewport when content is shorter than the viewport', () => {
    expect(getEdgeState({ scrollOffset: 0, scrollSize: 300, viewportSize: VIEWPORT })).toEqual({
      isAtTop: true,
      isAtBottom: true,
      atTopBecause: 'content-fits-viewport',
      atBottomBecause: 'content-fits-viewport',
    });
  });

  it('reports both edges with reason content-fits-viewport when content exactly equals the viewport', () => {
    const state = getEdgeState({ scrollOffset: 0, scrollSize: VIEWPORT, viewportSize: VIEWPORT });
    expect(state).toEqual(EDGES_OF_EMPTY_LIST);
    expect(state.atTopBecause).toBe('content-fits-viewport');
    expect(state.atBottomBecause).toBe('content-fits-viewport');
  });

  it('reports both edges for an empty list (zero content, zero viewport)', () => {
    expect(getEdgeState({ scrollOffset: 0, scrollSize: 0, viewportSize: 0 })).toEqual(EDGES_OF_EMPTY_LIST);
  });

  it('reports both edges for content that fits even when the offset is stale and non-zero', () => {
    const state = getEdgeState({ scrollOffset: 120, scrollSize: 400, viewportSize: VIEWPORT });
    expect(state.isAtTop).toBe(true);
    expect(state.isAtBottom).toBe(true);
  });

  it('does not treat content 2 px taller than the viewport as fitting', () => {
    const metrics = { scrollOffset: 0, scrollSize: VIEWPORT + 2, viewportSize: VIEWPORT };
    expect(doesContentFit(metrics)).toBe(false);
    expect(getEdgeState(metrics).atTopBecause).toBe('scrolled-to-top');
    expect(getEdgeState(metrics).isAtBottom).toBe(false);
  });

  it('returns the frozen empty-list state, which cannot be mutated by a caller', () => {
    expect(Object.isFrozen(EDGES_OF_EMPTY_LIST)).toBe(true);
  });
});

describe('isAtTopEdge and isAtBottomEdge', () => {
  it('agree with getEdgeState for every kind of position', () => {
    const positions = [0, 1.4, 1.5, 700, offsetForBottomGap(1.6), offsetForBottomGap(1.4), offsetForBottomGap(0)];
    for (const scrollOffset of positions) {
      const metrics = { scrollOffset, scrollSize: CONTENT, viewportSize: VIEWPORT };
      expect(isAtTopEdge(metrics)).toBe(getEdgeState(metrics).isAtTop);
      expect(isAtBottomEdge(metrics)).toBe(getEdgeState(metrics).isAtBottom);
    }
  });

  it('count content that fits as at both edges, whatever the offset', () => {
    const metrics = { scrollOffset: 120, scrollSize: 400, viewportSize: VIEWPORT };
    expect(isAtTopEdge(metrics)).toBe(true);
    expect(isAtBottomEdge(metrics)).toBe(true);
  });
});

describe('getDistanceFromBottom', () => {
  it('is the gap below the viewport', () => {
    expect(getDistanceFromBottom({ scrollOffset: 1000, scrollSize: CONTENT, viewportSize: VIEWPORT })).toBe(500);
  });

  it('is zero at the bottom', () => {
    expect(getDistanceFromBottom({ scrollOffset: 1500, scrollSize: CONTENT, viewportSize: VIEWPORT })).toBe(0);
  });

  it('is never negative when overscrolled past the bottom (elastic scrolling)', () => {
    expect(getDistanceFromBottom({ scrollOffset: 1540, scrollSize: CONTENT, viewportSize: VIEWPORT })).toBe(0);
  });

  it('is never negative when the content is shorter than the viewport', () => {
    expect(getDistanceFromBottom({ scrollOffset: 0, scrollSize: 100, viewportSize: VIEWPORT })).toBe(0);
  });
});

describe('getEdgeChanges', () => {
  const top: EdgeState = getEdgeState({ scrollOffset: 0, scrollSize: CONTENT, viewportSize: VIEWPORT });
  const middle: EdgeState = getEdgeState({ scrollOffset: 700, scrollSize: CONTENT, viewportSize: VIEWPORT });
  const bottom: EdgeState = getEdgeState({ scrollOffset: 1500, scrollSize: CONTENT, viewportSize: VIEWPORT });

  it('reports both edges when there is no previous state', () => {
    expect(getEdgeChanges(null, middle)).toEqual({ atTop: false, atBottom: false });
    expect(getEdgeChanges(null, EDGES_OF_EMPTY_LIST)).toEqual({ atTop: true, atBottom: true });
  });

  it('reports nothing when neither edge changed', () => {
    expect(getEdgeChanges(middle, middle)).toEqual({});
    const otherMiddle = getEdgeState({ scrollOffset: 900, scrollSize: CONTENT, viewportSize: VIEWPORT });
    expect(getEdgeChanges(middle, otherMiddle)).toEqual({});
  });

  it('does not report an edge whose value stayed the same while its reason changed', () => {
    // At the bottom because scrolled there → at the bottom because the content now fits.
    expect(bottom.atBottomBecause).toBe('scrolled-to-bottom');
    expect(getEdgeChanges(bottom, EDGES_OF_EMPTY_LIST)).toEqual({ atTop: true });
  });

  it('reports only the top edge when leaving the top', () => {
    expect(getEdgeChanges(top, middle)).toEqual({ atTop: false });
  });

  it('reports only the bottom edge when reaching the bottom', () => {
    const changes = getEdgeChanges(middle, bottom);
    expect(changes).toEqual({ atBottom: true });
    expect('atTop' in changes).toBe(false);
  });

  it('reports both edges when jumping from top to bottom', () => {
    expect(getEdgeChanges(top, bottom)).toEqual({ atTop: false, atBottom: true });
  });

  it('reports the bottom becoming true when long content shrinks to fit while at the top', () => {
    expect(getEdgeChanges(top, EDGES_OF_EMPTY_LIST)).toEqual({ atBottom: true });
  });
});

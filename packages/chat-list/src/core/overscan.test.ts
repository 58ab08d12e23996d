import { describe, expect, test } from 'vitest';
import { getRenderedRows, OVERSCAN_BEHIND_SCROLL } from './overscan';

const inView = { firstRowInView: 100, lastRowInView: 108, overscan: 10, count: 1000 };

describe('the rows rendered around the viewport', () => {
  test('at rest, overscan rows beyond each edge', () => {
    expect(getRenderedRows({ ...inView, heading: null })).toEqual({ first: 90, last: 118 });
  });

  test('scrolling up renders the overscan above and few rows below', () => {
    expect(getRenderedRows({ ...inView, heading: 'up' })).toEqual({ first: 90, last: 108 + OVERSCAN_BEHIND_SCROLL });
  });

  test('scrolling down renders the overscan below and few rows above', () => {
    expect(getRenderedRows({ ...inView, heading: 'down' })).toEqual({ first: 100 - OVERSCAN_BEHIND_SCROLL, last: 118 });
  });

  test('an overscan smaller than the rows kept behind a scroll is kept on both edges', () => {
    expect(getRenderedRows({ ...inView, overscan: 1, heading: 'up' })).toEqual({ first: 99, last: 109 });
    expect(getRenderedRows({ ...inView, overscan: 0, heading: 'down' })).toEqual({ first: 100, last: 108 });
  });

  test('the range stops at the first and the last row', () => {
    expect(getRenderedRows({ firstRowInView: 3, lastRowInView: 7, overscan: 10, count: 9, heading: null })).toEqual({
      first: 0,
      last: 8,
    });
  });

  test('whatever the heading, the rows in view and the overscan ahead are rendered, and never more than twice the overscan beyond', () => {
    for (const heading of ['up', 'down', null] as const) {
      for (let overscan = 0; overscan <= 12; overscan++) {
        const { first, last } = getRenderedRows({ ...inView, overscan, heading });
        expect(first).toBeLessThanOrEqual(inView.firstRowInView - (heading === 'down' ? 0 : overscan));
        expect(last).toBeGreaterThanOrEqual(inView.lastRowInView + (heading === 'up' ? 0 : overscan));
        expect(inView.firstRowInView - first + (last - inView.lastRowInView)).toBeLessThanOrEqual(2 * overscan);
      }
    }
  });
});

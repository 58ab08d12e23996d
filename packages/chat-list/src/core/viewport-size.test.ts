import { describe, expect, it } from 'vitest';
import { isUnboundedViewport } from './viewport-size';

describe('isUnboundedViewport', () => {
  it('is true for a scroller that grew with its content past the window', () => {
    expect(isUnboundedViewport({ viewportHeight: 40_000, contentHeight: 40_000, windowHeight: 800 })).toBe(true);
  });

  it('is false for a bounded scroller with more content than fits', () => {
    expect(isUnboundedViewport({ viewportHeight: 600, contentHeight: 40_000, windowHeight: 800 })).toBe(false);
  });

  it('is false for a short conversation in a scroller no taller than the window', () => {
    expect(isUnboundedViewport({ viewportHeight: 300, contentHeight: 300, windowHeight: 800 })).toBe(false);
  });

  it('is false for a fixed scroller taller than the window with more content than fits', () => {
    expect(isUnboundedViewport({ viewportHeight: 2000, contentHeight: 40_000, windowHeight: 800 })).toBe(false);
  });

  it('is false for a tall fixed scroller whose content is shorter than it', () => {
    expect(isUnboundedViewport({ viewportHeight: 2000, contentHeight: 500, windowHeight: 800 })).toBe(false);
  });

  it('is false without a window size (not laid out yet)', () => {
    expect(isUnboundedViewport({ viewportHeight: 2000, contentHeight: 2000, windowHeight: 0 })).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { classifyScrollEvent } from './scroll-echo';

describe('a scroll event', () => {
  it('is the echo of our write when it reports where we put the scroller, within rounding', () => {
    expect(classifyScrollEvent({ offset: 500.4, reason: 'pin' }, 500, () => 900).isOwnWrite).toBe(true);
    expect(classifyScrollEvent({ offset: 500, reason: 'anchor' }, 500.99, () => 900).isOwnWrite).toBe(true);
  });

  it('is someone else’s move a pixel or more from our write, or with no write to echo', () => {
    expect(classifyScrollEvent({ offset: 500, reason: 'command' }, 501, () => 900).isOwnWrite).toBe(false);
    expect(classifyScrollEvent(null, 500, () => 900)).toEqual({ isOwnWrite: false, isClampedEcho: false });
  });

  it("is never the echo of the app's raw move, even where it landed", () => {
    expect(classifyScrollEvent({ offset: 500, reason: 'raw' }, 500, () => 500)).toEqual({
      isOwnWrite: false,
      isClampedEcho: false,
    });
  });

  it('is our write clamped at the end of content that shrank, not a move by someone else', () => {
    expect(classifyScrollEvent({ offset: 1200, reason: 'command' }, 1000, () => 1000)).toEqual({
      isOwnWrite: false,
      isClampedEcho: true,
    });
    // Short of the end, it is someone else's move.
    expect(classifyScrollEvent({ offset: 1200, reason: 'command' }, 990, () => 1000).isClampedEcho).toBe(false);
    // Without a scroller there is no end to be clamped at.
    expect(classifyScrollEvent({ offset: 1200, reason: 'command' }, 1000, () => null).isClampedEcho).toBe(false);
  });
});

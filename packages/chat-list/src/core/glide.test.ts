import { describe, expect, it } from 'vitest';
import { GLIDE_RATE, nextGlideOffset } from './glide';

describe('nextGlideOffset', () => {
  it('closes a quarter of the distance per frame, at least 2 px, never past the bottom', () => {
    expect(nextGlideOffset(0, 400)).toBe(100);
    expect(nextGlideOffset(0, 4)).toBe(2);
    expect(nextGlideOffset(0, 1.5)).toBe(1.5);
    expect(nextGlideOffset(500, 400)).toBe(400);
  });

  it('trails a steadily growing bottom by growth / rate, and catches up soon after it stops', () => {
    const growth = 7;
    let bottom = 1000;
    let offset = 1000;
    for (let frame = 0; frame < 200; frame++) {
      bottom += growth;
      offset = nextGlideOffset(offset, bottom);
    }
    expect(bottom - offset).toBeCloseTo(growth / GLIDE_RATE - growth, 0);
    let frames = 0;
    while (offset < bottom) {
      offset = nextGlideOffset(offset, bottom);
      frames++;
    }
    expect(frames).toBeLessThanOrEqual(20);
  });
});

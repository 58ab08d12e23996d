/**
 * A smooth command over a long distance. The browser animates a smooth scroll off the main
 * thread, thousands of pixels a frame when the target is far, and the rows of each frame are
 * rendered only after it is painted: a smooth `scrollToIndex` across a long conversation painted
 * 17 to 42 frames in a row with part of the viewport blank. So a smooth command that has farther
 * to go first jumps, in one frame whose rows are rendered before it is painted, to a viewport
 * short of its target, on the side it comes from, and glides the rest: the reader still sees the
 * list move towards the target, and every frame of the glide shows rows.
 */

/** How far a smooth command glides at most, in viewports. */
export const SMOOTH_GLIDE_VIEWPORTS = 1;
/** From how far away (in viewports) a smooth command jumps first: closer, it glides all the way. */
export const SMOOTH_APPROACH_FROM_VIEWPORTS = 2;

/**
 * Where a smooth command from `from` to `to` jumps before it glides, or null when it glides the
 * whole way (a target within two viewports, or no viewport to measure by yet).
 */
export const smoothApproachOffset = (from: number, to: number, viewportSize: number): number | null => {
  const distance = to - from;
  if (!(viewportSize > 0) || Math.abs(distance) <= SMOOTH_APPROACH_FROM_VIEWPORTS * viewportSize) return null;
  return to - Math.sign(distance) * SMOOTH_GLIDE_VIEWPORTS * viewportSize;
};

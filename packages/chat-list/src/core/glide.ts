/**
 * Smooth following (`smoothFollow`): a pinned list whose content grows glides to the
 * bottom instead of jumping there. The target is the bottom as it is in each frame, so the glide
 * follows the content as it keeps growing; a new `scrollTo` per token would restart an animation
 * towards a bottom that has already moved.
 */

/** The part of the remaining distance closed in one frame. */
export const GLIDE_RATE = 0.25;
/** The least a frame moves (px), so the last pixels do not take forever. */
export const GLIDE_MIN_STEP_PX = 2;

/**
 * The offset to write in this frame, gliding from `offset` towards `bottom`. At a steady growth
 * of `g` px per frame the list trails the bottom by `g · (1 - GLIDE_RATE) / GLIDE_RATE` px (3
 * frames of growth) and catches up within about 20 frames of the growth stopping; it never
 * overshoots.
 */
export const nextGlideOffset = (offset: number, bottom: number): number => {
  const distance = bottom - offset;
  if (distance <= 0) return bottom;
  return offset + Math.min(distance, Math.max(GLIDE_MIN_STEP_PX, distance * GLIDE_RATE));
};

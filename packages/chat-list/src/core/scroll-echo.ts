/** The last write of the scroller's offset, as the scroll writer records it. */
export interface RecordedWrite {
  offset: number;
  /** `raw` is the app's own move (`scrollToOffset`, `scrollBy`): not ours to hold. */
  reason: string;
}

/**
 * What a scroll event is: the echo of our last write (the browser reports where we put the
 * scroller, within a pixel of rounding), or a move by someone else (the reader, a script). An
 * app's raw move is never an echo: the list lets go at its event, as for the reader's.
 *
 * `isClampedEcho`: our write, clamped by the browser at the content's end because the content
 * shrank as its rows were measured (the opening's). Not an echo of where we aimed, but not
 * someone else's move either: older rows did not come into view.
 */
export const classifyScrollEvent = (
  write: RecordedWrite | null,
  offset: number,
  /** The largest offset now, or null without a scroller; read only when needed (it reads the layout). */
  bottomOffset: () => number | null,
): { isOwnWrite: boolean; isClampedEcho: boolean } => {
  if (write === null || write.reason === 'raw') return { isOwnWrite: false, isClampedEcho: false };
  const bottom = offset < write.offset ? bottomOffset() : null;
  return {
    isOwnWrite: Math.abs(offset - write.offset) < 1,
    isClampedEcho: bottom !== null && bottom - offset < 1,
  };
};

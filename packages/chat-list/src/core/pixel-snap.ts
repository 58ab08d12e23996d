/**
 * The whole device pixel (`pixelRatio` of them per CSS px) nearest `offset`, in CSS px: where a
 * scroller asked for `offset` stands. The list writes that pixel itself for a command to a
 * message rather than leave the rounding to the browser: Firefox takes a scroll offset through
 * 32-bit floats, and 3 999 907.6 px landed at 3 999 907, the row above the message 0.6 px into
 * the view. A whole pixel passes through exactly; the message is then at most half a device
 * pixel off its alignment, within which it is still the reader's row and the row beside it out
 * of view (`READER_ROW_TOP_TOLERANCE_PX`, `getVisibleIndexRange`).
 */
export const nearestDevicePixel = (offset: number, pixelRatio: number): number =>
  pixelRatio > 0 ? Math.round(offset * pixelRatio) / pixelRatio : offset;

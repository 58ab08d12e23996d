import { hiddenBelow, isScaledSpace, scrollSizeIn, type ScrollMetrics } from '../../core';
import type { EngineParts } from './parts';

/**
 * The list's offsets and sizes, read from the scroller and TanStack as they are now. The list's
 * offset is the scroller's plus the content above a scaled list's window; its content is every
 * row plus the space a turn held at the top reserves below them.
 */
export const createGeometry = <TMessage>(parts: EngineParts<TMessage>) => {
  const { fromReact: host } = parts;
  /** The list's offset: the scroller's, plus the content above its window when scaled. */
  const offsetNow = () =>
    host.scrollerElement === null ? 0 : host.scrollerElement.scrollTop + parts.scaledSpace.state.appliedSpace.shift;
  /**
   * The content's height: TanStack's total, and the space a turn held at the top reserves
   * below it. Everything that sizes the content or aims at its bottom uses this,
   * so the bottom of a list with a held turn is that turn at the top.
   */
  const contentSize = () => {
    const rowsEnd = host.listVirtualizer.getTotalSize();
    return rowsEnd + parts.featureSet.spaceBelowRows(rowsEnd);
  };
  /** The content's height as the scroller has it, plus what a scaled list holds outside its window. */
  const scrollSizeNow = () => {
    if (host.scrollerElement === null) return 0;
    const space = parts.scaledSpace.state.appliedSpace;
    return (
      host.scrollerElement.scrollHeight + (isScaledSpace(space) ? space.shift + hiddenBelow(space, contentSize()) : 0)
    );
  };
  /** The scroller's geometry now; without a scroller there is no content, which is at both edges. */
  const readMetrics = (): ScrollMetrics => ({
    scrollOffset: offsetNow(),
    scrollSize: scrollSizeNow(),
    viewportSize: host.scrollerElement?.clientHeight ?? 0,
  });
  /** The largest offset the list can take (never negative: content shorter than the viewport cannot scroll). */
  const bottomOffset = (element: HTMLElement) => Math.max(0, scrollSizeNow() - element.clientHeight);
  /** TanStack's largest offset: the list's, which a scaled list's scroller does not have. */
  const maxListOffset = () =>
    host.scrollerElement === null ? null : scrollSizeNow() - host.scrollerElement.clientHeight;

  /** The content's height when it was last sized: one that got shorter may leave WebKit's scroller past its end. */
  let fittedSize = 0;
  /**
   * Sizes the content to TanStack's total right away. A row measured smaller (the
   * ResizeObserver runs before the paint) re-renders only after the paint, and until then a
   * list at the bottom painted a frame with a blank strip as tall as the shrink. React writes
   * the same total when it renders; between renders this keeps it current. A prerendered list
   * (no height yet) is left alone.
   */
  const fitSizer = () => {
    // The one place the features learn of a new layout (a held turn's space settles) before
    // the content is sized with their space.
    const rowsEnd = host.listVirtualizer.getTotalSize();
    parts.featureSet.each((feature) => feature.onLayout?.(rowsEnd));
    const { sizerElement: sizer, scrollerElement: scroller } = host;
    if (sizer === null || sizer.style.height === '') return;
    const size = contentSize();
    sizer.style.height = `${scrollSizeIn(parts.scaledSpace.state.appliedSpace, size)}px`;
    // Read only when the content got shorter: a streamed token grows it and forces no layout here.
    if (size < fittedSize && scroller !== null) parts.scrollWriter.clampToContentEnd(scroller);
    fittedSize = size;
  };

  return { offsetNow, contentSize, scrollSizeNow, readMetrics, bottomOffset, maxListOffset, fitSizer };
};

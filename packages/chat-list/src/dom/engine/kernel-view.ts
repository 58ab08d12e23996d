import type { MessageKey, ScrollMetrics, ScrollOwner } from '../../core';
import type { ListVirtualizer } from '../tanstack-internals';
import type { ChatListBehaviorOptions } from '../types';
import type { EngineParts } from './parts';

/**
 * What every module of the engine may read of the kernel, each as it is now: the elements,
 * TanStack's virtualizer, the render's inputs, the geometry and the owner of the scroll position.
 * A module's host names the part it reads (`Pick<KernelView, …>`) and adds what it asks of the
 * kernel; nothing here writes the scroll position.
 */
export interface KernelView<TMessage> {
  /** TanStack's virtualizer (missing only during the first render's `update`, which checks). */
  virtualizer: () => ListVirtualizer;
  scroller: () => HTMLElement | null;
  /** The element that wraps the rendered rows. */
  content: () => HTMLElement | null;
  isMounted: () => boolean;
  options: () => ChatListBehaviorOptions<TMessage>;
  messages: () => readonly TMessage[];
  /** The key of `messages[index]`, with a fallback for a missing key. */
  getKeyAt: (index: number) => MessageKey;
  /** The row of `messages[0]` among TanStack's rows: add it to a message's index to get its row. */
  firstMessageRow: () => number;
  /** Who owns the scroll position: the reader, a command, or the pin. */
  owner: () => ScrollOwner;
  /** The list's offset: the scroller's, plus the content above its window when scaled. */
  offsetNow: () => number;
  /** The scroller's geometry now, in the list's offsets. */
  readMetrics: () => ScrollMetrics;
  /** The largest offset the list can take in this scroller (never negative). */
  bottomOffset: (element: HTMLElement) => number;
  /** The content's height: TanStack's total, and the space a turn held at the top reserves. */
  contentSize: () => number;
  /** Renders the list again, in a task of its own (the hook's state setter). */
  requestRender: () => void;
}

/** The kernel's view over the host, the geometry and the owner (see {@link KernelView}). */
export const createKernelView = <TMessage>(parts: EngineParts<TMessage>): KernelView<TMessage> => {
  const { fromReact: host } = parts;
  return {
    virtualizer: () => host.listVirtualizer,
    scroller: () => host.scrollerElement,
    content: () => host.contentElement,
    isMounted: () => host.isListMounted,
    options: () => host.renderInputs.options,
    messages: () => host.renderInputs.messages,
    getKeyAt: (index) => host.renderInputs.getKeyAt(index),
    firstMessageRow: () => host.renderInputs.firstMessageRow,
    owner: () => parts.ownership.current,
    offsetNow: () => parts.listGeometry.offsetNow(),
    readMetrics: () => parts.listGeometry.readMetrics(),
    bottomOffset: (element) => parts.listGeometry.bottomOffset(element),
    contentSize: () => parts.listGeometry.contentSize(),
    requestRender: () => host.renderInputs.requestRender(),
  };
};

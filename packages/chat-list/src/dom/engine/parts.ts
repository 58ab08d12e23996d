import type { ChatListHandle } from '../handle-types';
import type { ListVirtualizer } from '../tanstack-internals';
import type { createAfterPaint } from './after-paint';
import type { createBottomPin } from './bottom-pin';
import type { Commands } from './commands';
import type { createCommitCycle } from './commit-cycle';
import type { createEdgeLoaders } from './edge-loaders';
import type { createEdges } from './edges';
import type { FeatureSet } from './feature-set';
import type { createGeometry } from './geometry';
import type { createGlide } from './glide';
import type { LaidOutInputs } from './inputs';
import type { KernelView } from './kernel-view';
import type { ListState } from './list-state';
import type { createOpening } from './opening';
import type { createOpeningWindow } from './opening-window';
import type { createOwner } from './owner';
import type { createReadingAnchor } from './reading-anchor';
import type { createReporting } from './reporting';
import type { createRowKeys } from './row-keys';
import type { createRowMeasuring } from './row-measuring';
import type { createScaledSpace } from './scaled-space';
import type { ScrollWriter } from './scroll-writer';
import type { createScrollerEvents } from './scroller-events';
import type { createTanstackBridge } from './tanstack-bridge';

/**
 * What React hands the engine, as of the latest render and commit: the render's inputs,
 * TanStack's virtualizer and the elements. Written only by the hook's calls (`update`,
 * `adoptVirtualizer`, the refs, `mount`); every module reads it.
 */
export interface EngineHost<TMessage> {
  /** The render's inputs, set by `update` before anything here can run. */
  renderInputs: LaidOutInputs<TMessage>;
  /** TanStack's; missing only during the first render's `update`, which checks. */
  listVirtualizer: ListVirtualizer;
  scrollerElement: HTMLElement | null;
  /** The element that wraps the rendered rows. */
  contentElement: HTMLElement | null;
  /** The element as tall as all rows (`totalSize`), when the markup hands it over. */
  sizerElement: HTMLElement | null;
  isListMounted: boolean;
  /** Whether TanStack has the scroller (`attachScroller`): not before its first layout. */
  isScrollerAttached: boolean;
}

/** A new host: nothing rendered yet. */
export const createEngineHost = <TMessage>(): EngineHost<TMessage> => ({
  renderInputs: undefined as unknown as LaidOutInputs<TMessage>,
  listVirtualizer: undefined as unknown as ListVirtualizer,
  scrollerElement: null,
  contentElement: null,
  sizerElement: null,
  isListMounted: false,
  isScrollerAttached: false,
});

/**
 * The engine's modules, each owning one piece of state. They are created in two passes
 * (engine/assemble-position.ts, engine/assemble-reporting.ts) and call one another only through
 * this record, lazily: a module's callbacks run after the engine is assembled, so each may reach
 * any other, whichever was created first.
 */
export interface EngineParts<TMessage> {
  /** What React handed over: the render's inputs, TanStack's virtualizer and the elements. */
  fromReact: EngineHost<TMessage>;
  /** What every module may read of the kernel. */
  view: KernelView<TMessage>;
  /** The list's offsets and sizes, read from the scroller and TanStack. */
  listGeometry: ReturnType<typeof createGeometry<TMessage>>;
  /** The owner of the scroll position: the reader, a command, or the pin. */
  ownership: ReturnType<typeof createOwner>;
  /** A list past the browser's height cap: the scroller holds a window of the content. */
  scaledSpace: ReturnType<typeof createScaledSpace>;
  /** The one writer of the scroller's offset and TanStack's. */
  scrollWriter: ScrollWriter;
  /** Smooth following: growth of a pinned list glides to the bottom. */
  followGlide: ReturnType<typeof createGlide>;
  /** Holds a list at the bottom while sizes change. */
  bottomPin: ReturnType<typeof createBottomPin>;
  /** The rows' layout keys. */
  rowKeys: ReturnType<typeof createRowKeys<TMessage>>;
  /** The rows' ref callbacks and the measurements they hand TanStack. */
  rowMeasuring: ReturnType<typeof createRowMeasuring>;
  /** The reader's row, kept in its place across a change of messages. */
  readingAnchor: ReturnType<typeof createReadingAnchor<TMessage>>;
  /** The scroll commands: the handle's, the follow policy's and the opening's. */
  scrollCommands: Commands;
  /** The oldest messages of a long conversation, left out of the layout until after the opening's paint. */
  openingWindow: ReturnType<typeof createOpeningWindow>;
  /** At the top, at the bottom of the conversation, and where the pin holds the list. */
  listEdges: ReturnType<typeof createEdges<TMessage>>;
  /** What waits for the paint: the app's batch callbacks and the announcement. */
  afterPaint: ReturnType<typeof createAfterPaint<TMessage>>;
  /** What the app's controls render with (`useChatListState`). */
  listState: ListState;
  /** The features the app passed in. */
  featureSet: FeatureSet;
  /** What the list tells the app about what is in view. */
  reporting: ReturnType<typeof createReporting<TMessage>>;
  /** Where a new conversation opens. */
  conversationOpening: ReturnType<typeof createOpening<TMessage>>;
  /** The list's imperative handle. */
  listHandle: ChatListHandle<TMessage>;
  /** Loading both ways: the app's loaders called near each end. */
  edgeLoaders: ReturnType<typeof createEdgeLoaders<TMessage>>;
  /** The scroller's events: scrolls, the reader's intent, resizes. */
  scrollerEvents: ReturnType<typeof createScrollerEvents<TMessage>>;
  /** What one React commit does, and the syncs with the scroller around it. */
  commitCycle: ReturnType<typeof createCommitCycle<TMessage>>;
  /** What TanStack's options and the hook's render hand the engine. */
  tanstackBridge: ReturnType<typeof createTanstackBridge<TMessage>>;
}

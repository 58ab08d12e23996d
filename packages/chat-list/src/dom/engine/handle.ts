import {
  findKey,
  isAtTopEdge,
  smoothApproachOffset,
  type MessageKey,
  type ScrollOwnerEvent,
  type ScrollTarget,
} from '../../core';
import { toMotionBehavior } from '../accessibility';
import { SNAPSHOTS_MISSING, SNAPSHOTS_MISSING_KIND, warnOnce } from '../dev-warnings';
import type { TurnTarget } from '../features';
import type { ChatListHandle, ChatListSnapshot, ScrollToEdgeOptions, ScrollToMessageOptions } from '../types';
import type { Commands } from './commands';
import type { createOpeningWindow } from './opening-window';
import type { createReporting } from './reporting';
import type { ScrollWriter } from './scroll-writer';
import type { KernelView } from './kernel-view';
import type { ListState } from './list-state';

declare const process: { env: { NODE_ENV?: string } };

/** What the handle reads from the kernel, and the modules whose commands it hands out. */
export interface HandleHost<TMessage> extends Pick<
  KernelView<TMessage>,
  'virtualizer' | 'scroller' | 'isMounted' | 'messages' | 'getKeyAt' | 'firstMessageRow' | 'readMetrics' | 'offsetNow'
> {
  commands: Commands;
  openingWindow: ReturnType<typeof createOpeningWindow>;
  reporting: ReturnType<typeof createReporting<TMessage>>;
  /** Whether the list has opened: its rows were rendered and the opening committed. */
  hasOpened: () => boolean;
  scrollSizeNow: () => number;
  /** Whether the list is at the bottom as the app sees it (`atBottomThreshold`, a glide on its way). */
  isAtBottom: () => boolean;
  isScrolling: () => boolean;
  findTurnTarget: (target: 'previous' | 'next' | MessageKey) => TurnTarget | null;
  remeasure: () => void;
  /** The features' snapshot; undefined when none takes snapshots. */
  getSnapshot: () => ChatListSnapshot | null | undefined;
  /** An app's raw move ends whatever command was under way. */
  dispatch: (event: ScrollOwnerEvent) => void;
  /** The raw move goes through the writer, as every write does. */
  writer: ScrollWriter;
  /** The scroller's own offset as last read or written (a scaled list's differs from the list's). */
  scrollerOffset: () => number;
  /** Reads the edges now, as the scroll event of a move that was not ours would. */
  readEdgesAsReaderMove: () => void;
  /** What the app's controls render with (`getState`, `subscribe`). */
  listState: ListState;
}

/**
 * The list's imperative handle (`ref`, `useChatList().handle`): its commands wait for the
 * opening and for every message to be laid out (the opening window), then run as the scroll
 * commands module's, or as the app's raw moves (`scrollToOffset`, `scrollBy`), which end any
 * command; its getters read the kernel as it is now.
 */
export const createHandle = <TMessage>(host: HandleHost<TMessage>): ChatListHandle<TMessage> => {
  const { commands, openingWindow, reporting } = host;
  const { seen } = reporting;

  /**
   * Where a smooth raw move far from its target jumps first, and the target as the browser will
   * clamp it; null when it glides all the way.
   */
  const smoothApproachOfRawMove = (method: 'scrollToOffset' | 'scrollBy', value: number) => {
    const { scrollOffset, scrollSize, viewportSize } = host.readMetrics();
    const target = method === 'scrollToOffset' ? value : scrollOffset + value;
    const to = Math.min(Math.max(target, 0), Math.max(scrollSize - viewportSize, 0));
    const from = smoothApproachOffset(scrollOffset, to, viewportSize);
    return from === null ? null : { from, to };
  };

  /** `scrollToOffset` and `scrollBy`: raw moves by the app, which end any command under way. */
  const scrollRaw = (method: 'scrollToOffset' | 'scrollBy', value: number, scrollOptions?: ScrollToEdgeOptions) => {
    const scroller = host.scroller();
    host.dispatch({ type: 'raw-move' });
    const writeBefore = host.writer.lastWrite;
    const scrollTopBefore = scroller?.scrollTop ?? 0;
    const behavior = scrollOptions && toMotionBehavior(scrollOptions.behavior);
    host.writer.asRawMove(() => {
      const lead = behavior === 'smooth' ? smoothApproachOfRawMove(method, value) : null;
      if (lead === null) {
        host.virtualizer()[method](value, behavior && { behavior });
        return;
      }
      // Far away, the smooth move starts a viewport short of its target (core `smooth-approach.ts`).
      host.virtualizer().scrollToOffset(lead.from);
      host.virtualizer().scrollToOffset(lead.to, { behavior });
    });
    const { lastWrite } = host.writer;
    // A move the browser clamps to where the scroller already stands (scrollBy down at the bottom,
    // scrollToOffset to the current offset) sends no scroll event: the edges are read now, as
    // that event would have. Otherwise the list, let go by the move, stayed let go at the bottom,
    // and the last message's next growth left it 39 px above (fuzz seed 20939).
    if (scroller !== null && lastWrite !== writeBefore && lastWrite?.reason === 'raw') {
      const reachable = Math.min(Math.max(host.scrollerOffset(), 0), scroller.scrollHeight - scroller.clientHeight);
      if (Math.abs(reachable - scrollTopBefore) < 0.5) host.readEdgesAsReaderMove();
    }
  };

  /** `scrollToIndex` and `scrollToId`, once the target is checked: a command to a message. */
  const scrollToMessage = (
    target: Extract<ScrollTarget, { kind: 'index' }>,
    scrollOptions?: ScrollToMessageOptions,
  ) => {
    const behavior = toMotionBehavior(scrollOptions?.behavior ?? 'auto');
    return openingWindow.resolveWhenLaidOut(() =>
      commands.start(target, behavior, 'handle', () => commands.aimAtMessage(target, behavior)),
    );
  };

  const handle: ChatListHandle<TMessage> = {
    // The newest message is always laid out: before the opening, `scrollToBottom` waits with the
    // other commands, but unlike them it does not end an opening window to run sooner.
    scrollToBottom: (scrollOptions) =>
      host.hasOpened() || !host.isMounted()
        ? commands.scrollToBottom(scrollOptions?.behavior)
        : new Promise<boolean>((resolve) =>
            openingWindow.waitForOpening(() => resolve(commands.scrollToBottom(scrollOptions?.behavior))),
          ),
    scrollToTop: (scrollOptions) =>
      openingWindow.resolveWhenLaidOut(() => {
        const behavior = toMotionBehavior(scrollOptions?.behavior ?? 'auto');
        return commands.start({ kind: 'top' }, behavior, 'handle', () =>
          host.virtualizer().scrollToOffset(0, { behavior }),
        );
      }),
    scrollToIndex(index, scrollOptions = {}) {
      const { length } = host.messages();
      if (!Number.isInteger(index) || index < 0 || index >= length) {
        warnOnce(() => `scrollToIndex: index ${index} is outside 0..${length - 1}.`);
        return Promise.resolve(false);
      }
      return scrollToMessage({ kind: 'index', index, align: scrollOptions.align }, scrollOptions);
    },
    scrollToId(id, scrollOptions) {
      const { length } = host.messages();
      // The newest match; `findKey` scans a non-empty range only.
      const index = length === 0 ? -1 : findKey(id, host.getKeyAt, length - 1, 0);
      if (index === -1) {
        warnOnce(() => `scrollToId: no message has the key ${JSON.stringify(id)}.`);
        return Promise.resolve(false);
      }
      // Named by its key: found again if the messages change under the command.
      return scrollToMessage({ kind: 'index', index, align: scrollOptions?.align, key: id }, scrollOptions);
    },
    scrollToOffset: (offset, scrollOptions) =>
      openingWindow.runWhenLaidOut(() => scrollRaw('scrollToOffset', offset, scrollOptions)),
    scrollBy: (delta, scrollOptions) => openingWindow.runWhenLaidOut(() => scrollRaw('scrollBy', delta, scrollOptions)),
    get isAtTop() {
      return isAtTopEdge(host.readMetrics());
    },
    get isAtBottom() {
      return host.isAtBottom();
    },
    get isScrolling() {
      return host.isScrolling();
    },
    get scrollOffset() {
      return host.offsetNow();
    },
    get scrollSize() {
      return host.scrollSizeNow();
    },
    get viewportSize() {
      return host.scroller()?.clientHeight ?? 0;
    },
    getVisibleRange: reporting.getVisibleRange,
    wasSeen: seen.wasSeen,
    get newestSeenId() {
      return seen.newestSeenKey;
    },
    get unseenCount() {
      return seen.getUnseenCount(host.messages().length);
    },
    getScrollElement: () => host.scroller(),
    remeasure: host.remeasure,
    getSnapshot() {
      if (!host.isMounted() || host.scroller() === null) return null;
      const snapshot = host.getSnapshot();
      if (snapshot !== undefined) return snapshot;
      if (process.env.NODE_ENV !== 'production') warnOnce(SNAPSHOTS_MISSING, SNAPSHOTS_MISSING_KIND);
      return null;
    },
    get currentTurnId() {
      return reporting.currentTurnKey();
    },
    getState: host.listState.get,
    subscribe: host.listState.subscribe,
    scrollToTurn: (target, scrollOptions) =>
      openingWindow.resolveWhenLaidOut(() => {
        const turn = host.findTurnTarget(target);
        if (turn === null) return Promise.resolve(false);
        return commands.scrollToRowOffset(
          turn.index,
          turn.offset,
          toMotionBehavior(scrollOptions?.behavior ?? 'auto'),
          'handle',
        );
      }),
  };
  return handle;
};

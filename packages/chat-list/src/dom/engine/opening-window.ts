import { planOpeningWindow } from '../../core';
import type { ChatListBehaviorOptions } from '../types';
import type { KernelView } from './kernel-view';

/** What the opening window reads from the kernel, and the render it asks for. */
export interface OpeningWindowHost extends Pick<KernelView<unknown>, 'isMounted' | 'readMetrics'> {
  /** Whether the list has opened: its rows were rendered and the opening committed. */
  hasOpened: () => boolean;
  /** Where the first laid-out row starts (the row after the block), if there is one. */
  firstLaidOutStart: () => number | undefined;
  /** Renders the list again: the next render lays out every message. */
  requestRender: () => void;
}

/** What a render shows of its rows, as far as the opening window cares. */
export interface OpeningRows {
  messages: readonly unknown[];
  hasPrefix: boolean;
  hasSuffix: boolean;
  options: Pick<ChatListBehaviorOptions<never>, 'estimateSize' | 'getMessageKey' | 'initialAnchor' | 'initialSnapshot'>;
}

/**
 * The opening window (core `opening-window.ts`): the oldest messages of a long conversation that
 * TanStack does not lay out yet at its opening, stood in for by one block of their estimated
 * height, until a task after the first paint (or anything that needs them sooner). The commands
 * of the handle that arrive meanwhile wait, so that every message is a target when they run. It
 * owns how many messages are left out, whether their end was asked for, the frame and timer of
 * that end, and the waiting commands.
 */
export const createOpeningWindow = (host: OpeningWindowHost) => {
  let hiddenCount = 0;
  /** The next render lays out every message. */
  let isEndRequested = false;
  let frame = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let waitingCommands: Array<() => void> = [];

  /** Asks the next render to lay out every message; nothing when all are. */
  const end = () => {
    if (hiddenCount === 0 || isEndRequested) return;
    isEndRequested = true;
    host.requestRender();
  };

  /** Ends the window in a task after the first paint, unless something ends it before. */
  const scheduleEnd = () => {
    if (hiddenCount === 0 || frame !== 0 || timer !== undefined) return;
    if (typeof requestAnimationFrame === 'undefined') return end();
    // A timeout set in a frame's callback runs after that frame is painted.
    frame = requestAnimationFrame(() => {
      frame = 0;
      timer = setTimeout(() => {
        timer = undefined;
        end();
      });
    });
  };

  /**
   * Whether the block that stands for the messages the window leaves out is within a viewport of
   * the view: a viewport taller than the window's rows (a very tall window, tiny rows) would show
   * it blank until the window ends after the paint. Then it ends at once.
   */
  const isBlockInReach = () => {
    if (hiddenCount === 0 || isEndRequested || !host.hasOpened()) return false;
    const firstStart = host.firstLaidOutStart();
    const { scrollOffset, viewportSize } = host.readMetrics();
    return firstStart !== undefined && viewportSize > 0 && scrollOffset < firstStart + viewportSize;
  };

  /** Whether a command can run now: the list opened with every message laid out. An unmounted list runs it at once (it resolves false). */
  const canRunCommands = () => !host.isMounted() || (host.hasOpened() && hiddenCount === 0);

  /**
   * A command of the handle, run once the list has opened and TanStack lays out every message:
   * in an opening window it waits for the next render, which ends the window, so that its
   * target has a row.
   */
  const runWhenLaidOut = (command: () => void) => {
    if (canRunCommands()) return command();
    waitingCommands.push(command);
    end();
  };

  return {
    /** How many of the oldest messages the current render leaves out of TanStack's layout. */
    get hiddenCount() {
      return hiddenCount;
    },
    end,
    runWhenLaidOut,
    resolveWhenLaidOut: (command: () => Promise<boolean>): Promise<boolean> =>
      canRunCommands() ? command() : new Promise<boolean>((resolve) => runWhenLaidOut(() => resolve(command()))),
    /** A command that waits for the opening only, not for every message to be laid out. */
    waitForOpening(command: () => void) {
      waitingCommands.push(command);
    },

    /** Runs the commands that waited for the opening and for every message to be laid out, once they are (or the list unmounts). */
    runWaitingCommands() {
      if (!canRunCommands()) return;
      const waiting = waitingCommands;
      waitingCommands = [];
      for (const run of waiting) run();
    },

    /** After every render of a mounted list: ends the window now when its block is in reach, else after the paint. */
    afterRender() {
      if (isBlockInReach()) end();
      else scheduleEnd();
    },

    /** The list unmounts: no end is scheduled any more. */
    cancelEnd() {
      if (frame !== 0) cancelAnimationFrame(frame);
      clearTimeout(timer);
      frame = 0;
      timer = undefined;
    },

    /**
     * Plans how many of the oldest messages a render leaves out of TanStack's layout (core
     * `opening-window.ts`): some at the opening of a long conversation at its newest message, and
     * none from the render that was asked to lay out all, or whose rows change, on.
     */
    planHiddenCount(previous: OpeningRows | undefined, next: OpeningRows) {
      hiddenCount = planHiddenCountFor(previous, next);
    },
  };

  function planHiddenCountFor(previous: OpeningRows | undefined, next: OpeningRows): number {
    const { initialAnchor, initialSnapshot } = next.options;
    if (previous === undefined) {
      return planOpeningWindow({
        messageCount: next.messages.length,
        opensAtNewest: initialAnchor === undefined && initialSnapshot === undefined,
      });
    }
    const isSameRows =
      next.messages === previous.messages &&
      next.hasPrefix === previous.hasPrefix &&
      next.hasSuffix === previous.hasSuffix &&
      next.options.estimateSize === previous.options.estimateSize &&
      next.options.getMessageKey === previous.options.getMessageKey &&
      initialSnapshot === previous.options.initialSnapshot;
    if (hiddenCount > 0 && !isEndRequested && isSameRows) return hiddenCount;
    isEndRequested = false;
    return 0;
  }
};

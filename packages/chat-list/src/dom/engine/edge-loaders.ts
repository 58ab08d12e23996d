import {
  HISTORY_END_OFFSET_RULE,
  INITIAL_HISTORY_TRIGGER,
  NEWER_END_OFFSET_RULE,
  OLDER_END_OFFSET_RULE,
  isAtBottomEdge,
  isInHistoryZone,
  isInNewerZone,
  reduceHistoryTrigger,
  sanitizeNumber,
  type HistoryTriggerEvent,
  type HistoryTriggerState,
  type ScrollMetrics,
} from '../../core';
import type { ChatListBehaviorOptions, ChatListHandle } from '../types';
import type { KernelView } from './kernel-view';

type Loader<TMessage> = ChatListBehaviorOptions<TMessage>['onNewerEndReached'];

/** One edge's loader: the app's callback, its trigger, and a token for its latest request. */
interface EdgeLoader {
  /** The callback's name, for the error a failed load logs. */
  callback: 'onOlderEndReached' | 'onNewerEndReached';
  loaderOf: <TMessage>(options: ChatListBehaviorOptions<TMessage>) => Loader<TMessage>;
  trigger: HistoryTriggerState;
  /** Counts the calls; unmounting moves it on, so no earlier request settles anything. */
  request: number;
}

const createEdgeLoader = (callback: EdgeLoader['callback'], loaderOf: EdgeLoader['loaderOf']): EdgeLoader => ({
  callback,
  loaderOf,
  trigger: INITIAL_HISTORY_TRIGGER,
  request: 0,
});

/** `onOlderEndReached`, or its deprecated name `onHistoryEndReached` (the new name wins when both are given). */
const olderLoaderOf = <TMessage>(options: ChatListBehaviorOptions<TMessage>): Loader<TMessage> =>
  options.onOlderEndReached ?? options.onHistoryEndReached;

/** `olderEndOffset`, or its deprecated name `historyEndOffset`. */
const olderEndOffsetOf = <TMessage>(options: ChatListBehaviorOptions<TMessage>): number =>
  options.olderEndOffset !== undefined
    ? sanitizeNumber(options.olderEndOffset, OLDER_END_OFFSET_RULE)
    : sanitizeNumber(options.historyEndOffset, HISTORY_END_OFFSET_RULE);

/** What the loaders read from the kernel. */
export interface EdgeLoadersHost<TMessage> extends Pick<KernelView<TMessage>, 'options' | 'scroller' | 'isMounted'> {
  /** What the app's loader is called with. */
  handle: ChatListHandle<TMessage>;
  /** A page started or stopped loading at either end (`isLoading` changed). */
  onLoadingChange: () => void;
}

/** The rows at the ends that are not messages, whose height the zones leave out. */
export interface EdgeRows {
  prefixSize: number;
  suffixSize: number;
}

/**
 * Loading both ways: `onOlderEndReached` near the top and `onNewerEndReached` near the bottom,
 * each called once per visit of its zone and not again while its page loads (core
 * `history-trigger.ts` decides, as data), and `aria-busy` on the scroller while one loads.
 */
export const createEdgeLoaders = <TMessage>(host: EdgeLoadersHost<TMessage>) => {
  const older = createEdgeLoader('onOlderEndReached', olderLoaderOf);
  const newer = createEdgeLoader('onNewerEndReached', (options) => options.onNewerEndReached);
  /** Whether the list set `aria-busy` on the scroller (a page is loading). */
  let isBusyShown = false;

  /**
   * Calls an edge's loader. Only the latest request of a mounted list may settle the trigger:
   * one that settles after an unmount (or a remount that asked again, as <Activity> does) must
   * not unlock a second call while the newer one is pending.
   */
  const requestMore = (loader: EdgeLoader) => {
    const request = ++loader.request;
    const isCurrent = () => host.isMounted() && request === loader.request;
    const settle = () => {
      if (isCurrent()) dispatch(loader, 'request-settled');
    };
    const report = (error: unknown) => console.error(`[@chat-list/react] ${loader.callback} failed:`, error);
    try {
      const pending = loader.loaderOf(host.options())?.(host.handle) as Promise<unknown> | undefined;
      if (pending && typeof pending.then === 'function') {
        pending.then(settle, (error: unknown) => {
          // Aborting the load on unmount is the usual pattern; only the current request reports it.
          if (isCurrent()) report(error);
          settle();
        });
        return;
      }
    } catch (error) {
      report(error);
    }
    settle();
  };

  const dispatch = (loader: EdgeLoader, event: HistoryTriggerEvent) => {
    const wasPending = loader.trigger.isPending;
    const transition = reduceHistoryTrigger(loader.trigger, event);
    loader.trigger = transition.state;
    if (transition.shouldRequestHistory) requestMore(loader);
    syncBusy();
    if (loader.trigger.isPending !== wasPending) host.onLoadingChange();
  };

  /**
   * `aria-busy` on the scroller while a page of older or newer messages is loading: the feed
   * pattern's signal to assistive technology that its articles are about to change.
   */
  const syncBusy = () => {
    const scroller = host.scroller();
    const isLoading = older.trigger.isPending || newer.trigger.isPending;
    // Only what the list set is taken back: an `aria-busy` of the app's stays until a load ends.
    if (scroller === null || isLoading === isBusyShown) return;
    isBusyShown = isLoading;
    if (isLoading) scroller.setAttribute('aria-busy', 'true');
    else scroller.removeAttribute('aria-busy');
  };

  return {
    /** Whether the promise of the app's loader at that end is pending. */
    isLoading: (edge: 'older' | 'newer') => (edge === 'older' ? older : newer).trigger.isPending,
    /** The edges were read: each loader learns whether the list is in its zone (and may call the app). */
    readZones(metrics: ScrollMetrics, rows: () => EdgeRows) {
      const options = host.options();
      const { prefixSize, suffixSize } = rows();
      const isInOlderZone = isInHistoryZone({
        ...metrics,
        isAtBottom: isAtBottomEdge(metrics),
        olderEndOffset: olderEndOffsetOf(options),
        hasOlder: options.hasOlder !== false,
        prefixSize,
      });
      dispatch(older, isInOlderZone ? 'in-zone' : 'out-of-zone');
      const isInNewerZoneNow = isInNewerZone({
        ...metrics,
        hasNewer: options.hasNewer === true && options.onNewerEndReached !== undefined,
        newerEndOffset: sanitizeNumber(options.newerEndOffset, NEWER_END_OFFSET_RULE),
        suffixSize,
      });
      dispatch(newer, isInNewerZoneNow ? 'in-zone' : 'out-of-zone');
    },
    /** A page arrived at that end: its loader may be called again once the list leaves and re-enters its zone. */
    messagesLoaded(edge: 'older' | 'newer') {
      dispatch(edge === 'older' ? older : newer, 'messages-loaded');
    },
    /** A new conversation: both loaders start over. */
    reopen() {
      const wasLoading = older.trigger.isPending || newer.trigger.isPending;
      older.trigger = INITIAL_HISTORY_TRIGGER;
      newer.trigger = INITIAL_HISTORY_TRIGGER;
      syncBusy();
      if (wasLoading) host.onLoadingChange();
    },
    /** The list unmounted: no request made before settles anything. */
    unmount() {
      older.request++;
      newer.request++;
    },
  };
};

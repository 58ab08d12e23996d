import type { GroupKey, MessageKey } from '../../core';
import type { ChatListBehaviorOptions } from '../types';

/** The inputs of one render, handed over by the hook before TanStack lays it out. */
export interface RenderInputs<TMessage> {
  options: ChatListBehaviorOptions<TMessage>;
  messages: readonly TMessage[];
  /** The key of `messages[index]`, with a fallback for a missing key. */
  getKeyAt: (index: number) => MessageKey;
  hasPrefix: boolean;
  hasSuffix: boolean;
  /** The group key of `messages[index]` (`getGroupKey`, checked); always undefined without groups. */
  getGroupKeyAt: (index: number) => GroupKey | undefined;
  /**
   * Renders the list again (the hook's state setter): the engine ends its opening window with it.
   * `isNow`: before it returns (`flushSync`), for a feature's change that must show in the frame
   * that scrolled.
   */
  requestRender: (isNow?: boolean) => void;
}

/** A render's inputs as the engine lays them out: where its first message is among TanStack's rows (core `rows.ts`). */
export interface LaidOutInputs<TMessage> extends RenderInputs<TMessage> {
  firstMessageRow: number;
}

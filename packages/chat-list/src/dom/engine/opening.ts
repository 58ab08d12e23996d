import { findKey } from '../../core';
import { warnOnce } from '../dev-warnings';
import type { FeatureOpening, TurnTarget } from '../features';
import type { Commands } from './commands';
import type { KernelView } from './kernel-view';

declare const process: { env: { NODE_ENV?: string } };

/** What the opening reads from the kernel, and the commands it starts. */
export interface OpeningHost<TMessage> extends Pick<KernelView<TMessage>, 'options' | 'messages' | 'getKeyAt'> {
  /** Where a feature opens the conversation (a snapshot's row), or null. */
  findOpening: () => FeatureOpening | null;
  /** The newest message the reader had seen where a feature reopens is seen again. */
  restoreNewestSeen: (index: number) => void;
  findLastTurn: () => TurnTarget | null;
  /** The commands module: the opening is a command like any other. */
  commands: Pick<Commands, 'start' | 'scrollToBottom' | 'scrollToRowOffset' | 'aimAtMessage'>;
}

/**
 * Where a new conversation opens: where a feature says (a snapshot's row), at a message
 * (`initialAnchor`), at the last turn's start (`initialAnchor: 'last-turn'`), or at its newest
 * message. The opening is a command like any other. Owns nothing.
 */
export const createOpening = <TMessage>(host: OpeningHost<TMessage>) => {
  /**
   * `initialAnchor: 'last-turn'`: the last turn's first message at the top; a turn
   * shorter than the viewport cannot scroll there, and the browser's clamp lands it at the
   * bottom, which is where such a transcript opens. Without a turn, at the bottom.
   */
  const openAtLastTurn = () => {
    const turn = host.findLastTurn();
    return turn === null
      ? host.commands.scrollToBottom('auto', 'opening')
      : host.commands.scrollToRowOffset(turn.index, turn.offset, 'auto', 'opening');
  };

  /**
   * Opens a new conversation (SPEC §2.5, §2.9): at `initialAnchor`'s message when it is among
   * the messages, else at the newest one. An opening at a message is not at the bottom, so
   * newer messages follow by the policy's rule for a reader who scrolled up.
   */
  const openConversation = (): Promise<boolean> => {
    const opening = host.findOpening();
    if (opening !== null) {
      if (opening.newestSeenIndex !== -1) host.restoreNewestSeen(opening.newestSeenIndex);
      const { at } = opening;
      return at === 'bottom'
        ? host.commands.scrollToBottom('auto', 'opening')
        : host.commands.scrollToRowOffset(at.index, at.offset, 'auto', 'opening');
    }
    const anchor = host.options().initialAnchor;
    if (anchor === 'last-turn') return openAtLastTurn();
    const getKeyAt = host.getKeyAt;
    const { length } = host.messages();
    const index = anchor === undefined || length === 0 ? -1 : findKey(anchor.id, getKeyAt, 0, length - 1);
    if (index === -1) {
      if (process.env.NODE_ENV !== 'production' && anchor !== undefined) {
        warnOnce(() => `initialAnchor: no message has the key ${JSON.stringify(anchor.id)}; opening at the bottom.`);
      }
      return host.commands.scrollToBottom('auto', 'opening');
    }
    const align = anchor?.align ?? 'start';
    const target = { kind: 'index', index, align } as const;
    return host.commands.start(target, 'auto', 'opening', () => host.commands.aimAtMessage(target, 'auto'));
  };

  return { openConversation };
};

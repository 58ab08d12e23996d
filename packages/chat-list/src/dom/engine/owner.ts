import {
  READER,
  reduceScrollOwner,
  type ScrollCommand,
  type ScrollOwner,
  type ScrollOwnerEffect,
  type ScrollOwnerEvent,
} from '../../core';
import { isTracing, traceOwnerChange } from '../engine-trace';

/** What the owner asks of the kernel: its effects carried out, and what follows a command's end. */
export interface OwnerHost {
  /** Carries out one effect of a transition (core `scroll-owner.ts` returns them as data). */
  applyEffect: (effect: ScrollOwnerEffect) => void;
  /** The pin became the owner (from the reader or a command). */
  onPinned: () => void;
  /** A command stopped owning the position (landed, abandoned, superseded by the reader or the pin). */
  onCommandEnded: (command: ScrollCommand) => void;
}

/**
 * The owner of the scroll position: exactly one party at a time (the reader, a command, or the
 * pin), changed only through `dispatch`, which runs core's `reduceScrollOwner` and carries out
 * the effects it returns. It owns the owner and whether the follow policy pins a growing list.
 */
export const createOwner = (host: OwnerHost) => {
  let current: ScrollOwner = READER;
  /** Whether the follow policy holds a list at the bottom while it grows, as of the last render. */
  let pinsWhileGrowing = true;

  const dispatch = (event: ScrollOwnerEvent) => {
    const previous = current;
    const transition = reduceScrollOwner(current, event, { pinsWhileGrowing });
    current = transition.owner;
    if (isTracing) traceOwnerChange(event.type, previous, current);
    for (const effect of transition.effects) host.applyEffect(effect);
    // An effect may have dispatched again: `current` is the owner after all of them.
    if (previous.kind === 'command' && current.kind !== 'command') host.onCommandEnded(previous.command);
    if (previous.kind !== 'pinned-to-bottom' && current.kind === 'pinned-to-bottom') host.onPinned();
  };

  return {
    /** Who owns the scroll position now. */
    get current() {
      return current;
    },
    get pinsWhileGrowing() {
      return pinsWhileGrowing;
    },
    dispatch,
    /**
     * A render: the follow policy may have changed whether it pins a growing list (`follow`,
     * `hasNewer`); the owner learns it with whether the list is at the bottom now.
     */
    syncPolicy(pins: boolean, isAtBottom: () => boolean) {
      if (pins === pinsWhileGrowing) return;
      pinsWhileGrowing = pins;
      dispatch({ type: 'policy-changed', isAtBottom: isAtBottom() });
    },
  };
};

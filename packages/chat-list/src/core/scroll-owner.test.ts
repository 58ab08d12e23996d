import { describe, expect, it } from 'vitest';
import {
  COMMAND_TIMEOUT_MS,
  READER,
  isHeadingForBottom,
  reduceScrollOwner,
  type ScrollCommand,
  type ScrollOwner,
  type ScrollOwnerContext,
  type ScrollOwnerEvent,
  type ScrollTarget,
} from './scroll-owner';

const PINS: ScrollOwnerContext = { pinsWhileGrowing: true };
const NEVER_PINS: ScrollOwnerContext = { pinsWhileGrowing: false };
const PINNED: ScrollOwner = { kind: 'pinned-to-bottom' };

const command = (target: ScrollTarget, overrides: Partial<ScrollCommand> = {}): ScrollCommand => ({
  target,
  behavior: 'auto',
  reason: 'handle',
  startedAt: 0,
  landedFrames: 0,
  lastOffset: NaN,
  ...overrides,
});
const commanding = (target: ScrollTarget, overrides: Partial<ScrollCommand> = {}): ScrollOwner => ({
  kind: 'command',
  command: command(target, overrides),
});
const BOTTOM: ScrollTarget = { kind: 'bottom' };
const INDEX: ScrollTarget = { kind: 'index', index: 5, align: 'start' };

/** Runs events from `owner`, collecting every effect in order. */
const run = (owner: ScrollOwner, events: ScrollOwnerEvent[], context = PINS) =>
  events.reduce(
    (state, event) => {
      const transition = reduceScrollOwner(state.owner, event, context);
      return { owner: transition.owner, effects: [...state.effects, ...transition.effects] };
    },
    { owner, effects: [] as ReturnType<typeof reduceScrollOwner>['effects'] },
  );

describe('the reader and the pin', () => {
  it('pins a list the reader brought to the bottom when the policy pins while growing', () => {
    expect(run(READER, [{ type: 'edges-read', isAtBottom: true, isOwnWrite: false }]).owner).toEqual(PINNED);
  });

  it("leaves the reader in charge at the bottom when the policy does not pin ('never')", () => {
    expect(run(READER, [{ type: 'edges-read', isAtBottom: true, isOwnWrite: false }], NEVER_PINS).owner).toBe(READER);
  });

  it('lets go of the bottom when a scroll none of our writes explains leaves it', () => {
    expect(run(PINNED, [{ type: 'edges-read', isAtBottom: false, isOwnWrite: false }]).owner).toBe(READER);
  });

  it('stays pinned when the edges are read off the bottom after our own write (content grew before the pin)', () => {
    expect(run(PINNED, [{ type: 'edges-read', isAtBottom: false, isOwnWrite: true }]).owner).toEqual(PINNED);
  });

  it('stays pinned on reader intent alone: a wheel down at the bottom sends no scroll event', () => {
    expect(run(PINNED, [{ type: 'reader-intent', isAtBottom: true }]).owner).toEqual(PINNED);
  });

  it('lets go when newer messages arrive that the policy does not follow', () => {
    expect(run(PINNED, [{ type: 'follow-declined' }]).owner).toBe(READER);
    expect(run(READER, [{ type: 'follow-declined' }]).owner).toBe(READER);
  });

  it('lets go when the policy stops pinning, and pins at the bottom when it starts', () => {
    expect(run(PINNED, [{ type: 'policy-changed', isAtBottom: true }], NEVER_PINS).owner).toBe(READER);
    expect(run(READER, [{ type: 'policy-changed', isAtBottom: true }], PINS).owner).toEqual(PINNED);
    expect(run(READER, [{ type: 'policy-changed', isAtBottom: false }], PINS).owner).toBe(READER);
  });
});

describe('commands', () => {
  it('take over from the pin, so a re-render before the scroll event cannot pull the list back (issue #19)', () => {
    const { owner } = run(PINNED, [{ type: 'command-started', command: command(INDEX) }]);
    expect(owner.kind).toBe('command');
    // The stale at-bottom edge read of that re-render changes nothing while the command owns the list.
    expect(run(owner, [{ type: 'edges-read', isAtBottom: true, isOwnWrite: true }]).owner).toBe(owner);
  });

  it('settle the command they supersede as not landed', () => {
    const { owner, effects } = run(commanding(INDEX), [{ type: 'command-started', command: command(BOTTOM) }]);
    expect(effects).toEqual([{ type: 'settle-command', landed: false }]);
    expect(isHeadingForBottom(owner)).toBe(true);
  });

  it('land after two still frames on target, then rest pinned at the bottom or with the reader elsewhere', () => {
    const frame = (offset: number, now = 10): ScrollOwnerEvent => ({
      type: 'command-frame',
      offset,
      isOnTarget: true,
      now,
    });
    const toBottom = run(commanding(BOTTOM), [frame(500), frame(500), frame(500)]);
    expect(toBottom.owner).toEqual(PINNED);
    expect(toBottom.effects.filter((effect) => effect.type === 'settle-command')).toEqual([
      { type: 'settle-command', landed: true },
    ]);
    expect(run(commanding(BOTTOM), [frame(500), frame(500), frame(500)], NEVER_PINS).owner).toBe(READER);
    expect(run(commanding(INDEX), [frame(500), frame(500), frame(500)]).owner).toBe(READER);
  });

  it('do not count a frame that moved as landed', () => {
    const { owner } = run(commanding(INDEX), [
      { type: 'command-frame', offset: 100, isOnTarget: true, now: 1 },
      { type: 'command-frame', offset: 200, isOnTarget: true, now: 2 },
    ]);
    expect(owner.kind === 'command' && owner.command.landedFrames).toBe(0);
  });

  it('correct an instant bottom command that is off target, but leave index commands to the virtualizer', () => {
    const offTarget: ScrollOwnerEvent = { type: 'command-frame', offset: 100, isOnTarget: false, now: 1 };
    expect(run(commanding(BOTTOM), [offTarget]).effects).toContainEqual({ type: 'correct-command' });
    expect(run(commanding(BOTTOM, { behavior: 'smooth' }), [offTarget]).effects).not.toContainEqual({
      type: 'correct-command',
    });
    expect(run(commanding(INDEX), [offTarget]).effects).toEqual([{ type: 'watch-next-frame' }]);
    // A message held at an offset (a restored snapshot) is ours to aim at: TanStack cannot.
    expect(run(commanding({ ...INDEX, offset: -40 }), [offTarget]).effects).toContainEqual({ type: 'correct-command' });
  });

  it('correct an instant command at once when rows measured between frames moved its target, and nothing else', () => {
    const moved: ScrollOwnerEvent = { type: 'layout-changed', offset: 100, isOnTarget: false };
    const bottom = run(commanding(BOTTOM), [moved]);
    expect(bottom.effects).toEqual([{ type: 'correct-command' }]);
    expect(bottom.owner).toEqual(commanding(BOTTOM));
    expect(run(commanding(BOTTOM), [{ type: 'layout-changed', offset: 100, isOnTarget: true }]).effects).toEqual([]);
    expect(run(commanding(BOTTOM, { behavior: 'smooth' }), [moved]).effects).toEqual([]);
    // Between frames the virtualizer's own reconcile of an index would come only after the paint.
    expect(run(commanding(INDEX), [moved]).effects).toEqual([{ type: 'correct-command' }]);
    expect(run(commanding(INDEX, { behavior: 'smooth' }), [moved]).effects).toEqual([]);
    expect(run(commanding({ ...INDEX, offset: -40 }), [moved]).effects).toEqual([{ type: 'correct-command' }]);
    expect(run(PINNED, [moved])).toEqual({ owner: PINNED, effects: [] });
    expect(run(READER, [moved])).toEqual({ owner: READER, effects: [] });
  });

  it('yield when rows are measured after code moved the list up under an instant bottom command, rather than correct it', () => {
    const { owner, effects } = run(commanding(BOTTOM, { lastOffset: 900 }), [
      { type: 'layout-changed', offset: 0, isOnTarget: false },
    ]);
    expect(owner).toBe(READER);
    expect(effects).not.toContainEqual({ type: 'correct-command' });
    expect(effects).toContainEqual({ type: 'settle-command', landed: false });
  });

  it('yield when the list moves up under an instant bottom command (a scrollbar drag, code setting scrollTop)', () => {
    const { owner, effects } = run(commanding(BOTTOM, { lastOffset: 900 }), [
      { type: 'command-frame', offset: 100, isOnTarget: false, now: 1 },
    ]);
    expect(owner).toBe(READER);
    expect(effects).toEqual([{ type: 'cancel-scroll' }, { type: 'settle-command', landed: false }]);
  });

  it('keep an instant bottom command clamped at a shorter bottom whose content then grows back a little', () => {
    // Rows measured shorter: the browser clamped the command from 238 to 198, on target. Content
    // that grows back 4 px before the next frame leaves it off target, where it was clamped.
    const { owner, effects } = run(commanding(BOTTOM, { lastOffset: 238 }), [
      { type: 'layout-changed', offset: 198, isOnTarget: true },
      { type: 'layout-changed', offset: 198, isOnTarget: false },
      { type: 'command-frame', offset: 198, isOnTarget: false, now: 1 },
    ]);
    expect(owner.kind).toBe('command');
    expect(effects).toContainEqual({ type: 'correct-command' });
    expect(effects).not.toContainEqual({ type: 'settle-command', landed: false });
  });

  it('keep an instant bottom command that moved up only because the browser clamped it at a shorter bottom', () => {
    const { owner, effects } = run(commanding(BOTTOM, { lastOffset: 238 }), [
      { type: 'command-frame', offset: 198, isOnTarget: true, now: 1, isAtBottom: true },
      { type: 'command-frame', offset: 198, isOnTarget: true, now: 2, isAtBottom: true },
      { type: 'command-frame', offset: 198, isOnTarget: true, now: 3, isAtBottom: true },
    ]);
    expect(owner).toEqual(PINNED);
    expect(effects).toContainEqual({ type: 'settle-command', landed: true });
    expect(effects).not.toContainEqual({ type: 'cancel-scroll' });
  });

  it('are abandoned on reader intent or a raw move, stopping the virtualizer and settling false', () => {
    for (const event of [{ type: 'reader-intent', isAtBottom: false }, { type: 'raw-move' }] as const) {
      const { owner, effects } = run(commanding(INDEX), [event]);
      expect(owner).toBe(READER);
      expect(effects).toEqual([{ type: 'cancel-scroll' }, { type: 'settle-command', landed: false }]);
    }
  });

  it('leave a list at the bottom pinned when the reader takes it there, as a pinned list stays until their scroll', () => {
    const atBottom = { type: 'reader-intent', isAtBottom: true } as const;
    const { owner, effects } = run(commanding(INDEX), [atBottom]);
    expect(owner).toEqual(PINNED);
    expect(effects).toEqual([{ type: 'cancel-scroll' }, { type: 'settle-command', landed: false }]);
    // A policy that does not pin leaves it to the reader.
    expect(run(commanding(INDEX), [atBottom], { pinsWhileGrowing: false }).owner).toBe(READER);
    // Their scroll away then lets go, as for any pinned list.
    expect(run(commanding(INDEX), [atBottom, { type: 'edges-read', isAtBottom: false, isOwnWrite: false }]).owner).toBe(
      READER,
    );
  });

  it('are abandoned when their message is gone, settling false; nothing else moves for it', () => {
    const { owner, effects } = run(commanding(INDEX), [{ type: 'target-gone' }]);
    expect(owner).toBe(READER);
    expect(effects).toEqual([{ type: 'cancel-scroll' }, { type: 'settle-command', landed: false }]);
    expect(run(PINNED, [{ type: 'target-gone' }])).toEqual({ owner: PINNED, effects: [] });
  });

  it('give up after the timeout, settling by whether the target is reached', () => {
    const late = COMMAND_TIMEOUT_MS + 1;
    expect(run(commanding(INDEX), [{ type: 'command-frame', offset: 1, isOnTarget: true, now: late }]).effects).toEqual(
      [{ type: 'settle-command', landed: true }],
    );
    const missed = run(commanding(BOTTOM), [{ type: 'command-frame', offset: 1, isOnTarget: false, now: late }]);
    expect(missed.effects).toEqual([{ type: 'settle-command', landed: false }]);
    expect(missed.owner).toBe(READER);
  });

  it('record where a correction left the list, so moving up from there is told apart', () => {
    const { owner } = run(commanding(BOTTOM), [{ type: 'command-corrected', offset: 640 }]);
    expect(owner.kind === 'command' && owner.command.lastOffset).toBe(640);
  });

  it('settle false on unmount', () => {
    expect(run(commanding(INDEX), [{ type: 'unmounted' }])).toEqual({
      owner: READER,
      effects: [{ type: 'settle-command', landed: false }],
    });
  });
});

describe('a command that lands at the bottom edge, whatever its target', () => {
  it('rests pinned when the list is at the bottom (an index at the end, or content that fits), as a reader there would', () => {
    const landed = run(commanding(INDEX), [
      { type: 'command-frame', offset: 0, isOnTarget: true, now: 1, isAtBottom: true },
      { type: 'command-frame', offset: 0, isOnTarget: true, now: 2, isAtBottom: true },
      { type: 'command-frame', offset: 0, isOnTarget: true, now: 3, isAtBottom: true },
    ]);
    expect(landed.owner).toEqual({ kind: 'pinned-to-bottom' });
  });

  it('rests with the reader elsewhere', () => {
    const landed = run(commanding(INDEX), [
      { type: 'command-frame', offset: 100, isOnTarget: true, now: 1, isAtBottom: false },
      { type: 'command-frame', offset: 100, isOnTarget: true, now: 2, isAtBottom: false },
      { type: 'command-frame', offset: 100, isOnTarget: true, now: 3, isAtBottom: false },
    ]);
    expect(landed.owner).toEqual({ kind: 'reader' });
  });
});

import { describe, expect, it, vi } from 'vitest';
import {
  decideFollow,
  followAlways,
  followAtBottom,
  followNever,
  followWhen,
  isPinnedWhileGrowing,
  isValidFollow,
  resolveFollowPolicy,
  resolveIsSent,
  type FollowBehavior,
  type FollowContext,
  type FollowMode,
  type FollowPolicy,
} from './follow-policy';

interface Message {
  id: string;
  role: 'user' | 'assistant' | 'system';
}

const handle = { name: 'handle' } as const;
type Handle = typeof handle;

const isAssistant = (message: Message) => message.role === 'assistant';
const userMessages: Message[] = [{ id: 'u1', role: 'user' }];
const assistantMessages: Message[] = [{ id: 'a1', role: 'assistant' }];
const mixedMessages: Message[] = [
  { id: 'u2', role: 'user' },
  { id: 'a2', role: 'assistant' },
];

function context(wasAtBottom: boolean, newMessages: readonly Message[]): FollowContext<Message, Handle> {
  return { wasAtBottom, newMessages, handle };
}

function decideMode(mode: FollowMode, wasAtBottom: boolean, newMessages: readonly Message[]): false | FollowBehavior {
  return decideFollow(resolveFollowPolicy<Message, Handle>(mode, isAssistant), context(wasAtBottom, newMessages));
}

describe('named follow modes through resolveFollowPolicy + decideFollow', () => {
  const cases: Array<[FollowMode, boolean, 'user' | 'assistant' | 'mixed', false | FollowBehavior]> = [
    ['always', true, 'user', 'auto'],
    ['always', true, 'assistant', 'auto'],
    ['always', false, 'user', 'auto'],
    ['always', false, 'assistant', 'auto'],
    ['never', true, 'user', false],
    ['never', true, 'assistant', false],
    ['never', false, 'user', false],
    ['never', false, 'assistant', false],
    ['at-bottom', true, 'user', 'auto'],
    ['at-bottom', true, 'assistant', 'auto'],
    ['at-bottom', false, 'user', false],
    ['at-bottom', false, 'assistant', false],
    ['only-received', true, 'user', 'auto'],
    ['only-received', true, 'assistant', 'auto'],
    ['only-received', false, 'user', false],
    ['only-received', false, 'assistant', 'auto'],
    ['only-received', false, 'mixed', 'auto'],
  ];
  const batches = { user: userMessages, assistant: assistantMessages, mixed: mixedMessages };

  it.each(cases)('%s, wasAtBottom=%s, new %s message(s) → %s', (mode, wasAtBottom, batch, expected) => {
    expect(decideMode(mode, wasAtBottom, batches[batch])).toBe(expected);
  });

  it('maps the named modes to the exported policies', () => {
    expect(resolveFollowPolicy<Message, Handle>('always', isAssistant)).toBe(followAlways);
    expect(resolveFollowPolicy<Message, Handle>('never', isAssistant)).toBe(followNever);
    expect(resolveFollowPolicy<Message, Handle>('at-bottom', isAssistant)).toBe(followAtBottom);
  });

  it("'never' stays put even at the bottom", () => {
    expect(decideMode('never', true, assistantMessages)).toBe(false);
  });
});

describe("'only-received' with a custom isReceived", () => {
  it('follows when any new message satisfies the custom predicate', () => {
    const isSystem = vi.fn((message: Message) => message.role === 'system');
    const policy = resolveFollowPolicy<Message, Handle>('only-received', isSystem);
    const batch: Message[] = [
      { id: 'u', role: 'user' },
      { id: 's', role: 'system' },
    ];
    expect(decideFollow(policy, context(false, batch))).toBe('auto');
    expect(isSystem).toHaveBeenCalled();
  });

  it('does not follow an assistant message when the custom predicate rejects it and the list was not at the bottom', () => {
    const policy = resolveFollowPolicy<Message, Handle>('only-received', (message) => message.role === 'system');
    expect(decideFollow(policy, context(false, assistantMessages))).toBe(false);
  });

  it('still follows as at-bottom when nothing is received but the list was at the bottom', () => {
    const policy = resolveFollowPolicy<Message, Handle>('only-received', () => false);
    expect(decideFollow(policy, context(true, userMessages))).toBe('auto');
  });

  it('does not follow an empty batch when not at the bottom', () => {
    const policy = resolveFollowPolicy<Message, Handle>('only-received', () => true);
    expect(decideFollow(policy, context(false, []))).toBe(false);
  });
});

describe('custom FollowPolicy functions', () => {
  it('is returned as is by resolveFollowPolicy', () => {
    const policy: FollowPolicy<Message, Handle> = () => 'smooth';
    expect(resolveFollowPolicy(policy, isAssistant)).toBe(policy);
  });

  it.each<[boolean | FollowBehavior, false | FollowBehavior]>([
    [true, 'auto'],
    [false, false],
    ['auto', 'auto'],
    ['smooth', 'smooth'],
  ])('an answer of %s is normalised by decideFollow to %s', (answer, expected) => {
    expect(decideFollow<Message, Handle>(() => answer, context(false, userMessages))).toBe(expected);
  });

  it('treats an unexpected answer from untyped JavaScript as stay', () => {
    const sloppy = (() => undefined) as unknown as FollowPolicy<Message, Handle>;
    expect(decideFollow(sloppy, context(true, userMessages))).toBe(false);
    const wrongString = (() => 'instant') as unknown as FollowPolicy<Message, Handle>;
    expect(decideFollow(wrongString, context(true, userMessages))).toBe(false);
  });

  it('receives wasAtBottom, the new messages and the handle', () => {
    const policy = vi.fn<FollowPolicy<Message, Handle>>(() => false);
    const ctx = context(true, mixedMessages);
    decideFollow(policy, ctx);
    expect(policy).toHaveBeenCalledTimes(1);
    expect(policy).toHaveBeenCalledWith({ wasAtBottom: true, newMessages: mixedMessages, handle });
  });
});

describe('followWhen', () => {
  it('follows when the predicate holds although the list was not at the bottom', () => {
    const policy = followWhen<Message>(({ newMessages }) => newMessages.length > 1);
    expect(decideFollow(policy, context(false, mixedMessages))).toBe('auto');
  });

  it('stays when the predicate fails and the list was not at the bottom', () => {
    const policy = followWhen<Message>(({ newMessages }) => newMessages.length > 1);
    expect(decideFollow(policy, context(false, userMessages))).toBe(false);
  });

  it('follows as at-bottom when the predicate fails but the list was at the bottom', () => {
    const predicate = vi.fn(() => false);
    const policy = followWhen<Message>(predicate);
    expect(decideFollow(policy, context(true, userMessages))).toBe('auto');
  });
});

describe('the exported policies', () => {
  it('followAlways follows whether or not the list was at the bottom', () => {
    expect(decideFollow(followAlways, context(false, userMessages))).toBe('auto');
    expect(decideFollow(followAlways, context(true, userMessages))).toBe('auto');
  });

  it('followNever never follows', () => {
    expect(decideFollow(followNever, context(false, assistantMessages))).toBe(false);
    expect(decideFollow(followNever, context(true, assistantMessages))).toBe(false);
  });

  it('followAtBottom follows only from the bottom', () => {
    expect(decideFollow(followAtBottom, context(false, assistantMessages))).toBe(false);
    expect(decideFollow(followAtBottom, context(true, assistantMessages))).toBe('auto');
  });
});

describe('isPinnedWhileGrowing', () => {
  it.each<FollowMode>(['always', 'at-bottom', 'only-received'])('is true for %s', (mode) => {
    expect(isPinnedWhileGrowing(mode)).toBe(true);
  });

  it("is false for 'never'", () => {
    expect(isPinnedWhileGrowing('never')).toBe(false);
  });

  it('is false for followNever', () => {
    expect(isPinnedWhileGrowing(followNever)).toBe(false);
  });

  it('is true for the other exported policies and custom functions', () => {
    expect(isPinnedWhileGrowing(followAlways)).toBe(true);
    expect(isPinnedWhileGrowing(followAtBottom)).toBe(true);
    expect(isPinnedWhileGrowing(followWhen(() => false))).toBe(true);
    // A custom function that answers false for new messages still pins, unless it says otherwise.
    expect(isPinnedWhileGrowing(() => false)).toBe(true);
  });

  it("is false for a custom policy that declares pinWhileGrowing: false, as for 'never'", () => {
    const stayPut = Object.assign(() => false, { pinWhileGrowing: false });
    expect(isPinnedWhileGrowing(stayPut)).toBe(isPinnedWhileGrowing('never'));
    expect(isPinnedWhileGrowing(stayPut)).toBe(false);
  });

  it('is true for a custom policy that declares pinWhileGrowing: true', () => {
    expect(isPinnedWhileGrowing(Object.assign(() => false, { pinWhileGrowing: true }))).toBe(true);
  });
});

describe('a follow that is not a mode (plain JavaScript, a cast)', () => {
  it('is told apart from the modes and policy functions', () => {
    for (const follow of [undefined, 'always', 'never', 'at-bottom', 'only-received', followAtBottom, () => true]) {
      expect(isValidFollow(follow), String(follow)).toBe(true);
    }
    for (const follow of ['bottom', 'Always', '', null, 1, {}])
      expect(isValidFollow(follow), String(follow)).toBe(false);
  });

  it('follows as at-bottom, the default, instead of failing when messages arrive', () => {
    const policy = resolveFollowPolicy<Message, Handle>('bottom' as FollowMode, isAssistant);
    expect(policy).toBe(followAtBottom);
    expect(decideFollow(policy, context(true, userMessages))).toBe('auto');
    expect(decideFollow(policy, context(false, assistantMessages))).toBe(false);
  });
});

describe('messages the reader sent (followSentMessages)', () => {
  const systemMessages: Message[] = [{ id: 's1', role: 'system' }];
  const roleless = [{ id: 'n1' }] as unknown as Message[];
  const decideWithSent = (
    follow: FollowMode | FollowPolicy<Message, Handle>,
    wasAtBottom: boolean,
    newMessages: readonly Message[],
  ) =>
    decideFollow(
      resolveFollowPolicy<Message, Handle>(follow, isAssistant, resolveIsSent<Message>(true, undefined)),
      context(wasAtBottom, newMessages),
    );

  it('brings a reader who scrolled up to the bottom when they send, in at-bottom and only-received', () => {
    expect(decideWithSent('at-bottom', false, userMessages)).toBe('auto');
    expect(decideWithSent('at-bottom', false, mixedMessages)).toBe('auto');
    expect(decideWithSent('only-received', false, userMessages)).toBe('auto');
    // What others send still waits below a reader who scrolled up.
    expect(decideWithSent('at-bottom', false, assistantMessages)).toBe(false);
  });

  it("never moves a list whose follow is 'never', named or as followNever", () => {
    expect(decideWithSent('never', false, userMessages)).toBe(false);
    expect(decideWithSent('never', true, userMessages)).toBe(false);
    expect(decideWithSent(followNever, false, userMessages)).toBe(false);
  });

  it('by default reads a user message as sent, and a message without a role, or a system one, as neither', () => {
    expect(decideWithSent('at-bottom', false, systemMessages)).toBe(false);
    expect(decideWithSent('at-bottom', false, roleless)).toBe(false);
  });

  it("with the app's isReceived, reads every message it does not count as received as sent", () => {
    const isFromOthers = (message: Message) => message.id.startsWith('a');
    const isSent = resolveIsSent<Message>(undefined, isFromOthers);
    const policy = resolveFollowPolicy<Message, Handle>('at-bottom', isFromOthers, isSent);
    expect(decideFollow(policy, context(false, roleless))).toBe('auto');
    expect(decideFollow(policy, context(false, assistantMessages))).toBe(false);
  });

  it('is off with followSentMessages false: follow alone decides', () => {
    expect(resolveIsSent<Message>(false, undefined)).toBeUndefined();
    expect(resolveIsSent<Message>(false, isAssistant)).toBeUndefined();
    const policy = resolveFollowPolicy<Message, Handle>('at-bottom', isAssistant, undefined);
    expect(decideFollow(policy, context(false, userMessages))).toBe(false);
  });

  it("adds to a policy function: its own move wins (a 'smooth' stays smooth), and its pinWhileGrowing is kept", () => {
    const smoothForBatches = Object.assign(
      ({ newMessages }: FollowContext<Message, Handle>) => (newMessages.length > 1 ? ('smooth' as const) : false),
      { pinWhileGrowing: false },
    );
    expect(decideWithSent(smoothForBatches, false, mixedMessages)).toBe('smooth');
    expect(decideWithSent(smoothForBatches, false, userMessages)).toBe('auto');
    expect(decideWithSent(smoothForBatches, false, assistantMessages)).toBe(false);
    const resolved = resolveFollowPolicy<Message, Handle>(
      smoothForBatches,
      isAssistant,
      resolveIsSent<Message>(true, undefined),
    );
    expect(isPinnedWhileGrowing(resolved)).toBe(false);
    expect(isPinnedWhileGrowing(resolveFollowPolicy<Message, Handle>(followAtBottom, isAssistant, () => true))).toBe(
      true,
    );
  });
});

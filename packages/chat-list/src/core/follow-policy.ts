/** How a follow scroll moves: at once, or animated. */
export type FollowBehavior = 'auto' | 'smooth';

/** What a follow policy knows when newer messages have been committed. */
export interface FollowContext<TMessage, THandle = unknown> {
  /**
   * The list was at the bottom just before the messages arrived, or was on its
   * way there because of an earlier follow the reader did not interrupt.
   */
  wasAtBottom: boolean;
  /** The messages after the previously last one, oldest first. */
  newMessages: readonly TMessage[];
  /** The list's imperative handle. */
  handle: THandle;
}

/**
 * Decides what newer messages do to the scroll position: `false` stays put,
 * `true` or `'auto'` jumps to the bottom, `'smooth'` animates there.
 *
 * A policy may also say whether growth keeps a list at the bottom pinned there
 * (the last message streaming, a suffix appearing, an image loading):
 * `pinWhileGrowing: false` makes it behave like `'never'` for growth. Plain
 * functions pin, as every named mode but `'never'` does.
 */
export type FollowPolicy<TMessage = unknown, THandle = unknown> = ((
  context: FollowContext<TMessage, THandle>,
) => boolean | FollowBehavior) & {
  /**
   * Whether growth of the last message or the suffix keeps a list that is at the bottom pinned there.
   * @defaultValue `true`
   */
  readonly pinWhileGrowing?: boolean;
};

/** The named follow modes of the `follow` prop. */
export type FollowMode = 'always' | 'never' | 'at-bottom' | 'only-received';

/** Always scroll to the bottom when newer messages arrive. */
export const followAlways: FollowPolicy<unknown, unknown> = () => true;

/**
 * Never move: the offset stays as it was, even at the bottom. Also stops a
 * list at the bottom from being pinned there while its last message grows.
 */
export const followNever: FollowPolicy<unknown, unknown> = Object.assign(() => false, { pinWhileGrowing: false });

/** Scroll to the bottom only when the reader was at the bottom already. */
export const followAtBottom: FollowPolicy<unknown, unknown> = ({ wasAtBottom }) => wasAtBottom;

/**
 * Scroll to the bottom when `predicate` holds for the update; otherwise behave
 * as {@link followAtBottom}. `'only-received'` is
 * `followWhen(({ newMessages }) => newMessages.some(isReceived))`.
 */
export const followWhen = <TMessage, THandle = unknown>(
  predicate: (context: FollowContext<TMessage, THandle>) => boolean,
): FollowPolicy<TMessage, THandle> => {
  return (context) => context.wasAtBottom || predicate(context);
};

const FOLLOW_MODES: readonly string[] = ['always', 'never', 'at-bottom', 'only-received'] satisfies FollowMode[];

/**
 * Whether `follow` is a value the prop takes: a named mode or a policy function. Anything else
 * (`follow="bottom"`, from plain JavaScript or a cast) follows as the default, `'at-bottom'`.
 */
export const isValidFollow = (follow: unknown): follow is FollowMode | FollowPolicy<never, never> =>
  follow === undefined || typeof follow === 'function' || FOLLOW_MODES.includes(follow as string);

/** Which messages the list reads as received, when the app does not say: the assistant's. */
export const defaultIsReceived = (message: unknown): boolean =>
  (message as { role?: unknown } | null)?.role === 'assistant';

/** Which messages the list reads as sent by the reader, when the app does not say: the user's. */
const defaultIsSent = (message: unknown): boolean => (message as { role?: unknown } | null)?.role === 'user';

/**
 * Which newer messages the reader sent, for `followSentMessages`; undefined when sent messages
 * get no follow of their own. With the app's `isReceived`, a message it does not count as
 * received. With the default one, a message whose `role` is `'user'`: a message without a
 * `role` is neither received nor sent, so that a chat whose messages carry no role is not
 * pulled down by every message that arrives.
 */
export const resolveIsSent = <TMessage>(
  followSentMessages: boolean | undefined,
  isReceived: ((message: TMessage) => boolean) | undefined,
): ((message: TMessage) => boolean) | undefined => {
  if (followSentMessages === false) return undefined;
  return isReceived === undefined ? defaultIsSent : (message) => !isReceived(message);
};

/**
 * `policy`, and a scroll to the bottom whenever a newer message is one the reader sent (every
 * chat app brings your own message into view when you send it). The policy's own answer wins
 * when it moves; growth pins as the policy says.
 */
export const followSentMessages = <TMessage, THandle>(
  policy: FollowPolicy<TMessage, THandle>,
  isSent: (message: TMessage) => boolean,
): FollowPolicy<TMessage, THandle> => {
  const followed: FollowPolicy<TMessage, THandle> = (context) =>
    decideFollow(policy, context) || context.newMessages.some(isSent);
  return policy.pinWhileGrowing === undefined
    ? followed
    : Object.assign(followed, { pinWhileGrowing: policy.pinWhileGrowing });
};

/**
 * Turns the `follow` prop into one policy function. With `isSent`, messages the reader sent are
 * followed too, in every mode but `'never'` (which never moves).
 */
export const resolveFollowPolicy = <TMessage, THandle>(
  follow: FollowMode | FollowPolicy<TMessage, THandle>,
  isReceived: (message: TMessage) => boolean,
  isSent?: (message: TMessage) => boolean,
): FollowPolicy<TMessage, THandle> => {
  const policy =
    typeof follow === 'function'
      ? follow
      : follow === 'only-received'
        ? followWhen<TMessage, THandle>(({ newMessages }) => newMessages.some(isReceived))
        : (NAMED_POLICIES[follow] ?? followAtBottom);
  // `'never'` resolves to `followNever` too: neither moves for a sent message.
  return isSent === undefined || policy === followNever ? policy : followSentMessages(policy, isSent);
};

const NAMED_POLICIES: Record<Exclude<FollowMode, 'only-received'>, FollowPolicy<unknown, unknown>> = {
  always: followAlways,
  never: followNever,
  'at-bottom': followAtBottom,
};

/**
 * Whether a list at the bottom stays pinned there while its last row grows
 * (streaming, a suffix, an image): in every named mode but `'never'`,
 * including the default (`undefined`, which is `'at-bottom'`); a policy
 * function says so with its `pinWhileGrowing` (default `true`), so `'never'` and
 * a custom policy declaring `pinWhileGrowing: false` behave the same.
 */
export const isPinnedWhileGrowing = (follow: FollowMode | FollowPolicy<never, never> | undefined): boolean =>
  typeof follow === 'function' ? follow.pinWhileGrowing !== false : follow !== 'never';

/** Runs a policy and normalises its answer; `false` means stay. */
export const decideFollow = <TMessage, THandle>(
  policy: FollowPolicy<TMessage, THandle>,
  context: FollowContext<TMessage, THandle>,
): false | FollowBehavior => {
  const answer = policy(context);
  if (answer === true) return 'auto';
  if (answer === 'auto' || answer === 'smooth') return answer;
  return false;
};

import { followWhen as followWhenAnyHandle } from '../core';
import type { FollowContext, FollowPolicy } from './types';

/**
 * Scroll to the bottom when `predicate` holds for the update; otherwise behave as
 * `followAtBottom`. `'only-received'` is `followWhen(({ newMessages }) => newMessages.some(isReceived))`.
 * The context's `handle` is the list's, typed by the message type alone: `followWhen<Message>(…)`.
 */
export const followWhen: <TMessage>(
  predicate: (context: FollowContext<TMessage>) => boolean,
) => FollowPolicy<TMessage> = followWhenAnyHandle;

/** The playground's two conversations: A is the page's own (its seed), B a second one. */
export type ConversationId = 'A' | 'B';

export const CONVERSATIONS: readonly ConversationId[] = ['A', 'B'];

/** Messages in conversation B when it is first shown. */
export const CONVERSATION_B_COUNT = 200;

/**
 * The generator seed of a conversation, derived from the page's seed: A uses it as is,
 * B one far from it (the unread mode uses the next few seeds after the page's).
 */
export function conversationSeed(seed: number, conversation: ConversationId): number {
  return conversation === 'A' ? seed : (seed + 1_000_000_007) % 2 ** 31;
}

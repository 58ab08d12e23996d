import { createMessageGenerator, type ChatMessage } from '@chat-list/sample-data';

/** What a row shows. Only this crosses to the client: every prop of a client component is serialized into the page. */
export type Message = Pick<ChatMessage, 'id' | 'role' | 'name' | 'content'>;

export const CONVERSATION_SEED = 7;
export const CONVERSATION_LENGTH = 5000;

/** A stand-in for the database: the same conversation on every request, oldest message first. */
export function readConversation(): Message[] {
  return createMessageGenerator({ seed: CONVERSATION_SEED })
    .messages(CONVERSATION_LENGTH)
    .map(({ id, role, name, content }) => ({ id, role, name, content }));
}

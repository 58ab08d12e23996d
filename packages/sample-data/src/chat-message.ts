/**
 * Who wrote a {@link ChatMessage}.
 */
export type ChatRole = 'user' | 'assistant';

/**
 * One message of a chat, in the shape the chat-list components render.
 */
export type ChatMessage = {
  /** 10-character alphanumeric id, unique within the generator that made it. */
  id: string;
  /** Who wrote the message. */
  role: ChatRole;
  /** The message text: 1–10 sentences for users, exactly one for the assistant. */
  content: string;
  /** Display name of the author. */
  name: string;
  /** Image address of the author's picture (a `data:` URI by default). */
  userpic: string;
};

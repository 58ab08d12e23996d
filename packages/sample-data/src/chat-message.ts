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
  /**
   * The message text: 1–10 sentences for users; for the assistant exactly one
   * sentence, or Markdown with the `assistantReplies: 'markdown'` option.
   */
  content: string;
  /** Display name of the author. */
  name: string;
  /** Image address of the author's picture (a `data:` URI by default). */
  userpic: string;
  /**
   * When the message was sent, as an ISO 8601 string in UTC with milliseconds
   * (`'2026-11-20T09:14:03.000Z'`, what `Date.prototype.toISOString` gives),
   * like a server response; `new Date(createdAt)` reads it back. Strictly
   * increasing through a conversation, for day headers and times.
   *
   * Only with the `timestamps` option of `createMessageGenerator`; without
   * it the property is absent (not `undefined`).
   *
   * @defaultValue absent
   */
  createdAt?: string;
};

/**
 * A member of a generator's fixed cast of users (the `participants` option):
 * the name and picture every message by that participant carries.
 */
export type ChatParticipant = {
  /** Display name, unique within the cast. */
  readonly name: string;
  /** Image address of the participant's picture (a `data:` URI by default). */
  readonly userpic: string;
};

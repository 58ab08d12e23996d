import { createMessageGenerator, type ChatMessage } from '@chat-list/sample-data';

/** Messages in the fake server's conversation when it opens. */
export const UNREAD_TOTAL = 400;
/** How many of them, the newest, the reader has not read yet. */
export const UNREAD_COUNT = 60;
/** Messages loaded before the first unread when the conversation opens. */
export const WINDOW_BEFORE = 30;
/** Messages loaded from the first unread on (it included) when the conversation opens. */
export const WINDOW_AFTER = 30;
/** Size of a page of newer messages. */
export const NEWER_BATCH = 20;
/** Simulated response time of a page of newer messages, ms. */
export const NEWER_DELAY_MS = 600;

/** What the client holds: a run of the conversation's messages, and what lies beyond it. */
export interface UnreadWindow {
  messages: ChatMessage[];
  /** The server has messages older than the first one in `messages`. */
  hasOlder: boolean;
  /** The server has messages newer than the last one in `messages`. */
  hasNewer: boolean;
}

/**
 * A fake chat server holding one long conversation whose last {@link UNREAD_COUNT}
 * messages are unread. It also tracks which run of it the client has loaded, so that
 * pages extend that run without gaps or repeats whatever the client did meanwhile.
 */
export interface UnreadConversation {
  /** Id of the oldest unread message: where the conversation opens. */
  readonly firstUnreadId: string;
  /** The window around the first unread that the client opens with. */
  open(): UnreadWindow;
  /** The next (at most) `limit` messages before the loaded window, oldest first. */
  loadOlder(limit: number): ChatMessage[];
  /** The next (at most) `limit` messages after the loaded window, and whether it now reaches the live end. */
  loadNewer(limit: number): { messages: ChatMessage[]; isLiveEnd: boolean };
  /** Whether the loaded window reaches the newest message. */
  readonly atLiveEnd: boolean;
  /** Whether the loaded window reaches the oldest message. */
  readonly atStart: boolean;
  /**
   * Messages that arrive at the live end (someone wrote them). Returns true when the
   * loaded window reached the live end and now includes them (the client shows them),
   * false when they wait on the server for a page of newer messages.
   */
  receive(messages: readonly ChatMessage[]): boolean;
  /**
   * Messages the client adds just above its window; they count as loaded. Returns them
   * restamped (`createdAt`) between the message before the window and the window's first,
   * so that the conversation stays in time order; the client shows those.
   */
  insertBeforeWindow(messages: readonly ChatMessage[]): ChatMessage[];
}

const MINUTE = 60_000;

/** Epoch ms of a message's `createdAt`, or undefined without a valid one. */
function timeOf(message: ChatMessage | undefined): number | undefined {
  const time = message?.createdAt === undefined ? Number.NaN : Date.parse(message.createdAt);
  return Number.isNaN(time) ? undefined : time;
}

/**
 * Copies of `messages` stamped in order between `after` and `before` (epoch ms, both
 * excluded), evenly spaced; a minute apart before `before` when nothing comes earlier.
 * Left as they are without a `before` to go by.
 */
function stampBetween(messages: readonly ChatMessage[], after: number | undefined, before: number | undefined) {
  if (before === undefined) return [...messages];
  const count = messages.length;
  const step = after === undefined ? MINUTE : (before - after) / (count + 1);
  const first = after === undefined ? before - count * MINUTE : after + step;
  return messages.map((message, index) => ({
    ...message,
    createdAt: new Date(Math.round(first + index * step)).toISOString(),
  }));
}

/**
 * Creates the fake server's conversation from the sample-data generator, so the same
 * seed always gives the same messages (and the same first unread). Its newest message is
 * stamped `endsAt` (epoch ms); the older ones go back over about a week before it.
 */
export function createUnreadConversation(seed: number, endsAt: number): UnreadConversation {
  // History that ends at `endsAt`: the same messages as `messages(UNREAD_TOTAL)` would give, dated.
  const conversation = createMessageGenerator({ seed, timestamps: { end: endsAt } }).olderMessages(UNREAD_TOTAL);
  const firstUnreadIndex = UNREAD_TOTAL - UNREAD_COUNT;
  const firstUnreadId = conversation[firstUnreadIndex]!.id;
  // The loaded window is conversation[start, end).
  let start = firstUnreadIndex;
  let end = firstUnreadIndex;

  return {
    firstUnreadId,
    open() {
      start = Math.max(0, firstUnreadIndex - WINDOW_BEFORE);
      end = Math.min(conversation.length, firstUnreadIndex + WINDOW_AFTER);
      return { messages: conversation.slice(start, end), hasOlder: start > 0, hasNewer: end < conversation.length };
    },
    loadOlder(limit) {
      const from = Math.max(0, start - limit);
      const page = conversation.slice(from, start);
      start = from;
      return page;
    },
    loadNewer(limit) {
      const to = Math.min(conversation.length, end + limit);
      const page = conversation.slice(end, to);
      end = to;
      return { messages: page, isLiveEnd: end === conversation.length };
    },
    get atLiveEnd() {
      return end === conversation.length;
    },
    get atStart() {
      return start === 0;
    },
    receive(messages) {
      const delivered = end === conversation.length;
      conversation.push(...messages);
      if (delivered) end = conversation.length;
      return delivered;
    },
    insertBeforeWindow(messages) {
      const stamped = stampBetween(messages, timeOf(conversation[start - 1]), timeOf(conversation[start]));
      conversation.splice(start, 0, ...stamped);
      end += stamped.length;
      return stamped;
    },
  };
}

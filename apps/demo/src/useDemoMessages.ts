import type { ChatListSnapshot } from '@chat-list/react';
import { createMessageGenerator, type ChatMessage, type MessageGenerator } from '@chat-list/sample-data';
import { useCallback, useEffect, useRef, useState, type MutableRefObject } from 'react';
import { createReplyWriter } from './assistantReply';
import { conversationSeed, CONVERSATION_B_COUNT, type ConversationId } from './conversations';
import { createUnreadConversation, NEWER_BATCH, NEWER_DELAY_MS, type UnreadConversation } from './unreadConversation';

export const HISTORY_DELAY_MS = 1000;
export const HISTORY_BATCH = 10;

/** An assistant reply streaming in, one token (a word) per animation frame. */
interface ReplyStream {
  /** The reply's message id. */
  id: string;
  tokens: string[];
  /** Tokens shown so far. */
  shown: number;
  /** The reply's text so far. */
  content: string;
  frame: number;
}

interface PendingLoad {
  timer: ReturnType<typeof setTimeout>;
  promise: Promise<void>;
  resolve: () => void;
}

/** The conversation opened by "Open at first unread": a window onto the fake server's. */
export interface UnreadMode {
  /** The first unread message when the conversation opened; the "New messages" line sits above it. */
  firstUnreadId: string;
  /** The server has messages newer than the last loaded one. */
  hasNewer: boolean;
}

/** What a conversation keeps while another one is shown. */
interface SavedConversation {
  generator: MessageGenerator;
  messages: ChatMessage[];
  server: UnreadConversation | null;
  unread: UnreadMode | null;
  /** Where the reader left it; undefined when it was empty (or never shown): it opens at the bottom. */
  snapshot: ChatListSnapshot | undefined;
}

export interface DemoMessages {
  /** The conversation shown: A is the page's own, B a second one from another seed. */
  conversation: ConversationId;
  messages: ChatMessage[];
  /**
   * The snapshot the shown conversation reopens at (`initialSnapshot`), set in the same
   * update as its messages; undefined for a conversation opened afresh.
   */
  initialSnapshot: ChatListSnapshot | undefined;
  /** True while an older-history load is waiting for its (simulated) response. */
  loading: boolean;
  /** True while a page of newer messages is waiting for its (simulated) response. */
  loadingNewer: boolean;
  /** Set while the conversation is the one opened at the first unread; null otherwise. */
  unread: UnreadMode | null;
  prepend: (count: number) => void;
  append: (count: number) => void;
  /**
   * The reader sends a prompt: appends a user message, then an assistant reply that streams in
   * a word per animation frame (several hundred words). A reply still streaming is finished
   * first (its whole text at once).
   */
  sendPrompt: () => void;
  /**
   * The list's `isReceived`: every message but the prompts the reader sent. The generated user
   * messages are other people's, so "Add" never counts as the reader sending.
   */
  isReceived: (message: ChatMessage) => boolean;
  /** Empties the list and leaves the unread mode. */
  clear: () => void;
  /**
   * Simulates fetching older history: after 1000 ms, 10 older messages are prepended
   * (in the unread mode, the ones before the window, from the fake server).
   */
  loadOlder: () => Promise<void>;
  /** In the unread mode, after 600 ms, the next 20 newer messages from the fake server are appended. */
  loadNewer: () => Promise<void>;
  /** Replaces the conversation with a window around the first unread of a fake server's conversation. */
  openAtFirstUnread: () => void;
  /**
   * Shows another conversation. `snapshot` (from `handle.getSnapshot()`) is where the
   * reader leaves the shown one; the other one reopens at its own saved snapshot.
   */
  switchConversation: (next: ConversationId, snapshot: ChatListSnapshot | undefined) => void;
}

/**
 * A conversation's generator whose history (`olderMessages`) ends at `endsAt` (epoch ms)
 * and goes back from there; `messages` continues after it.
 */
function createDatedGenerator(seed: number, endsAt: number): MessageGenerator {
  return createMessageGenerator({ seed, timestamps: { end: endsAt } });
}

/**
 * Runs `work` after `delay` ms, one load at a time per slot: the slot guards even before
 * a `loading` state re-renders. The promise resolves once `work` ran or the load was
 * cancelled, so that the list never waits forever.
 */
function startLoad(slot: MutableRefObject<PendingLoad | null>, delay: number, work: () => void): Promise<void> {
  if (slot.current) return slot.current.promise;
  let resolve!: () => void;
  const promise = new Promise<void>((done) => {
    resolve = done;
  });
  const timer = setTimeout(() => {
    slot.current = null;
    work();
    resolve();
  }, delay);
  slot.current = { timer, promise, resolve };
  return promise;
}

/**
 * The playground's message store. All messages come from one seeded generator, so a
 * given seed and the same sequence of actions always give the same messages (their dates
 * aside, which follow the clock).
 *
 * "Open at first unread" swaps in a fake server (see `unreadConversation.ts`) whose
 * conversation comes from the same seed; until the conversation is replaced again
 * (Clear, or another opening) history and newer pages are served from it.
 *
 * Two conversations, A (the page's seed) and B (another seed, created when first shown):
 * every action applies to the one shown, and each keeps its messages, its unread mode
 * and where the reader left it while the other one is shown. Loads under way are
 * dropped on a switch; nothing arrives in the conversation not shown.
 *
 * Messages are dated (`createdAt`, for the day headers): every conversation's history
 * ends at the moment the page opened, so its last day is "Today". The history is drawn
 * with `olderMessages` (the same messages, ids and order that `messages` would give for
 * the seed; only the dates depend on the clock), prepends and history loads with
 * `olderMessages` again (dated before everything so far), appends with `messages`
 * (dated after).
 *
 * Messages are generated outside state updaters: React may call updaters (and state
 * initialisers) twice in StrictMode, which would advance the generator twice.
 */
export function useDemoMessages(seed: number, initialCount: number): DemoMessages {
  const [initial] = useState(() => {
    // Where every conversation's history ends (epoch ms): the same for A, B and the fake server.
    const endsAt = Date.now();
    const generator = createDatedGenerator(seed, endsAt);
    return { generator, messages: generator.olderMessages(initialCount), endsAt };
  });
  const { endsAt } = initial;
  // The shown conversation's generator: prepends, appends and history come from it.
  const generatorRef = useRef<MessageGenerator>(initial.generator);
  const sentIds = useRef(new Set<string>());
  const isReceived = useCallback((message: ChatMessage) => !sentIds.current.has(message.id), []);
  const [conversation, setConversation] = useState<ConversationId>('A');
  const [initialSnapshot, setInitialSnapshot] = useState<ChatListSnapshot | undefined>(undefined);
  // The conversations not shown, as they were left. B is created when first shown.
  const savedRef = useRef(new Map<ConversationId, SavedConversation>());
  const [messages, setMessages] = useState<ChatMessage[]>(initial.messages);
  const [loading, setLoading] = useState(false);
  const [loadingNewer, setLoadingNewer] = useState(false);
  const [unread, setUnread] = useState<UnreadMode | null>(null);
  const olderRef = useRef<PendingLoad | null>(null);
  const newerRef = useRef<PendingLoad | null>(null);
  // The fake server while in the unread mode. A ref, not state: it is mutated by loads
  // that run outside render, and rendering never reads it.
  const serverRef = useRef<UnreadConversation | null>(null);
  const opensRef = useRef(0);
  const streamRef = useRef<ReplyStream | null>(null);
  const [writeReply] = useState(() => createReplyWriter(seed));

  const prepend = useCallback((count: number) => {
    const older = generatorRef.current.olderMessages(count);
    // In the unread mode they join the server's conversation just above the window,
    // so that history loads continue before them without a gap (the server dates them
    // between its neighbours).
    const server = serverRef.current;
    const batch = server ? server.insertBeforeWindow(older) : older;
    setMessages((previous) => [...batch, ...previous]);
  }, []);

  const append = useCallback((count: number) => {
    const batch = generatorRef.current.messages(count);
    const server = serverRef.current;
    // Messages that arrive while the window stops short of the live end wait on the
    // server: the reader gets them with the pages of newer messages.
    if (server && !server.receive(batch)) return;
    setMessages((previous) => [...previous, ...batch]);
  }, []);

  /** Sets the content of the message with this id (a reply, near the end); nothing when it is gone. */
  const setContent = useCallback((id: string, content: string) => {
    setMessages((previous) => {
      let index = previous.length - 1;
      while (index >= 0 && previous[index]!.id !== id) index--;
      if (index < 0) return previous;
      const next = previous.slice();
      next[index] = { ...previous[index]!, content };
      return next;
    });
  }, []);

  /**
   * Stops the reply streaming in, if any. `finish` shows its whole text (a new prompt);
   * otherwise it stays as far as it got, like a cancelled reply (the conversation is left or
   * the page unmounts), and no state is touched.
   */
  const stopStream = useCallback(
    (finish: boolean) => {
      const stream = streamRef.current;
      if (!stream) return;
      streamRef.current = null;
      cancelAnimationFrame(stream.frame);
      if (finish) setContent(stream.id, stream.tokens.join(''));
    },
    [setContent],
  );

  const sendPrompt = useCallback(() => {
    stopStream(true);
    const prompt = generatorRef.current.user();
    sentIds.current.add(prompt.id);
    const tokens = writeReply();
    const reply = { ...generatorRef.current.assistant(), content: tokens.join('') };
    // In the unread window short of the live end, both wait on the server, the reply complete.
    const server = serverRef.current;
    if (server && !server.receive([prompt, reply])) return;
    const stream: ReplyStream = { id: reply.id, tokens, shown: 1, content: tokens[0] ?? '', frame: 0 };
    setMessages((previous) => [...previous, prompt, { ...reply, content: stream.content }]);
    const tick = () => {
      if (streamRef.current !== stream) return;
      stream.content += stream.tokens[stream.shown] ?? '';
      stream.shown += 1;
      setContent(stream.id, stream.content);
      if (stream.shown < stream.tokens.length) stream.frame = requestAnimationFrame(tick);
      else streamRef.current = null;
    };
    streamRef.current = stream;
    stream.frame = requestAnimationFrame(tick);
  }, [setContent, stopStream, writeReply]);

  /** Stops pending loads; their promises resolve so that nobody waits forever. */
  const cancelLoads = useCallback((updateState: boolean) => {
    for (const slot of [olderRef, newerRef]) {
      const pending = slot.current;
      if (!pending) continue;
      slot.current = null;
      clearTimeout(pending.timer);
      pending.resolve();
    }
    if (updateState) {
      setLoading(false);
      setLoadingNewer(false);
    }
  }, []);

  const loadOlder = useCallback((): Promise<void> => {
    const server = serverRef.current;
    // The window starts at the beginning of the server's conversation: nothing to ask for.
    if (server?.atStart) return Promise.resolve();
    const promise = startLoad(olderRef, HISTORY_DELAY_MS, () => {
      const batch = server ? server.loadOlder(HISTORY_BATCH) : generatorRef.current.olderMessages(HISTORY_BATCH);
      setMessages((previous) => [...batch, ...previous]);
      setLoading(false);
    });
    setLoading(true);
    return promise;
  }, []);

  const loadNewer = useCallback((): Promise<void> => {
    const server = serverRef.current;
    if (!server || server.atLiveEnd) return Promise.resolve();
    const promise = startLoad(newerRef, NEWER_DELAY_MS, () => {
      const page = server.loadNewer(NEWER_BATCH);
      // One update: the list sees the page and the new `hasNewer` together.
      setMessages((previous) => [...previous, ...page.messages]);
      setUnread((current) => current && { ...current, hasNewer: !page.isLiveEnd });
      setLoadingNewer(false);
    });
    setLoadingNewer(true);
    return promise;
  }, []);

  const openAtFirstUnread = useCallback(() => {
    cancelLoads(true);
    stopStream(false);
    // Another seed for every opening (never the store's own): every key is new, so the
    // list sees a new conversation and reads `initialAnchor` again.
    opensRef.current += 1;
    const server = createUnreadConversation((seed + opensRef.current) % 2 ** 31, endsAt);
    serverRef.current = server;
    const opened = server.open();
    // Messages and the anchor in the same update: the list reads the anchor when the
    // conversation changes.
    setMessages(opened.messages);
    setUnread({ firstUnreadId: server.firstUnreadId, hasNewer: opened.hasNewer });
    // The anchor, not a snapshot of what the shown conversation held before.
    setInitialSnapshot(undefined);
  }, [cancelLoads, endsAt, seed, stopStream]);

  const clear = useCallback(() => {
    cancelLoads(true);
    stopStream(false);
    serverRef.current = null;
    setUnread(null);
    setMessages([]);
    // Messages appended next open a new conversation at the bottom.
    setInitialSnapshot(undefined);
  }, [cancelLoads, stopStream]);

  const switchConversation = useCallback(
    (next: ConversationId, snapshot: ChatListSnapshot | undefined) => {
      if (next === conversation) return;
      cancelLoads(true);
      // The reply stays in the conversation left as far as it got.
      stopStream(false);
      savedRef.current.set(conversation, {
        generator: generatorRef.current,
        messages,
        server: serverRef.current,
        unread,
        snapshot,
      });
      let target = savedRef.current.get(next);
      if (!target) {
        // First time shown: a conversation of its own from another seed (no id in common
        // with the other one, so the list sees a new conversation), opened at the bottom.
        const generator = createDatedGenerator(conversationSeed(seed, next), endsAt);
        target = {
          generator,
          messages: generator.olderMessages(CONVERSATION_B_COUNT),
          server: null,
          unread: null,
          snapshot: undefined,
        };
      }
      savedRef.current.delete(next);
      generatorRef.current = target.generator;
      serverRef.current = target.server;
      // One update: the list reads `initialSnapshot` when the messages are replaced.
      setConversation(next);
      setMessages(target.messages);
      setUnread(target.unread);
      setInitialSnapshot(target.snapshot);
    },
    [cancelLoads, conversation, endsAt, messages, seed, stopStream, unread],
  );

  // Unmount: drop the timers and the reply's frames without touching state.
  useEffect(
    () => () => {
      cancelLoads(false);
      stopStream(false);
    },
    [cancelLoads, stopStream],
  );

  return {
    conversation,
    messages,
    initialSnapshot,
    loading,
    loadingNewer,
    unread,
    prepend,
    append,
    sendPrompt,
    isReceived,
    clear,
    loadOlder,
    loadNewer,
    openAtFirstUnread,
    switchConversation,
  };
}

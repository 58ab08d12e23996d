import { createMessageGenerator, type ChatMessage, type MessageGenerator } from '@chat-list/sample-data';
import { useCallback, useEffect, useRef, useState } from 'react';

export const HISTORY_DELAY_MS = 1000;
export const HISTORY_BATCH = 10;

interface PendingLoad {
  timer: ReturnType<typeof setTimeout>;
  promise: Promise<void>;
  resolve: () => void;
}

export interface DemoMessages {
  messages: ChatMessage[];
  /** True while an older-history load is waiting for its (simulated) response. */
  loading: boolean;
  prepend: (count: number) => void;
  append: (count: number) => void;
  clear: () => void;
  /** Simulates fetching older history: after 1000 ms, 10 older messages are prepended. */
  loadOlder: () => Promise<void>;
}

/**
 * The playground's message store. All messages come from one seeded generator, so a
 * given seed and the same sequence of actions always give the same messages.
 *
 * Messages are generated outside state updaters: React may call updaters (and state
 * initialisers) twice in StrictMode, which would advance the generator twice.
 */
export function useDemoMessages(seed: number, initialCount: number): DemoMessages {
  const [initial] = useState(() => {
    const generator = createMessageGenerator({ seed });
    return { generator, messages: generator.messages(initialCount) };
  });
  const generator: MessageGenerator = initial.generator;
  const [messages, setMessages] = useState<ChatMessage[]>(initial.messages);
  const [loading, setLoading] = useState(false);
  const pendingRef = useRef<PendingLoad | null>(null);

  const prepend = useCallback(
    (count: number) => {
      const batch = generator.messages(count);
      setMessages((previous) => [...batch, ...previous]);
    },
    [generator],
  );

  const append = useCallback(
    (count: number) => {
      const batch = generator.messages(count);
      setMessages((previous) => [...previous, ...batch]);
    },
    [generator],
  );

  /** Stops a pending history load; its promise resolves so that nobody waits forever. */
  const cancelLoad = useCallback((updateState: boolean) => {
    const pending = pendingRef.current;
    if (!pending) return;
    pendingRef.current = null;
    clearTimeout(pending.timer);
    pending.resolve();
    if (updateState) setLoading(false);
  }, []);

  const loadOlder = useCallback((): Promise<void> => {
    // One load at a time: the ref guards even before the `loading` state re-renders.
    if (pendingRef.current) return pendingRef.current.promise;
    let resolve!: () => void;
    const promise = new Promise<void>((done) => {
      resolve = done;
    });
    const timer = setTimeout(() => {
      pendingRef.current = null;
      const batch = generator.messages(HISTORY_BATCH);
      setMessages((previous) => [...batch, ...previous]);
      setLoading(false);
      resolve();
    }, HISTORY_DELAY_MS);
    pendingRef.current = { timer, promise, resolve };
    setLoading(true);
    return promise;
  }, [generator]);

  const clear = useCallback(() => {
    cancelLoad(true);
    setMessages([]);
  }, [cancelLoad]);

  // Unmount: drop the timer without touching state.
  useEffect(() => () => cancelLoad(false), [cancelLoad]);

  return { messages, loading, prepend, append, clear, loadOlder };
}

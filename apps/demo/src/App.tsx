import { ChatList, type ChatListHandle, type GroupKey, type MessageKey } from '@chat-list/react';
import { snapshots } from '@chat-list/react/snapshots';
import { stickyHeaders } from '@chat-list/react/sticky-headers';
import { turns as assistantTurns } from '@chat-list/react/turns';
import type { ChatMessage } from '@chat-list/sample-data';
import { useCallback, useEffect, useMemo, useRef, useState, type CSSProperties } from 'react';
import { DayHeader } from './components/DayHeader';
import { DebugList } from './components/DebugList';
import { HistoryLoader } from './components/HistoryLoader';
import { MessageBubble } from './components/MessageBubble';
import { StatusBar } from './components/StatusBar';
import { ThemeToggle } from './components/ThemeToggle';
import { Toolbar } from './components/Toolbar';
import { UnreadSeparator } from './components/UnreadSeparator';
import { UnseenBadge } from './components/UnseenBadge';
import { messageDayKey } from './days';
import { CHAT_WIDTH, LIST_HEIGHT } from './dimensions';
import { createSizeEstimator } from './estimateMessageSize';
import type { ConversationId } from './conversations';
import type { DemoFollowMode } from './followModes';
import { readQueryOptions } from './queryOptions';
import { useDemoMessages } from './useDemoMessages';
import { useListStatus } from './useListStatus';
import { useTheme } from './useTheme';
import { useToday } from './useToday';
import { useVisibleRangeStore } from './useVisibleRange';

const HISTORY_END_OFFSET = 100;
/** With assistant turns: px of the previous reply left in view above a new prompt. */
const TURN_PEEK = 24;

/**
 * Assistant turns, sticky day headers and snapshots (each conversation reopens where the reader
 * left it) are features of their own: a list without them need not import them.
 */
const LIST_FEATURES = [assistantTurns, stickyHeaders, snapshots];

/** With assistant turns, the reader's prompts (user messages) start the turns. Stable: the list re-reads it when it changes. */
function isPrompt(message: ChatMessage): boolean {
  return message.role === 'user';
}

function renderMessage(message: ChatMessage) {
  return <MessageBubble message={message} />;
}

/** Renders rows with the "New messages" line inside the first unread message's row. */
function createUnreadRenderer(firstUnreadId: string) {
  return function renderWithSeparator(message: ChatMessage) {
    return (
      <>
        {message.id === firstUnreadId && <UnreadSeparator />}
        <MessageBubble message={message} />
      </>
    );
  };
}

export function App() {
  const [options] = useState(() => readQueryOptions(window.location.search));
  const {
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
  } = useDemoMessages(options.seed, options.count);
  const [follow, setFollow] = useState<DemoFollowMode>(options.follow);
  const [turns, setTurns] = useState(options.turns);
  const [currentTurn, setCurrentTurn] = useState<MessageKey | undefined>(undefined);
  const [wide, setWide] = useState(true);
  const [tall, setTall] = useState(true);
  const { theme, toggle: toggleTheme } = useTheme();
  const today = useToday();

  const listRef = useRef<ChatListHandle<ChatMessage>>(null);
  const { status, handlers } = useListStatus();
  const visibleRange = useVisibleRangeStore(listRef);

  const chatWidth = wide ? CHAT_WIDTH.wide : CHAT_WIDTH.narrow;
  const listHeight = tall ? LIST_HEIGHT.tall : LIST_HEIGHT.short;
  // Bubbles are at most 78% of the row, which is the chat width minus avatar and padding.
  const estimateSize = useMemo(() => createSizeEstimator((chatWidth - 72) * 0.78 - 24), [chatWidth]);

  // For poking at the list from the browser console: `chatList.scrollToIndex(0)`.
  useEffect(() => {
    const debugWindow = window as Window & { chatList?: ChatListHandle<ChatMessage> | null };
    debugWindow.chatList = listRef.current;
    return () => {
      delete debugWindow.chatList;
    };
  }, []);

  // The visible rows change when messages or dimensions change, not only on scroll.
  useEffect(() => {
    visibleRange.schedule();
  }, [messages, chatWidth, listHeight, visibleRange]);

  const { onScroll: onScrollStatus, onScrollEnd: onScrollEndStatus } = handlers;
  const onScroll = useCallback(
    (offset: number) => {
      onScrollStatus(offset);
      visibleRange.schedule();
    },
    [onScrollStatus, visibleRange],
  );
  const onScrollEnd = useCallback(() => {
    onScrollEndStatus();
    visibleRange.schedule();
  }, [onScrollEndStatus, visibleRange]);

  // The first unread id is fixed when the conversation opens (not live unread state), so
  // the line stays put while the reader reads. Memoised: a new renderer re-renders every
  // row. The list reads the anchor only when a conversation opens.
  const firstUnreadId = unread?.firstUnreadId;
  const render = useMemo(
    () => (firstUnreadId === undefined ? renderMessage : createUnreadRenderer(firstUnreadId)),
    [firstUnreadId],
  );
  // With assistant turns, a conversation opens at its last turn (when taller than the list).
  const initialAnchor = useMemo(
    () => (firstUnreadId !== undefined ? { id: firstUnreadId } : turns ? ('last-turn' as const) : undefined),
    [firstUnreadId, turns],
  );

  // Day headers ("Today", "Yesterday", a date) above each day's first message, stuck to the
  // top of the list while the day is scrolled. Memoised on the day: a new function
  // re-renders every header; a new day (midnight) must.
  const renderDayHeader = useCallback((day: GroupKey) => <DayHeader day={String(day)} today={today} />, [today]);

  // Where the reader leaves the shown conversation (null without messages: it reopens at the bottom).
  const onConversationChange = useCallback(
    (next: ConversationId) => switchConversation(next, listRef.current?.getSnapshot() ?? undefined),
    [switchConversation],
  );

  const jumpToTop = useCallback(() => void listRef.current?.scrollToTop(), []);
  const jumpToBottom = useCallback(() => void listRef.current?.scrollToBottom(), []);
  const previousTurn = useCallback(() => void listRef.current?.scrollToTurn('previous'), []);
  const nextTurn = useCallback(() => void listRef.current?.scrollToTurn('next'), []);
  const onTurnsChange = useCallback((on: boolean) => {
    setTurns(on);
    // Reported by the list from now on (`onCurrentTurnChange`), not kept from an earlier time on.
    setCurrentTurn(undefined);
  }, []);

  const workspaceStyle = {
    '--chat-width': `${chatWidth}px`,
    '--list-height': `${listHeight}px`,
  } as CSSProperties;

  return (
    <div className="app">
      <header className="app-header">
        <div className="brand">
          <span className="brand__logo" aria-hidden="true" />
          <h1 className="brand__title">
            Chat List <span className="brand__subtitle">playground</span>
          </h1>
        </div>
        <div className="app-header__side">
          <p className="app-header__meta">
            <code>@chat-list/react</code>
            <span aria-hidden="true"> · </span>
            seed{' '}
            <a href={`?seed=${options.seed}`} title="Link to this seed (same messages on reload)" data-testid="seed">
              {options.seed}
            </a>
          </p>
          <ThemeToggle theme={theme} onToggle={toggleTheme} />
        </div>
      </header>

      {options.notices.length > 0 && (
        // A labelled region: all content sits in a landmark (axe "region").
        <section className="notice" aria-label="Notices">
          {options.notices.map((notice) => (
            <p key={notice}>{notice}</p>
          ))}
        </section>
      )}

      <Toolbar
        wide={wide}
        tall={tall}
        onToggleWidth={() => setWide((value) => !value)}
        onToggleHeight={() => setTall((value) => !value)}
        onPrepend={prepend}
        onAppend={append}
        onSendPrompt={sendPrompt}
        onClear={clear}
        onOpenAtFirstUnread={openAtFirstUnread}
        conversation={conversation}
        onConversationChange={onConversationChange}
        follow={follow}
        onFollowChange={setFollow}
        turns={turns}
        onTurnsChange={onTurnsChange}
        onPreviousTurn={previousTurn}
        onNextTurn={nextTurn}
        onJumpToTop={jumpToTop}
        onJumpToBottom={jumpToBottom}
      />

      <main className="workspace" style={workspaceStyle}>
        <section className="panel chat-panel" aria-label="Chat" data-testid="chat-panel">
          <div className="chat-frame">
            <ChatList<ChatMessage>
              ref={listRef}
              className="chat-list"
              aria-label="Messages"
              messages={messages}
              renderMessage={render}
              getGroupKey={messageDayKey}
              renderGroupHeader={renderDayHeader}
              initialAnchor={initialAnchor}
              initialSnapshot={initialSnapshot}
              estimateSize={estimateSize}
              alignment="bottom"
              features={LIST_FEATURES}
              isTurnStart={turns ? isPrompt : undefined}
              turnPeek={TURN_PEEK}
              onCurrentTurnChange={turns ? setCurrentTurn : undefined}
              overscan={10}
              prefix={loading ? <HistoryLoader /> : null}
              prefixLabel="Loading older messages"
              suffix={loadingNewer ? <HistoryLoader /> : null}
              suffixLabel="Loading newer messages"
              follow={follow}
              isReceived={isReceived}
              olderEndOffset={HISTORY_END_OFFSET}
              onOlderEndReached={loadOlder}
              hasNewer={unread?.hasNewer ?? false}
              onNewerEndReached={loadNewer}
              onAtTopChange={handlers.onAtTopChange}
              onAtBottomChange={handlers.onAtBottomChange}
              onScroll={onScroll}
              onScrollEnd={onScrollEnd}
              onUnseenCountChange={handlers.onUnseenCountChange}
            />
            {messages.length === 0 && (
              <div className="chat-empty">
                <p className="chat-empty__title">No messages</p>
                <p className="chat-empty__hint">Use Append or Prepend to add some.</p>
              </div>
            )}
            <UnseenBadge list={listRef} />
          </div>
          <StatusBar
            count={messages.length}
            loading={loading || loadingNewer}
            status={status}
            turn={turns ? { id: currentTurn } : undefined}
          />
        </section>

        <DebugList messages={messages} visibleRange={visibleRange} />
      </main>
    </div>
  );
}

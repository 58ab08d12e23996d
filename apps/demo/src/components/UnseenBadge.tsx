import { JumpToLatest, type ChatListHandle } from '@chat-list/react';

export interface UnseenBadgeProps {
  /** The list it jumps in: the ref given to `ChatList`. */
  list: { readonly current: ChatListHandle | null };
}

const formatCount = (count: number) => count.toLocaleString('en-US');

/**
 * "↓ 3 new" (or "↓ Newest") over the bottom of the chat while the reader is away from the
 * bottom: the library's `JumpToLatest`, with the demo's words and class.
 */
export function UnseenBadge({ list }: UnseenBadgeProps) {
  return (
    <JumpToLatest
      list={list}
      className="unseen-badge"
      label={(count) =>
        count > 0 ? `${formatCount(count)} new message${count === 1 ? '' : 's'}, show newest` : 'Show newest messages'
      }
    >
      {({ unseenCount }) => (
        <>
          <span aria-hidden="true">↓</span> {unseenCount > 0 ? `${formatCount(unseenCount)} new` : 'Newest'}
        </>
      )}
    </JumpToLatest>
  );
}

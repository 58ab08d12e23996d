'use client';

export { ChatList } from './react/ChatList';
export { useChatList } from './react/useChatList';
export type { ChatListRow, ChatListRowAttributes, UseChatListOptions, UseChatListResult } from './react/useChatList';
export type {
  ChatListBehaviorOptions,
  ChatListHandle,
  ChatListProps,
  InitialAnchor,
  MessageKeyProps,
  ScrollToEdgeOptions,
  ScrollToOptions,
  VisibleRange,
} from './react/types';
export { EDGE_TOLERANCE_PX, followAlways, followAtBottom, followNever, followWhen } from './core';
export type {
  Alignment,
  FollowBehavior,
  FollowContext,
  FollowMode,
  FollowPolicy,
  MessageKey,
  ScrollAlign,
} from './core';

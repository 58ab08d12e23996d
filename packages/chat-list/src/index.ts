'use client';

export { ChatList } from './react/ChatList';
export { useChatList } from './react/useChatList';
export { useChatListState, type ChatListSource } from './react/useChatListState';
export { JumpToLatest, type JumpToLatestProps } from './react/JumpToLatest';
export type { ChatListRow, ChatListRowAttributes, UseChatListOptions, UseChatListResult } from './react/useChatList';
export type {
  ChatListBehaviorOptions,
  ChatListHandle,
  ChatListProps,
  ChatListSnapshot,
  ChatListState,
  InitialAnchor,
  MessageKeyProps,
  FollowContext,
  FollowPolicy,
  ScrollToEdgeOptions,
  ScrollToMessageOptions,
  VisibleRange,
} from './react/types';
export { EDGE_TOLERANCE_PX, followAlways, followAtBottom, followNever } from './core';
export { followWhen } from './dom/follow';
export type {
  ChatListFeature,
  ChatListFeatureContext,
  ChatListFeatureInstance,
  StuckGroupHeader,
  TurnTarget,
} from './dom/features';
export type { Alignment, FollowBehavior, FollowMode, GroupKey, MessageKey, ScrollAlign, ScrollTarget } from './core';

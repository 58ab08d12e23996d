import type { ChatMessage } from '@chat-list/sample-data';
import { memo } from 'react';

/** What the bench driver changes; every implementation renders exactly this. */
export interface ListState {
  messages: ChatMessage[];
  /** Show the "Loading..." row above the oldest message. */
  prefix: boolean;
  /** What the last update did: implementations that need to be told (virtua's `shift`) read it. */
  kind: 'initial' | 'append' | 'prepend' | 'update';
  /** Messages prepended since mount (react-virtuoso's `firstItemIndex` needs it). */
  prepended: number;
}

export interface ImplProps {
  state: ListState;
  /** Each implementation reports its scrolling element. */
  onScroller: (element: HTMLElement | null) => void;
}

/** The list is 600 × 600 px for every implementation. */
export const LIST_SIZE = 600;

/**
 * The row markup, identical for all implementations: a name and the content,
 * spaced with padding (never margin), so that rows tile the content without
 * gaps and any point inside the list is inside a row.
 */
export const Row = memo(function Row({ message }: { message: ChatMessage }) {
  return (
    <div className="row" data-mid={message.id} data-role={message.role}>
      <div className="name">{message.name}</div>
      <div className="content">{message.content}</div>
    </div>
  );
});

export function LoadingRow() {
  return (
    <div className="row loading" data-loading="">
      Loading...
    </div>
  );
}

import type { MessageKey } from '@chat-list/react';
import type { ListStatus } from '../useListStatus';

export interface StatusBarProps {
  count: number;
  loading: boolean;
  status: ListStatus;
  /** With assistant turns: the turn being read (its first message's id, "none" before any); omitted without turns. */
  turn?: { id: MessageKey | undefined };
}

const formatCount = new Intl.NumberFormat('en-US');

function Flag({ label, value, testId }: { label: string; value: boolean; testId: string }) {
  return (
    <span className="status__item">
      {label}:{' '}
      <span className={`status__value ${value ? 'is-yes' : 'is-no'}`} data-testid={testId}>
        {value ? 'yes' : 'no'}
      </span>
    </span>
  );
}

function Separator() {
  return (
    <span className="status__separator" aria-hidden="true">
      ·
    </span>
  );
}

/** The list's state in one line; each value has a `data-testid` for the browser test. */
export function StatusBar({ count, loading, status, turn }: StatusBarProps) {
  return (
    <p className="status" role="status" aria-label="List status">
      <span className="status__item">
        Messages:{' '}
        <span className="status__value" data-testid="status-count" data-value={count}>
          {formatCount.format(count)}
        </span>
      </span>
      <Separator />
      <Flag label="At top" value={status.atTop} testId="status-at-top" />
      <Separator />
      <Flag label="At bottom" value={status.atBottom} testId="status-at-bottom" />
      <Separator />
      <Flag label="Scrolling" value={status.scrolling} testId="status-scrolling" />
      <Separator />
      <span className="status__item">
        Unseen:{' '}
        <span className="status__value" data-testid="status-unseen" data-value={status.unseen}>
          {formatCount.format(status.unseen)}
        </span>
      </span>
      <Separator />
      <Flag label="Loading" value={loading} testId="status-loading" />
      {turn && (
        <>
          <Separator />
          <span className="status__item">
            Turn:{' '}
            <span className="status__value" data-testid="status-turn" data-value={turn.id ?? ''}>
              {turn.id ?? 'none'}
            </span>
          </span>
        </>
      )}
    </p>
  );
}

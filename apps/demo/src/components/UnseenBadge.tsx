export interface UnseenBadgeProps {
  count: number;
  onClick: () => void;
}

/** "↓ 3 new" over the bottom of the chat while newer messages are unseen. */
export function UnseenBadge({ count, onClick }: UnseenBadgeProps) {
  const label = `${count.toLocaleString('en-US')} new message${count === 1 ? '' : 's'}`;
  return (
    <button type="button" className="unseen-badge" onClick={onClick} aria-label={`${label}, show newest`}>
      <span aria-hidden="true">↓</span> {count.toLocaleString('en-US')} new
    </button>
  );
}

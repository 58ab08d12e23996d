/**
 * The "New messages" line above the first unread message. It is rendered inside that
 * message's row (not as an item of its own), so it moves with the message and needs no
 * key. Padding only, no margin: the row's measured height must include it.
 */
export function UnreadSeparator() {
  return (
    <div className="unread-separator" role="separator" aria-label="New messages" data-testid="unread-separator">
      <span className="unread-separator__label">New messages</span>
    </div>
  );
}

import type { ChatMessage } from '@chat-list/sample-data';
import { memo } from 'react';
import { formatTime } from '../days';

/**
 * One chat row. The outermost element has no vertical margin (spacing is padding
 * inside it), so the heights the list measures add up to the content height. The
 * avatar has a fixed size so the row does not change height when the image decodes.
 * The time of a dated message sits on the name line (one line, so it adds no height).
 */
export const MessageBubble = memo(function MessageBubble({ message }: { message: ChatMessage }) {
  return (
    <div className={`message message--${message.role}`} data-role={message.role}>
      <img className="message__avatar" src={message.userpic} alt="" width={32} height={32} draggable={false} />
      <div className="message__body">
        <div className="message__name">
          {message.name}
          {message.createdAt !== undefined && (
            <>
              {' · '}
              <time className="message__time" dateTime={message.createdAt}>
                {formatTime(message.createdAt)}
              </time>
            </>
          )}
        </div>
        <div className="message__bubble">{message.content}</div>
      </div>
    </div>
  );
});

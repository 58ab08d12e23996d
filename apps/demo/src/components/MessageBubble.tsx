import type { ChatMessage } from '@chat-list/sample-data';
import { memo } from 'react';

/**
 * One chat row. The outermost element has no vertical margin (spacing is padding
 * inside it), so the heights the list measures add up to the content height. The
 * avatar has a fixed size so the row does not change height when the image decodes.
 */
export const MessageBubble = memo(function MessageBubble({ message }: { message: ChatMessage }) {
  return (
    <div className={`message message--${message.role}`} data-role={message.role}>
      <img className="message__avatar" src={message.userpic} alt="" width={32} height={32} draggable={false} />
      <div className="message__body">
        <div className="message__name">{message.name}</div>
        <div className="message__bubble">{message.content}</div>
      </div>
    </div>
  );
});

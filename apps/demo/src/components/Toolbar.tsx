import { useId, type ReactNode } from 'react';
import { CONVERSATIONS, type ConversationId } from '../conversations';
import { FOLLOW_MODES, isFollowMode, type DemoFollowMode } from '../followModes';

export interface ToolbarProps {
  wide: boolean;
  tall: boolean;
  onToggleWidth: () => void;
  onToggleHeight: () => void;
  onPrepend: (count: number) => void;
  onAppend: (count: number) => void;
  /** Appends a user message and streams an assistant reply below it. */
  onSendPrompt: () => void;
  onClear: () => void;
  /** Replaces the conversation with a window opened at its first unread message. */
  onOpenAtFirstUnread: () => void;
  /** The conversation shown. */
  conversation: ConversationId;
  /** Shows the other conversation, where the reader left it. */
  onConversationChange: (conversation: ConversationId) => void;
  follow: DemoFollowMode;
  onFollowChange: (mode: DemoFollowMode) => void;
  /** Assistant turns: prompts (user messages) start turns; shows the turn navigator. */
  turns: boolean;
  onTurnsChange: (turns: boolean) => void;
  onPreviousTurn: () => void;
  onNextTurn: () => void;
  onJumpToTop: () => void;
  onJumpToBottom: () => void;
}

const BATCH_SIZES = [1, 10, 1000] as const;

interface ToolbarGroupProps {
  /** Accessible name of the group. */
  label: string;
  /** Visible caption; defaults to `label` (hidden from assistive tech, which reads the group's name). */
  caption?: ReactNode;
  children: ReactNode;
}

function ToolbarGroup({ label, caption, children }: ToolbarGroupProps) {
  return (
    <div className="toolbar-group" role="group" aria-label={label}>
      {caption ?? (
        <span className="toolbar-group__caption" aria-hidden="true">
          {label}
        </span>
      )}
      <div className="toolbar-group__controls">{children}</div>
    </div>
  );
}

export function Toolbar(props: ToolbarProps) {
  const followId = useId();
  return (
    <section className="toolbar" aria-label="Playground controls">
      <ToolbarGroup label="Dimensions">
        <button type="button" className="button button--toggle" onClick={props.onToggleWidth}>
          {props.wide ? 'Narrow' : 'Wide'}
        </button>
        <button type="button" className="button button--toggle" onClick={props.onToggleHeight}>
          {props.tall ? 'Short' : 'Tall'}
        </button>
      </ToolbarGroup>

      <ToolbarGroup label="Conversation">
        {CONVERSATIONS.map((id) => (
          <button
            key={id}
            type="button"
            className="button button--segment"
            aria-pressed={props.conversation === id}
            onClick={() => props.onConversationChange(id)}
          >
            Conversation {id}
          </button>
        ))}
      </ToolbarGroup>

      <ToolbarGroup label="Messages">
        {BATCH_SIZES.map((count) => (
          <button key={`prepend-${count}`} type="button" className="button" onClick={() => props.onPrepend(count)}>
            Prepend {count}
          </button>
        ))}
        {BATCH_SIZES.map((count) => (
          <button key={`append-${count}`} type="button" className="button" onClick={() => props.onAppend(count)}>
            Append {count}
          </button>
        ))}
        <button type="button" className="button" onClick={props.onSendPrompt}>
          Send prompt
        </button>
        <button type="button" className="button" onClick={props.onOpenAtFirstUnread}>
          Open at first unread
        </button>
        <button type="button" className="button button--danger" onClick={props.onClear}>
          Clear
        </button>
      </ToolbarGroup>

      <ToolbarGroup
        label="Logic"
        caption={
          // The select's label doubles as the group's caption.
          <label className="toolbar-group__caption" htmlFor={followId}>
            Follow new messages
          </label>
        }
      >
        <select
          id={followId}
          className="select"
          value={props.follow}
          onChange={(event) => {
            const value = event.currentTarget.value;
            if (isFollowMode(value)) props.onFollowChange(value);
          }}
        >
          {FOLLOW_MODES.map((mode) => (
            <option key={mode.value} value={mode.value}>
              {mode.label}
            </option>
          ))}
        </select>
        <label className="checkbox">
          <input
            type="checkbox"
            className="checkbox__input"
            checked={props.turns}
            onChange={(event) => props.onTurnsChange(event.currentTarget.checked)}
          />
          Assistant turns
        </label>
      </ToolbarGroup>

      <ToolbarGroup label="Actions">
        <button type="button" className="button" onClick={props.onJumpToTop}>
          Jump to top
        </button>
        <button type="button" className="button" onClick={props.onJumpToBottom}>
          Jump to bottom
        </button>
        {props.turns && (
          <>
            <button type="button" className="button" onClick={props.onPreviousTurn}>
              Previous turn
            </button>
            <button type="button" className="button" onClick={props.onNextTurn}>
              Next turn
            </button>
          </>
        )}
      </ToolbarGroup>
    </section>
  );
}

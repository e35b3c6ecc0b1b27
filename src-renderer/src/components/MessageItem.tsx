import Markdown, { type Components } from 'react-markdown';
import type { ChatMessage, ToolCallRecord } from '../../../src-shared/chat-types';
import { errorMessage } from '../api/client';
import { useChatActions, useStreamText } from '../api/hooks';
import { toolLabel } from '../format';
import { useUi } from '../store';
import { Icon } from './Icon';
import { messageLearnedAction } from './learned-actions';
import { MenuButton } from './MenuButton';

// Raw HTML in replies is never rendered (react-markdown ignores it); links open outside the app.
const markdownComponents: Components = {
  a: ({ href, children }) => (
    <a href={href} target="_blank" rel="noreferrer noopener">
      {children}
    </a>
  ),
};

export function MessageItem({ message }: { message: ChatMessage }) {
  if (message.role === 'user') {
    return (
      <article className="message message-user" data-testid="message-user" data-message-id={message.id} title={new Date(message.createdAt).toLocaleString()}>
        <MessageMenu message={message} />
        <div className="bubble">{message.content}</div>
      </article>
    );
  }
  return <AssistantMessage message={message} />;
}

function AssistantMessage({ message }: { message: ChatMessage }) {
  const streamed = useStreamText(message.id);
  const { retry, stop } = useChatActions();
  const { setPackMessageId } = useUi();
  const streaming = message.status === 'streaming';
  const text = streaming ? (streamed.data ?? '') : message.content;

  return (
    <article className={`message message-assistant status-${message.status}`} data-testid="message-assistant" data-message-id={message.id} data-status={message.status}>
      {message.toolCalls.length > 0 && (
        <div className="tool-chips">
          {message.toolCalls.map((call) =>
            call.status === 'pending' ? (
              <ProposalChip key={call.id} call={call} messageId={message.id} replyDone={!streaming} />
            ) : (
              <ToolChip key={call.id} call={call} />
            ),
          )}
        </div>
      )}
      {text !== '' && (
        <div className="markdown">
          <Markdown components={markdownComponents} skipHtml>
            {text}
          </Markdown>
        </div>
      )}
      {streaming && text === '' && message.toolCalls.every((c) => c.status !== 'running') && (
        <div className="thinking" aria-label="Writing a reply">
          <span />
          <span />
          <span />
        </div>
      )}
      {message.status === 'error' && message.error && (
        <div className="error-box" role="alert" data-testid="reply-error">
          <strong>{reasonTitle(message.error.reason)}</strong> {message.error.message}
        </div>
      )}
      {message.status === 'stopped' && <div className="muted small">Stopped.</div>}
      <div className="message-actions">
        {streaming ? (
          <button className="text-button" onClick={() => stop.mutate(message.id)}>
            <Icon name="stop" size={14} /> Stop
          </button>
        ) : (
          <button className="text-button" onClick={() => retry.mutate(message.id)} data-testid="retry">
            <Icon name="retry" size={14} /> Retry
          </button>
        )}
        {message.contextPackId && (
          <button className="text-button" onClick={() => setPackMessageId(message.id)} data-testid="why">
            <Icon name="brain" size={14} /> What it remembered
          </button>
        )}
        <span className="muted small" title={new Date(message.createdAt).toLocaleString()}>
          {message.model ? `${message.model} · ` : ''}
          {new Date(message.createdAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}
        </span>
        <MessageMenu message={message} />
      </div>
    </article>
  );
}

/** The message's "⋯" menu; none while there is nothing to offer (memory did not record the message). */
function MessageMenu({ message }: { message: ChatMessage }) {
  const learned = messageLearnedAction(message);
  return learned ? <MenuButton label="More for this message" actions={[learned]} testId="message-menu" /> : null;
}

function ToolChip({ call }: { call: ToolCallRecord }) {
  const { setOpenToolCall } = useUi();
  const summary = chipSummary(call);
  return (
    <button className={`chip chip-${call.status}`} onClick={() => setOpenToolCall(call)} data-testid="tool-chip" title="Show the call and its result">
      <Icon name={call.name === 'search_memory' ? 'search' : 'brain'} size={13} />
      <span>{toolLabel(call.name)}</span>
      {summary && <span className="chip-detail">{summary}</span>}
      {call.status === 'running' && <span className="spinner" aria-label="running" />}
    </button>
  );
}

/** A string field of a tool call's JSON object, or ''. */
function field(value: ToolCallRecord['arguments'] | null, key: string): string {
  const v = value && typeof value === 'object' && !Array.isArray(value) ? value[key] : undefined;
  return typeof v === 'string' ? v : '';
}

/** The words a proposed memory write would store (or the memory it would confirm), for the person deciding. */
function proposedText(call: ToolCallRecord): string {
  return field(call.arguments, 'content') || field(call.result, 'memory');
}

const PROPOSAL_LABELS: Record<string, string> = {
  remember_fact: 'Remember',
  correct_fact: 'Change a memory to',
  confirm_fact: 'Mark a memory as confirmed',
};

/**
 * A memory write the model proposed from something the person did not say in this chat (recalled or imported
 * text may carry instructions): nothing is written until the person confirms it here.
 */
function ProposalChip({ call, messageId, replyDone }: { call: ToolCallRecord; messageId: string; replyDone: boolean }) {
  const { resolveToolCall } = useChatActions();
  const { setOpenToolCall } = useUi();
  const text = proposedText(call);
  const decide = (decision: 'confirm' | 'dismiss') => resolveToolCall.mutate({ messageId, toolCallId: call.id, decision });
  return (
    <span className="chip chip-pending" role="group" aria-label="Memory change waiting for your confirmation" data-testid="proposal-chip">
      <button
        className="text-button"
        onClick={() => setOpenToolCall(call)}
        title={`The model proposed this; it is not saved.${field(call.result, 'replaces') ? ` It would replace “${field(call.result, 'replaces')}”.` : ''} Show the call.`}
      >
        <Icon name="brain" size={13} /> {PROPOSAL_LABELS[call.name] ?? toolLabel(call.name)}
        {text && <span className="chip-detail">“{text}”</span>}
      </button>
      <button className="text-button" onClick={() => decide('confirm')} disabled={!replyDone || resolveToolCall.isPending} data-testid="proposal-confirm">
        Confirm
      </button>
      <button className="text-button" onClick={() => decide('dismiss')} disabled={!replyDone || resolveToolCall.isPending} data-testid="proposal-dismiss">
        Dismiss
      </button>
      {resolveToolCall.isError && <span className="error-text small">{errorMessage(resolveToolCall.error)}</span>}
    </span>
  );
}

function chipSummary(call: ToolCallRecord): string {
  if (call.status === 'error') return 'failed';
  if (call.status === 'dismissed') return 'dismissed, not saved';
  // Held in the Review view because the source is set to "ask me first".
  if (field(call.result, 'proposal_id')) return call.result && typeof call.result === 'object' && !Array.isArray(call.result) && call.result.waiting_for_review === true ? 'waiting for your review' : 'declined before, not saved';
  const args = call.arguments;
  if (call.name === 'search_memory' && args && typeof args === 'object' && !Array.isArray(args) && typeof args.query === 'string') {
    const result = call.result;
    const n = result && typeof result === 'object' && !Array.isArray(result) && Array.isArray(result.results) ? result.results.length : null;
    return `“${args.query}”${n === null ? '' : ` · ${n} found`}`;
  }
  if (call.name === 'get_entity_info' && args && typeof args === 'object' && !Array.isArray(args) && typeof args.name === 'string') return args.name;
  return '';
}

function reasonTitle(reason: string): string {
  switch (reason) {
    case 'bad_key':
      return 'The API key was refused.';
    case 'unreachable':
      return 'The model server is unreachable.';
    case 'timeout':
      return 'The model server is reachable but too slow.';
    case 'unknown_model':
      return 'Unknown model.';
    case 'rate_limited':
      return 'Rate limited.';
    case 'not_configured':
      return 'No model configured.';
    default:
      return 'The reply failed.';
  }
}

import { useEffect, useRef, type ReactNode } from 'react';
import { errorMessage } from '../api/client';
import { useContextPack } from '../api/hooks';
import { toolLabel } from '../format';
import { useUi } from '../store';
import type { JsonValue } from '../../../src-shared/memory-types';

/** The memories a search_memory result lists, for a readable view above the raw JSON. */
function foundMemories(result: JsonValue | null): { content: string; type: string; when: string }[] {
  if (!result || typeof result !== 'object' || Array.isArray(result) || !Array.isArray(result.results)) return [];
  return result.results.flatMap((r) =>
    r && typeof r === 'object' && !Array.isArray(r) && typeof r.content === 'string'
      ? [{ content: r.content, type: String(r.type ?? ''), when: String(r.event_time_relative ?? '') }]
      : [],
  );
}
import { Icon } from './Icon';
import { OpenPackInInspector } from '../inspector/InspectorRoot';

/** A modal dialog on the native <dialog> element: focus is trapped, Esc closes. */
export function Modal({ title, onClose, children, wide, testId }: { title: string; onClose: () => void; children: ReactNode; wide?: boolean; testId?: string }) {
  const ref = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    const el = ref.current;
    if (el && !el.open) el.showModal();
  }, []);
  return (
    <dialog
      ref={ref}
      className={`modal${wide ? ' modal-wide' : ''}`}
      onCancel={(e) => {
        e.preventDefault();
        onClose();
      }}
      onClick={(e) => {
        if (e.target === ref.current) onClose();
      }}
      aria-label={title}
      data-testid={testId}
    >
      <header className="modal-head">
        <h2>{title}</h2>
        <button className="icon-button" onClick={onClose} aria-label="Close">
          <Icon name="close" />
        </button>
      </header>
      <div className="modal-body">{children}</div>
    </dialog>
  );
}

export function ToolCallDialog() {
  const { openToolCall: call, setOpenToolCall } = useUi();
  if (!call) return null;
  const found = foundMemories(call.result);
  return (
    <Modal title={`${toolLabel(call.name)} — ${call.name}`} onClose={() => setOpenToolCall(null)} testId="tool-dialog">
      <h3>Arguments</h3>
      <pre className="code">{JSON.stringify(call.arguments, null, 2)}</pre>
      {found.length > 0 && (
        <>
          <h3>Found in memory</h3>
          <ul className="found-list">
            {found.map((f, i) => (
              <li key={i}>
                <div>{f.content}</div>
                <div className="muted small">
                  {f.type} · {f.when}
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
      {call.status === 'error' ? (
        <>
          <h3>Error</h3>
          <pre className="code error-text">{call.error}</pre>
        </>
      ) : found.length > 0 ? (
        <details className="raw">
          <summary>Raw result</summary>
          <pre className="code">{JSON.stringify(call.result, null, 2)}</pre>
        </details>
      ) : (
        <>
          <h3>Result</h3>
          <pre className="code">{call.status === 'running' ? 'Running…' : JSON.stringify(call.result, null, 2)}</pre>
        </>
      )}
    </Modal>
  );
}

export function ContextPackDialog() {
  const { packMessageId, setPackMessageId } = useUi();
  const pack = useContextPack(packMessageId);
  if (!packMessageId) return null;
  return (
    <Modal title="What Engram remembered for this reply" onClose={() => setPackMessageId(null)} wide testId="pack-dialog">
      {pack.isLoading && <p className="muted">Loading…</p>}
      {pack.isError && <div className="error-box">{errorMessage(pack.error)}</div>}
      {pack.data === null && <p className="muted">Memory was off for this reply.</p>}
      {pack.data && (
        <>
          <p className="muted small">
            Intent <strong>{pack.data.intent}</strong> · {pack.data.complexity} query · {pack.data.tokensUsed} of {pack.data.tokenBudget} tokens
          </p>
          <OpenPackInInspector messageId={packMessageId} onOpen={() => setPackMessageId(null)} />
          {pack.data.sections.every((s) => s.items.length === 0) && <p>Nothing in memory looked relevant, so nothing was added.</p>}
          {pack.data.sections
            .filter((s) => s.items.length > 0)
            .map((section) => (
              <section key={section.name} className="pack-section">
                <h3>
                  {section.title} <span className="muted small unstyled">· {section.tokens} tokens</span>
                </h3>
                <ul>
                  {section.items.map((item, i) => (
                    <li key={`${item.nodeId ?? item.entityId ?? ''}-${i}`}>
                      <div>
                        {item.heading && <span className="muted">{item.heading} · </span>}
                        {item.text.replace(/^\s*[-*]\s+/, '')}
                      </div>
                      <div className="muted small">{item.reason}</div>
                    </li>
                  ))}
                </ul>
              </section>
            ))}
        </>
      )}
    </Modal>
  );
}

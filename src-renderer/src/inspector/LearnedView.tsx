/**
 * "What did memory learn from this?" opened from the chat (a message's menu, a chat's menu): the retract preview
 * of that source (RetractPanel, the same one the node panel opens), with the node panel beside it for any fact
 * clicked. After a retract the preview stays and shows what is left (nothing, until its undo); Cancel goes back
 * to the chat the person came from.
 */
import { RetractPanel } from './RetractPanel';
import { useInspector } from './store';

export function LearnedView() {
  const learned = useInspector((s) => s.learned);
  const close = useInspector((s) => s.close);
  if (!learned) return <p className="muted">Choose “What did memory learn from this?” on a message or a chat.</p>;
  const { source, label } = learned;
  return (
    <div className="ins-learned" data-testid="learned-view">
      <h3>What did memory learn from {label}?</h3>
      <p className="muted small">
        Retracting forgets what only this {source.kind === 'chat' ? 'chat' : 'message'} taught, takes its support from facts others also taught, and
        makes current again what it had replaced. One undo puts it all back.
      </p>
      <RetractPanel key={`${source.kind}:${source.ref}`} source={source} onDone={() => undefined} onCancel={close} />
    </div>
  );
}

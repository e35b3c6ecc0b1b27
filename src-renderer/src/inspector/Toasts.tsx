/** Undo toasts: every edit shows one for a few seconds; its Undo (or `z`) reverses the edit. */
import { useEffect } from 'react';
import { undoLatest } from './actions';
import { useInspector, type Toast } from './store';

const TTL_MS = 9000;

export function Toasts() {
  const toasts = useInspector((s) => s.toasts);
  return (
    <div className="ins-toasts" role="status" aria-live="polite">
      {toasts.map((t) => (
        <ToastItem key={t.id} toast={t} />
      ))}
    </div>
  );
}

function ToastItem({ toast }: { toast: Toast }) {
  const dismiss = useInspector((s) => s.dismissToast);
  useEffect(() => {
    const timer = setTimeout(() => dismiss(toast.id), toast.error ? TTL_MS * 2 : toast.brief ? TTL_MS / 3 : TTL_MS);
    return () => clearTimeout(timer);
  }, [toast, dismiss]);
  return (
    <div className={`ins-toast${toast.error ? ' error' : ''}`} data-testid="toast">
      <span>{toast.message}</span>
      {toast.undo && (
        <button className="link-button" onClick={() => void undoLatest(toast.id)} data-testid="toast-undo">
          Undo <kbd>z</kbd>
        </button>
      )}
      <button className="icon-button tiny" onClick={() => dismiss(toast.id)} aria-label="Dismiss">
        ×
      </button>
    </div>
  );
}

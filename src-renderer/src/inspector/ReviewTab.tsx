/** The Review tab of the inspector and the sidebar's entry to it, each with the count of facts waiting. */
import { usePendingCount } from './review-api';
import { useInspector } from './store';

function Badge({ n }: { n: number }) {
  return n > 0 ? (
    <span className="rv-badge" data-testid="review-badge" aria-label={`${n} waiting`}>
      {n > 999 ? '999+' : n}
    </span>
  ) : null;
}

export function ReviewTab({ on, onClick }: { on: boolean; onClick: () => void }) {
  const n = usePendingCount().data?.pending ?? 0;
  return (
    <button role="tab" aria-selected={on} className={on ? 'on' : ''} onClick={onClick} data-testid="tab-review" title="Facts waiting for your review">
      Review <Badge n={n} />
    </button>
  );
}

/** Shown in the sidebar only while something waits. */
export function OpenReviewButton() {
  const n = usePendingCount().data?.pending ?? 0;
  if (n === 0) return null;
  return (
    <button
      className="button button-ghost"
      onClick={() => {
        const s = useInspector.getState();
        s.openInspector();
        s.setTab('review');
      }}
      data-testid="open-review"
      title="Facts waiting for your review"
    >
      Review <Badge n={n} />
    </button>
  );
}

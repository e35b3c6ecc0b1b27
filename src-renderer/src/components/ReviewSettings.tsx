/** Settings → New memories: per source, remember at once or ask first (facts then wait in the inspector's Review). */
import { REVIEW_SOURCES, REVIEW_SOURCE_LABELS, type ReviewMode } from '../../../src-shared/review-types';
import { errorMessage } from '../api/client';
import { useReviewSettings, useSaveReviewSettings } from '../inspector/review-api';

export function ReviewSettingsSection() {
  const settings = useReviewSettings();
  const save = useSaveReviewSettings();
  return (
    <fieldset data-testid="review-settings">
      <legend>New memories</legend>
      <small className="muted" style={{ display: 'block', marginBottom: 8 }}>
        &quot;Ask me first&quot; keeps what a source would add in Memory → Review until you approve it. Changes apply at once.
      </small>
      {!settings.data ? (
        settings.isError ? <div className="error-box">{errorMessage(settings.error)}</div> : <p className="muted">Loading…</p>
      ) : (
        REVIEW_SOURCES.map((source) => (
          <label key={source} className="field field-narrow">
            <span>{REVIEW_SOURCE_LABELS[source]}</span>
            <select
              value={settings.data[source]}
              disabled={save.isPending}
              onChange={(e) => save.mutate({ [source]: e.target.value as ReviewMode })}
              data-testid={`review-mode-${source}`}
            >
              <option value="at_once">Remember at once</option>
              <option value="ask_first">Ask me first</option>
            </select>
          </label>
        ))
      )}
      {save.isError && <div className="error-box">{errorMessage(save.error)}</div>}
    </fieldset>
  );
}

/** A short card for an entity anchor clicked in the graph. */
import { errorMessage } from '../api/client';
import { useEntityProfile } from './api';
import { useInspector } from './store';

export function EntityCard({ id }: { id: string }) {
  const profile = useEntityProfile(id);
  // The summary is rewritten from today's facts: as of an earlier date it could tell what was not yet known.
  const past = useInspector((st) => st.filter.asOf !== null);
  const s = useInspector.getState;
  if (profile.isError) return <div className="error-box">{errorMessage(profile.error)}</div>;
  if (!profile.data) return <p className="muted">Loading…</p>;
  const { entity, factCount, episodeCount } = profile.data;
  return (
    <div className="ins-entity-card" data-testid="entity-card">
      <h3>
        {entity.canonicalName} <span className="muted small">{entity.type}</span>
      </h3>
      {entity.aliases.length > 0 && <p className="small">also: {entity.aliases.join(', ')}</p>}
      {entity.summary && !past && <p>{entity.summary}</p>}
      <p className="muted small">
        {entity.mentionCount} mentions · {factCount} facts · {episodeCount} episodes
      </p>
      <div className="ins-actions">
        <button className="button" onClick={() => s().openEntity(entity.id)}>
          Open entity page
        </button>
        <button className="button button-ghost" onClick={() => s().seedGraph({ seed: { kind: 'entity', entityId: entity.id } })}>
          Focus graph on it
        </button>
      </div>
    </div>
  );
}

/** A memory's tags: remove with ×, add by typing and Enter (each change undoable from its toast). */
import { useState } from 'react';
import { actions } from '../actions';

export function TagEditor({ nodeId, tags }: { nodeId: string; tags: string[] }) {
  const [draft, setDraft] = useState('');
  const save = (next: string[]) => void actions.setTags(nodeId, next, tags);
  return (
    <section className="ins-section" data-testid="tags">
      <h4>Tags</h4>
      <div className="ins-chips">
        {tags.map((t) => (
          <span key={t} className="chip">
            {t}
            <button className="icon-button tiny" aria-label={`Remove tag ${t}`} onClick={() => save(tags.filter((x) => x !== t))}>
              ×
            </button>
          </span>
        ))}
        <input
          className="ins-tag-input"
          value={draft}
          placeholder="add tag…"
          aria-label="Add tag"
          data-testid="tag-input"
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && draft.trim()) {
              save([...tags, draft.trim()]);
              setDraft('');
            }
          }}
        />
      </div>
    </section>
  );
}

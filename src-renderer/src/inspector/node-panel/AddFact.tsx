import { useState } from 'react';
import { actions } from '../actions';
import { useInspector } from '../store';

/** Add a fact by hand: written with origin "manual", so the origin filter keeps it apart. */
export function AddFact() {
  const open = useInspector((s) => s.adding);
  const setOpen = useInspector((s) => s.setAdding);
  const [content, setContent] = useState('');
  const [type, setType] = useState<'semantic' | 'procedural' | 'opinion'>('semantic');
  const [tags, setTags] = useState('');
  if (!open) {
    return (
      <button className="button" onClick={() => setOpen(true)} data-testid="add-fact">
        + Add a fact by hand
      </button>
    );
  }
  const submit = async () => {
    if (!content.trim()) return;
    const ok = await actions.addFact({
      content: content.trim(),
      type,
      tags: tags.split(',').map((t) => t.trim()).filter(Boolean),
    });
    if (ok) {
      setContent('');
      setTags('');
      setOpen(false);
    }
  };
  return (
    <div className="ins-add" data-testid="add-fact-form">
      <textarea value={content} onChange={(e) => setContent(e.target.value)} rows={3} placeholder="What should Engram remember?" aria-label="Fact" autoFocus />
      <div className="ins-actions">
        <select value={type} onChange={(e) => setType(e.target.value as typeof type)} aria-label="Kind">
          <option value="semantic">fact</option>
          <option value="procedural">how-to</option>
          <option value="opinion">opinion</option>
        </select>
        <input value={tags} onChange={(e) => setTags(e.target.value)} placeholder="tags, comma separated" aria-label="Tags" />
      </div>
      <div className="ins-actions">
        <button className="button button-primary" onClick={() => void submit()} data-testid="add-fact-save">
          Remember
        </button>
        <button className="button button-ghost" onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
    </div>
  );
}

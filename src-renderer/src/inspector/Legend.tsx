import { useState } from 'react';
import type { NodeType, RelationType } from '../../../src-shared/memory-types';
import { RELATION_STYLES, TYPE_COLOURS, ENTITY_COLOUR } from './graph-style';

/** What the colours, shapes and lines mean; folds away. */
export function Legend() {
  const [open, setOpen] = useState(true);
  return (
    <div className="ins-legend" data-testid="legend">
      <button className="link-button small" onClick={() => setOpen(!open)} aria-expanded={open}>
        {open ? 'Hide legend' : 'Legend'}
      </button>
      {open && (
        <div className="ins-legend-body">
          {(Object.entries(TYPE_COLOURS) as [NodeType, string][]).map(([t, c]) => (
            <div key={t} className="ins-legend-row">
              <span className={`ins-dot${t === 'episodic' ? ' square' : ''}`} style={{ background: c }} /> {t}
            </div>
          ))}
          <div className="ins-legend-row">
            <span className="ins-hex" style={{ background: ENTITY_COLOUR }} /> entity <span className="muted">(colour by kind)</span>
          </div>
          <div className="ins-legend-row muted">size = confidence now; faded = superseded/forgotten</div>
          {(Object.entries(RELATION_STYLES) as [RelationType, (typeof RELATION_STYLES)[RelationType]][]).map(([r, s]) => (
            <div key={r} className="ins-legend-row">
              <span className="ins-line" style={{ borderTopColor: s.colour, borderTopStyle: s.line, borderTopWidth: Math.max(1, s.width) }} />
              {r.replace('_', ' ')}
              {s.arrow ? ' →' : ''}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}

import { useState } from 'react';
import type { NodeType, RelationType } from '../../../src-shared/memory-types';
import { RELATION_STYLES, TYPE_COLOURS, ENTITY_COLOUR } from './graph-style';

/**
 * What the colours, shapes and lines mean: a strip under the graph rather than a box over it, so it never
 * covers a node (the graph is fitted to the space above it); folds to one line.
 */
export function Legend() {
  const [open, setOpen] = useState(true);
  return (
    <div className={`ins-legend${open ? '' : ' folded'}`} data-testid="legend">
      {open && (
        <div className="ins-legend-body" id="ins-legend-body">
          {(Object.entries(TYPE_COLOURS) as [NodeType, string][]).map(([t, c]) => (
            <span key={t} className="ins-legend-row">
              <span className={`ins-dot${t === 'episodic' ? ' square' : ''}`} style={{ background: c }} /> {t}
            </span>
          ))}
          <span className="ins-legend-row">
            <span className="ins-hex" style={{ background: ENTITY_COLOUR }} /> entity <span className="muted">(colour by kind)</span>
          </span>
          {(Object.entries(RELATION_STYLES) as [RelationType, (typeof RELATION_STYLES)[RelationType]][]).map(([r, s]) => (
            <span key={r} className="ins-legend-row">
              <span className="ins-line" style={{ borderTopColor: s.colour, borderTopStyle: s.line, borderTopWidth: Math.max(1, s.width) }} />
              {r.replace('_', ' ')}
              {s.arrow ? ' →' : ''}
            </span>
          ))}
          <span className="ins-legend-row muted">size = confidence now · faded = superseded/forgotten</span>
        </div>
      )}
      <button className="link-button small" onClick={() => setOpen(!open)} aria-expanded={open} aria-controls="ins-legend-body">
        {open ? 'Hide legend' : 'Legend'}
      </button>
    </div>
  );
}

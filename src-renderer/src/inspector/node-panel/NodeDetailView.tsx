/**
 * One memory in the node panel: content, type, origin, confidence now and its decay curve, access, provenance
 * quotes (one click to the conversation), version history with what changed, entities, tags, attributes as
 * labelled fields.
 */
import { Fragment } from 'react';
import type { NodeDetail } from '../../../../src-main/memory';
import { isRecital } from '../../../../src-shared/recitals';
import { saidLabel } from '../../../../src-shared/speakers';
import { attributeFields } from '../attributes';
import { DecayChart } from '../DecayChart';
import { TYPE_COLOURS } from '../graph-style';
import { chatIdOfSession } from '../sessions';
import { useInspector } from '../store';
import { formatDateTime } from '../time';
import { heldUntil } from '../../../../src-shared/versions';
import { CorrectForm } from './CorrectForm';
import { NodeActions } from './NodeActions';
import { confidenceNow, confirmedText, formatStability, modelWriteText, originText } from './node-text';
import { OpenConversation } from './OpenConversation';
import { Provenance } from './Provenance';
import { SpaceSection } from './SpaceSection';
import { LearnedFrom } from './LearnedFrom';
import { TagEditor } from './TagEditor';
import { Versions } from './Versions';

export function NodeDetailView({ detail }: { detail: NodeDetail }) {
  const { node } = detail;
  const now = Date.now();
  const editing = useInspector((s) => s.editing);
  const isFact = node.type !== 'episodic';
  const current = node.validUntil === null;
  // The version this one replaced (versions are oldest first).
  const at = detail.versions.findIndex((v) => v.id === node.id);
  const previousVersion = at > 0 ? detail.versions[at - 1] : undefined;
  const conf = confidenceNow(node, now);
  const supersededBy = detail.edges.find((e) => e.relationType === 'supersedes' && e.targetId === node.id);
  const tags = Array.isArray(node.attributes.tags) ? node.attributes.tags.filter((t): t is string => typeof t === 'string') : [];
  const { tags: _tags, ...otherAttributes } = node.attributes;
  return (
    <div className="ins-node" data-testid="node-detail" data-node-id={node.id}>
      <div className="ins-node-head">
        <span className="ins-type" style={{ background: TYPE_COLOURS[node.type] }}>
          {node.type}
        </span>
        {!current && (
          <span className="ins-status" data-testid="node-status">
            {node.invalidatedReason}
          </span>
        )}
        {current && isFact && node.sourceType === 'reflection' && <span className="ins-status">reflection · not confirmed</span>}
        {current && isFact && node.decayRate <= 0 && node.sourceType !== 'reflection' && (
          <span className="ins-status ok" data-testid="node-confirmed">
            {confirmedText(node, previousVersion !== undefined)}
          </span>
        )}
        <span className="muted small" data-testid="node-origin">{originText(node)}</span>
        {modelWriteText(node) && (
          <span className="muted small" data-testid="node-model-write">
            {modelWriteText(node)}
          </span>
        )}
      </div>
      {editing && current && isFact ? <CorrectForm node={node} /> : <p className="ins-content" data-testid="node-content">{node.content}</p>}

      <NodeActions detail={detail} previousVersion={previousVersion} />
      {supersededBy && <p className="small muted">Replaced by a newer version — see the history below.</p>}

      <dl className="ins-facts">
        <dt>Confidence now</dt>
        <dd data-testid="confidence-now">
          {conf.toFixed(2)} <span className="muted small">(stored {node.confidence.toFixed(2)}, decay rate {node.decayRate}
            {isFact && node.decayRate > 0 ? `, stability ×${formatStability(node.stability)}` : ''})</span>
        </dd>
        <dt>Accessed</dt>
        <dd>
          {node.accessCount} {node.accessCount === 1 ? 'time' : 'times'}
          {node.lastAccessed ? `, last ${formatDateTime(node.lastAccessed)}` : ', never since it was written'}
        </dd>
        <dt>Happened / true from</dt>
        <dd>
          {formatDateTime(node.eventTime)}
          {isFact ? ` · valid ${formatDateTime(node.validFrom)} → ${node.validUntil ? formatDateTime(heldUntil(node, detail.versions) ?? node.validUntil) : 'now'}` : ''}
        </dd>
        <dt>Learned</dt>
        <dd>{formatDateTime(node.createdAt)}</dd>
      </dl>

      {isFact && <DecayChart node={{ ...node, confidenceBase: node.confidenceBase }} now={now} />}

      {detail.versions.length > 1 && <Versions detail={detail} />}
      {detail.derivedFrom.length > 0 && <Provenance episodes={detail.derivedFrom} deletedChatIds={detail.deletedChatIds} />}
      {isRecital(node) && (
        <p className="muted small" data-testid="recital-note">
          Engram restating what it remembered: kept with the conversation, but not found by search and never used as evidence for a fact.
        </p>
      )}
      {node.type === 'episodic' && chatIdOfSession(node.sessionId) && (
        <p>
          <span className="muted small">{saidLabel(node)} · </span>
          <OpenConversation sessionId={node.sessionId} deleted={detail.deletedChatIds} />
        </p>
      )}

      <LearnedFrom key={`learned-${node.id}`} node={node} />
      <SpaceSection node={node} />

      <section className="ins-section">
        <h4>Entities</h4>
        {detail.entities.length === 0 ? (
          <p className="muted small">None linked.</p>
        ) : (
          <div className="ins-chips">
            {detail.entities.map((e) => (
              <button key={e.id} className="chip" onClick={() => useInspector.getState().openEntity(e.id)}>
                {e.canonicalName} <span className="muted small">{e.type}</span>
              </button>
            ))}
          </div>
        )}
      </section>
      <TagEditor key={node.id} nodeId={node.id} tags={tags} />
      {Object.keys(otherAttributes).length > 0 && (
        <section className="ins-section">
          <h4>Attributes</h4>
          <dl className="ins-facts" data-testid="node-attributes">
            {attributeFields(otherAttributes).map((f) => (
              <Fragment key={f.key}>
                <dt title={f.key}>{f.label}</dt>
                <dd className="ins-attribute-value">{f.value}</dd>
              </Fragment>
            ))}
          </dl>
        </section>
      )}
      <p className="muted small ins-id">id {node.id}{node.sessionId ? ` · session ${node.sessionId}` : ''}</p>
    </div>
  );
}

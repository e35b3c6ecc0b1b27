/**
 * "What Engram knows about you": the profile (seed 004 §5) as a card — its lasting and recent parts, each line
 * opening its fact in the node panel, with its sources, and Pin / Hide controls (buttons, so Tab and Enter work).
 */
import { useQuery } from '@tanstack/react-query';
import { call, errorMessage } from '../api/client';
import { actions } from './actions';
import { useInspector } from './store';
import { formatDate } from './time';
import type { Profile, ProfileLine } from '../../../src-shared/profile-types';
import './profile.css';

export const profileKey = ['memory', 'inspector', 'profile'] as const;

export function ProfileView() {
  // With the inspector's As-of date set, the profile of that day: the facts current then (AsOfControl.tsx).
  const asOf = useInspector((s) => s.filter.asOf);
  const q = useQuery({ queryKey: [...profileKey, asOf], queryFn: () => call('memory.profile', asOf === null ? {} : { asOf }) });
  if (q.isError) return <div className="error-box">{errorMessage(q.error)}</div>;
  if (!q.data) return <p className="muted ins-pad">Loading…</p>;
  return (
    <div className="ins-profile" data-testid="inspector-profile">
      <ProfileCard profile={q.data} asOf={asOf} />
    </div>
  );
}

function ProfileCard({ profile, asOf }: { profile: Profile; asOf: number | null }) {
  const empty = profile.static.length === 0 && profile.dynamic.length === 0;
  return (
    <section className="ins-profile-card" aria-labelledby="profile-title" data-testid="profile-card">
      <h2 id="profile-title">{asOf === null ? 'What Engram knows about you' : `What Engram knew about you on ${formatDate(asOf - 1)}`}</h2>
      <p className="muted small">
        {asOf === null
          ? 'Worked out from your current facts, and given to every reply first. A corrected or forgotten fact leaves at once; pin what should always be here, hide what should not.'
          : 'Worked out from the facts current then, as a reply would have been given it. Pin and Hide are for today’s profile.'}
      </p>
      {empty && <p data-testid="profile-empty">Nothing yet: your name, home, work, family and what you are busy with will show here once Engram learns them.</p>}
      <Part title="Lasting" note="name, home, work, family, health, preferences — known for over a week" lines={profile.static} testId="profile-static" then={asOf !== null} />
      <Part title="Lately" note="this month's projects, plans and moods" lines={profile.dynamic} testId="profile-dynamic" then={asOf !== null} />
      {profile.hidden.length > 0 && (
        <details className="ins-profile-hidden" data-testid="profile-hidden">
          <summary>
            {profile.hidden.length} hidden from the profile
          </summary>
          <ul>
            {profile.hidden.map((h) => (
              <li key={h.nodeId}>
                <span>{h.content}</span>{' '}
                <button className="button button-ghost" onClick={() => void actions.profilePin(h.nodeId, 'auto')} aria-label={`Show in profile: ${h.content}`}>
                  Show again
                </button>
              </li>
            ))}
          </ul>
        </details>
      )}
    </section>
  );
}

/** `then`: a past date's profile, whose lines are shown without today's Pin and Hide. */
function Part({ title, note, lines, testId, then }: { title: string; note: string; lines: readonly ProfileLine[]; testId: string; then: boolean }) {
  if (lines.length === 0) return null;
  return (
    <div className="ins-profile-part" data-testid={testId}>
      <h4>
        {title} <span className="muted small">· {note}</span>
      </h4>
      <ul>
        {lines.map((l) => (
          <Line key={l.nodeId} line={l} then={then} />
        ))}
      </ul>
    </div>
  );
}

function Line({ line, then }: { line: ProfileLine; then: boolean }) {
  const select = useInspector((s) => s.select);
  const selected = useInspector((s) => s.selectedId === line.nodeId);
  return (
    <li className={selected ? 'on' : ''} data-testid="profile-line">
      <button className="link-button ins-profile-fact" onClick={() => select(line.nodeId)} title="Open this fact">
        {line.pinned && <span className="ins-profile-pin">Pinned</span>}
        {line.content}
      </button>
      <span className="muted small ins-profile-why">
        {line.reason}
        {line.confirmed && ' · confirmed'}
        {line.sourceIds.length > 0 && ' · said in '}
        {line.sourceIds.map((id, i) => (
          <button key={id} className="link-button ins-profile-source" onClick={() => select(id)} aria-label={`Source ${i + 1} of: ${line.content}`} title="Open the message it was learned from">
            {i === 0 ? 'source' : ''} {i + 1}
          </button>
        ))}
      </span>
      {!then && (
        <span className="ins-profile-controls">
          <button className="button button-ghost" onClick={() => void actions.profilePin(line.nodeId, line.pinned ? 'auto' : 'pinned')} aria-label={`${line.pinned ? 'Unpin' : 'Pin'}: ${line.content}`} aria-pressed={line.pinned}>
            {line.pinned ? 'Unpin' : 'Pin'}
          </button>
          <button className="button button-ghost" onClick={() => void actions.profilePin(line.nodeId, 'hidden')} aria-label={`Hide from profile: ${line.content}`}>
            Hide
          </button>
        </span>
      )}
    </li>
  );
}

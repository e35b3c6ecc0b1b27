/**
 * The decay curve from the last access, with the forecast of when confidence falls below the prune
 * threshold. Protected nodes (episodes, confirmed facts) draw a flat line. Same maths as the engine (decay.ts).
 */
import { decayAnchor, decayCurve, DEFAULT_PRUNE_THRESHOLD, forecastPruneTime, isProtected } from '../../../src-shared/decay';
import type { MemoryNode } from '../../../src-shared/memory-types';
import { formatDate } from './time';

const W = 320;
const H = 120;
const PAD = { l: 30, r: 8, t: 8, b: 20 };
const DAY = 86_400_000;

export function DecayChart({ node, now }: { node: MemoryNode; now: number }) {
  const prot = isProtected(node);
  const forecast = forecastPruneTime(node, DEFAULT_PRUNE_THRESHOLD);
  const start = decayAnchor(node);
  // Show at least a month past today, and up to the forecast (capped at ten years so the curve stays readable).
  const end = Math.max(now + 30 * DAY, Math.min(forecast ?? 0, start + 3650 * DAY) + 7 * DAY);
  const points = decayCurve(node, end, 64);
  const x = (t: number) => PAD.l + ((t - start) / Math.max(1, end - start)) * (W - PAD.l - PAD.r);
  const y = (c: number) => PAD.t + (1 - c) * (H - PAD.t - PAD.b);
  const path = points.map((p, i) => `${i === 0 ? 'M' : 'L'}${x(p.t).toFixed(1)},${y(p.confidence).toFixed(1)}`).join(' ');
  const nowX = x(now);
  return (
    <figure className="ins-decay" data-testid="decay-chart">
      <svg viewBox={`0 0 ${W} ${H}`} width="100%" role="img" aria-label="Decay curve">
        {[0, 0.5, 1].map((c) => (
          <g key={c}>
            <line x1={PAD.l} x2={W - PAD.r} y1={y(c)} y2={y(c)} className="ins-grid" />
            <text x={PAD.l - 4} y={y(c) + 3} className="ins-axis-label" textAnchor="end">
              {c}
            </text>
          </g>
        ))}
        <line x1={PAD.l} x2={W - PAD.r} y1={y(DEFAULT_PRUNE_THRESHOLD)} y2={y(DEFAULT_PRUNE_THRESHOLD)} className="ins-threshold" />
        <text x={W - PAD.r} y={y(DEFAULT_PRUNE_THRESHOLD) - 3} className="ins-axis-label" textAnchor="end">
          prune 0.05
        </text>
        <path d={path} className={prot ? 'ins-curve protected' : 'ins-curve'} />
        {nowX >= PAD.l && nowX <= W - PAD.r && (
          <g>
            <line x1={nowX} x2={nowX} y1={PAD.t} y2={H - PAD.b} className="ins-now" />
            <text x={nowX + 3} y={PAD.t + 8} className="ins-axis-label">
              now
            </text>
          </g>
        )}
        {forecast !== null && x(forecast) <= W - PAD.r && <circle cx={x(forecast)} cy={y(DEFAULT_PRUNE_THRESHOLD)} r={3.5} className="ins-forecast" />}
        <text x={PAD.l} y={H - 6} className="ins-axis-label">
          {formatDate(start)}
        </text>
        <text x={W - PAD.r} y={H - 6} className="ins-axis-label" textAnchor="end">
          {formatDate(end)}
        </text>
      </svg>
      <figcaption className="small" data-testid="decay-forecast">
        {prot
          ? node.type === 'episodic'
            ? 'Episodes do not decay.'
            : 'Confirmed: protected from decay (flat line).'
          : node.validUntil !== null
            ? 'No longer current.'
            : forecast !== null
              ? forecast <= now
                ? 'Below the prune threshold: the next nightly run prunes it unless it is used or confirmed.'
                : `Falls below 0.05 around ${formatDate(forecast)} unless it is used again.`
              : ''}
      </figcaption>
    </figure>
  );
}

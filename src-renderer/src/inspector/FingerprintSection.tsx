/**
 * Overview → Fingerprint: the memory's Merkle root (every node, edge and entity's content hash folded into
 * one value), when it was last verified, and "Verify now" (memory.verify), which rehashes every row and names
 * any that no longer match.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { VerifyReport } from '../../../src-main/memory';
import { call, errorMessage } from '../api/client';
import { formatDateTime } from './time';

const FINGERPRINT_KEY = ['memory', 'fingerprint'] as const;
const noun = { nodes: 'memory', edges: 'link', entities: 'entity' } as const;

export function FingerprintSection() {
  const qc = useQueryClient();
  const fp = useQuery({ queryKey: FINGERPRINT_KEY, queryFn: () => call('memory.fingerprint', {}) });
  const verify = useMutation({
    mutationFn: () => call('memory.verify', {}),
    meta: { inlineError: true },
    onSettled: () => void qc.invalidateQueries({ queryKey: FINGERPRINT_KEY }),
  });
  const last = fp.data?.lastVerified ?? null;
  return (
    <section className="ins-section" data-testid="overview-fingerprint" aria-labelledby="ins-fingerprint-title">
      <h4 id="ins-fingerprint-title">Fingerprint</h4>
      <dl className="ins-facts">
        <dt>Fingerprint</dt>
        <dd>
          <code data-testid="fingerprint-root" title={fp.data?.root}>
            {fp.data ? `${fp.data.root.slice(0, 16)}…` : fp.isError ? errorMessage(fp.error) : '…'}
          </code>
          {fp.data && <span className="muted small"> over {fp.data.rows.toLocaleString()} rows</span>}
        </dd>
        <dt>Last verified</dt>
        <dd data-testid="fingerprint-verified">{last ? `${formatDateTime(last.at)} — ${last.ok ? 'everything matched' : 'changes found'}` : 'never'}</dd>
      </dl>
      <p className="muted small">Backups and exports carry this fingerprint; “engram verify” checks a file against it, and a restore checks it first.</p>
      <button className="button" aria-disabled={verify.isPending} onClick={() => !verify.isPending && verify.mutate()} data-testid="verify-memory">
        {verify.isPending ? 'Verifying…' : 'Verify now'}
      </button>
      <div role="status" aria-live="polite">
        {verify.data && <VerifyResult report={verify.data} />}
      </div>
      {verify.error && (
        <p className="error-text" role="alert">
          Verification failed: {errorMessage(verify.error)}
        </p>
      )}
    </section>
  );
}

function VerifyResult({ report }: { report: VerifyReport }) {
  if (report.ok) return <p data-testid="verify-result">All {report.rows.toLocaleString()} rows match the fingerprint.</p>;
  return (
    <div className="error-text" data-testid="verify-result">
      <p>{report.findings.length > 0 ? `${report.findings.length.toLocaleString()} rows no longer match:` : 'The recorded fingerprint no longer matches the rows.'}</p>
      <ul className="ins-list">
        {report.findings.slice(0, 20).map((f) => (
          <li key={`${f.table}/${f.id}`}>
            {noun[f.table]} {f.id} {f.problem}
            {f.preview ? `: “${f.preview}”` : ''}
          </li>
        ))}
      </ul>
    </div>
  );
}

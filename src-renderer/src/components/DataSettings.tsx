import { useEffect, useState, type KeyboardEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataProgress } from '../../../src-main/data/api-types';
import { call, errorMessage } from '../api/client';
import { bridge } from '../api/transport';

const BACKUPS_KEY = ['data', 'backups'] as const;

const size = (bytes: number): string => (bytes >= 1_048_576 ? `${(bytes / 1_048_576).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1024))} KB`);
const when = (ms: number): string => new Date(ms).toLocaleString();

/** Enter in a path field runs its action instead of submitting the surrounding settings form. */
const onEnter = (run: () => void) => (e: KeyboardEvent<HTMLInputElement>) => {
  if (e.key === 'Enter') {
    e.preventDefault();
    run();
  }
};

/**
 * Settings → Data: import history (ChatGPT, Claude, JSONL, an Engram export) with a progress bar and a
 * summary, export (JSON or Markdown), backups (now, and the automatic daily ones) and restore.
 */
export function DataSettings() {
  const qc = useQueryClient();
  const [progress, setProgress] = useState<DataProgress | null>(null);
  const [importPath, setImportPath] = useState('');
  const [restorePath, setRestorePath] = useState('');
  const [confirming, setConfirming] = useState<string | null>(null);
  useEffect(() => bridge.on('data.progress', (p) => setProgress(p.phase === 'running' ? p : null)), []);

  const backups = useQuery({ queryKey: BACKUPS_KEY, queryFn: () => call('data.backups', {}) });
  const refreshAll = () => void qc.invalidateQueries();
  const runImport = useMutation({ mutationFn: (path: string) => call('data.import', { path }), meta: { inlineError: true }, onSettled: refreshAll });
  const runExport = useMutation({ mutationFn: (format: 'json' | 'markdown') => call('data.export', { format }), meta: { inlineError: true } });
  const runBackup = useMutation({
    mutationFn: () => call('data.backup', {}),
    meta: { inlineError: true },
    onSettled: () => void qc.invalidateQueries({ queryKey: BACKUPS_KEY }),
  });
  const runRestore = useMutation({
    mutationFn: (path: string) => call('data.restore', { path }),
    meta: { inlineError: true },
    onSettled: () => {
      setConfirming(null);
      refreshAll();
    },
  });
  const busy = progress !== null || runImport.isPending || runExport.isPending || runBackup.isPending || runRestore.isPending;
  const startImport = () => {
    if (importPath.trim() && !busy) runImport.mutate(importPath.trim());
  };
  const askRestore = (path: string) => {
    if (path.trim() && !busy) setConfirming(path.trim());
  };
  const summary = runImport.data;

  return (
    <fieldset className="data-settings" data-testid="data-settings">
      <legend>Data</legend>

      <label className="field">
        <span>Import conversations</span>
        <span className="path-row">
          <input
            value={importPath}
            onChange={(e) => setImportPath(e.target.value)}
            onKeyDown={onEnter(startImport)}
            placeholder="/path/to/conversations.json, the export .zip, or its folder"
            spellCheck={false}
            data-testid="import-path"
          />
          <button type="button" className="button" onClick={startImport} disabled={busy || !importPath.trim()} data-testid="import-run">
            {runImport.isPending ? 'Importing…' : 'Import'}
          </button>
        </span>
        <small className="muted">
          A ChatGPT or Claude data export, JSONL, or an Engram JSON export. Each conversation becomes a chat marked “imported” and is
          remembered with its own dates; importing again adds only what is new.
        </small>
      </label>
      {progress && (
        <div className="data-progress" role="status" data-testid="data-progress">
          <progress max={100} value={progress.percent} aria-label={`${progress.operation} progress`} />
          <span className="muted small">
            {progress.percent}% · {progress.message}
          </span>
        </div>
      )}
      {summary && (
        <p className="ok-text small" role="status" data-testid="import-summary">
          Imported {summary.messagesAdded} new message{summary.messagesAdded === 1 ? '' : 's'} from {summary.conversations} conversation
          {summary.conversations === 1 ? '' : 's'}: {summary.chatsCreated} new chat{summary.chatsCreated === 1 ? '' : 's'}
          {summary.chatsExtended > 0 ? `, ${summary.chatsExtended} extended` : ''}
          {summary.messagesAlreadyThere > 0 ? `, ${summary.messagesAlreadyThere} already imported` : ''}
          {summary.skippedCount > 0 ? `, ${summary.skippedCount} skipped (${summary.skipped[0]?.reason ?? ''})` : ''}.
          {summary.sessionsToConsolidate > 0 ? ' Facts are being distilled from them in the background.' : ''}
        </p>
      )}
      {runImport.isError && (
        <p className="error-text small" role="alert" data-testid="import-error">
          {errorMessage(runImport.error)}
        </p>
      )}

      <div className="field">
        <span>Export</span>
        <span className="test-row">
          <button type="button" className="button" onClick={() => runExport.mutate('json')} disabled={busy} data-testid="export-json">
            Everything (JSON)
          </button>
          <button type="button" className="button" onClick={() => runExport.mutate('markdown')} disabled={busy} data-testid="export-markdown">
            Readable (Markdown)
          </button>
        </span>
        {runExport.data && (
          <small className="ok-text" role="status" data-testid="export-result">
            Saved to {runExport.data.path}
          </small>
        )}
        {runExport.isError && <small className="error-text">{errorMessage(runExport.error)}</small>}
        <small className="muted">JSON holds your whole memory and chats (never your API key) and can be imported again; Markdown is one page per person or thing and per month of facts.</small>
      </div>

      <div className="field">
        <span>Backups</span>
        <span className="test-row">
          <button type="button" className="button" onClick={() => runBackup.mutate()} disabled={busy} data-testid="backup-now">
            {runBackup.isPending ? 'Backing up…' : 'Back up now'}
          </button>
          {runBackup.data && (
            <span className="ok-text small" role="status">
              Saved {size(runBackup.data.bytes)}
            </span>
          )}
          {runBackup.isError && <span className="error-text small">{errorMessage(runBackup.error)}</span>}
        </span>
        <small className="muted">A backup is also made every day, and the last 7 are kept{backups.data ? ` in ${backups.data.folder}` : ''}.</small>
        {backups.data && backups.data.backups.length > 0 && (
          <ul className="backup-list" data-testid="backup-list">
            {backups.data.backups.map((b) => (
              <li key={b.path}>
                <span>
                  {when(b.createdAt)} <span className="muted">· {size(b.bytes)}</span>
                </span>
                <button type="button" className="button button-ghost" onClick={() => askRestore(b.path)} disabled={busy}>
                  Restore…
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>

      <label className="field">
        <span>Restore from a file</span>
        <span className="path-row">
          <input
            value={restorePath}
            onChange={(e) => setRestorePath(e.target.value)}
            onKeyDown={onEnter(() => askRestore(restorePath))}
            placeholder="/path/to/engram-backup.db"
            spellCheck={false}
            data-testid="restore-path"
          />
          <button type="button" className="button" onClick={() => askRestore(restorePath)} disabled={busy || !restorePath.trim()} data-testid="restore-run">
            Restore…
          </button>
        </span>
      </label>
      {confirming && (
        <div className="confirm-box" role="alertdialog" aria-label="Confirm restore" data-testid="restore-confirm">
          <p>
            Replace your current memory and chats with <strong>{confirming}</strong>? The file is checked first; your current database is kept
            aside in the data folder.
          </p>
          <span className="test-row">
            <button type="button" className="button button-ghost" onClick={() => setConfirming(null)} autoFocus>
              Cancel
            </button>
            <button type="button" className="button button-danger" onClick={() => runRestore.mutate(confirming)} disabled={runRestore.isPending} data-testid="restore-confirm-run">
              {runRestore.isPending ? 'Restoring…' : 'Restore'}
            </button>
          </span>
        </div>
      )}
      {runRestore.data && (
        <p className="ok-text small" role="status" data-testid="restore-result">
          Restored ({runRestore.data.chats} chats, {runRestore.data.episodes} messages remembered). The previous memory is kept in {runRestore.data.keptAt}.
        </p>
      )}
      {runRestore.isError && (
        <p className="error-text small" role="alert" data-testid="restore-error">
          {errorMessage(runRestore.error)}
        </p>
      )}
    </fieldset>
  );
}

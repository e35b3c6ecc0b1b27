import { useEffect, useState, type KeyboardEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataProgress, ImportResult } from '../../../src-main/data/api-types';
import { fingerprintNotice, IMPORT_FORMAT_LABELS, IMPORT_FORMATS, type ImportFormat } from '../../../src-shared/import-source';
import { call, errorMessage } from '../api/client';
import { bridge, isBrowserMode } from '../api/transport';
import { download, uploadImport, uploadRestore } from '../api/files';
import { chooseSavePath, exportFileName } from '../api/native-dialogs';
import { ChooseFileButton } from './ChooseFileButton';
import { passphraseProblem } from './EncryptionSettings';

/** A file named by path (desktop app: read by the main process) or picked and uploaded (browser mode). */
type Source = string | File;
const sourceName = (source: Source): string => (typeof source === 'string' ? source : source.name);

/** The desktop app asks where to save (a native dialog): its buttons say so with an ellipsis. */
const asksWhere = isBrowserMode ? '' : '…';

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

/** A save dialog the person cancelled: said plainly, so the click is not mistaken for a silent failure. */
const NothingWritten = ({ testId }: { testId: string }) => (
  <small className="muted" role="status" data-testid={testId}>
    Cancelled: nothing was written.
  </small>
);

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/** What an import will do (or did), in one line per kind. */
function importLines(r: ImportResult): string[] {
  const lines: string[] = [];
  if (r.restored) {
    const rows = Object.entries(r.restored).filter(([, n]) => n > 0);
    lines.push(rows.length ? `Rows: ${rows.map(([t, n]) => `${n} ${t.replace(/_/g, ' ')}`).join(', ')}` : 'No new rows');
    const there = Object.values(r.alreadyThere ?? {}).reduce((a, b) => a + b, 0);
    if (there > 0) lines.push(`${plural(there, 'row')} already in your memory (left as they are)`);
    for (const x of r.rejected ?? []) lines.push(`Refused ${plural(x.count, `${x.table.replace(/_/g, ' ')} row`)}: ${x.reason}`);
    const tampered = r.fingerprint ? fingerprintNotice(r.fingerprint, !r.preview) : null;
    if (tampered) lines.push(tampered);
    if (r.settledVersions) lines.push(`${plural(r.settledVersions, 'fact')} settled as versions: where the file and your memory disagree, the one that began later stays current`);
  } else {
    lines.push(
      `${plural(r.messagesAdded, 'new message')} from ${plural(r.conversations, 'conversation')}: ${plural(r.chatsCreated, 'new chat')}` +
        `${r.chatsExtended > 0 ? `, ${r.chatsExtended} extended` : ''}${r.messagesAlreadyThere > 0 ? `, ${r.messagesAlreadyThere} already imported` : ''}`,
    );
  }
  if (r.skippedCount > 0) lines.push(`Skipped ${plural(r.skippedCount, 'conversation')}: ${r.skipped.slice(0, 3).map((k) => `#${k.index + 1} ${k.reason}`).join('; ')}`);
  if (r.keptApartCount > 0) lines.push(`${plural(r.keptApartCount, 'conversation')} kept as separate chats: ${r.keptApart.slice(0, 3).map((k) => `“${k.title}” ${k.reason}`).join('; ')}`);
  return lines;
}

/**
 * Settings → Data: import history (ChatGPT, Claude, JSONL, an Engram export) in the format the person chooses,
 * previewed first (what it adds, skips and refuses) and applied on confirmation, with a progress bar and a
 * summary; export (JSON or Markdown), backups (now, and the automatic daily ones) and restore.
 */
export function DataSettings() {
  const qc = useQueryClient();
  const [progress, setProgress] = useState<DataProgress | null>(null);
  const [importPath, setImportPath] = useState('');
  const [importFile, setImportFile] = useState<File | null>(null);
  const [restoreFile, setRestoreFile] = useState<File | null>(null);
  const [importFormat, setImportFormat] = useState<ImportFormat>('auto');
  /** An encrypted Engram export's passphrase (sent only with that format). */
  const [importPassphrase, setImportPassphrase] = useState('');
  /** "Encrypt with a passphrase" for the JSON export, and its two fields. */
  const [sealExport, setSealExport] = useState(false);
  const [exportPassphrase, setExportPassphrase] = useState('');
  const [exportRepeat, setExportRepeat] = useState('');
  /** The previewed import, waiting for the person to apply it. */
  const [planned, setPlanned] = useState<{ source: Source; format: ImportFormat; result: ImportResult } | null>(null);
  const [restorePath, setRestorePath] = useState('');
  const [confirming, setConfirming] = useState<Source | null>(null);
  useEffect(() => bridge.on('data.progress', (p) => setProgress(p.phase === 'running' ? p : null)), []);

  const backups = useQuery({ queryKey: BACKUPS_KEY, queryFn: () => call('data.backups', {}) });
  const refreshAll = () => void qc.invalidateQueries();
  const passphraseFor = (format: ImportFormat): string | undefined => (format === 'engram-export' && importPassphrase !== '' ? importPassphrase : undefined);
  const importCall = (source: Source, format: ImportFormat, preview: boolean): Promise<ImportResult> => {
    const passphrase = passphraseFor(format);
    return typeof source === 'string'
      ? call('data.import', { path: source, format, preview, ...(passphrase !== undefined ? { passphrase } : {}) })
      : uploadImport(source, format, preview, passphrase);
  };
  const previewImport = useMutation({
    mutationFn: ({ source, format }: { source: Source; format: ImportFormat }) => importCall(source, format, true),
    meta: { inlineError: true },
    onSuccess: (result, input) => setPlanned({ ...input, result }),
  });
  const runImport = useMutation({
    mutationFn: ({ source, format }: { source: Source; format: ImportFormat }) => importCall(source, format, false),
    meta: { inlineError: true },
    onSettled: () => {
      setPlanned(null);
      refreshAll();
    },
  });
  // Browser mode hands the file to the browser as a download; the desktop app asks where to save it (null:
  // the person cancelled the save dialog, and nothing was written).
  const runExport = useMutation({
    mutationFn: async (format: 'json' | 'markdown'): Promise<string | null> => {
      const sealed = format === 'json' && sealExport;
      if (sealed) {
        const why = passphraseProblem(exportPassphrase, exportRepeat);
        if (why) throw new Error(why);
      }
      const passphrase = sealed ? { passphrase: exportPassphrase } : {};
      const note = sealed ? ' (encrypted: importing it asks for the passphrase)' : '';
      if (isBrowserMode) return `Downloaded ${await download('data.export', { format, ...passphrase })}${note}`;
      const path = await chooseSavePath('export', sealed ? exportFileName(format).replace(/\.json$/, '.engram') : exportFileName(format));
      return path ? `Saved to ${(await call('data.export', { format, path, ...passphrase })).path}${note}` : null;
    },
    meta: { inlineError: true },
  });
  const runBackup = useMutation({
    mutationFn: async (): Promise<string | null> => {
      if (isBrowserMode) return `Downloaded ${await download('data.backup', {})}`;
      const path = await chooseSavePath('backup');
      if (!path) return null;
      const saved = await call('data.backup', { path });
      return `Saved ${size(saved.bytes)} to ${saved.path}`;
    },
    meta: { inlineError: true },
    onSettled: () => void qc.invalidateQueries({ queryKey: BACKUPS_KEY }),
  });
  const runRestore = useMutation({
    mutationFn: (source: Source) => (typeof source === 'string' ? call('data.restore', { path: source }) : uploadRestore(source)),
    meta: { inlineError: true },
    onSettled: () => {
      setConfirming(null);
      refreshAll();
    },
  });
  const busy = progress !== null || previewImport.isPending || runImport.isPending || runExport.isPending || runBackup.isPending || runRestore.isPending;
  const importSource: Source | null = isBrowserMode ? importFile : importPath.trim() || null;
  const startImport = () => {
    if (!importSource || busy) return;
    runImport.reset();
    previewImport.mutate({ source: importSource, format: importFormat });
  };
  const askRestore = (source: Source | null) => {
    const chosen = typeof source === 'string' ? source.trim() : source;
    if (chosen && !busy) setConfirming(chosen);
  };
  const summary = runImport.data;

  return (
    <fieldset className="data-settings" data-testid="data-settings">
      <legend>Data</legend>

      <label className="field">
        <span>Import conversations</span>
        <span className="path-row">
          {isBrowserMode ? (
            <input
              type="file"
              accept=".json,.jsonl,.zip,application/json,application/zip"
              onChange={(e) => setImportFile(e.target.files?.[0] ?? null)}
              data-testid="import-file"
            />
          ) : (
            <input
              value={importPath}
              onChange={(e) => setImportPath(e.target.value)}
              onKeyDown={onEnter(startImport)}
              placeholder="/path/to/conversations.json, the export .zip, or its folder"
              spellCheck={false}
              data-testid="import-path"
            />
          )}
          {!isBrowserMode && <ChooseFileButton purpose="import" onChosen={setImportPath} disabled={busy} testId="import-choose" />}
          <button type="button" className="button" onClick={startImport} disabled={busy || !importSource} data-testid="import-run">
            {previewImport.isPending ? 'Reading…' : 'Import…'}
          </button>
        </span>
        <span className="path-row">
          <span className="muted small">Format</span>
          <select value={importFormat} onChange={(e) => setImportFormat(e.target.value as ImportFormat)} aria-label="Import format" data-testid="import-format">
            {IMPORT_FORMATS.map((f) => (
              <option key={f} value={f}>
                {IMPORT_FORMAT_LABELS[f]}
              </option>
            ))}
          </select>
          {importFormat === 'engram-export' && (
            <input
              type="password"
              autoComplete="off"
              value={importPassphrase}
              onChange={(e) => setImportPassphrase(e.target.value)}
              onKeyDown={onEnter(startImport)}
              placeholder="Passphrase (encrypted export only)"
              aria-label="Passphrase of an encrypted export"
              data-testid="import-passphrase"
            />
          )}
        </span>
        <small className="muted">
          A ChatGPT or Claude data export, JSONL, or an Engram JSON export (choose it by name; settings are never imported). You see what
          will be added before anything is written. Each conversation becomes a chat marked “imported” and is remembered with its own dates;
          importing again adds only what is new.
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
      {planned && (
        <div className="confirm-box confirm-box-neutral" role="alertdialog" aria-label="Confirm import" data-testid="import-preview">
          <p>
            Import <strong>{sourceName(planned.source)}</strong> as {IMPORT_FORMAT_LABELS[planned.result.format]}
            {planned.format === 'auto' ? ' (detected)' : ''}? Nothing has been written yet.
          </p>
          <ul className="small">
            {importLines(planned.result).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <span className="test-row">
            <button type="button" className="button button-ghost" onClick={() => setPlanned(null)} autoFocus>
              Cancel
            </button>
            <button type="button" className="button" onClick={() => runImport.mutate({ source: planned.source, format: planned.format })} disabled={runImport.isPending} data-testid="import-apply">
              {runImport.isPending ? 'Importing…' : 'Import'}
            </button>
          </span>
        </div>
      )}
      {summary && (
        <div className="ok-text small" role="status" data-testid="import-summary">
          Imported {importLines(summary).join('. ')}.{summary.sessionsToConsolidate > 0 ? ' Facts are being distilled from them in the background.' : ''}
        </div>
      )}
      {(previewImport.isError || runImport.isError) && (
        <p className="error-text small" role="alert" data-testid="import-error">
          {errorMessage(previewImport.error ?? runImport.error)}
        </p>
      )}

      <div className="field">
        <span>Export</span>
        <span className="test-row">
          <button type="button" className="button" onClick={() => runExport.mutate('json')} disabled={busy} data-testid="export-json">
            Everything (JSON){asksWhere}
          </button>
          <button
            type="button"
            className="button"
            onClick={() => runExport.mutate('markdown')}
            disabled={busy || sealExport}
            title={sealExport ? 'Only the JSON export can be encrypted' : undefined}
            data-testid="export-markdown"
          >
            Readable (Markdown){asksWhere}
          </button>
        </span>
        <label className="check">
          <input type="checkbox" checked={sealExport} onChange={(e) => setSealExport(e.target.checked)} data-testid="export-encrypt" /> Encrypt the JSON export with a passphrase
        </label>
        {sealExport && (
          <span className="path-row">
            <input type="password" autoComplete="new-password" value={exportPassphrase} onChange={(e) => setExportPassphrase(e.target.value)} onKeyDown={onEnter(() => runExport.mutate('json'))} placeholder="Passphrase (8 characters or more)" aria-label="Export passphrase" data-testid="export-passphrase" />
            <input type="password" autoComplete="new-password" value={exportRepeat} onChange={(e) => setExportRepeat(e.target.value)} onKeyDown={onEnter(() => runExport.mutate('json'))} placeholder="Repeat it" aria-label="Repeat the export passphrase" data-testid="export-passphrase-repeat" />
          </span>
        )}
        {runExport.data && (
          <small className="ok-text" role="status" data-testid="export-result">
            {runExport.data}
          </small>
        )}
        {runExport.data === null && <NothingWritten testId="export-result" />}
        {runExport.isError && (
          <small className="error-text" role="alert" data-testid="export-error">
            {errorMessage(runExport.error)}
          </small>
        )}
        <small className="muted">JSON holds your whole memory and chats (never your API key) and can be imported again (without its settings); Markdown is one page per person or thing and per month of facts. An encrypted export (scrypt and AES-256-GCM) cannot be read or imported without its passphrase: there is no way to recover a forgotten one.</small>
      </div>

      <div className="field">
        <span>Backups</span>
        <span className="test-row">
          <button type="button" className="button" onClick={() => runBackup.mutate()} disabled={busy} data-testid="backup-now">
            {runBackup.isPending ? 'Backing up…' : `Back up now${asksWhere}`}
          </button>
          {runBackup.data && (
            <span className="ok-text small" role="status" data-testid="backup-result">
              {runBackup.data}
            </span>
          )}
          {runBackup.data === null && <NothingWritten testId="backup-result" />}
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
          {isBrowserMode ? (
            <input type="file" accept=".db,.sqlite,application/octet-stream" onChange={(e) => setRestoreFile(e.target.files?.[0] ?? null)} data-testid="restore-file" />
          ) : (
            <input
              value={restorePath}
              onChange={(e) => setRestorePath(e.target.value)}
              onKeyDown={onEnter(() => askRestore(restorePath))}
              placeholder="/path/to/engram-backup.db"
              spellCheck={false}
              data-testid="restore-path"
            />
          )}
          {!isBrowserMode && <ChooseFileButton purpose="restore" onChosen={setRestorePath} disabled={busy} testId="restore-choose" />}
          <button
            type="button"
            className="button"
            onClick={() => askRestore(isBrowserMode ? restoreFile : restorePath)}
            disabled={busy || !(isBrowserMode ? restoreFile : restorePath.trim())}
            data-testid="restore-run"
          >
            Restore…
          </button>
        </span>
      </label>
      {confirming && (
        <div className="confirm-box" role="alertdialog" aria-label="Confirm restore" data-testid="restore-confirm">
          <p>
            Replace your current memory and chats with <strong>{sourceName(confirming)}</strong>? The file is checked first; your current database is kept
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

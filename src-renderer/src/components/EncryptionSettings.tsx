import { useEffect, useState, type KeyboardEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DataProgress, EncryptionStatus } from '../../../src-main/data/api-types';
import { call, errorMessage } from '../api/client';
import { bridge, isBrowserMode } from '../api/transport';

const STATUS_KEY = ['data', 'encryption'] as const;
const MIN_PASSPHRASE = 8;

const SLOT_WORDS: Record<EncryptionStatus['slots'][number], string> = {
  keychain: 'the system keychain',
  file: 'the key file beside it (readable only by you)',
  passphrase: 'your passphrase',
};

/** Enter in a passphrase field runs its action instead of submitting the surrounding settings form. */
const onEnter = (run: () => void) => (e: KeyboardEvent<HTMLInputElement>) => {
  if (e.key === 'Enter') {
    e.preventDefault();
    run();
  }
};

/** What the two passphrase fields say is wrong, or null when they can be saved. */
export function passphraseProblem(passphrase: string, repeat: string): string | null {
  if (passphrase.length < MIN_PASSPHRASE) return `A passphrase needs at least ${MIN_PASSPHRASE} characters.`;
  if (passphrase !== repeat) return 'The two passphrases are not the same.';
  return null;
}

/**
 * Settings → Encryption: whether the memory is encrypted and what opens its key; "Encrypt this memory" for a
 * plaintext one (a checked copy replaces it, with progress) and "Add / change passphrase" so the CLI and browser
 * mode can open a memory the desktop app keeps with the system keychain only.
 */
export function EncryptionSettings() {
  const qc = useQueryClient();
  const status = useQuery({ queryKey: STATUS_KEY, queryFn: () => call('data.encryption', {}) });
  const [confirming, setConfirming] = useState(false);
  const [progress, setProgress] = useState<DataProgress | null>(null);
  const [editing, setEditing] = useState(false);
  const [passphrase, setPassphrase] = useState('');
  const [repeat, setRepeat] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  useEffect(() => bridge.on('data.progress', (p) => setProgress(p.operation === 'encrypt' && p.phase === 'running' ? p : null)), []);

  const encrypt = useMutation({
    mutationFn: () => call('data.encrypt', {}),
    meta: { inlineError: true },
    onSuccess: (s) => qc.setQueryData(STATUS_KEY, s),
    onSettled: () => {
      setConfirming(false);
      setProgress(null);
      // Every view reads the memory again: it was closed and opened while it was converted.
      void qc.invalidateQueries();
    },
  });
  const save = useMutation({
    mutationFn: (value: string) => call('data.setPassphrase', { passphrase: value }),
    meta: { inlineError: true },
    onSuccess: (s) => {
      qc.setQueryData(STATUS_KEY, s);
      setEditing(false);
      setPassphrase('');
      setRepeat('');
    },
  });
  const submitPassphrase = () => {
    const why = passphraseProblem(passphrase, repeat);
    setProblem(why);
    if (!why && !save.isPending) save.mutate(passphrase);
  };

  const s = status.data;
  const hasPassphrase = s?.slots.includes('passphrase') ?? false;
  return (
    <fieldset className="data-settings" data-testid="encryption-settings">
      <legend>Encryption</legend>
      {status.isError && <p className="error-text small" role="alert">{errorMessage(status.error)}</p>}
      {s && (
        <p className="small" role="status" data-testid="encryption-status">
          {s.encrypted ? (
            <>
              <strong>This memory is encrypted</strong> (SQLCipher, AES-256). Its key opens with {s.slots.map((k) => SLOT_WORDS[k]).join(', or ')}.
              {s.keyFile && <span className="muted"> Key file: {s.keyFile}</span>}
            </>
          ) : (
            <>
              <strong>This memory is not encrypted:</strong> anything that copies its file (a backup tool, a synced folder) can read it.
            </>
          )}
        </p>
      )}

      {s && !s.encrypted && (
        <div className="field">
          <span className="test-row">
            <button type="button" className="button" onClick={() => setConfirming(true)} disabled={confirming || encrypt.isPending} data-testid="encrypt-memory">
              Encrypt this memory…
            </button>
          </span>
          <small className="muted">
            {s.keychain
              ? 'Its key will be kept with the system keychain. Add a passphrase afterwards to open it from the command line.'
              : isBrowserMode
                ? 'Browser mode has no system keychain: the key is kept in engram.key beside the memory (readable only by you). Keep a copy of that file apart from your backups.'
                : 'No system keychain is available: the key is kept in engram.key beside the memory (readable only by you).'}
          </small>
        </div>
      )}
      {confirming && (
        <div className="confirm-box confirm-box-neutral" role="alertdialog" aria-label="Confirm encryption" data-testid="encrypt-confirm">
          <p>
            Encrypt your memory now? Engram pauses while an encrypted copy is made and checked (same rows); only then does it replace the plaintext
            file. If anything fails, the plaintext memory stays as it was.
          </p>
          {progress && (
            <div className="data-progress" role="status" data-testid="encrypt-progress">
              <progress max={100} value={progress.percent} aria-label="encryption progress" />
              <span className="muted small">
                {progress.percent}% · {progress.message}
              </span>
            </div>
          )}
          <span className="test-row">
            <button type="button" className="button button-ghost" onClick={() => setConfirming(false)} disabled={encrypt.isPending} autoFocus>
              Cancel
            </button>
            <button type="button" className="button" onClick={() => encrypt.mutate()} disabled={encrypt.isPending} data-testid="encrypt-confirm-run">
              {encrypt.isPending ? 'Encrypting…' : 'Encrypt'}
            </button>
          </span>
        </div>
      )}
      {encrypt.isSuccess && (
        <p className="ok-text small" role="status" data-testid="encrypt-result">
          Encrypted. Its key is in {encrypt.data.keyFile}: without it (or a passphrase you add) this memory and its backups cannot be opened.
        </p>
      )}
      {encrypt.isError && (
        <p className="error-text small" role="alert" data-testid="encrypt-error">
          {errorMessage(encrypt.error)}
        </p>
      )}

      {s?.encrypted && !editing && (
        <div className="field">
          <span className="test-row">
            <button type="button" className="button" onClick={() => {
                setEditing(true);
                save.reset();
                setProblem(null);
              }} data-testid="passphrase-edit">
              {hasPassphrase ? 'Change passphrase…' : 'Add passphrase…'}
            </button>
          </span>
          <small className="muted">
            A passphrase also opens the memory where {s.keychain ? 'the system keychain cannot: the command line, browser mode and MCP servers' : 'the key file is not at hand'} (set
            ENGRAM_PASSPHRASE). {hasPassphrase ? 'Changing it replaces the old one.' : ''}
          </small>
        </div>
      )}
      {editing && (
        <div className="field" data-testid="passphrase-form">
          <label className="field">
            <span>New passphrase</span>
            <input type="password" autoComplete="new-password" value={passphrase} onChange={(e) => setPassphrase(e.target.value)} onKeyDown={onEnter(submitPassphrase)} autoFocus data-testid="passphrase-new" />
          </label>
          <label className="field">
            <span>Repeat it</span>
            <input type="password" autoComplete="new-password" value={repeat} onChange={(e) => setRepeat(e.target.value)} onKeyDown={onEnter(submitPassphrase)} data-testid="passphrase-repeat" />
          </label>
          <span className="test-row">
            <button type="button" className="button button-ghost" onClick={() => {
                setEditing(false);
                setPassphrase('');
                setRepeat('');
                setProblem(null);
              }}>
              Cancel
            </button>
            <button type="button" className="button" onClick={submitPassphrase} disabled={save.isPending} data-testid="passphrase-save">
              {save.isPending ? 'Saving…' : 'Save passphrase'}
            </button>
          </span>
          {(problem || save.isError) && (
            <small className="error-text" role="alert" data-testid="passphrase-error">
              {problem ?? errorMessage(save.error)}
            </small>
          )}
        </div>
      )}
      {save.isSuccess && !editing && (
        <p className="ok-text small" role="status" data-testid="passphrase-result">
          Passphrase saved. Set ENGRAM_PASSPHRASE to it to open this memory from the command line.
        </p>
      )}
    </fieldset>
  );
}

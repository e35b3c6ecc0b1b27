import { useEffect, useState, type FormEvent } from 'react';
import type { ProviderKind } from '../../../src-main/llm/presets';
import { keyTravelsInClear, originOf } from '../../../src-shared/key-origin';
import {
  DEFAULT_IDLE_TIMEOUT_SECONDS,
  DEFAULT_REQUEST_TIMEOUT_SECONDS,
  IDLE_TIMEOUT_RANGE_SECONDS,
  REQUEST_TIMEOUT_RANGE_SECONDS,
} from '../../../src-shared/provider-timeouts';
import type { ProviderSettings } from '../../../src-main/llm/settings';
import { errorMessage } from '../api/client';
import { useSaveSettings, useSettings, useTestConnection } from '../api/hooks';
import { BuiltinModelSettings } from './BuiltinModelSettings';
import { DataSettings } from './DataSettings';
import { EncryptionSettings } from './EncryptionSettings';
import { Modal } from './Dialogs';
import { OtherAppsSettings } from './OtherAppsSettings';
import { ReviewSettingsSection } from './ReviewSettings';
import { SpacesSettings } from './SpacesSettings';

/** Provider, models and session timeout. The stored key is never shown: only whether one exists. */
export function SettingsDialog({ onClose }: { onClose: () => void }) {
  const settings = useSettings();
  const save = useSaveSettings();
  const test = useTestConnection();
  const [provider, setProvider] = useState<ProviderSettings | null>(null);
  const [timeout, setTimeoutMinutes] = useState(30);
  const [apiKey, setApiKey] = useState('');
  const [removeKey, setRemoveKey] = useState(false);
  const [allowInsecureKey, setAllowInsecureKey] = useState(false);
  const [saved, setSaved] = useState(false);
  const [models, setModels] = useState<string[] | null>(null);
  useEffect(() => {
    if (test.data && test.data.models.length > 0) setModels(test.data.models);
  }, [test.data]);

  useEffect(() => {
    if (settings.data && provider === null) {
      setProvider(settings.data.provider);
      setTimeoutMinutes(settings.data.sessionTimeoutMinutes);
    }
  }, [settings.data, provider]);

  if (!settings.data || !provider) {
    return (
      <Modal title="Settings" onClose={onClose}>
        {settings.isError ? <div className="error-box">{errorMessage(settings.error)}</div> : <p className="muted">Loading…</p>}
      </Modal>
    );
  }
  const view = settings.data;
  const preset = view.presets.find((p) => p.kind === provider.kind);
  const keyInput = removeKey ? null : apiKey === '' ? undefined : apiKey;
  // A stored key goes only to the server it was saved for; another server needs its own key typed.
  const serverOrigin = originOf(provider.baseURL);
  const keyForThisServer = view.apiKeyOrigin !== null && view.apiKeyOrigin === serverOrigin;
  const keyForAnotherServer = view.apiKeyOrigin !== null && !keyForThisServer;
  const keyWouldBeSent = keyInput ? true : keyInput === undefined && keyForThisServer;
  const inClear = keyWouldBeSent && keyTravelsInClear(provider.baseURL);
  const keyOptions = inClear && allowInsecureKey ? { allowInsecureKey: true } : {};

  const choose = (kind: ProviderKind) => {
    const p = view.presets.find((x) => x.kind === kind);
    if (!p) return;
    setProvider({ kind, baseURL: p.baseURL, chatModel: p.chatModel, agentModel: p.agentModel, embeddingModel: p.embeddingModel });
    test.reset();
  };
  const patch = (fields: Partial<ProviderSettings>) => {
    setProvider({ ...provider, ...fields });
    setSaved(false);
    test.reset();
  };
  // A built-in model that is ready becomes the chat model and is saved at once: no second step to forget.
  const selectBuiltinModel = (id: string) => {
    const next = { ...provider, chatModel: id };
    setProvider(next);
    save.mutate({ provider: next, sessionTimeoutMinutes: timeout }, { onSuccess: () => setSaved(true) });
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate(
      { provider, sessionTimeoutMinutes: timeout, ...(keyInput !== undefined ? { apiKey: keyInput } : {}), ...keyOptions },
      {
        onSuccess: () => {
          setApiKey('');
          setRemoveKey(false);
          setSaved(true);
        },
      },
    );
  };

  return (
    <Modal title="Settings" onClose={onClose} testId="settings-dialog">
      <form className="settings" onSubmit={onSubmit}>
        <fieldset>
          <legend>Language model</legend>
          <label className="field">
            <span>Provider</span>
            <select value={provider.kind} onChange={(e) => choose(e.target.value as ProviderKind)} data-testid="provider">
              {view.presets.map((p) => (
                <option key={p.kind} value={p.kind}>
                  {p.label}
                </option>
              ))}
            </select>
            {preset && <small className="muted">{preset.hint}</small>}
          </label>
          {provider.kind === 'builtin' && <BuiltinModelSettings chatModel={provider.chatModel} onReady={selectBuiltinModel} />}
          {provider.kind !== 'none' && (
            <>
              {provider.kind !== 'builtin' && (
                <>
                  <label className="field">
                    <span>Base URL</span>
                    <input value={provider.baseURL} onChange={(e) => patch({ baseURL: e.target.value })} spellCheck={false} data-testid="base-url" />
                  </label>
                  <label className="field">
                    <span>API key {preset?.needsKey ? '' : <span className="muted">(optional for local servers)</span>}</span>
                    <input
                      type="password"
                      value={apiKey}
                      autoComplete="off"
                      disabled={removeKey}
                      placeholder={
                        keyForThisServer ? 'A key is stored — type to replace it' : keyForAnotherServer ? 'Type the key for this server' : 'sk-…'
                      }
                      onChange={(e) => {
                        setApiKey(e.target.value);
                        setSaved(false);
                      }}
                      data-testid="api-key"
                    />
                    {keyForAnotherServer && (
                      <small className="muted" data-testid="key-other-origin">
                        Your stored key belongs to {view.apiKeyOrigin}; Engram never sends it to another server.
                      </small>
                    )}
                    {inClear && (
                      <small className="error-text" role="alert" data-testid="key-in-clear">
                        {serverOrigin} is plain http:// on another machine: your key would cross the network unencrypted.
                        <label className="check inline">
                          <input type="checkbox" checked={allowInsecureKey} onChange={(e) => setAllowInsecureKey(e.target.checked)} /> Send it anyway
                        </label>
                      </small>
                    )}
                    <small className="muted">
                      {keyForThisServer ? 'Stored ' : 'Will be stored '}
                      {view.secretStorage === 'safeStorage' ? 'encrypted by your operating system' : 'in a file only you can read'}; it is never shown
                      again.
                      {view.apiKeyOrigin !== null && (
                        <label className="check inline">
                          <input type="checkbox" checked={removeKey} onChange={(e) => setRemoveKey(e.target.checked)} /> Remove the stored key
                        </label>
                      )}
                    </small>
                  </label>
                </>
              )}
              <div className="field-row">
                <label className="field">
                  <span>Chat model</span>
                  <input
                    value={provider.chatModel}
                    onChange={(e) => patch({ chatModel: e.target.value })}
                    spellCheck={false}
                    list="engram-models"
                    data-testid="chat-model"
                  />
                </label>
                <label className="field">
                  <span>Memory agent model</span>
                  <input value={provider.agentModel} onChange={(e) => patch({ agentModel: e.target.value })} spellCheck={false} list="engram-models" />
                </label>
              </div>
              <label className="field">
                <span>Embedding model</span>
                <input value={provider.embeddingModel} onChange={(e) => patch({ embeddingModel: e.target.value })} spellCheck={false} />
                <small className="muted">Kept for re-embedding; until then Engram uses its built-in offline embedder.</small>
              </label>
              <label className="field">
                <span>Context length (tokens)</span>
                <input
                  type="number"
                  min={1024}
                  step={1024}
                  value={provider.contextLength ?? ''}
                  placeholder={preset?.contextLength ? String(preset.contextLength) : '4096'}
                  onChange={(e) => {
                    const n = Number.parseInt(e.target.value, 10);
                    patch({ contextLength: Number.isFinite(n) ? n : undefined });
                  }}
                  data-testid="context-length"
                />
                <small className="muted">
                  How much the chat model reads per request. Replies, memory and history are fitted to it; older turns are summarised.
                  {provider.kind === 'ollama' ? ' Sent to Ollama as num_ctx.' : ''} Empty = the default for this provider.
                </small>
              </label>
              <div className="field-row">
                <label className="field">
                  <span>Reply timeout (seconds)</span>
                  <input
                    type="number"
                    min={IDLE_TIMEOUT_RANGE_SECONDS.min}
                    max={IDLE_TIMEOUT_RANGE_SECONDS.max}
                    value={provider.idleTimeoutSeconds ?? ''}
                    placeholder={String(DEFAULT_IDLE_TIMEOUT_SECONDS)}
                    onChange={(e) => {
                      const n = Number.parseInt(e.target.value, 10);
                      patch({ idleTimeoutSeconds: Number.isFinite(n) ? n : undefined });
                    }}
                    data-testid="idle-timeout"
                  />
                </label>
                <label className="field">
                  <span>Memory agent request timeout (seconds)</span>
                  <input
                    type="number"
                    min={REQUEST_TIMEOUT_RANGE_SECONDS.min}
                    max={REQUEST_TIMEOUT_RANGE_SECONDS.max}
                    value={provider.requestTimeoutSeconds ?? ''}
                    placeholder={String(DEFAULT_REQUEST_TIMEOUT_SECONDS)}
                    onChange={(e) => {
                      const n = Number.parseInt(e.target.value, 10);
                      patch({ requestTimeoutSeconds: Number.isFinite(n) ? n : undefined });
                    }}
                    data-testid="request-timeout"
                  />
                </label>
              </div>
              <small className="muted">
                A reply that sends nothing for the reply timeout (before its first word or mid-reply) stops, and can be retried; a slow
                local model may need more. The memory agent waits up to its request timeout per attempt. Empty = the default.
              </small>
              {/* The models the server listed at the last test, offered while typing a model name. */}
              <datalist id="engram-models">
                {(models ?? []).map((m) => (
                  <option key={m} value={m} />
                ))}
              </datalist>
              <div className="test-row">
                <button
                  type="button"
                  className="button"
                  onClick={() => test.mutate({ provider, ...(keyInput !== undefined ? { apiKey: keyInput } : {}), ...keyOptions })}
                  disabled={test.isPending}
                  data-testid="test-connection"
                >
                  {test.isPending ? 'Testing…' : 'Test connection'}
                </button>
                {test.data && (
                  <span className={test.data.ok ? 'ok-text' : 'error-text'} role="status" data-testid="test-result">
                    {test.data.message}
                  </span>
                )}
                {test.isError && <span className="error-text">{errorMessage(test.error)}</span>}
              </div>
            </>
          )}
        </fieldset>
        <fieldset>
          <legend>Conversations</legend>
          <label className="field field-narrow">
            <span>End a memory session after</span>
            <span className="with-unit">
              <input type="number" min={1} max={1440} value={timeout} onChange={(e) => setTimeoutMinutes(Number(e.target.value))} /> minutes idle
            </span>
            <small className="muted">When a session ends, what was said is handed to the memory's write path.</small>
          </label>
        </fieldset>
        <ReviewSettingsSection />
        <SpacesSettings />
        <DataSettings />
        <EncryptionSettings />
        <OtherAppsSettings />
        {save.isError && (
          <div className="error-box" role="alert" data-testid="settings-error">
            {errorMessage(save.error)}
          </div>
        )}
        <footer className="modal-foot">
          {saved && (
            <span className="ok-text" role="status" data-testid="settings-saved">
              Saved.
            </span>
          )}
          <button type="button" className="button button-ghost" onClick={onClose}>
            Close
          </button>
          <button type="submit" className="button button-primary" disabled={save.isPending} data-testid="save-settings">
            Save
          </button>
        </footer>
      </form>
    </Modal>
  );
}

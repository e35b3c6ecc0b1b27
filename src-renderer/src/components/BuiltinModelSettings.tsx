import { useEffect, useRef } from 'react';
import type { CatalogModel, ModelDownloadEvent } from '../../../src-main/llm/builtin/model-types';
import { formatBytes, formatSecondsLeft } from '../../../src-shared/format-bytes';
import { errorMessage } from '../api/client';
import { useModelActions, useModelCatalog } from '../api/model-hooks';

/**
 * What to do, for the failures whose message (llm/builtin/download.ts) does not already say it: a full disk,
 * a bad checksum and a cut connection each end with their own advice.
 */
const WHAT_TO_DO: Partial<Record<NonNullable<ModelDownloadEvent['error']>['code'], string>> = {
  http_error: 'Check your internet connection (or the mirror set in ENGRAM_MODEL_BASE_URL) and try again.',
};

const percent = (received: number, total: number): number => (total > 0 ? Math.floor((received / total) * 100) : 0);

/**
 * "Built-in (on this computer)": the model recommended for this computer, its download (progress, pause,
 * resume, cancel) and, once verified, Ready and chosen as the chat model. Nothing downloads without a click.
 */
export function BuiltinModelSettings({ chatModel, onReady }: { chatModel: string; onReady: (id: string) => void }) {
  const catalog = useModelCatalog();
  const actions = useModelActions();
  const download = catalog.data?.download ?? null;
  // A download that finishes while Settings is open becomes the chat model at once (the one click).
  const seenState = useRef<string | null>(null);
  const readyRef = useRef(onReady);
  readyRef.current = onReady;
  useEffect(() => {
    const key = download ? `${download.id}:${download.state}` : null;
    if (download?.state === 'done' && seenState.current !== null && seenState.current !== key) readyRef.current(download.id);
    seenState.current = key;
  }, [download]);

  if (catalog.isError) return <div className="error-box">{errorMessage(catalog.error)}</div>;
  if (!catalog.data) return <p className="muted">Loading the model catalog…</p>;
  const view = catalog.data;
  const model = view.models.find((m) => m.id === view.recommended) ?? view.models.find((m) => m.id === chatModel) ?? view.models[0];
  if (!model) return <p className="muted">No built-in models are available.</p>;
  const live = download?.id === model.id ? download : null;
  const actionError = [actions.download, actions.pause, actions.cancel, actions.remove].find((a) => a.isError)?.error;

  return (
    <div className="builtin-model" data-testid="builtin-model" aria-live="polite">
      <div className="builtin-model-head">
        <strong data-testid="builtin-model-name">{model.label}</strong>
        {model.recommended ? (
          <span className="badge">Recommended for this computer</span>
        ) : (
          <span className="muted">It may be slow here: this computer has little memory for it.</span>
        )}
      </div>
      <small className="muted" data-testid="builtin-model-facts">
        {formatBytes(model.bytes)} download · needs about {formatBytes(model.ramBytes)} of memory · licence {model.licence}
      </small>
      <ModelState model={model} live={live} chatModel={chatModel} actions={actions} onUse={() => onReady(model.id)} />
      {actionError && (
        <small className="error-text" role="alert">
          {errorMessage(actionError)}
        </small>
      )}
      <small className="muted">Stored in {view.modelsDir}. Runs on this computer; nothing you say leaves it.</small>
    </div>
  );
}

function ModelState({
  model,
  live,
  chatModel,
  actions,
  onUse,
}: {
  model: CatalogModel;
  live: ModelDownloadEvent | null;
  chatModel: string;
  actions: ReturnType<typeof useModelActions>;
  onUse: () => void;
}) {
  const busy = actions.download.isPending || actions.cancel.isPending;
  const cancel = (
    <button type="button" className="button button-ghost" onClick={() => actions.cancel.mutate(model.id)} disabled={busy} data-testid="model-cancel">
      Cancel
    </button>
  );
  if (live?.state === 'downloading' || live?.state === 'verifying') {
    const pct = percent(live.receivedBytes, live.totalBytes);
    const detail =
      live.state === 'verifying'
        ? 'Checking the file (SHA-256)…'
        : `${pct}% of ${formatBytes(live.totalBytes)}${live.bytesPerSecond > 0 ? ` · ${formatBytes(live.bytesPerSecond)}/s` : ''}${live.secondsLeft !== null ? ` · ${formatSecondsLeft(live.secondsLeft)} left` : ''}`;
    return (
      <div className="data-progress" role="status" data-testid="model-progress">
        <progress max={100} value={pct} aria-label={`Downloading ${model.label}`} />
        <span>{detail}</span>
        {live.state === 'downloading' && (
          <div className="test-row">
            <button type="button" className="button" onClick={() => actions.pause.mutate(model.id)} data-testid="model-pause">
              Pause
            </button>
            {cancel}
          </div>
        )}
      </div>
    );
  }
  if (model.installed || live?.state === 'done') {
    return (
      <div className="test-row">
        <span className="ok-text" role="status" data-testid="model-ready">
          Ready{chatModel === model.id ? ' — selected as the chat model' : ''}
        </span>
        {chatModel !== model.id && (
          <button type="button" className="button" onClick={onUse} data-testid="model-use">
            Use as chat model
          </button>
        )}
        <button type="button" className="button button-ghost" onClick={() => actions.remove.mutate(model.id)} data-testid="model-remove">
          Remove
        </button>
      </div>
    );
  }
  const failed = live?.state === 'failed' ? live.error : null;
  const pausedAt = model.partialBytes;
  return (
    <>
      {failed && (
        <small className="error-text" role="alert" data-testid="model-error">
          {failed.message} {WHAT_TO_DO[failed.code] ?? ''}
        </small>
      )}
      <div className="test-row">
        {pausedAt > 0 && (
          <span className="muted" data-testid="model-paused">
            Paused at {percent(pausedAt, model.bytes)}% ({formatBytes(pausedAt)} of {formatBytes(model.bytes)})
          </span>
        )}
        <button type="button" className="button button-primary" onClick={() => actions.download.mutate(model.id)} disabled={busy} data-testid="model-download">
          {pausedAt > 0 ? 'Resume' : failed ? 'Try again' : `Download (${formatBytes(model.bytes)})`}
        </button>
        {pausedAt > 0 && cancel}
      </div>
    </>
  );
}

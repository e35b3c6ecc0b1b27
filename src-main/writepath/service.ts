/**
 * The write path as a service (ADR 008 §15): takes the triggers — `session.completed` from the chat, a
 * session-id change seen in recorded episodes, the nightly sweep, "consolidate now" — and runs one job at a
 * time against the engine, with progress events and cancellation. Plain Node: no Electron.
 *
 * Which extractor runs: the LLM agent when one is configured (it takes precedence), else the offline
 * heuristics; `offline: true` forces the heuristics.
 */
import { randomUUID } from 'node:crypto';
import { stderrLogger, type Logger } from '../../src-shared/clock';
import type { WritePathMemory } from './memory-port';
import { MemoryAgent, type AgentRetry } from './agent';
import { resolveAgentConfig, type MemoryAgentConfig } from './config';
import { consolidateSession, type SessionOutcome } from './consolidate';
import { OfflineExtractor } from './extract-offline';
import { LlmExtractor } from './extract-llm';
import { runMaintenance, type MaintenanceReport } from './maintenance';
import type { Extractor, WritePathProgress } from './types';
import { AppError } from '../../src-shared/errors';
import { isTransientConsolidationFailure } from './errors';
import type { MaintenanceUnderWay } from '../../src-shared/consolidation-outcome';
import type { ReextractPreview, ReextractResult } from '../../src-shared/reextract-types';
import { applyReextract, prepareReextract, type PreparedReextract } from './reextract';

/** Previews kept for their apply (the newest few: each holds a session's reading). */
const KEPT_PREVIEWS = 8;

export interface WritePathOptions {
  engine: WritePathMemory;
  /** The memory agent's endpoint; null or absent = offline extractor only. */
  agent?: MemoryAgentConfig | null;
  logger?: Logger;
  /** Open sessions idle this long count as finished for sweeps (default 30 min, the chat's timeout). */
  idleMs?: number;
  /** Delay before a triggered background consolidation starts, so bursts coalesce (default 1 s). */
  triggerDelayMs?: number;
  /** First retry delay after a transient failure of a background consolidation (default 60 s, doubling). */
  retryDelayMs?: number;
  /** A session left for another is consolidated after this much quiet (default 5 min). */
  switchGraceMs?: number;
}

/** Background attempts per session before it waits for the nightly sweep. */
const MAX_BACKGROUND_ATTEMPTS = 3;

export interface ConsolidateRequest {
  /** One session; default every pending one. */
  sessionId?: string;
  offline?: boolean;
  /** Include open sessions however recent (manual "consolidate now"). Default true. */
  includeOpen?: boolean;
  force?: boolean;
  trigger?: string;
  signal?: AbortSignal;
}

export interface ConsolidationReport {
  mode: 'llm' | 'offline';
  model: string | null;
  sessions: SessionOutcome[];
  cancelled: boolean;
}

export type ProgressListener = (p: WritePathProgress) => void;

export class WritePathService {
  private agent: MemoryAgent | null = null;
  private readonly listeners = new Set<ProgressListener>();
  private tail: Promise<unknown> = Promise.resolve();
  private readonly controllers = new Set<AbortController>();
  private readonly triggered = new Set<string>();
  private triggerTimer: NodeJS.Timeout | null = null;
  private lastSessionId: string | null = null;
  private closed = false;
  private readonly logger: Logger;

  constructor(private readonly options: WritePathOptions) {
    this.logger = options.logger ?? stderrLogger;
    this.setAgentConfig(options.agent ?? null);
  }

  /** Wiring point for the app's LLM settings: call again whenever the provider or agent model changes. */
  setAgentConfig(config: MemoryAgentConfig | null): void {
    this.agent = config ? new MemoryAgent(resolveAgentConfig(config), { onRetry: (r) => this.retrying(r) }) : null;
  }

  /** The job's last progress, so a retry of the model request is shown where the job stands. */
  private lastProgress: WritePathProgress | null = null;

  /** A model request is sent again: the job's status says so ("retrying (2 of 3)…") instead of sitting still. */
  private retrying(r: AgentRetry): void {
    this.logger.warn(`memory agent: ${r.message} — retrying (${r.attempt} of ${r.of}) in ${r.delayMs} ms`);
    const at = this.lastProgress ?? { job: 'consolidation', sessionId: null, step: 'extract', percent: 0 };
    this.emit({ ...at, retry: { attempt: r.attempt, of: r.of, reason: r.reason, message: r.message } });
  }

  get llmConfigured(): boolean {
    return this.agent !== null;
  }

  onProgress(listener: ProgressListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private emit(p: WritePathProgress): void {
    // A finished job's progress is not where the next one stands; a retry is shown only until the next step.
    this.lastProgress = p.percent >= 100 ? null : { ...p, retry: undefined };
    for (const l of this.listeners) {
      try {
        l(p);
      } catch (err) {
        this.logger.error('write-path progress listener failed', err);
      }
    }
  }

  private extractor(offline: boolean): Extractor {
    return !offline && this.agent ? new LlmExtractor(this.agent) : new OfflineExtractor();
  }

  // ---- triggers (§15) -------------------------------------------------------------------------

  /** The chat's `session.completed` event: consolidate that session soon, in the background. */
  sessionCompleted(sessionId: string): void {
    if (this.closed) return;
    this.triggered.add(sessionId);
    this.scheduleTriggered();
  }

  /**
   * The secondary trigger: when recorded episodes carry a new session id, the previous session is finished.
   * Returns the unsubscribe function.
   */
  watchSessionChanges(): () => void {
    return this.options.engine.onChange((change) => {
      if (change.kind !== 'episodes.recorded') return;
      for (const id of change.sessionIds) {
        if (this.lastSessionId !== null && id !== this.lastSessionId) this.previousSessionLeft(this.lastSessionId);
        this.lastSessionId = id;
      }
    });
  }

  /**
   * The previous session is consolidated only if it stays quiet for `switchGraceMs`: two conversations used
   * in turn would otherwise be consolidated at every switch.
   */
  private previousSessionLeft(sessionId: string): void {
    const seenAt = this.options.engine.getSession(sessionId)?.lastEventAt;
    const timer = setTimeout(() => {
      this.retryTimers.delete(timer);
      if (this.closed) return;
      if (this.options.engine.getSession(sessionId)?.lastEventAt === seenAt) this.sessionCompleted(sessionId);
    }, this.options.switchGraceMs ?? 300_000);
    timer.unref();
    this.retryTimers.add(timer);
  }

  private scheduleTriggered(): void {
    if (this.triggerTimer) return;
    this.triggerTimer = setTimeout(() => {
      this.triggerTimer = null;
      const ids = [...this.triggered];
      this.triggered.clear();
      void this.enqueue(async (signal) => {
        for (const id of ids) {
          if (signal.aborted) return;
          const s = this.options.engine.getSession(id);
          if (!s || s.status === 'consolidated') continue;
          const outcome = await consolidateSession(this.options.engine, this.extractor(false), id, {
            trigger: 'session.completed',
            signal,
            onProgress: (p) => this.emit(p),
            ...this.pageOption(),
          });
          if (outcome.status === 'failed') this.retryLater(id, outcome);
        }
      }).catch((err: unknown) => this.logger.error('background consolidation failed', err));
    }, this.options.triggerDelayMs ?? 1_000);
    this.triggerTimer.unref();
  }

  /**
   * A transient failure (rate limit, server error, timeout, unreachable) from a background trigger is retried
   * a few times with growing delays; anything else, and anything still failing, waits for the nightly sweep.
   */
  private retryLater(sessionId: string, outcome: SessionOutcome): void {
    const attempts = this.options.engine.getSession(sessionId)?.attempts ?? 1;
    const transient = outcome.reason !== null && isTransientConsolidationFailure(outcome.reason);
    if (!transient || attempts >= MAX_BACKGROUND_ATTEMPTS || this.closed) {
      this.logger.warn(`consolidating session ${sessionId} failed; it stays pending for the next sweep: ${outcome.error ?? ''}`);
      return;
    }
    const delay = (this.options.retryDelayMs ?? 60_000) * 2 ** (attempts - 1);
    this.logger.warn(`consolidating session ${sessionId} failed (${outcome.reason ?? ''}); retrying in ${Math.round(delay / 1000)} s`);
    const timer = setTimeout(() => {
      this.retryTimers.delete(timer);
      this.sessionCompleted(sessionId);
    }, delay);
    timer.unref();
    this.retryTimers.add(timer);
  }

  private readonly retryTimers = new Set<NodeJS.Timeout>();

  private pageOption(): { episodesPerPage?: number } {
    return this.agent ? { episodesPerPage: this.agent.config.episodesPerPage } : {};
  }

  // ---- jobs -----------------------------------------------------------------------------------

  /** Jobs run one at a time (the engine has one writer, and the model one budget). */
  private enqueue<T>(job: (signal: AbortSignal) => Promise<T>, external?: AbortSignal): Promise<T> {
    if (this.closed) return Promise.reject(new AppError('closed', 'The write path is closed (Engram is shutting down or restoring a backup)'));
    const controller = new AbortController();
    const onAbort = (): void => controller.abort(external?.reason);
    external?.addEventListener('abort', onAbort, { once: true });
    if (external?.aborted) controller.abort(external.reason);
    this.controllers.add(controller);
    const run = this.tail.then(() => job(controller.signal));
    this.tail = run
      .catch(() => undefined)
      .finally(() => {
        this.controllers.delete(controller);
        external?.removeEventListener('abort', onAbort);
      });
    return run;
  }

  /** Manual "consolidate now" (API and CLI). */
  consolidateNow(request: ConsolidateRequest = {}): Promise<ConsolidationReport> {
    return this.enqueue(async (signal) => {
      const engine = this.options.engine;
      const extractor = this.extractor(request.offline ?? false);
      const ids = request.sessionId
        ? [request.sessionId]
        : engine.writePathStore
            .pendingSessions({ idleBefore: request.includeOpen === false ? engine.clock.now() - (this.options.idleMs ?? 1_800_000) : Number.MAX_SAFE_INTEGER })
            .map((s) => s.id);
      const report: ConsolidationReport = { mode: extractor.mode, model: extractor.model, sessions: [], cancelled: false };
      const batch = ids.length > 1 ? randomUUID() : undefined;
      for (const id of ids) {
        if (signal.aborted) {
          report.cancelled = true;
          break;
        }
        const outcome = await consolidateSession(engine, extractor, id, {
          trigger: request.trigger ?? 'manual',
          ...(batch ? { batch } : {}),
          force: request.force ?? false,
          signal,
          onProgress: (p) => this.emit(p),
          ...this.pageOption(),
        });
        report.sessions.push(outcome);
        if (outcome.status === 'cancelled') report.cancelled = true;
      }
      return report;
    }, request.signal);
  }

  /** Reads a session again (reextract.ts) and keeps the reading for `applyReextract`; writes nothing. */
  previewReextract(request: { sessionId: string; offline?: boolean; signal?: AbortSignal }): Promise<ReextractPreview> {
    return this.enqueue(async (signal) => {
      const prepared = await prepareReextract(this.options.engine, this.extractor(request.offline ?? false), request.sessionId, {
        signal,
        onProgress: (p) => this.emit(p),
        ...this.pageOption(),
      });
      this.previews.set(prepared.preview.previewId, prepared);
      for (const id of this.previews.keys()) if (this.previews.size > KEPT_PREVIEWS) this.previews.delete(id);
      return prepared.preview;
    }, request.signal);
  }

  /** Applies exactly what a preview showed, in one transaction; its `retractionId` undoes it. */
  applyReextract(previewId: string, trigger = 'reextract'): Promise<ReextractResult> {
    return this.enqueue(() => {
      const prepared = this.previews.get(previewId);
      if (!prepared) return Promise.reject(new AppError('not_found', 'That re-extract preview is no longer held (applied, or too old): preview again'));
      this.previews.delete(previewId);
      return Promise.resolve(applyReextract(this.options.engine, prepared, trigger));
    });
  }

  private readonly previews = new Map<string, PreparedReextract>();

  /**
   * The nightly sweep (also the launch catch-up and "run maintenance now"): consolidation, decay, enrichment,
   * reflection. Never two at once: while a sweep is queued or running, another request joins it and gets its
   * report (whose `trigger` names who started it); a joining caller's signal does not cancel it.
   */
  runMaintenance(options: { trigger?: string; signal?: AbortSignal } = {}): Promise<MaintenanceReport> {
    if (this.maintenance) return this.maintenance;
    const run = this.enqueue(
      (signal) =>
        runMaintenance(this.options.engine, this.extractor(false), this.agent, {
          trigger: options.trigger ?? 'nightly',
          idleMs: this.options.idleMs ?? 1_800_000,
          signal,
          onProgress: (p) => {
            // Updated before the event goes out, so a status read on 'done' no longer shows the sweep.
            if (p.job === 'maintenance' && this.maintenance === run) {
              this.sweepState = p.percent >= 100 ? null : { step: p.step, percent: p.percent, message: p.message ?? null };
            }
            this.emit(p);
          },
          ...this.pageOption(),
        }),
      options.signal,
    );
    this.maintenance = run;
    this.sweepState = { step: 'queued', percent: 0, message: null };
    const clear = (): void => {
      if (this.maintenance !== run) return;
      this.maintenance = null;
      this.sweepState = null;
    };
    run.then(clear, clear);
    return run;
  }

  private maintenance: Promise<MaintenanceReport> | null = null;
  private sweepState: MaintenanceUnderWay | null = null;

  /** True while a sweep is queued or running (a new request would join it). */
  get maintenanceInFlight(): boolean {
    return this.maintenance !== null;
  }

  /** The sweep under way ('queued' until the job before it ends), or null. */
  get maintenanceUnderWay(): MaintenanceUnderWay | null {
    return this.sweepState;
  }

  /** When the last sweep finished (successfully or not), for the launch catch-up. */
  lastSweepAt(): number | null {
    const engine = this.options.engine;
    const times = [engine.writePathStore.lastRunAt('maintenance', 'ok'), engine.writePathStore.lastRunAt('maintenance', 'failed')].filter(
      (t): t is number => t !== null,
    );
    return times.length > 0 ? Math.max(...times) : null;
  }

  /** Resolves when triggered work (and its transient-failure retries) and every queued job have finished. */
  async idle(): Promise<void> {
    for (;;) {
      while (this.triggerTimer || this.triggered.size > 0 || this.retryTimers.size > 0) await new Promise((r) => setTimeout(r, 10));
      const tail = this.tail;
      await tail;
      if (tail === this.tail && !this.triggerTimer && this.triggered.size === 0 && this.retryTimers.size === 0) return;
    }
  }

  /** Stop the running job and everything queued; resolves when nothing runs. */
  async cancelAll(): Promise<void> {
    for (const c of this.controllers) c.abort(new Error('cancelled'));
    await this.tail;
  }

  /** Call before closing the engine: cancels work in flight and waits for it. */
  async close(): Promise<void> {
    if (this.closed) return;
    if (this.triggerTimer) clearTimeout(this.triggerTimer);
    this.triggerTimer = null;
    for (const t of this.retryTimers) clearTimeout(t);
    this.retryTimers.clear();
    this.triggered.clear();
    await this.cancelAll();
    this.closed = true;
    this.listeners.clear();
  }
}

/** The write path's public surface (ADR 008 §10, §12, §15). */
export { MemoryAgent, type TokenUsage, type StructuredTask } from './agent';
export { agentConfigFromProvider, memoryAgentConfigSchema, OUTPUT_MODES, type MemoryAgentConfig, type OutputMode } from './config';
export { AgentError, AGENT_FAILURES, type AgentFailure } from './errors';
export { consolidateSession, type ConsolidateOptions, type SessionOutcome } from './consolidate';
export { OfflineExtractor, speakerOf } from './extract-offline';
export { applyReextract, prepareReextract, type PreparedReextract } from './reextract';
export { readStatements } from './nlp/statements';
export { LlmExtractor } from './extract-llm';
export { runMaintenance, type MaintenanceReport } from './maintenance';
export { maybeReflect } from './reflection';
export { enrichEntities } from './enrichment';
export { WritePathService, type ConsolidateRequest, type ConsolidationReport, type WritePathOptions } from './service';
export type { WritePathProgress, Extractor } from './types';
export { NightlyScheduler, DEFAULT_NIGHTLY_CRON, type NightlySchedulerOptions } from '../scheduler/nightly';

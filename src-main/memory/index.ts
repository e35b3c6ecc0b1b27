/**
 * The memory engine's one door: everything outside src-main/memory/ imports from here and nowhere else
 * (eslint-rules/layers.js keeps the rest of the folder private). It holds the engine, the zod schemas its
 * inputs are validated with, the shapes its answers take, and the few helpers its users genuinely share.
 * Adding a name here widens the engine's surface: prefer a method on MemoryEngine.
 */

// The engine and how it is opened.
export { MemoryEngine } from './engine';
export type { MemoryEngineOptions } from './engine-options';
// Encryption at rest (storage/memory-key.ts, storage/encrypt-file.ts): the key file, its slots, conversion.
export { addPassphrase, KEY_FILE, keyFilePath, keySlotKinds, resolveMemoryKey, setPassphraseSlot, unlockKey, type EncryptionOptions, type KeyAccess, type KeyProtector } from '../storage/memory-key';
export { encryptMemoryFile, type ConversionStep, type EncryptionReport } from '../storage/encrypt-file';
export { databaseFileState } from '../storage/driver';
export { declaredEncryptedBytes } from '../storage/file-check';
export type { WritePathStats } from './engine';
export { MemoryError } from './errors';
export { DATABASE_FILE, legacyDataDirs, resolveDataDir, type DataDirEnvironment } from './paths';
export type { RetrievalConfig } from './retrieval/config';

// Input schemas (validated at the API, CLI and MCP boundaries, and again by the engine).
export {
  MAX_CONTENT_CHARS,
  contentSchema,
  correctFactSchema,
  createEntitySchema,
  eventTimeSchema,
  idSchema,
  listNodesSchema,
  nameSchema,
  parseInput,
  recordEpisodeSchema,
  rememberFactSchema,
  timestampSchema,
  type CorrectFactInput,
  type CreateEntityInput,
  type ListNodesInput,
  type RecordEpisodeInput,
  type RememberFactInput,
} from './schemas';
export {
  createSpaceSchema,
  deleteSpaceSchema,
  moveToSpaceSchema,
  renameSpaceSchema,
  setChatSpaceSchema,
  setEverywhereSchema,
  spaceNameSchema,
  type DeleteSpaceInput,
} from './space-schemas';
export { deletedEntitySchema, updateEntitySchema, type DeletedEntity, type UpdateEntityInput } from './entity-edit-schemas';
export { searchInputSchema } from './retrieval/schemas';
export { asOfSchema } from './as-of';
export { retractionIdSchema, retractSourceSchema } from './retract/schemas';
export type { ReextractApplyInput, ReextractWrite, SessionFact } from './retract/reextract';
export { setProfilePinSchema, type SetProfilePinInput } from './profile-pins';
export type { ProfileScope } from './profile';
export {
  approveProposalSchema,
  bulkReviewSchema,
  listProposalsSchema,
  proposalIdSchema,
  reviewSettingsPatchSchema,
  searchPendingSchema,
  type ApproveProposalInput,
  type BulkReviewInput,
  type ListProposalsInput,
  type ProposeFactInput,
  type ReviewSettingsPatch,
} from './review/schemas';
export {
  compareSchema,
  graphExpandSchema,
  graphSeedSchema,
  setTagsSchema,
  splitEntitySchema,
  timelineSchema,
  undoConfirmSchema,
  undoCorrectionSchema,
  type GraphExpandInput,
  type GraphSeedInput,
} from './inspector/schemas';

// The shapes of the engine's answers.
export type { ChangeListener } from './change-feed';
export type { EntityProfile } from './entities';
export type { ErasedFromSessions } from './erase-sessions';
export type { ForgottenFromSessions, LearnedFromSessions } from './forget-sessions';
export type { NodeDetail, NodePage } from './queries';
export type { MemoryStats } from './stats';
export type { GraphSlice, InspectorOverview, MemoryComparison, NodeSummary, TimelineSlice, VersionChange } from './inspector/types';
export type * as inspector from './inspector/index';

// The stores the engine lends its users (chat rows, settings, imports) and the storage facts they record.
export {
  SCHEMA_VERSION,
  checkDatabaseFile,
  type AppSettingsRows,
  type ChatImportStore,
  type ChatStore,
  type DatabaseCheck,
  type MessagePatch,
  type WaitForLockOptions,
} from './stores';
export type { NewRun, WritePathStore } from './writepath-store';

// Backup, restore (MemoryEngine.checkRestoreCandidate) and the snapshot every export and import reads or writes.
export type { SnapshotLoad, SnapshotReader, SnapshotRow } from './snapshot';
// Content hashes and the Merkle root (fingerprint.ts): verify a memory or a backup, diff two backups.
export { describeFindings, isHashedTable, SubsetTree, verifyExportData, type MemoryFingerprint, type RowChange, type RowFinding, type VerifyReport } from './fingerprint';
export { SNAPSHOT_TABLES } from './snapshot-rows';

// Helpers the write path, the chat and the prompt share with the engine, so each idea has one copy.
export { defaultConfidence } from './facts';
export { LEARNED_ENTITY } from './erased-entities';
export { normaliseAlias } from './repo/entities';
export { SUMMARY_FACTS, summaryFromFacts } from './entity-summary';
export { plainText } from './retrieval/context';
export { queryTerms } from './retrieval/text';
export { datesIn } from './chrono-dates';
export { stems, usedNodeIds } from './reply-usage';
export { countTokens, truncateToTokens } from './retrieval/tokens';

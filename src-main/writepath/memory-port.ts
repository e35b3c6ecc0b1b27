/**
 * The part of the memory the write path uses (consolidation, maintenance, reflection, enrichment), like the
 * chat's port: the knowledge operations it writes through, one transaction around a consolidation, and its
 * own store (session state, run log, candidate lookups). Derived from MemoryEngine, so the two cannot drift;
 * the write path never holds the database connection nor imports memory's repositories.
 */
import type { MemoryEngine } from '../memory';

export type WritePathMemory = Pick<
  MemoryEngine,
  | 'clock'
  | 'logger'
  | 'embedder'
  | 'writePathStore'
  | 'writeTransaction'
  | 'onChange'
  | 'getSession'
  | 'getNode'
  | 'rememberFact'
  | 'correctFact'
  | 'recordEarlierVersion'
  | 'settleConsolidatedFacts'
  | 'proposeFact'
  | 'requiresReview'
  | 'reviewOriginOfSession'
  | 'sessionContribution'
  | 'applyReextract'
  | 'currentAgainAfterDrop'
  | 'recordRestatement'
  | 'patchNodeAttributes'
  | 'createEntity'
  | 'addAlias'
  | 'removeAlias'
  | 'findEntities'
  | 'runDecay'
  | 'drainSlowPath'
  | 'vectorStatus'
  | 'warmVectorIndex'
>;

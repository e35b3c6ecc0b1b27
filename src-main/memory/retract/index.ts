/** Retract by source: the engine's entry points (plan.ts, apply.ts, sources.ts say how). */
import type { RetractSource } from '../../../src-shared/retract-types';
import { parseInput } from '../schemas';
import { retractionIdSchema, retractSourceSchema } from './schemas';

export { planRetract, type RetractPlan } from './plan';
export { previewRetract } from './describe';
export { applyPlan, listRetractions, retract, undoRetract } from './apply';
export { applyReextract, currentAgainAfterDrop, sessionContribution, type ReextractApplyInput, type ReextractWrite, type SessionFact } from './reextract';

export const parseSource = (input: unknown): RetractSource => parseInput(retractSourceSchema, input);
export const parseRetractionId = (input: unknown): { retractionId: string } => parseInput(retractionIdSchema, input);

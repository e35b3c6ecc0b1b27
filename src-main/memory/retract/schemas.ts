/** Inputs of retract by source, validated at every boundary (API, CLI) and again by the engine. */
import { z } from 'zod';
import { RETRACT_SOURCE_KINDS } from '../../../src-shared/retract-types';
import { idSchema } from '../schemas';

export const retractSourceSchema = z.object({
  kind: z.enum(RETRACT_SOURCE_KINDS),
  ref: z.string().trim().min(1, 'a source needs an id or a name').max(500),
}).strict();

export const retractionIdSchema = z.object({ retractionId: idSchema }).strict();

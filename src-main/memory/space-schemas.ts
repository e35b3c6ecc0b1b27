/** Inputs of the space calls (engine, API contract, CLI, MCP settings): one copy of each. */
import { z } from 'zod';
import { idSchema, nameSchema } from './schemas';

export const spaceNameSchema = nameSchema.refine((s) => s.length <= 60, 'a space name is at most 60 characters');

export const createSpaceSchema = z.object({ name: spaceNameSchema });
export const renameSpaceSchema = z.object({ id: idSchema, name: spaceNameSchema });
export const deleteSpaceSchema = z.object({
  id: idSchema,
  /** What happens to its chats, episodes and facts: moved to another space, or erased for good. */
  rows: z.discriminatedUnion('rows', [z.object({ rows: z.literal('move'), toSpaceId: idSchema }), z.object({ rows: z.literal('erase') })]),
});
export const moveToSpaceSchema = z.object({ id: idSchema, spaceId: idSchema });
export const setEverywhereSchema = z.object({ id: idSchema, everywhere: z.boolean() });
export const setChatSpaceSchema = z.object({ chatId: idSchema, spaceId: idSchema });

export type DeleteSpaceInput = z.input<typeof deleteSpaceSchema>;

/** The shape every call of the contract has (contract.ts and the calls it gathers from contract-control.ts). */
import { z } from 'zod';

/** A call: its input schema, and its output type carried as a phantom. */
export interface CallSpec<I extends z.ZodType, O> {
  readonly input: I;
  readonly output?: O;
}
export const call = <O>() => <I extends z.ZodType>(input: I): CallSpec<I, O> => ({ input });

export const none = z.object({}).strict();
/** Default page sizes: no call returns a whole long history at once. */
export const MAX_PAGE = 200;

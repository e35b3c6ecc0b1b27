/** Typed calls: unwrap the envelope, throw ApiFailure (carrying the typed ApiError) for react-query to show. */
import type { ApiError, CallInput, CallName, CallOutput } from '../../../src-main/api/contract';
import { bridge } from './transport';

export class ApiFailure extends Error {
  constructor(readonly error: ApiError) {
    super(error.message);
    this.name = 'ApiFailure';
  }
}

export async function call<K extends CallName>(name: K, input: CallInput<K>): Promise<CallOutput<K>> {
  const envelope = await bridge.invoke(name, input);
  if (!envelope.ok) throw new ApiFailure(envelope.error);
  return envelope.value;
}

export function errorMessage(err: unknown): string {
  if (err instanceof ApiFailure) {
    const { error } = err;
    return error.issues.length > 0 ? error.issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('\n') : error.message;
  }
  return err instanceof Error ? err.message : String(err);
}

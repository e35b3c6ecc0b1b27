/**
 * Errors cross the thread boundary as plain data with their cause chain and codes, so the main thread can
 * still classify a failed start-up (SQLITE_CANTOPEN, a native module that will not load, a newer database).
 */
export interface SerializedError {
  name: string;
  message: string;
  code?: string;
  stack?: string;
  cause?: SerializedError;
}

export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!(error instanceof Error)) return { name: 'Error', message: String(error) };
  const code = (error as { code?: unknown }).code;
  return {
    name: error.name,
    message: error.message,
    ...(typeof code === 'string' ? { code } : {}),
    ...(error.stack ? { stack: error.stack } : {}),
    ...(error.cause !== undefined && depth < 8 ? { cause: serializeError(error.cause, depth + 1) } : {}),
  };
}

export function deserializeError(data: SerializedError): Error {
  const error = new Error(data.message, data.cause ? { cause: deserializeError(data.cause) } : undefined);
  error.name = data.name;
  if (data.code) Object.assign(error, { code: data.code });
  if (data.stack) error.stack = data.stack;
  return error;
}

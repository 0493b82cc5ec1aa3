/**
 * Errors kept in the store must be plain data (serialisable for HYDRATE and devtools): an API
 * error body stays as it is, an Error becomes { name, message, statusCode? }.
 */
export function serializeError(err: unknown): unknown {
  if (err instanceof Error) {
    const { statusCode } = err as Error & { statusCode?: number };
    return statusCode === undefined ? { name: err.name, message: err.message } : { name: err.name, message: err.message, statusCode };
  }
  if (err === undefined) return null;
  if (err === null || typeof err === 'object') return err;
  return { message: String(err) };
}

/** Messages of spec section 8, shared so every screen says the same thing. */
export const SOMETHING_WRONG = 'Something went wrong, please try again later';
export const INCORRECT_CREDENTIALS = 'Incorrect credentials!';
export const GENERIC_UPDATE_ERROR = 'Error occurred, please try again later';
export const FORBIDDEN_IN_ACTION = 'Forbidden in the action!';
export const CHANGES_SAVED = 'Changes saved';
export const ACTION_SUCCESS = 'Action success';
export const COPIED = 'Copied to clipboard';

function text(value: unknown): string | undefined {
  if (typeof value === 'string' && value.trim()) return value;
  // Validation errors sometimes arrive as a list of messages.
  if (Array.isArray(value) && value.length && value.every((v) => typeof v === 'string')) return value.join(', ');
  return undefined;
}

/**
 * A request that never got an answer (offline, refused, CORS): `request.ts` rejects with status 0.
 * Its message is ours, not the server's, so each screen shows its own spec 8 fallback instead.
 */
export function isNetworkError(err: unknown): boolean {
  return !!err && typeof err === 'object' && (err as { statusCode?: unknown }).statusCode === 0;
}

/** The server's (or the Error's) own message, or undefined when it has none. */
export function messageOf(err: unknown): string | undefined {
  if (typeof err === 'string') return text(err);
  if (isNetworkError(err)) return undefined;
  if (err && typeof err === 'object') return text((err as { message?: unknown }).message);
  return undefined;
}

/** The error text (`error` of the API error body: 'Bad Request'...). */
function errorTextOf(err: unknown): string | undefined {
  if (err && typeof err === 'object') return text((err as { error?: unknown }).error);
  return undefined;
}

/** Spec 8 generic helper: the message, else the error text, else the generic sentence. */
export function getErrorMessage(err: unknown, fallback: string = SOMETHING_WRONG): string {
  if (isNetworkError(err)) return fallback;
  return messageOf(err) ?? errorTextOf(err) ?? fallback;
}

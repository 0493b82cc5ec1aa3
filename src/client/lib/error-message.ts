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

/** The server's (or the Error's) own message, or undefined when it has none. */
export function messageOf(err: unknown): string | undefined {
  if (typeof err === 'string') return text(err);
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
  return messageOf(err) ?? errorTextOf(err) ?? fallback;
}

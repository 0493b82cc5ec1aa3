// NUL cannot be stored in a PostgreSQL text column, and other control characters have no place in
// text people type; bidi overrides are used to disguise file names and links.
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const CONTROL = /[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g;
// eslint-disable-next-line no-control-regex -- as above, line breaks and tabs kept
const CONTROL_KEEP_LINES = /[\u0000-\u0008\u000b-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Plain text as stored: control and bidi-override characters removed (or replaced by `replaceWith`,
 * e.g. a space so a name keeps its words apart); with `keepLines`, line breaks (normalised to `\n`)
 * and tabs stay. Not trimmed: callers decide.
 */
export function stripControl(text: string, { keepLines = false, replaceWith = '' }: { keepLines?: boolean; replaceWith?: string } = {}): string {
  return keepLines ? text.replace(/\r\n?/g, '\n').replace(CONTROL_KEEP_LINES, replaceWith) : text.replace(CONTROL, replaceWith);
}

// A lone surrogate: a high one not followed by a low one, or a low one not preceded by a high one.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether a string can be stored as PostgreSQL text: no NUL, no unpaired UTF-16 surrogate. */
export const isStorableText = (text: string): boolean => !text.includes('\u0000') && !LONE_SURROGATE.test(text);

/** The 400 message for a field that fails `isStorableText`. */
export const badTextMessage = (field: string) => `${field} contains a character that is not allowed (NUL or an unpaired surrogate)`;

import fp from 'fastify-plugin';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type Ajv from 'ajv';
import type { DataValidationCxt } from 'ajv/dist/types';
import { badRequest, type FieldProblem } from '../lib/http-error';
import { badTextMessage, isStorableText } from '../shared/text';

/**
 * The input rules every route shares, in one place (src/server/README.md "Input rules"):
 *
 * - text: no NUL character and no unpaired UTF-16 surrogate in any string of the path, the query
 *   or a JSON body, keys included. PostgreSQL cannot store either (`invalid byte sequence`), so
 *   they are refused with a 400 naming the field before any handler runs. Multipart text fields
 *   are checked where they are read, in src/server/media/multipart-form.ts.
 * - numbers: only finite ones. Query strings are coerced by ajv, and its coercion turns
 *   `"Infinity"` or `"1e999"` into `Infinity`, which then passes `type: integer`; anything not
 *   finite after validation is a 400 naming the field.
 * - trimming: a string schema with `x-trim: true` (contract `TrimmedString`) is trimmed by ajv
 *   before its length and pattern are checked, so `"   "` fails `minLength: 1`.
 */

const join = (path: string, key: string | number) => (path ? `${path}.${key}` : String(key));

/** Walks a parsed input and reports the first offending field of each kind; depth-bounded. */
function inspect(value: unknown, path: string, found: { text?: string; number?: string }, depth = 0): void {
  if (depth > 64 || (found.text && found.number)) return;
  if (typeof value === 'string') {
    if (!found.text && !isStorableText(value)) found.text = path;
  } else if (typeof value === 'number') {
    if (!found.number && !Number.isFinite(value)) found.number = path;
  } else if (Array.isArray(value)) {
    value.forEach((item, i) => inspect(item, join(path, i), found, depth + 1));
  } else if (value && typeof value === 'object' && !Buffer.isBuffer(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (!found.text && !isStorableText(key)) found.text = join(path, key.replace(/[\uD800-\uDFFF]/g, '?').replaceAll('\u0000', '?'));
      inspect(item, join(path, key), found, depth + 1);
    }
  }
}

/** Nothing to walk: most reads have no body and an empty query or params. */
const isEmpty = (value: unknown) => value === undefined || value === null || (typeof value === 'object' && isEmptyObject(value));
function isEmptyObject(value: object) {
  for (const key in value) if (Object.hasOwn(value, key)) return false;
  return true;
}

function failure(request: FastifyRequest, kind: 'text' | 'number'): Error | undefined {
  const parts: [string, unknown][] = [['params', request.params], ['query', request.query], ['body', request.body]];
  for (const [part, value] of parts) {
    if (isEmpty(value)) continue;
    const found: { text?: string; number?: string } = {};
    inspect(value, '', found);
    const field = found[kind] === undefined ? undefined : found[kind] || part;
    if (field === undefined) continue;
    const message = kind === 'text' ? badTextMessage(field) : `${field} must be a finite number`;
    const details: FieldProblem[] = [{ field, message }];
    return badRequest(message, details);
  }
  return undefined;
}

/** The ajv keyword behind `TrimmedString`: trims the string in place before the string keywords run. */
export function trimKeyword(ajv: Ajv): Ajv {
  return ajv.addKeyword({
    keyword: 'x-trim',
    type: 'string',
    schemaType: 'boolean',
    modifying: true,
    // String keywords run in order; this one goes first so maxLength/minLength/pattern see the trimmed text.
    before: 'maxLength',
    // A modifying function keyword: ajv re-reads the value from its parent afterwards.
    validate(schema: boolean, data: string, _parent?: unknown, cxt?: DataValidationCxt) {
      if (schema && cxt?.parentData && typeof data === 'string') (cxt.parentData as Record<string | number, unknown>)[cxt.parentDataProperty] = data.trim();
      return true;
    },
  });
}

export default fp(async function input(app: FastifyInstance) {
  // After the route's own onRequest (who may call it), before the schema: bad text never reaches ajv's
  // pattern checks, a handler or the database.
  // Callback hooks: every request runs them, and a promise each is measurable.
  app.addHook('preValidation', (request, _reply, done) => done(failure(request, 'text')));
  // After the schema: what ajv's coercion made of the query and body.
  app.addHook('preHandler', (request, _reply, done) => done(failure(request, 'number')));
});

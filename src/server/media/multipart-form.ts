import type { FastifyRequest } from 'fastify';
import type { Static, TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { badRequest, HttpError, type FieldProblem } from '../lib/http-error';
import { badTextMessage, isStorableText } from '../shared/text';
import { describeValidation } from '../plugins/errors';

export interface UploadedFile {
  buffer: Buffer;
  filename: string;
  mimetype: string;
}

export interface MultipartForm {
  fields: Record<string, string>;
  files: Record<string, UploadedFile>;
}

/**
 * Reads a whole multipart form into memory: text fields, and the named file fields as buffers
 * (the size limit registered with @fastify/multipart answers 413 past it). Any other file field
 * is refused, so a client cannot park arbitrary bytes on the server.
 */
export async function readMultipartForm(request: FastifyRequest, fileFields: readonly string[]): Promise<MultipartForm> {
  if (!request.isMultipart()) throw badRequest('Send this form as multipart/form-data');
  const fields: Record<string, string> = {};
  const files: Record<string, UploadedFile> = {};
  const problems: FieldProblem[] = [];
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        if (!fileFields.includes(part.fieldname)) {
          part.file.resume();
          problems.push({ field: part.fieldname, message: `${part.fieldname} is not allowed` });
          continue;
        }
        if (files[part.fieldname]) {
          part.file.resume();
          problems.push({ field: part.fieldname, message: `${part.fieldname} must be a single file` });
          continue;
        }
        if (!isStorableText(part.filename)) problems.push({ field: part.fieldname, message: badTextMessage(`${part.fieldname} file name`) });
        files[part.fieldname] = { buffer: await part.toBuffer(), filename: part.filename, mimetype: part.mimetype };
      } else if (typeof part.value === 'string') {
        // The same text rule as JSON bodies (src/server/plugins/input.ts): nothing PostgreSQL cannot store.
        if (!isStorableText(part.value) || !isStorableText(part.fieldname)) problems.push({ field: part.fieldname, message: badTextMessage(part.fieldname) });
        else fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    // Size and count limits carry their own 413; busboy's parse errors carry no status and are
    // the client's doing (cut-off upload, wrong boundary), not a server fault.
    const { statusCode, code } = err as { statusCode?: number; code?: string };
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new HttpError(413, 'This file is too large, please upload a smaller one');
    if (statusCode) throw err;
    throw badRequest('The upload is incomplete or not valid multipart/form-data, please try again');
  }
  if (problems.length) throw badRequest(problems.map((p) => p.message).join('; '), problems);
  return { fields, files };
}

/** 400 naming every required file field that is missing or empty. */
export function requireFiles(form: MultipartForm, names: readonly string[]): FieldProblem[] {
  return names
    .filter((name) => !form.files[name] || form.files[name].buffer.length === 0)
    .map((name) => ({ field: name, message: `${name} is required` }));
}

interface TypeBoxIssue {
  keyword: string;
  instancePath: string;
  schemaPath: string;
  params: Record<string, unknown>;
  message: string;
}

/**
 * TypeBox's issues in the shape the error plugin describes for JSON bodies (ajv's), so a multipart
 * form fails with the same `details` as a JSON one: one entry per missing property, and a union of
 * literals collapsed into "must be one of ...".
 */
export function toValidationIssues(issues: readonly TypeBoxIssue[]) {
  const out: { instancePath: string; keyword: string; message: string; params: Record<string, unknown> }[] = [];
  const allowed = new Map<string, unknown[]>();
  for (const issue of issues) {
    if (issue.keyword === 'const' && issue.schemaPath.includes('/anyOf/')) {
      allowed.set(issue.instancePath, [...(allowed.get(issue.instancePath) ?? []), issue.params.allowedValue]);
    }
  }
  for (const issue of issues) {
    if (issue.keyword === 'required') {
      for (const missingProperty of (issue.params.requiredProperties as string[]) ?? []) {
        out.push({ instancePath: issue.instancePath, keyword: 'required', message: 'is required', params: { missingProperty } });
      }
    } else if (issue.keyword === 'anyOf' && allowed.has(issue.instancePath)) {
      out.push({ ...issue, message: `must be one of ${allowed.get(issue.instancePath)!.join(', ')}` });
    } else if (!(issue.keyword === 'const' && allowed.has(issue.instancePath))) {
      out.push(issue);
    }
  }
  return out;
}

/**
 * Multipart text fields are checked with TypeBox, not ajv, so the contract's `TrimmedString`
 * (`x-trim`) is applied here: the marked fields are trimmed before their length and pattern are
 * checked, as the ajv keyword does for JSON bodies.
 */
export function trimMarkedFields(schema: { properties?: object }, fields: Record<string, unknown>) {
  for (const [name, property] of Object.entries(schema.properties ?? {}) as [string, Record<string, unknown>][]) {
    if (property['x-trim'] === true && typeof fields[name] === 'string') fields[name] = (fields[name] as string).trim();
  }
}

/** A 400 naming every field of `value` that `schema` refuses, described as the JSON bodies' checks are. */
function assertValid(schema: TSchema, value: unknown) {
  const issues = toValidationIssues([...Value.Errors(schema, value)] as never).filter((issue) => issue.keyword !== 'additionalProperties');
  const details = describeValidation(issues.map((issue) => {
    // TypeBox names an unknown property by its path; describe it as ajv does, by name.
    const unknown = issue.keyword === 'boolean' && (issue as { schemaPath?: string }).schemaPath === '#/additionalProperties';
    return unknown ? { ...issue, instancePath: '', params: { additionalProperty: issue.instancePath.slice(1) } } : issue;
  }));
  if (details.length) throw badRequest(details.map((d) => d.message).join('; '), details);
}

/**
 * Multipart text fields checked against the same kind of schema as a JSON body, with the same
 * `details`: an unknown field, a bad uuid or a too long title is a 400 naming the field.
 */
export function parseFields<S extends TSchema>(schema: S, fields: Record<string, string>): Static<S> {
  const value = Value.Convert(schema, { ...fields });
  assertValid(schema, value);
  return value as Static<S>;
}

/**
 * The JSON body of a route that also takes multipart (Fastify checks no body schema for those):
 * the same schema and `details` as a JSON route, nothing converted.
 */
export function checkJsonBody<S extends TSchema>(schema: S, body: unknown): Static<S> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    const message = 'body must be a JSON object or a multipart/form-data form';
    throw badRequest(message, [{ field: 'body', message }]);
  }
  assertValid(schema, body);
  return body as Static<S>;
}

import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { ProductFields, UpdateProductBody, type ProductType } from '../../../common/contract/products';
import { badRequest, type FieldProblem } from '../../lib/http-error';
import { toValidationIssues } from '../../media/multipart-form';
import { describeValidation } from '../../plugins/errors';
import { stripControl } from '../../shared/text';

/** The fields of a create or edit after checking: trimmed plain text; absent = not given. */
export interface ProductInput {
  name?: string;
  description?: string;
  type?: ProductType;
  price?: number;
  stock?: number;
  status?: 'active' | 'draft';
  imageIds?: string[];
}


export const fail = (details: FieldProblem[]): never => {
  throw badRequest(details.map((d) => d.message).join('; '), details);
};

/**
 * TypeBox reports an unknown field twice (as a `false` schema and on the object) and a type error
 * as "must be number": keep one readable problem per field, in the words the JSON routes use.
 */
function problemsOf(schema: TSchema, value: unknown): FieldProblem[] {
  const issues = toValidationIssues([...Value.Errors(schema, value)] as never)
    .filter((issue) => issue.keyword !== 'additionalProperties')
    .map((issue) => {
      if (issue.keyword === 'boolean' && (issue as { schemaPath?: string }).schemaPath === '#/additionalProperties') {
        return { ...issue, instancePath: '', params: { additionalProperty: issue.instancePath.slice(1) } };
      }
      if (issue.keyword === 'type') return { ...issue, message: `must be a ${String(issue.params.type)}` };
      return issue;
    });
  return describeValidation(issues);
}

function clean(value: Record<string, unknown>): ProductInput {
  const input: ProductInput = {};
  if (typeof value.name === 'string') {
    input.name = stripControl(value.name, { replaceWith: ' ' }).trim();
    if (!input.name) fail([{ field: 'name', message: 'name cannot be empty' }]);
  }
  if (typeof value.description === 'string') {
    input.description = stripControl(value.description, { keepLines: true }).trim();
  }
  if (value.type !== undefined) input.type = value.type as ProductType;
  if (value.price !== undefined) input.price = value.price as number;
  if (value.stock !== undefined) input.stock = value.stock as number;
  if (value.status !== undefined) input.status = value.status as 'active' | 'draft';
  if (value.imageIds !== undefined) {
    const ids = (value.imageIds as string[]).map((id) => id.toLowerCase());
    if (new Set(ids).size !== ids.length) fail([{ field: 'imageIds', message: 'imageIds must not repeat an image' }]);
    input.imageIds = ids;
  }
  return input;
}

/** `imageIds` in a multipart form: a JSON array as text, or ids separated by commas ("" = none). */
function imageIdsOf(text: string): unknown {
  if (text.trim().startsWith('[')) {
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }
  return text.split(',').map((s) => s.trim()).filter(Boolean);
}

/**
 * Text fields of a multipart form, checked against the same schema as the JSON body so both fail
 * with the same `details`. Everything arrives as text: numbers are converted, and an empty price,
 * stock, type or status means "not given".
 */
export function parseFormFields(fields: Record<string, string>, mode: 'create' | 'edit'): ProductInput {
  const raw: Record<string, unknown> = { ...fields };
  for (const key of ['price', 'stock', 'type', 'status']) if (raw[key] === '') delete raw[key];
  // Numbers are converted here and kept as they are: Value.Convert would quietly cut a stock of 1.5 to 1.
  for (const key of ['price', 'stock']) {
    const n = typeof raw[key] === 'string' ? Number(raw[key]) : NaN;
    if (Number.isFinite(n)) raw[key] = n;
  }
  if (typeof raw.imageIds === 'string') raw.imageIds = imageIdsOf(raw.imageIds);
  const schema = mode === 'create' ? ProductFields : UpdateProductBody;
  // Convert works in place: it gets a copy, and the numbers go back as they were.
  const value = Value.Convert(schema, { ...raw }) as Record<string, unknown>;
  for (const key of ['price', 'stock']) if (key in raw) value[key] = raw[key];
  const problems = problemsOf(schema, value);
  if (problems.length) fail(problems);
  return clean(value);
}

/** The JSON body of an edit (the route takes multipart too, so its schema is checked here). */
export function parseEditBody(body: unknown): ProductInput {
  const value = body ?? {};
  if (typeof value !== 'object' || Array.isArray(value)) return fail([{ field: 'body', message: 'body must be a JSON object' }]);
  const problems = problemsOf(UpdateProductBody, value);
  if (problems.length) fail(problems);
  return clean(value as Record<string, unknown>);
}

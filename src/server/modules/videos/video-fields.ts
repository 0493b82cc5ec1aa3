import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import {
  VIDEO_TAG_MAX, VIDEO_TAG_PATTERN, VIDEO_TAGS_MAX, VideoEditBody, VideoFields, type VideoEditBody as EditInput,
} from '../../../common/contract/videos';
import type { AccessLevel } from '../../../common/contract/content';
import { badRequest, type FieldProblem } from '../../lib/http-error';
import { toValidationIssues } from '../../media/multipart-form';
import { describeValidation } from '../../plugins/errors';
import { stripControl } from '../../shared/text';

/** The fields of a create or edit after checking: trimmed, plain, tags normalised. */
export interface VideoInput {
  title?: string;
  description?: string;
  tags?: string[];
  access?: AccessLevel;
  price?: number;
  status?: 'active' | 'draft';
  /** Present (possibly null) only when the request named it. */
  publishAt?: string | null;
}

const TAG = new RegExp(VIDEO_TAG_PATTERN, 'u');

const fail = (details: FieldProblem[]) => {
  throw badRequest(details.map((d) => d.message).join('; '), details);
};

/**
 * TypeBox reports an unknown field twice (as `false` schema and on the object) and a type error
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

/**
 * Tags from a JSON array or a comma-separated string (a JSON array written as text is accepted
 * too, since multipart forms carry text): trimmed, a leading # dropped, lower-cased, duplicates
 * merged, empty entries ignored. Each must be 1..30 letters, digits or hyphens; at most 20.
 */
export function normaliseTags(input: string | readonly string[]): string[] {
  let list: readonly unknown[];
  if (typeof input === 'string' && input.trim().startsWith('[')) {
    try {
      list = JSON.parse(input) as unknown[];
    } catch {
      list = [null];
    }
    if (!Array.isArray(list)) list = [null];
  } else {
    list = typeof input === 'string' ? input.split(',') : input;
  }
  const tags: string[] = [];
  const problems: FieldProblem[] = [];
  for (const raw of list) {
    if (typeof raw !== 'string') {
      problems.push({ field: 'tags', message: 'tags must be a list of words or a comma-separated text' });
      break;
    }
    const tag = raw.trim().replace(/^#/, '').toLowerCase();
    if (!tag) continue;
    if (tag.length > VIDEO_TAG_MAX || !TAG.test(tag)) {
      const shown = tag.length > 40 ? `${tag.slice(0, 40)}…` : tag;
      problems.push({ field: 'tags', message: `Tag "${stripControl(shown)}" must be 1 to ${VIDEO_TAG_MAX} letters, digits or hyphens` });
      break;
    }
    if (!tags.includes(tag)) tags.push(tag);
  }
  if (!problems.length && tags.length > VIDEO_TAGS_MAX) problems.push({ field: 'tags', message: `A video can have at most ${VIDEO_TAGS_MAX} tags` });
  if (problems.length) fail(problems);
  return tags;
}

function clean(value: Record<string, unknown>): VideoInput {
  const input: VideoInput = {};
  if (typeof value.title === 'string') {
    input.title = stripControl(value.title, { replaceWith: ' ' }).trim();
    if (!input.title) fail([{ field: 'title', message: 'title is required' }]);
  }
  if (typeof value.description === 'string') {
    input.description = stripControl(value.description, { keepLines: true }).trim();
  }
  if (value.tags !== undefined) input.tags = normaliseTags(value.tags as string | string[]);
  if (value.access !== undefined) input.access = value.access as AccessLevel;
  if (value.price !== undefined) input.price = value.price as number;
  if (value.status !== undefined) input.status = value.status as 'active' | 'draft';
  if ('publishAt' in value) input.publishAt = (value.publishAt as string | null | undefined) ?? null;
  return input;
}

/**
 * Text fields of a multipart form. Everything arrives as text: numbers are converted, and an empty
 * price, status or access means "not given", an empty publishAt "publish now". Checked against the
 * same schema as the JSON edit, so both kinds of request fail with the same `details`.
 */
export function parseFormFields(fields: Record<string, string>, mode: 'create' | 'edit'): VideoInput {
  const raw: Record<string, unknown> = { ...fields };
  for (const key of ['price', 'status', 'access']) if (raw[key] === '') delete raw[key];
  if (raw.publishAt === '' || raw.publishAt === 'null') raw.publishAt = null;
  const schema = mode === 'create' ? VideoFields : VideoEditBody;
  const value = Value.Convert(schema, raw) as Record<string, unknown>;
  const problems = problemsOf(schema, value);
  if (problems.length) fail(problems);
  return clean(value);
}

/** The JSON body of an edit (the route takes multipart too, so the schema is checked here). */
export function parseEditBody(body: unknown): VideoInput {
  const value = (body ?? {}) as EditInput;
  if (typeof value !== 'object' || Array.isArray(value)) fail([{ field: 'body', message: 'body must be a JSON object' }]);
  const problems = problemsOf(VideoEditBody, value);
  if (problems.length) fail(problems);
  return clean(value as Record<string, unknown>);
}

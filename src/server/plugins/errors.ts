import fp from 'fastify-plugin';
import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { HttpError, type FieldProblem } from '../lib/http-error';
import { USERNAME_PATTERN } from '../../common/contract/users';
import { HTTP_URL_PATTERN } from '../../common/contract/performers';
import { SETTING_PATTERN_WORDS } from '../../common/contract/settings';
import { UUID_PATTERN } from '../../common/contract/common';

/** What the contract's patterns mean, in words; any other pattern reads "is not in a valid format". */
const PATTERN_WORDS: Record<string, string> = {
  [USERNAME_PATTERN]: 'must be 3 to 30 letters, digits, dots or underscores',
  [HTTP_URL_PATTERN]: 'must be an http or https URL',
  [UUID_PATTERN]: 'must be a valid uuid',
  '^[A-Za-z]{2}$': 'must be a two-letter country code',
  '^[A-Z]{2}$': 'must be a two-letter country code in capitals',
  ...SETTING_PATTERN_WORDS,
};

interface ValidationIssue {
  instancePath?: string;
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** The message of one issue; `field` is already resolved. */
function messageOf(issue: ValidationIssue, field: string): string {
  const params = issue.params ?? {};
  switch (issue.keyword) {
    case 'required':
      return `${field} is required`;
    case 'additionalProperties':
      return `${field} is not allowed`;
    case 'format':
      return `${field} must be a valid ${String(params.format)}`;
    case 'minLength':
      return `${field} must be at least ${String(params.limit)} characters`;
    case 'maxLength':
      return `${field} must be at most ${String(params.limit)} characters`;
    // A literal such as the sign-up consent (`ageConfirmed: true`).
    case 'const':
      return `${field} must be ${JSON.stringify(params.allowedValue)}`;
    case 'enum':
      return `${field} must be one of: ${(params.allowedValues as unknown[] | undefined)?.join(', ') ?? 'the allowed values'}`;
    // The regex itself means nothing to a person.
    case 'pattern':
      return `${field} ${PATTERN_WORDS[String(params.pattern)] ?? 'is not in a valid format'}`;
    default:
      return `${field} ${issue.message ?? 'is invalid'}`;
  }
}

/**
 * Turns schema-validation issues into `{ field, message }` a person can read. A nullable field
 * (`anyOf: [enum, null]`) fails three ways at once ("must be one of", "must be null", "must match
 * a schema in anyOf"); only the first, most specific issue per field is kept.
 */
export function describeValidation(issues: ValidationIssue[], context?: string): FieldProblem[] {
  const seen = new Set<string>();
  const problems: FieldProblem[] = [];
  for (const issue of issues) {
    const pathField = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
    const missing = issue.params?.missingProperty as string | undefined;
    const extra = issue.params?.additionalProperty as string | undefined;
    const field = missing ? (pathField ? `${pathField}.${missing}` : missing) : extra ?? (pathField || context || 'body');
    const keyword = missing ? 'required' : extra ? 'additionalProperties' : issue.keyword;
    if (seen.has(field)) continue;
    if (keyword === 'anyOf' || (keyword === 'type' && issue.params?.type === 'null' && issues.length > 1)) {
      // Only the summary of a union; a sibling issue says what is wrong.
      if (issues.some((other) => other !== issue && (other.instancePath ?? '') === (issue.instancePath ?? '') && other.keyword !== 'anyOf' && !(other.keyword === 'type' && other.params?.type === 'null'))) continue;
    }
    seen.add(field);
    problems.push({ field, message: messageOf({ ...issue, keyword }, field) });
  }
  return problems;
}

const body = (statusCode: number, message: string, details?: FieldProblem[]) => ({
  statusCode,
  error: STATUS_CODES[statusCode] ?? 'Error',
  message,
  ...(details && details.length ? { details } : {}),
});

/**
 * Fastify's `frameworkErrors` option: errors the router raises before any route or hook runs (a
 * path that is not valid percent-encoding, a path segment past the router's length limit) in the
 * same format, without echoing the whole path back as Fastify's own answer does.
 */
export function frameworkErrors(err: FastifyError, _request: unknown, reply: FastifyReply) {
  if (err.code === 'FST_ERR_MAX_PARAM_LENGTH') return reply.status(414).send(body(414, 'A part of the address is too long'));
  if (err.code === 'FST_ERR_BAD_URL') return reply.status(400).send(body(400, 'The address is not valid'));
  const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
  return reply.status(status).send(body(status, 'The request could not be routed'));
}

/** The error format of DESIGN.md section 3 for every failure, including unknown routes. */
export default fp(async function errors(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | HttpError, request, reply) => {
    if (err instanceof HttpError) {
      if (err.headers) reply.headers(err.headers);
      return reply.status(err.statusCode).send({ ...body(err.statusCode, err.message, err.details), ...err.extra });
    }
    const fe = err as FastifyError & { validation?: ValidationIssue[]; validationContext?: string };
    if (fe.validation) {
      const details = describeValidation(fe.validation, fe.validationContext);
      return reply.status(400).send(body(400, details.map((d) => d.message).join('; '), details));
    }
    const status = fe.statusCode && fe.statusCode >= 400 ? fe.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err }, 'request failed');
      return reply.status(status).send(body(status, 'Something went wrong, please try again later'));
    }
    // Framework 4xx (bad JSON, too large, rate limited, unsupported media type): keep its message.
    return reply.status(status).send(body(status, fe.message));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send(body(404, `Route ${request.method} ${request.url.split('?')[0]} not found`));
  });
});

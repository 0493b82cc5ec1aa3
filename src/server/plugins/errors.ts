import fp from 'fastify-plugin';
import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance } from 'fastify';
import { HttpError, type FieldProblem } from '../lib/http-error';

interface ValidationIssue {
  instancePath?: string;
  keyword?: string;
  message?: string;
  params?: Record<string, unknown>;
}

/** Turns schema-validation issues into `{ field, message }` a person can read. */
export function describeValidation(issues: ValidationIssue[], context?: string): FieldProblem[] {
  return issues.map((issue) => {
    const pathField = (issue.instancePath ?? '').replace(/^\//, '').replace(/\//g, '.');
    const missing = issue.params?.missingProperty as string | undefined;
    const extra = issue.params?.additionalProperty as string | undefined;
    const field = missing ? (pathField ? `${pathField}.${missing}` : missing) : extra ?? (pathField || context || 'body');
    let message: string;
    if (missing) message = `${field} is required`;
    else if (extra) message = `${field} is not allowed`;
    else if (issue.keyword === 'format') message = `${field} must be a valid ${String(issue.params?.format)}`;
    else if (issue.keyword === 'minLength') message = `${field} must be at least ${String(issue.params?.limit)} characters`;
    else if (issue.keyword === 'maxLength') message = `${field} must be at most ${String(issue.params?.limit)} characters`;
    else message = `${field} ${issue.message ?? 'is invalid'}`;
    return { field, message };
  });
}

const body = (statusCode: number, message: string, details?: FieldProblem[]) => ({
  statusCode,
  error: STATUS_CODES[statusCode] ?? 'Error',
  message,
  ...(details && details.length ? { details } : {}),
});

/** The error format of DESIGN.md section 3 for every failure, including unknown routes. */
export default fp(async function errors(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | HttpError, request, reply) => {
    if (err instanceof HttpError) {
      return reply.status(err.statusCode).send(body(err.statusCode, err.message, err.details));
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

export interface FieldProblem {
  field: string;
  message: string;
}

/** An error that becomes the 4xx/5xx body `{ statusCode, error, message, details? }`. */
export class HttpError extends Error {
  constructor(
    public readonly statusCode: number,
    message: string,
    public readonly details?: FieldProblem[],
    /** Extra top-level fields of the body, e.g. a 402's `missingAmount`. */
    public readonly extra?: Record<string, unknown>,
    /** Response headers that go with the error, e.g. a 429's `Retry-After`. */
    public readonly headers?: Record<string, string>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, details?: FieldProblem[]) => new HttpError(400, message, details);
export const unauthorized = (message = 'Please sign in to continue') => new HttpError(401, message);
export const forbidden = (message = 'You are not allowed to do this') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string, details?: FieldProblem[]) => new HttpError(409, message, details);
export const unprocessable = (message: string, details?: FieldProblem[]) => new HttpError(422, message, details);
/** Not enough tokens: the body carries `missingAmount` (tokens) so the client can offer a top-up. */
export const paymentRequired = (message: string, missingAmount: number) => new HttpError(402, message, undefined, { missingAmount });
/** 429 with `Retry-After` (whole seconds, at least 1). */
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new HttpError(429, message, undefined, undefined, { 'retry-after': String(Math.max(1, Math.ceil(retryAfterSeconds))) });

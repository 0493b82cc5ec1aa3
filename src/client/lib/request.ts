import axios, { type AxiosInstance, type AxiosRequestConfig } from 'axios';
import type { ErrorBody } from '@/common/contract/common';
import { getRuntimeConfig } from './runtime-config';
import { getToken, type CookieContext } from './cookies';
import { redirectToLogin } from './redirect-to-login';
import { FORBIDDEN_IN_ACTION, SOMETHING_WRONG } from './error-message';

export interface RequestOptions extends AxiosRequestConfig {
  /** Explicit token (server-side page loading); null sends an anonymous request. */
  token?: string | null;
  /** Server side: read the token cookie from this request. */
  ctx?: CookieContext;
  /**
   * On a 401, redirect to login and raise 'Forbidden in the action!' (spec 8). Credential
   * endpoints turn it off: there a 401 means wrong credentials and the server's message is shown.
   */
  authRedirect?: boolean;
}

/** Raised for a 401 (spec 8: 'Forbidden in the action!'); keeps the body for callers that care. */
export class UnauthorizedError extends Error {
  readonly statusCode = 401;
  constructor(readonly body?: unknown) {
    super(FORBIDDEN_IN_ACTION);
    this.name = 'UnauthorizedError';
  }
}

export const isUnauthorized = (err: unknown): boolean =>
  err instanceof UnauthorizedError || (typeof err === 'object' && err !== null && (err as ErrorBody).statusCode === 401);

export const networkErrorBody = (): ErrorBody => ({ statusCode: 0, error: 'Network Error', message: SOMETHING_WRONG });

/** A fresh axios instance; the base URL is resolved per call because _app sets it after load. */
export function createApiClient(): AxiosInstance {
  return axios.create({ headers: { Accept: 'application/json' } });
}

let client: AxiosInstance | null = null;
export const apiClient = (): AxiosInstance => (client ??= createApiClient());

export function authorizationOf(options: Pick<RequestOptions, 'token' | 'ctx'>): string {
  // Spec 5: no token means an empty Authorization header, never a missing one.
  if (options.token !== undefined) return options.token ?? '';
  return getToken(options.ctx) ?? '';
}

/** Turns an axios failure into what callers receive (spec 8). */
export function toRequestError(err: unknown, authRedirect = true): unknown {
  if (axios.isCancel(err)) return err;
  if (!axios.isAxiosError(err)) return err;
  const res = err.response;
  if (!res) return networkErrorBody();
  if (res.status === 401 && authRedirect) {
    if (typeof window !== 'undefined') redirectToLogin();
    return new UnauthorizedError(res.data);
  }
  if (res.data && typeof res.data === 'object') return res.data;
  // No JSON body (a proxy's HTML page, an empty 502): no server message to pass on.
  const message = typeof res.data === 'string' && res.data && !res.data.trimStart().startsWith('<') ? res.data : '';
  return { statusCode: res.status, error: res.statusText || 'Error', message } satisfies ErrorBody;
}

/** One API call: resolves with the response body (`{ data }`), rejects per spec 8. */
export async function request<T>(options: RequestOptions): Promise<T> {
  const { token, ctx, authRedirect = true, headers, ...config } = options;
  try {
    const res = await apiClient().request<T>({
      baseURL: getRuntimeConfig().apiEndpoint,
      ...config,
      headers: { ...headers, Authorization: authorizationOf({ token, ctx }) },
    });
    return res.data;
  } catch (err) {
    throw toRequestError(err, authRedirect);
  }
}

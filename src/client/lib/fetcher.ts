import { request } from './request';

/** SWR key of a list page: a path, or a path with its query parameters. */
export type FetcherKey = string | readonly [string, Record<string, unknown>?];

/**
 * Spec 7 generic GET fetcher for SWR: 2xx resolves with the JSON body (`{ data }`), anything else
 * throws the parsed error body. Goes through request() so the token and 401 rule are shared.
 */
export function fetcher<T = unknown>(key: FetcherKey): Promise<T> {
  const [url, params] = typeof key === 'string' ? [key, undefined] : key;
  return request<T>({ method: 'GET', url, params: params ? withoutEmpty(params) : undefined });
}

// Cleared filters should not reach the API as `?q=`.
function withoutEmpty(params: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(params).filter(([, v]) => v !== undefined && v !== null && v !== ''));
}

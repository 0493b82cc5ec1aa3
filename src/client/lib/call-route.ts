import type { BodyOf, QueryOf, ResponseOf, RouteDef } from '@/common/contract/common';
import { request, type RequestOptions } from './request';

/** The body a route answers with: `{ data: <payload> }`. */
export type EnvelopeOf<R extends RouteDef> = { data: ResponseOf<R> };

export interface CallOptions<R extends RouteDef> extends Omit<RequestOptions, 'url' | 'method' | 'data' | 'params'> {
  body?: BodyOf<R>;
  query?: QueryOf<R>;
  /** Values for the `:name` segments of the route's url. */
  params?: Record<string, string>;
}

export function routeUrl(url: string, params: Record<string, string> = {}): string {
  return url.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => {
    if (params[name] === undefined) throw new Error(`Missing route parameter ${name} for ${url}`);
    return encodeURIComponent(params[name]);
  });
}

/** Calls a route of the contract; request and response types come from its table. */
export function callRoute<R extends RouteDef>(route: R, options: CallOptions<R> = {}): Promise<EnvelopeOf<R>> {
  const { body, query, params, ...rest } = options;
  return request<EnvelopeOf<R>>({ ...rest, method: route.method, url: routeUrl(route.url, params), data: body, params: query });
}

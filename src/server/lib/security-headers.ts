import helmet, { type HelmetOptions } from 'helmet';

/**
 * The headers helmet sets for these options, computed once. Without a content security policy
 * they depend on nothing in the request, so the API applies this one object to every reply
 * instead of running helmet's middleware chain per request (which cost about as much CPU as the
 * rest of Fastify's request handling: README "API bench").
 */
export function securityHeaders(options: HelmetOptions): Readonly<Record<string, string>> {
  if (options.contentSecurityPolicy !== false) throw new Error('securityHeaders: a content security policy may depend on the request');
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failure: unknown;
  // helmet's middleware runs synchronously on a request it does not read (CSP, the one option
  // that could read it for a nonce, is refused above).
  helmet(options)({} as never, response as never, (err?: unknown) => { failure = err; });
  if (failure) throw failure;
  return Object.freeze(headers);
}

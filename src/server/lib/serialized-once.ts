import type { FastifyReply } from 'fastify';

/**
 * Answers `{ data }` serialised through the route's response schema once per `data` object: for
 * answers handed out from a cache (the public settings, an account's own view), whose object stays
 * the same until what it shows changes. Each route keeps its own bodies (the schema is the route's).
 */
export function serializedOnce() {
  const bodies = new WeakMap<object, string>();
  return (reply: FastifyReply, data: object): FastifyReply => {
    let body = bodies.get(data);
    if (body === undefined) {
      body = reply.serialize({ data }) as string;
      bodies.set(data, body);
    }
    return reply.type('application/json; charset=utf-8').send(body);
  };
}

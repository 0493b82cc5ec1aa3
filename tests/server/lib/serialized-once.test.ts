import Fastify from 'fastify';
import { serializedOnce } from '../../../src/server/lib/serialized-once';

describe('serializedOnce (src/server/lib/serialized-once.ts)', () => {
  it('serialises an object through the route schema once, and a new object again', async () => {
    const app = Fastify();
    const send = serializedOnce();
    let current: { name: string; secret?: string } = { name: 'first', secret: 'not in the schema' };
    let serialised = 0;
    app.get('/x', {
      schema: { response: { 200: { type: 'object', properties: { data: { type: 'object', properties: { name: { type: 'string' } } } } } } },
    }, async (_request, reply) => {
      const serialize = reply.serialize.bind(reply);
      reply.serialize = (payload: unknown) => { serialised += 1; return serialize(payload); };
      return send(reply, current);
    });
    const first = await app.inject({ method: 'GET', url: '/x' });
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(first.json()).toEqual({ data: { name: 'first' } });
    expect((await app.inject({ method: 'GET', url: '/x' })).body).toBe(first.body);
    expect(serialised).toBe(1);
    current = { name: 'second' };
    expect((await app.inject({ method: 'GET', url: '/x' })).json()).toEqual({ data: { name: 'second' } });
    expect(serialised).toBe(2);
    await app.close();
  });
});

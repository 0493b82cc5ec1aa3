import { startTestServer } from '../../support/server';
import { contractRoutes, sampleUrl } from '../../support/contract-routes';

/**
 * Routes compile their validators and serializers on first use (src/server/lib/lazy-schema-compilers.ts),
 * so a schema ajv or fast-json-stringify cannot compile would surface only when its route is first
 * called. Booting once with every schema compiled at start-up proves they all compile.
 */
describe('route schemas', () => {
  it('every route of the contract compiles its validators and serializers', async () => {
    // With METRICS_TOKEN, so GET /metrics (registered only then) is among the routes too.
    const server = await startTestServer({ METRICS_TOKEN: 'schemas-compile-metrics-token' }, { eagerSchemas: true });
    try {
      // Booted: Fastify compiled each registered route's schemas (a failure throws FST_ERR_SCH_*_BUILD).
      const routes = contractRoutes();
      expect(routes.length).toBeGreaterThan(200);
      for (const route of routes) expect(server.app.hasRoute({ method: route.method, url: route.url })).toBe(true);
    } finally {
      await server.close();
    }
  });

  it('compiles a validator on the first call that needs it, with the same answers', async () => {
    const server = await startTestServer();
    try {
      const bad = await server.app.inject({ method: 'GET', url: `${sampleUrl('/user/feeds/:id')}-x` });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().message).toMatch(/id must be a valid uuid/);
      const again = await server.app.inject({ method: 'GET', url: `${sampleUrl('/user/feeds/:id')}-x` });
      expect(again.json()).toEqual(bad.json());
    } finally {
      await server.close();
    }
  });
});

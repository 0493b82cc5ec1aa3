import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';

/** OpenAPI generated from the route schemas of src/common/contract, served at /docs. */
export default fp(async function docs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: {
      info: { title: 'Creator platform API', version: '1.0.0' },
      servers: [{ url: app.config.apiEndpoint }],
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } },
      },
    },
  });
  await app.register(swaggerUi, { routePrefix: '/docs' });
}, { name: 'docs' });

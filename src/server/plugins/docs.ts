import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { DOC_ONLY_BODY } from '../lib/route';
import { DOCUMENT_HEADERS } from './security';

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
    // Multipart routes describe their form (and JSON alternative) in the document, so clients and
    // the OpenAPI fuzz test see a request body for them.
    transform: ({ schema, url }) => {
      const { [DOC_ONLY_BODY]: form, ...rest } = (schema ?? {}) as Record<string, unknown>;
      return { schema: (form ? { ...rest, body: form } : schema) as typeof schema, url };
    },
  });
  // The API's only HTML pages: they get helmet's document headers too (plugins/security.ts).
  await app.register(async (pages) => {
    pages.addHook('onRequest', (_request, reply, done) => {
      reply.headers(DOCUMENT_HEADERS);
      done();
    });
    await pages.register(swaggerUi, { routePrefix: '/docs' });
  });
}, { name: 'docs' });

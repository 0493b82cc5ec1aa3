import type { FastifyInstance } from 'fastify';

export default async function sitePromosModule(app: FastifyInstance) {
  void app;
}

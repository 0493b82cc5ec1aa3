import type { FastifyInstance } from 'fastify';

export default async function blockingModule(app: FastifyInstance) {
  void app;
}

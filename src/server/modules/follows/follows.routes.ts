import type { FastifyInstance } from 'fastify';

export default async function followsModule(app: FastifyInstance) {
  void app;
}

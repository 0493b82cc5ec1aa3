import type { FastifyInstance } from 'fastify';

export default async function reactionsModule(app: FastifyInstance) {
  void app;
}

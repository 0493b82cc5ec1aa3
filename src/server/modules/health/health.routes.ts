import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/route';
import { healthRoutes } from '../../../common/contract/health';
import { HttpError } from '../../lib/http-error';

export default async function health(app: FastifyInstance) {
  addRoute(app, healthRoutes.live, async () => ({ data: { status: 'ok' as const } }));
  addRoute(app, healthRoutes.ready, async () => {
    try {
      await app.dbHandle.ping();
    } catch {
      throw new HttpError(503, 'Database unreachable');
    }
    return { data: { status: 'ok' as const, database: app.dbHandle.kind } };
  });
}

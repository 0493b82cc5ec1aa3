import type { FastifyInstance } from 'fastify';
import { addRoute } from '../../lib/route';
import { geoRoutes } from '../../../common/contract/settings';
import { clientIp, createGeoService } from './geo.service';

export default async function geoModule(app: FastifyInstance) {
  const geo = createGeoService(app.settings);

  addRoute(app, geoRoutes.check, async (request) => {
    // Read the headers ourselves rather than request.ip: the order (XFF, X-Real-IP, socket) must
    // not depend on whether TRUST_PROXY is on.
    const ip = clientIp(request.headers, request.socket.remoteAddress);
    return { data: await geo.check(ip) };
  });
}

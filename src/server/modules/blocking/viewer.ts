import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clientIp, createGeoService } from '../geo/geo.service';

/** Who is looking, as blocking and access rules need it. */
export interface Viewer {
  userId: string | null;
  role: 'user' | 'performer' | 'admin' | null;
  /** ISO alpha-2 from the client IP (X-Forwarded-For first, as the web's server side forwards it); null if unknown. */
  country: string | null;
}

export const ANONYMOUS: Viewer = { userId: null, role: null, country: null };

/** The viewer of a request (signed in or not). Needs `auth: 'optional'` or `'required'` on the route. */
export async function viewerOf(app: Pick<FastifyInstance, 'settings'>, request: FastifyRequest): Promise<Viewer> {
  const geo = createGeoService(app.settings);
  const country = await geo.country(clientIp(request.headers, request.socket.remoteAddress));
  const user = request.user;
  return { userId: user?.id ?? null, role: user?.role ?? null, country };
}

/** The viewer of a route with `auth: 'required'`, where the user is known to be present. */
export async function signedInViewer(
  app: Pick<FastifyInstance, 'settings'>,
  request: FastifyRequest,
): Promise<Viewer & { userId: string }> {
  const viewer = await viewerOf(app, request);
  return { ...viewer, userId: request.user!.id };
}

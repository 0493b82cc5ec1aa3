import type { FastifyInstance, FastifyRequest } from 'fastify';
import { performerRoutes } from '../../../common/contract/performers';
import { PERFORMER_ATTRIBUTES } from '../../../common/constants/performer-attributes';
import { addRoute } from '../../lib/route';
import { serializedOnce } from '../../lib/serialized-once';
import { badRequest } from '../../lib/http-error';
import { clientIp } from '../geo/geo.service';
import { readMultipartForm, requireFiles } from '../../media/multipart-form';
import { viewerOf } from '../blocking/viewer';
import { createPerformerAccountService } from './performer-account.service';
import { createPerformerMediaService } from './performer-media.service';
import { createPerformersService } from './performers.service';
import { readWelcomeVideo } from './welcome-video-upload';

/** The one image of a single-file upload form, 400 when it is missing or empty. */
async function readImage(request: FastifyRequest, field: string): Promise<Buffer> {
  const form = await readMultipartForm(request, [field]);
  const missing = requireFiles(form, [field]);
  if (missing.length) throw badRequest(missing[0].message, missing);
  return form.files[field].buffer;
}

const DOCUMENT_FIELDS = ['idDocument', 'selfie'] as const;
const DOCUMENTS_MISSING = 'Upload an identity document, a selfie or both';

/** Public profiles, the creator's own profile and its uploads. Mutations act on the caller only. */
export default async function performersModule(app: FastifyInstance) {
  const performers = createPerformersService(app);
  const account = createPerformerAccountService(app);
  const media = createPerformerMediaService(app, account.me);
  const me = (request: FastifyRequest) => request.user!.id;

  addRoute(app, performerRoutes.me, async (request) => ({ data: await account.me(me(request)) }));

  addRoute(app, performerRoutes.update, async (request) => account.update(me(request), request.sessionId!, request.body));

  addRoute(app, performerRoutes.uploadAvatar, async (request) => ({
    data: await media.uploadAvatar(me(request), await readImage(request, 'avatar')),
  }));

  addRoute(app, performerRoutes.uploadCover, async (request) => ({
    data: await media.uploadCover(me(request), await readImage(request, 'cover')),
  }));

  addRoute(app, performerRoutes.uploadWelcomeVideo, async (request) => ({
    data: await media.uploadWelcomeVideo(me(request), await readWelcomeVideo(request)),
  }));

  addRoute(app, performerRoutes.removeWelcomeVideo, async (request) => ({ data: await media.removeWelcomeVideo(me(request)) }));

  addRoute(app, performerRoutes.uploadDocuments, async (request) => {
    const form = await readMultipartForm(request, DOCUMENT_FIELDS);
    const given = DOCUMENT_FIELDS.filter((f) => form.files[f]?.buffer.length);
    if (!given.length) {
      throw badRequest(DOCUMENTS_MISSING, DOCUMENT_FIELDS.map((field) => ({ field, message: DOCUMENTS_MISSING })));
    }
    return { data: await media.uploadDocuments(me(request), Object.fromEntries(given.map((f) => [f, form.files[f]]))) };
  });

  addRoute(app, performerRoutes.bankingSettings, async (request) => ({
    data: await account.setBanking(me(request), request.body),
  }));

  addRoute(app, performerRoutes.paymentGatewaySettings, async (request) => ({
    data: await account.setPaymentGateway(me(request), request.body),
  }));

  // A visitor's view of a cached profile is one object per row and settings (performers.service),
  // serialised once; a signed-in viewer's is their own, made and serialised per request.
  const sendVisitorProfile = serializedOnce();
  addRoute(app, performerRoutes.view, async (request, reply) => {
    const viewer = await viewerOf(app, request);
    const data = await performers.view(request.params.id, viewer);
    return viewer.userId ? { data } : sendVisitorProfile(reply, data);
  });

  addRoute(app, performerRoutes.countView, async (request) => ({
    data: await performers.countView(request.params.id, await viewerOf(app, request), clientIp(request.headers, request.socket.remoteAddress)),
  }));

  addRoute(app, performerRoutes.userAdditional, async () => ({ data: PERFORMER_ATTRIBUTES }));
}

import type { FastifyInstance } from 'fastify';
import { sitePromoRoutes } from '../../../common/contract/site-promos';
import { addRoute } from '../../lib/route';
import { badRequest } from '../../lib/http-error';
import { readMultipartForm, requireFiles } from '../../media/multipart-form';
import { parsePromoFields } from './site-promo-fields';
import { createSitePromosService } from './site-promos.service';
import { actorOf } from '../audit/audit.service';

/** Promo banners: the public list of live ones (landing, home) and the admin's CRUD. */
export default async function sitePromosModule(app: FastifyInstance) {
  const promos = createSitePromosService(app);

  addRoute(app, sitePromoRoutes.search, async (request) => ({ data: await promos.search(request.query) }));

  addRoute(app, sitePromoRoutes.adminList, async (request) => ({ data: await promos.adminList(request.query) }));

  addRoute(app, sitePromoRoutes.adminCreate, async (request) => {
    const form = await readMultipartForm(request, ['image']);
    const fields = parsePromoFields(form.fields);
    const missing = requireFiles(form, ['image']);
    if (missing.length) throw badRequest(missing[0].message, missing);
    return { data: await promos.create(actorOf(request), fields, form.files.image.buffer) };
  });

  addRoute(app, sitePromoRoutes.adminUpdate, async (request) => ({
    data: await promos.update(actorOf(request), request.params.id, request.body),
  }));

  addRoute(app, sitePromoRoutes.adminReplaceImage, async (request) => {
    const form = await readMultipartForm(request, ['image']);
    const extra = Object.keys(form.fields).map((field) => ({ field, message: `${field} is not allowed` }));
    const problems = [...extra, ...requireFiles(form, ['image'])];
    if (problems.length) throw badRequest(problems.map((p) => p.message).join('; '), problems);
    return { data: await promos.replaceImage(actorOf(request), request.params.id, form.files.image.buffer) };
  });

  addRoute(app, sitePromoRoutes.adminRemove, async (request) => {
    await promos.remove(actorOf(request), request.params.id);
    return { data: { success: true } };
  });
}

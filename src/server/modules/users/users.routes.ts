import type { FastifyInstance } from 'fastify';
import { userRoutes } from '../../../common/contract/users';
import { addRoute } from '../../lib/route';
import { serializedOnce } from '../../lib/serialized-once';
import { badRequest } from '../../lib/http-error';
import { readMultipartForm, requireFiles } from '../../media/multipart-form';
import { createUsersService } from './users.service';
import { createUserDirectoryService } from './user-directory.service';
import { createAccountStatusService } from './account-status.service';

/** The signed-in user's own account: read, edit, avatar. */
export default async function usersModule(app: FastifyInstance) {
  const users = createUsersService(app);

  // Asked by every page load of a signed-in person: a cached account's view is one object (users.service), serialised once.
  const sendMe = serializedOnce();
  addRoute(app, userRoutes.me, async (request, reply) => sendMe(reply, await users.me(request.user!.id)));

  // The person's own warnings from the operators ("Notices from the operators" on the account page).
  const accountStatus = createAccountStatusService(app);
  addRoute(app, userRoutes.warnings, async (request) => ({ data: await accountStatus.noticesOf(request.user!.id) }));

  addRoute(app, userRoutes.consent, async (request) => ({ data: await users.acceptTerms(request.user!.id) }));

  addRoute(app, userRoutes.update, async (request) => users.update(request.user!.id, request.sessionId!, request.body));

  addRoute(app, userRoutes.uploadAvatar, async (request) => {
    const form = await readMultipartForm(request, ['avatar']);
    const missing = requireFiles(form, ['avatar']);
    if (missing.length) throw badRequest(missing[0].message, missing);
    return { data: await users.uploadAvatar(request.user!.id, form.files.avatar.buffer) };
  });

  // Creators and admins looking up fans; no private field of the fan leaves the server.
  const directory = createUserDirectoryService(app);
  addRoute(app, userRoutes.search, async (request) => ({ data: await directory.search(request.query) }));
  addRoute(app, userRoutes.view, async (request) => ({ data: await directory.view(request.params.id) }));
}

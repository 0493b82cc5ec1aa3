import type { BodyOf } from '@/common/contract/common';
import { userRoutes } from '@/common/contract/users';
import { callRoute, type EnvelopeOf } from '@/client/lib/call-route';
import { preparePassword } from '@/client/lib/password';
import { upload } from '@/client/lib/upload';

type R = typeof userRoutes;

/**
 * The signed-in user. An explicit token is used while loading a page on the server; that caller
 * decides itself what a 401 means (remove the cookie, maybe redirect), so no automatic redirect.
 */
export const me = (token?: string) =>
  callRoute(userRoutes.me, token === undefined ? {} : { token, authRedirect: false });

export async function update(body: BodyOf<R['update']>) {
  const password = body.password ? await preparePassword(body.password) : undefined;
  return callRoute(userRoutes.update, { body: password ? { ...body, password } : body });
}

export const uploadAvatar = (file: Blob | File, onProgress?: (percent: number) => void) =>
  upload<EnvelopeOf<R['uploadAvatar']>>(userRoutes.uploadAvatar.url, [{ fieldname: 'avatar', file }], { onProgress });

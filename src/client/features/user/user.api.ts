import type { BodyOf } from '@/common/contract/common';
import { userRoutes } from '@/common/contract/users';
import { callRoute, type EnvelopeOf } from '@/client/lib/call-route';
import { preparePasswordFields } from '@/client/lib/password';
import { upload } from '@/client/lib/upload';

type R = typeof userRoutes;

/**
 * The signed-in user. An explicit token is used while loading a page on the server; that caller
 * decides itself what a 401 means (remove the cookie, maybe redirect), so no automatic redirect.
 */
export const me = (token?: string) =>
  callRoute(userRoutes.me, token === undefined ? {} : { token, authRedirect: false });

/** PUT /users; a new or current password is hashed first when the client-hash flag is on. */
export async function update(body: BodyOf<R['update']>) {
  // The answer adds `message` when a new email waits for its confirmation link.
  return (await callRoute(userRoutes.update, { body: await preparePasswordFields(body) })) as EnvelopeOf<R['update']> & { message?: string };
}

export const uploadAvatar = (file: Blob | File, onProgress?: (percent: number) => void) =>
  upload<EnvelopeOf<R['uploadAvatar']>>(userRoutes.uploadAvatar.url, [{ fieldname: 'avatar', file }], { onProgress });

/** PUT /users/me/consent: age 18+ and the current terms, for an account that has not given them. */
export const acceptTerms = () => callRoute(userRoutes.consent, { body: { ageConfirmed: true, termsAccepted: true } });

import { accountSecurityRoutes as routes, type DisableTwoFactorBody, type EnableTwoFactorBody } from '@/common/contract/account-security';
import { callRoute } from '@/client/lib/call-route';
import { preparePassword } from '@/client/lib/password';

export const revokeSession = (id: string) => callRoute(routes.revokeSession, { params: { id } });
export const revokeOtherSessions = () => callRoute(routes.revokeOtherSessions);
export const setupTwoFactor = () => callRoute(routes.twoFactorSetup);

/** Passwords are hashed like every other password the client sends (spec 5). */
export async function enableTwoFactor(body: EnableTwoFactorBody) {
  const currentPassword = body.currentPassword ? await preparePassword(body.currentPassword) : undefined;
  return callRoute(routes.twoFactorEnable, { body: { code: body.code, ...(currentPassword ? { currentPassword } : {}) } });
}

export async function disableTwoFactor(body: DisableTwoFactorBody) {
  return callRoute(routes.twoFactorDisable, {
    body: body.password ? { password: await preparePassword(body.password) } : { code: body.code },
  });
}

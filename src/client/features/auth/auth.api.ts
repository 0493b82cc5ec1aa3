import { authRoutes, type PerformerRegisterFields } from '@/common/contract/auth';
import { accountSecurityRoutes } from '@/common/contract/account-security';
import type { BodyOf } from '@/common/contract/common';
import { callRoute, type EnvelopeOf } from '@/client/lib/call-route';
import { preparePassword, preparePasswordFields } from '@/client/lib/password';
import { upload, type UploadFile } from '@/client/lib/upload';
import { recaptchaHeaders } from '@/client/lib/recaptcha';

type R = typeof authRoutes;

// Wrong credentials answer 401 here: show the server's message instead of leaving the page.
const credentials = { authRedirect: false } as const;

/** `reCaptchaToken`: the widget's token, needed once the account failed three times while reCAPTCHA is on. */
export async function login(body: BodyOf<R['login']>, reCaptchaToken?: string | null) {
  return callRoute(authRoutes.login, {
    ...credentials, headers: recaptchaHeaders(reCaptchaToken), body: { ...body, password: await preparePassword(body.password) },
  });
}

/** The second step of a sign-in with 2FA on: the challenge of the first answer and a code. */
export const verifyTwoFactor = (body: BodyOf<typeof accountSecurityRoutes.twoFactorVerify>) =>
  callRoute(accountSecurityRoutes.twoFactorVerify, { ...credentials, body });

/** Revokes the token on the server; a failure is the caller's to ignore. */
export const logout = () => callRoute(authRoutes.logout, credentials);

export async function registerUser(body: BodyOf<R['registerUser']>, reCaptchaToken?: string | null) {
  return callRoute(authRoutes.registerUser, { headers: recaptchaHeaders(reCaptchaToken), body: { ...body, password: await preparePassword(body.password) } });
}

/** Multipart: the form fields plus the idDocument and selfie files. */
export async function registerPerformer(
  fields: PerformerRegisterFields,
  files: UploadFile[],
  onProgress?: (percent: number) => void,
  reCaptchaToken?: string | null,
): Promise<EnvelopeOf<R['registerPerformer']>> {
  const customData = { ...fields, password: await preparePassword(fields.password) };
  return upload(authRoutes.registerPerformer.url, files, { customData, onProgress, headers: recaptchaHeaders(reCaptchaToken) });
}

export const forgotPassword = (body: BodyOf<R['forgotPassword']>, reCaptchaToken?: string | null) =>
  callRoute(authRoutes.forgotPassword, { body, headers: recaptchaHeaders(reCaptchaToken) });
export async function resetPassword(body: BodyOf<R['resetPassword']>) {
  return callRoute(authRoutes.resetPassword, { body: { ...body, password: await preparePassword(body.password) } });
}
export const resendVerification = (body: BodyOf<R['resendVerification']>) =>
  callRoute(authRoutes.resendVerification, { body });
export const verifyEmail = (body: BodyOf<R['verifyEmail']>) => callRoute(authRoutes.verifyEmail, { body });
export const providers = () => callRoute(authRoutes.providers);
export const googleLogin = (body: BodyOf<R['googleLogin']>) => callRoute(authRoutes.googleLogin, { ...credentials, body });
export const googleToken = (body: BodyOf<R['googleToken']>) => callRoute(authRoutes.googleToken, { ...credentials, body });
export const twitterLogin = (body: BodyOf<R['twitterLogin']>) => callRoute(authRoutes.twitterLogin, { body });
export const twitterCallback = (body: BodyOf<R['twitterCallback']>) =>
  callRoute(authRoutes.twitterCallback, { ...credentials, body });

/** Password change with the current one (spec 5: both hashed like every other password the client sends). */
export async function changePassword(body: BodyOf<R['changePassword']>) {
  return callRoute(authRoutes.changePassword, { body: await preparePasswordFields(body) });
}

/** Email change links: the token mailed to the new address confirms, the one mailed to the old address undoes. */
export const confirmEmailChange = (body: BodyOf<R['confirmEmailChange']>) => callRoute(authRoutes.confirmEmailChange, { body });
export const undoEmailChange = (body: BodyOf<R['undoEmailChange']>) => callRoute(authRoutes.undoEmailChange, { body });

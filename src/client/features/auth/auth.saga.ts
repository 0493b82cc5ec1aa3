import Router from 'next/router';
import { all, call, put, select, takeLatest, type SagaReturnType } from 'redux-saga/effects';
import type { PayloadAction } from '@reduxjs/toolkit';
import type { BodyOf } from '@/common/contract/common';
import type { authRoutes, TokenResult } from '@/common/contract/auth';
import { removeSocialLoginCookies, removeToken, setToken } from '@/client/lib/cookies';
import { INCORRECT_CREDENTIALS, messageOf } from '@/client/lib/error-message';
import { serializeError } from '@/client/lib/serialize-error';
import { socketService } from '@/client/lib/socket';
import { toast } from '@/client/lib/toast';
import { LOGIN_PATH } from '@/client/lib/redirect-to-login';
import * as authApi from './auth.api';
import * as userApi from '../user/user.api';
import { setCurrentUser } from '../user/user.slice';
import { getPublicSettings } from '../settings/settings.api';
import { settingsActions } from '../settings/apply-settings';
import { postLoginPath } from './login-redirect';
import {
  login,
  loginFail,
  loginSocial,
  loginSuccess,
  logout,
  logoutSuccess,
  registerSuccess,
  twoFactorFail,
  twoFactorPendingOf,
  twoFactorRequired,
  verifyTwoFactor,
  type LoginPayload,
  type LoginSocialPayload,
  type RegisterSuccessPayload,
  type TwoFactorPending,
  type VerifyTwoFactorPayload,
} from './auth.slice';
import type { RootState } from '@/client/store/root.reducer';

/** A sign-in answer without a token (email not verified yet) fails with the server's message. */
function tokenOf(result: TokenResult): string {
  if (!result.token) throw { message: result.message };
  return result.token;
}

/** Spec 4 after the credentials are accepted: store the token, fetch the user, sign in, go on. */
function* signInWithToken(token: string, remember: boolean, redirect?: string) {
  yield call(setToken, token, remember);
  const me: SagaReturnType<typeof userApi.me> = yield call(userApi.me, token);
  // loginSuccess also connects the socket (socket.saga).
  yield put(loginSuccess(me.data));
  yield put(setCurrentUser(me.data));
  yield call([Router, Router.push], postLoginPath(me.data, redirect));
}

function* failLogin(err: unknown) {
  // A token stored before the user fetch failed must not sign the visitor in on the next page load.
  yield call(removeToken);
  yield call(toast.error, messageOf(err) ?? INCORRECT_CREDENTIALS);
  yield put(loginFail(serializeError(err)));
}

/** A sign-in answer: the token goes on to spec 4; with 2FA on, the form asks for the code first. */
function* continueSignIn(result: TokenResult, remember: boolean, redirect?: string) {
  if (result.twoFactorRequired && result.challenge) {
    yield put(twoFactorRequired({ twoFactorRequired: true, challenge: result.challenge, remember, redirect }));
    return;
  }
  yield* signInWithToken(tokenOf(result), remember, redirect);
}

export function* loginFlow(action: PayloadAction<LoginPayload>) {
  const { redirect, remember, reCaptchaToken, ...credentials } = action.payload;
  try {
    const res: SagaReturnType<typeof authApi.login> = yield call(authApi.login, { ...credentials, remember }, reCaptchaToken);
    yield* continueSignIn(res.data, remember, redirect);
  } catch (err) {
    yield* failLogin(err);
  }
}

export function* loginSocialFlow(action: PayloadAction<LoginSocialPayload>) {
  const { provider, body, remember = false, redirect } = action.payload;
  try {
    let res: { data: TokenResult };
    if (provider === 'google') {
      res = yield call(authApi.googleLogin, { ...(body as BodyOf<typeof authRoutes.googleLogin>), remember });
    } else {
      res = yield call(authApi.twitterCallback, { ...(body as BodyOf<typeof authRoutes.twitterCallback>), remember });
    }
    yield* continueSignIn(res.data, remember, redirect);
  } catch (err) {
    yield* failLogin(err);
  } finally {
    // The OAuth 1.0a request token is single-use: drop it whatever the outcome.
    if (provider === 'twitter') yield call(removeSocialLoginCookies);
  }
}

/**
 * The code for a pending challenge. A wrong code keeps the step open (its message under the field
 * and as the toast); an expired challenge (401) goes back to the password form.
 */
export function* verifyTwoFactorFlow(action: PayloadAction<VerifyTwoFactorPayload>) {
  const pending: TwoFactorPending | null = yield select((s: RootState) => twoFactorPendingOf(s.auth.loginAuth.data));
  if (!pending) return;
  try {
    const res: SagaReturnType<typeof authApi.verifyTwoFactor> = yield call(authApi.verifyTwoFactor, {
      challenge: pending.challenge,
      code: action.payload.code,
    });
    yield* signInWithToken(tokenOf(res.data), pending.remember, pending.redirect);
  } catch (err) {
    if ((err as { statusCode?: number } | null)?.statusCode === 401) {
      yield* failLogin(err);
      return;
    }
    yield call(removeToken);
    yield call(toast.error, messageOf(err) ?? INCORRECT_CREDENTIALS);
    yield put(twoFactorFail(serializeError(err)));
  }
}

export function* registerSuccessFlow(action: PayloadAction<RegisterSuccessPayload>) {
  const { token, remember = false, redirect } = action.payload;
  try {
    yield* signInWithToken(token, remember, redirect);
  } catch (err) {
    yield* failLogin(err);
  }
}

export function* logoutFlow() {
  try {
    yield call(authApi.logout);
  } catch {
    // The session is dropped locally anyway; a dead token or network error changes nothing.
  }
  yield call(removeToken);
  yield call([socketService, socketService.disconnect]);
  // Spec 4: resets the entire application state (root reducer).
  yield put(logoutSuccess());
  yield call([Router, Router.replace], LOGIN_PATH);
  // Site settings are not user state: fetch them again so the login page keeps the site's look.
  try {
    const res: SagaReturnType<typeof getPublicSettings> = yield call(getPublicSettings);
    yield all(settingsActions(res.data).map((a) => put(a)));
  } catch {
    // Defaults until the next full page load.
  }
}

export function* authSaga() {
  yield takeLatest(login.type, loginFlow);
  yield takeLatest(loginSocial.type, loginSocialFlow);
  yield takeLatest(registerSuccess.type, registerSuccessFlow);
  yield takeLatest(verifyTwoFactor.type, verifyTwoFactorFlow);
  yield takeLatest(logout.type, logoutFlow);
}

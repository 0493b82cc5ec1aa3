import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose';
import type { TokenResult } from '../../../common/contract/auth';
import { badRequest, forbidden, HttpError, unauthorized } from '../../lib/http-error';
import { performersRepository } from '../performers/performers.repository';
import { admitSuspended } from '../users/account-status.service';
import { usersRepository } from '../users/users.repository';
import { withUniqueFields } from '../users/unique-fields';
import type { AuthDeps, ClientMeta } from './auth.service';
import { MESSAGES, twoFactorChallenge } from './auth.service';
import { oauth1Header } from './oauth1';
import { sessionRepository } from './session.repository';
import { twoFactorRepository } from './two-factor.repository';
import { socialAccountRepository, type SocialProvider } from './social-account.repository';

type SocialRole = 'user' | 'performer';

interface SocialProfile {
  provider: SocialProvider;
  id: string;
  email: string | null;
  /** Only a provider-verified address may be matched to an existing account. */
  emailVerified: boolean;
  name: string;
}

const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];
const TIMEOUT_MS = 10_000;
const unavailable = (provider: string) => new HttpError(502, `${provider} did not answer, please try again later`);

async function call(provider: string, url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch {
    throw unavailable(provider);
  }
}

export function createSocialService(deps: AuthDeps) {
  const { db, config, tokens } = deps;
  // jose caches the key set and refetches it when Google rotates keys.
  const googleKeys = config.google ? createRemoteJWKSet(new URL(config.google.certsUrl), { timeoutDuration: TIMEOUT_MS }) : null;

  const google = () => {
    if (!config.google || !googleKeys) throw badRequest('Google sign-in is not configured');
    return { ...config.google, keys: googleKeys };
  };
  const twitter = () => {
    if (!config.twitter) throw badRequest('Twitter sign-in is not configured');
    return config.twitter;
  };

  /**
   * Finds or creates the account behind a social identity, in one transaction: a known identity
   * signs in; a provider-verified email of an existing account links to it; otherwise a new account
   * (no username yet, so the web asks the user to complete it).
   */
  async function signIn(profile: SocialProfile, role: SocialRole, remember: boolean, meta: ClientMeta): Promise<TokenResult> {
    const email = profile.email?.toLowerCase() ?? null;
    const signedIn = await withUniqueFields(() =>
      db.transaction(async (tx) => {
        let userId = await socialAccountRepository.findUserId(tx, profile.provider, profile.id);
        if (!userId && email && profile.emailVerified) {
          const existing = await usersRepository.findByEmail(tx, email);
          if (existing) {
            userId = existing.id;
            if (!existing.emailVerified) {
              // Whoever set the password never proved the address; the provider just did. Dropping
              // that password and its sessions stops an account planted in advance with someone
              // else's email from being taken over by its planter.
              await usersRepository.update(tx, existing.id, { emailVerified: true, passwordHash: null });
              await sessionRepository.revokeAllForUser(tx, existing.id);
              // Nor may the planter's two-factor secret stand between the owner and the account.
              await twoFactorRepository.disable(tx, existing.id);
            }
            await socialAccountRepository.link(tx, existing.id, profile.provider, profile.id);
          }
        }
        if (!userId) {
          const emailFree = email !== null && !(await usersRepository.findByEmail(tx, email));
          const user = await usersRepository.insert(tx, {
            role,
            name: profile.name.slice(0, 100),
            username: null,
            email: emailFree ? email : null,
            emailVerified: emailFree && profile.emailVerified,
            passwordHash: null,
          });
          if (role === 'performer') await performersRepository.insert(tx, { userId: user.id });
          await socialAccountRepository.link(tx, user.id, profile.provider, profile.id);
          userId = user.id;
        }
        const found = await usersRepository.findById(tx, userId);
        const user = found && (await admitSuspended(tx, found));
        if (!user || user.status !== 'active') throw forbidden(MESSAGES.inactive);
        // The provider proves the first factor only: with 2FA on, the code is still asked for.
        if (user.twoFactorEnabledAt) return { twoFactorUserId: user.id };
        return { token: (await tokens.issue(user.id, remember, meta, tx)).token };
      }),
    );
    if (signedIn.twoFactorUserId) return twoFactorChallenge(tokens, signedIn.twoFactorUserId, remember);
    return { token: signedIn.token!, message: MESSAGES.signedIn };
  }

  async function verifyGoogleIdToken(idToken: string): Promise<SocialProfile> {
    const g = google();
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(idToken, g.keys, { issuer: GOOGLE_ISSUERS, audience: g.clientId }));
    } catch (err) {
      if ((err as { code?: string }).code === 'ERR_JWKS_TIMEOUT') throw unavailable('Google');
      throw unauthorized('Google sign-in failed: the token is invalid or has expired');
    }
    if (!payload.sub) throw unauthorized('Google sign-in failed: the token names no account');
    const p = payload as JWTPayload & { email?: string; email_verified?: boolean | string; name?: string };
    return {
      provider: 'google',
      id: payload.sub,
      email: typeof p.email === 'string' ? p.email : null,
      emailVerified: p.email_verified === true || p.email_verified === 'true',
      name: typeof p.name === 'string' ? p.name : '',
    };
  }

  /** Form-encoded answers of the OAuth 1.0a endpoints. */
  async function twitterForm(url: string, init: RequestInit, failure: HttpError) {
    const res = await call('Twitter', url, init);
    if (!res.ok) throw failure;
    return new URLSearchParams(await res.text());
  }

  return {
    providers() {
      return { google: Boolean(config.google), twitter: Boolean(config.twitter), googleClientId: config.google?.clientId ?? null };
    },

    async googleLogin(body: { token: string; role?: SocialRole; remember?: boolean }, meta: ClientMeta) {
      const profile = await verifyGoogleIdToken(body.token);
      return signIn(profile, body.role ?? 'user', body.remember ?? false, meta);
    },

    /** Authorization-code flow: the code is exchanged server-side, where the client secret lives. */
    async googleCode(body: { token: string; redirectUri?: string; role?: SocialRole; remember?: boolean }, meta: ClientMeta) {
      const g = google();
      const res = await call('Google', g.tokenUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({
          code: body.token,
          client_id: g.clientId,
          client_secret: g.clientSecret,
          // Google's popup code flow uses the literal 'postmessage' as its redirect URI.
          redirect_uri: body.redirectUri ?? 'postmessage',
          grant_type: 'authorization_code',
        }),
      });
      const answer = (await res.json().catch(() => ({}))) as { id_token?: unknown };
      if (!res.ok || typeof answer.id_token !== 'string') {
        throw unauthorized('Google sign-in failed: the authorisation code was not accepted');
      }
      const profile = await verifyGoogleIdToken(answer.id_token);
      return signIn(profile, body.role ?? 'user', body.remember ?? false, meta);
    },

    async twitterStart(body: { callbackUrl?: string }) {
      const t = twitter();
      const callbackUrl = body.callbackUrl ?? `${config.webOrigin}/auth/login`;
      // The callback carries the user's credentials back: it must lead to our own web app.
      if (callbackUrl !== config.webOrigin && !callbackUrl.startsWith(`${config.webOrigin}/`)) {
        throw badRequest(`callbackUrl must start with ${config.webOrigin}`, [
          { field: 'callbackUrl', message: `callbackUrl must start with ${config.webOrigin}` },
        ]);
      }
      const url = `${t.apiUrl}/oauth/request_token`;
      const authorization = oauth1Header({
        method: 'POST', url, consumerKey: t.consumerKey, consumerSecret: t.consumerSecret, oauth: { oauth_callback: callbackUrl },
      });
      const form = await twitterForm(url, { method: 'POST', headers: { authorization } }, unavailable('Twitter'));
      const oauthToken = form.get('oauth_token');
      const oauthTokenSecret = form.get('oauth_token_secret');
      if (!oauthToken || !oauthTokenSecret) throw unavailable('Twitter');
      return { oauthToken, oauthTokenSecret, url: `${t.apiUrl}/oauth/authenticate?oauth_token=${encodeURIComponent(oauthToken)}` };
    },

    async twitterFinish(
      body: { oauthToken: string; oauthTokenSecret: string; oauthVerifier: string; role?: SocialRole; remember?: boolean },
      meta: ClientMeta,
    ) {
      const t = twitter();
      const failed = unauthorized('Twitter sign-in failed, please try again');
      const accessUrl = `${t.apiUrl}/oauth/access_token`;
      const access = await twitterForm(accessUrl, {
        method: 'POST',
        headers: {
          authorization: oauth1Header({
            method: 'POST', url: accessUrl, consumerKey: t.consumerKey, consumerSecret: t.consumerSecret,
            token: body.oauthToken, tokenSecret: body.oauthTokenSecret, oauth: { oauth_verifier: body.oauthVerifier },
          }),
        },
      }, failed);
      const token = access.get('oauth_token');
      const tokenSecret = access.get('oauth_token_secret');
      if (!token || !tokenSecret) throw failed;

      const credentialsUrl = `${t.apiUrl}/1.1/account/verify_credentials.json`;
      const params = { include_email: 'true' };
      const res = await call('Twitter', `${credentialsUrl}?${new URLSearchParams(params)}`, {
        headers: {
          authorization: oauth1Header({
            method: 'GET', url: credentialsUrl, consumerKey: t.consumerKey, consumerSecret: t.consumerSecret, token, tokenSecret, params,
          }),
        },
      });
      const who = (await res.json().catch(() => ({}))) as { id_str?: unknown; name?: unknown; screen_name?: unknown; email?: unknown };
      if (!res.ok || typeof who.id_str !== 'string') throw failed;
      const profile: SocialProfile = {
        provider: 'twitter',
        id: who.id_str,
        email: typeof who.email === 'string' && who.email ? who.email : null,
        // Not trusted for linking: only Google's verified flag may attach a login to an existing account.
        emailVerified: false,
        name: typeof who.name === 'string' ? who.name : typeof who.screen_name === 'string' ? who.screen_name : '',
      };
      return signIn(profile, body.role ?? 'user', body.remember ?? false, meta);
    },
  };
}

export type SocialService = ReturnType<typeof createSocialService>;

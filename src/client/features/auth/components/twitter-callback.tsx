import { useEffect, useRef, useState } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/router';
import { Button, Result, Spin } from 'antd';
import { getSocialLoginCookies, type SocialLoginCookies } from '@/client/lib/cookies';
import { getErrorMessage, INCORRECT_CREDENTIALS } from '@/client/lib/error-message';
import { useAppDispatch, useAppSelector } from '@/client/store/hooks';
import { loginSocial } from '../auth.slice';

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

/**
 * Back from Twitter: the request token secret and role were kept in cookies (spec 3) and the
 * verifier comes in the query; the saga finishes the sign-in and clears the cookies.
 */
export function TwitterCallback() {
  const router = useRouter();
  const dispatch = useAppDispatch();
  const { requesting, error } = useAppSelector((s) => s.auth.loginAuth);
  const sent = useRef(false);

  const oauthToken = one(router.query.oauth_token);
  const oauthVerifier = one(router.query.oauth_verifier);
  const denied = one(router.query.denied);
  const redirect = one(router.query.redirect);

  // Read once after mounting (the server render must match the first client render); the saga
  // removes the cookies after the attempt.
  const [cookies, setCookies] = useState<SocialLoginCookies | null>(null);
  useEffect(() => setCookies(getSocialLoginCookies()), []);
  const mismatch =
    cookies !== null && (!oauthToken || !oauthVerifier || !cookies.oauthTokenSecret || cookies.oauthToken !== oauthToken);

  useEffect(() => {
    if (!router.isReady || !cookies || sent.current || denied || mismatch) return;
    sent.current = true;
    const role = cookies.role === 'performer' ? 'performer' : 'user';
    dispatch(
      loginSocial({
        provider: 'twitter',
        body: { oauthToken, oauthTokenSecret: cookies.oauthTokenSecret, oauthVerifier, role },
        redirect,
      }),
    );
  }, [router.isReady, denied, mismatch, dispatch, oauthToken, oauthVerifier, cookies, redirect]);

  const failed = cookies !== null && (denied || mismatch || (sent.current && !requesting && error));
  if (failed) {
    const reason = denied
      ? 'The sign-in was cancelled on Twitter.'
      : mismatch
        ? 'This sign-in link has expired or was already used. Please try again.'
        : getErrorMessage(error, INCORRECT_CREDENTIALS);
    return (
      <Result
        status="warning"
        title="Could not sign you in with Twitter"
        subTitle={reason}
        extra={
          <Link href="/auth/login">
            <Button type="primary">Back to sign in</Button>
          </Link>
        }
      />
    );
  }
  return (
    <div style={{ textAlign: 'center', padding: '64px 0' }}>
      <Spin size="large" />
      <p className="app-muted" style={{ marginTop: 16 }}>
        Signing you in with Twitter…
      </p>
    </div>
  );
}

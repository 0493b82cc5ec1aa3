import { useCallback, useEffect, useState } from 'react';
import XOutlined from '@ant-design/icons-svg/es/asn/XOutlined';
import { PlainButton } from '@/client/components/plain-button';
import { PlainIcon } from '@/client/components/plain-icon';
import { setSocialLoginCookies } from '@/client/lib/cookies';
import { getErrorMessage, INCORRECT_CREDENTIALS } from '@/client/lib/error-message';
import { toast } from '@/client/lib/toast';
import { useAppDispatch } from '@/client/store/hooks';
import * as authApi from '../auth.api';
import { loginSocial } from '../auth.slice';
import { GoogleButton } from './google-button';
import styles from './social-login.module.css';

interface Providers {
  google: boolean;
  twitter: boolean;
  googleClientId: string | null;
}

interface SocialLoginProps {
  role?: 'user' | 'performer';
  redirect?: string;
  remember?: boolean;
}

/**
 * Google and Twitter sign-in, each shown only when GET /auth/providers says it is configured;
 * nothing at all (not even the divider) otherwise. Drawn without antd, like the sign-in form.
 */
export function SocialLogin({ role = 'user', redirect, remember = false }: SocialLoginProps) {
  const dispatch = useAppDispatch();
  const [providers, setProviders] = useState<Providers | null>(null);
  const [twitterBusy, setTwitterBusy] = useState(false);

  useEffect(() => {
    let alive = true;
    authApi
      .providers()
      .then((res) => alive && setProviders(res.data))
      .catch(() => alive && setProviders(null));
    return () => {
      alive = false;
    };
  }, []);

  const onGoogle = useCallback(
    (credential: string) => dispatch(loginSocial({ provider: 'google', body: { token: credential, role }, remember, redirect })),
    [dispatch, role, remember, redirect],
  );

  const onTwitter = async () => {
    setTwitterBusy(true);
    try {
      // The redirect survives the round trip in the callback's own query string.
      const callback = new URL('/auth/twitter/callback', window.location.origin);
      if (redirect) callback.searchParams.set('redirect', redirect);
      const res = await authApi.twitterLogin({ callbackUrl: callback.toString(), role });
      setSocialLoginCookies({ oauthToken: res.data.oauthToken, oauthTokenSecret: res.data.oauthTokenSecret, role });
      window.location.assign(res.data.url);
    } catch (err) {
      toast.error(getErrorMessage(err, INCORRECT_CREDENTIALS));
      setTwitterBusy(false);
    }
  };

  const google = providers?.google && providers.googleClientId;
  if (!google && !providers?.twitter) return null;

  return (
    <>
      <div className={styles.divider} role="separator"><span>or</span></div>
      <div className={styles.buttons}>
        {google ? <GoogleButton clientId={providers.googleClientId!} onCredential={onGoogle} /> : null}
        {providers?.twitter ? (
          <PlainButton block size="large" icon={<PlainIcon icon={XOutlined} />} loading={twitterBusy} onClick={onTwitter}>
            Continue with X (Twitter)
          </PlainButton>
        ) : null}
      </div>
    </>
  );
}

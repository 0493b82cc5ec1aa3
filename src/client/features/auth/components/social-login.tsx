import { useCallback, useEffect, useState } from 'react';
import { Button, Divider, Space } from 'antd';
import { XOutlined } from '@ant-design/icons';
import { setSocialLoginCookies } from '@/client/lib/cookies';
import { getErrorMessage, INCORRECT_CREDENTIALS } from '@/client/lib/error-message';
import { toast } from '@/client/lib/toast';
import { useAppDispatch } from '@/client/store/hooks';
import * as authApi from '../auth.api';
import { loginSocial } from '../auth.slice';
import { GoogleButton } from './google-button';

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
 * nothing at all (not even the divider) otherwise.
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
      <Divider plain>or</Divider>
      <Space orientation="vertical" size={12} style={{ width: '100%' }}>
        {google ? <GoogleButton clientId={providers.googleClientId!} onCredential={onGoogle} /> : null}
        {providers?.twitter ? (
          <Button block size="large" icon={<XOutlined />} loading={twitterBusy} onClick={onTwitter}>
            Continue with X (Twitter)
          </Button>
        ) : null}
      </Space>
    </>
  );
}

import { useEffect, useRef, useState } from 'react';
import Link from 'next/link';
import { Button, Result, Spin } from 'antd';
import { getErrorMessage } from '@/client/lib/error-message';
import { useAppDispatch, useAppSelector } from '@/client/store/hooks';
import { refreshUser } from '@/client/features/user/user.slice';
import { isLinkToken } from '@/common/lib/link-token';
import * as authApi from '../auth.api';

type State = { status: 'checking' } | { status: 'ok'; message: string } | { status: 'failed'; message: string };

const TEXT = {
  confirm: {
    checking: 'Confirming your new email address…',
    ok: 'Email address changed',
    failed: 'We could not change your email address',
  },
  undo: {
    checking: 'Restoring your email address…',
    ok: 'Your email address is restored',
    failed: 'We could not undo the change',
  },
} as const;

/**
 * The two links of an email change (issue 15): `confirm` (mailed to the new address) sets it;
 * `undo` (mailed to the previous address) puts it back, signs out every device and clears the
 * password, so the page sends the person to choose a new one. The link token is the proof; who
 * is signed in in this browser does not matter.
 */
export function EmailChangeLink({ token, action }: { token?: string; action: 'confirm' | 'undo' }) {
  const dispatch = useAppDispatch();
  const signedIn = useAppSelector((s) => Boolean(s.user.current._id));
  const [state, setState] = useState<State>(() =>
    isLinkToken(token) ? { status: 'checking' } : { status: 'failed', message: 'This link is incomplete. Open it again from the email.' },
  );
  const started = useRef(false);

  useEffect(() => {
    if (!isLinkToken(token) || started.current) return;
    // Once: the token is single-use, and strict mode mounts effects twice in development.
    started.current = true;
    const call = action === 'confirm' ? authApi.confirmEmailChange : authApi.undoEmailChange;
    call({ token })
      .then((res) => {
        setState({ status: 'ok', message: res.data.message });
        // The header and account page show the address: read it again (never when signed out,
        // and never after an undo, which ended this browser's session too).
        if (action === 'confirm' && signedIn) dispatch(refreshUser());
      })
      .catch((err) => setState({ status: 'failed', message: getErrorMessage(err) }));
  }, [token, action, signedIn, dispatch]);

  const text = TEXT[action];
  if (state.status === 'checking') {
    return (
      <div style={{ textAlign: 'center', padding: '48px 0' }}>
        <Spin size="large" />
        <p className="app-muted" style={{ marginTop: 16 }}>
          {text.checking}
        </p>
      </div>
    );
  }
  if (state.status === 'failed') {
    return <Result status="warning" title={text.failed} subTitle={state.message} />;
  }
  const next =
    action === 'undo' ? (
      <Link href="/auth/forgot-password">
        <Button type="primary">Choose a new password</Button>
      </Link>
    ) : (
      <Link href={signedIn ? '/' : '/auth/login'}>
        <Button type="primary">{signedIn ? 'Continue' : 'Sign in'}</Button>
      </Link>
    );
  return <Result status="success" title={text.ok} subTitle={state.message} extra={next} />;
}

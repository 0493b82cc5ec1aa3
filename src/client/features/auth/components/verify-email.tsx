import { useEffect, useRef, useState } from 'react';
import Link from 'next/link';
import { Button, Form, Input, Result, Spin } from 'antd';
import { emailRules } from '@/client/components/form-rules';
import { showServerErrors } from '@/client/components/server-errors';
import { getErrorMessage } from '@/client/lib/error-message';
import { toast } from '@/client/lib/toast';
import { isLinkToken } from '@/common/lib/link-token';
import * as authApi from '../auth.api';

type State = { status: 'checking' } | { status: 'ok'; message: string } | { status: 'failed'; message: string };

/** Confirms the address from the emailed link; on failure offers to send a new link. */
export function VerifyEmail({ token }: { token?: string }) {
  const [state, setState] = useState<State>(() =>
    isLinkToken(token) ? { status: 'checking' } : { status: 'failed', message: 'This verification link is incomplete.' },
  );
  const started = useRef(false);

  useEffect(() => {
    if (!isLinkToken(token) || started.current) return;
    // Once: the token is single-use, and strict mode mounts effects twice in development.
    started.current = true;
    authApi
      .verifyEmail({ token })
      .then((res) => setState({ status: 'ok', message: res.data.message || 'Your email address is confirmed.' }))
      .catch((err) => setState({ status: 'failed', message: getErrorMessage(err) }));
  }, [token]);

  if (state.status === 'checking') {
    return (
      <div style={{ textAlign: 'center', padding: '48px 0' }}>
        <Spin size="large" />
        <p className="app-muted" style={{ marginTop: 16 }}>
          Confirming your email address…
        </p>
      </div>
    );
  }
  if (state.status === 'ok') {
    return (
      <Result
        status="success"
        title="Email confirmed"
        subTitle={state.message}
        extra={
          <Link href="/auth/login">
            <Button type="primary">Sign in</Button>
          </Link>
        }
      />
    );
  }
  return (
    <>
      <Result status="warning" title="We could not confirm your email" subTitle={state.message} style={{ paddingBottom: 8 }} />
      <ResendForm />
    </>
  );
}

function ResendForm() {
  const [form] = Form.useForm<{ email: string }>();
  const [sending, setSending] = useState(false);

  const onFinish = async ({ email }: { email: string }) => {
    setSending(true);
    try {
      const res = await authApi.resendVerification({ email: email.trim() });
      toast.success(res.data.message || 'A new verification link is on its way.');
      form.resetFields();
    } catch (err) {
      showServerErrors(form, err);
    } finally {
      setSending(false);
    }
  };

  return (
    <Form form={form} name="resend-verification" noValidate layout="vertical" requiredMark={false} onFinish={onFinish} disabled={sending}>
      <Form.Item label="Send a new link to" name="email" rules={emailRules}>
        <Input type="email" autoComplete="email" placeholder="you@example.com" />
      </Form.Item>
      <Button type="primary" htmlType="submit" block loading={sending} disabled={sending}>
        Resend verification email
      </Button>
    </Form>
  );
}

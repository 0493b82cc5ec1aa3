import { useEffect, useState } from 'react';
import Link from 'next/link';
import { Button, Checkbox, Flex, Form, Input } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { EMAIL_MAX } from '@/common/contract/users';
import { RECAPTCHA_AFTER_FAILURES, RECAPTCHA_FIELD } from '@/common/contract/recaptcha';
import { RecaptchaField } from '@/client/components/recaptcha-field';
import { useRecaptcha } from '@/client/hooks/use-recaptcha';
import { useAppDispatch, useAppSelector } from '@/client/store/hooks';
import { login, twoFactorPendingOf } from '../auth.slice';
import { TwoFactorStep } from './two-factor-step';

interface LoginValues {
  username: string;
  password: string;
  remember: boolean;
}

/** The server asked for the reCAPTCHA box (the account failed three times, maybe on another page). */
const asksForCaptcha = (error: unknown): boolean =>
  Array.isArray((error as { details?: unknown } | null)?.details) &&
  (error as { details: { field?: string }[] }).details.some((d) => d.field === RECAPTCHA_FIELD);

/**
 * Email-or-username sign-in. The saga signs in, shows the failure toast (spec 8) and redirects
 * (spec 4), so the form only validates and dispatches. With reCAPTCHA on, the box appears after
 * three failures here or when the server asks for it, and each failure gives a fresh box.
 */
export function LoginForm({ redirect }: { redirect?: string }) {
  const dispatch = useAppDispatch();
  const requesting = useAppSelector((s) => s.auth.loginAuth.requesting);
  const twoFactorPending = useAppSelector((s) => twoFactorPendingOf(s.auth.loginAuth.data) !== null);
  const error = useAppSelector((s) => s.auth.loginAuth.error);
  const captcha = useRecaptcha();
  const { reset } = captcha;
  const [failures, setFailures] = useState(0);
  const [asked, setAsked] = useState(false);
  useEffect(() => {
    if (!error) return;
    setFailures((n) => n + 1);
    if (asksForCaptcha(error)) setAsked(true);
    reset();
  }, [error, reset]);
  const showCaptcha = asked || failures >= RECAPTCHA_AFTER_FAILURES;

  const onFinish = ({ username, password, remember }: LoginValues) => {
    if (!captcha.ready(showCaptcha)) return;
    const id = username.trim();
    const who = id.includes('@') ? { email: id } : { username: id };
    dispatch(login({ ...who, password, remember: Boolean(remember), redirect, ...(showCaptcha && captcha.token ? { reCaptchaToken: captcha.token } : {}) }));
  };

  // The password was right and the account has 2FA on: the code comes next.
  if (twoFactorPending) return <TwoFactorStep />;

  return (
    <Form<LoginValues>
      name="login"
      noValidate
      layout="vertical"
      requiredMark={false}
      initialValues={{ remember: false }}
      onFinish={onFinish}
      disabled={requesting}
      size="large"
    >
      <Form.Item
        label="Email or username"
        name="username"
        rules={[
          { required: true, whitespace: true, message: 'Please enter your email or username' },
          { max: EMAIL_MAX, message: `Must be at most ${EMAIL_MAX} characters` },
        ]}
      >
        <Input prefix={<UserOutlined />} autoComplete="username" autoFocus />
      </Form.Item>
      <Form.Item
        label="Password"
        name="password"
        rules={[{ required: true, message: 'Please enter your password' }]}
      >
        <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
      </Form.Item>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 24 }}>
        <Form.Item name="remember" valuePropName="checked" noStyle>
          <Checkbox>Remember me</Checkbox>
        </Form.Item>
        <Link href="/auth/forgot-password">Forgot password?</Link>
      </Flex>
      <RecaptchaField captcha={captcha} show={showCaptcha} />
      <Button type="primary" htmlType="submit" block loading={requesting} disabled={requesting}>
        Sign in
      </Button>
    </Form>
  );
}

import { NewPasswordFields } from '@/client/components/new-password-fields';
import { useState } from 'react';
import { Button, Form, Input } from 'antd';
import { emailRules, nameRules, usernameRules } from '@/client/components/form-rules';
import { showServerErrors } from '@/client/components/server-errors';
import { useAppDispatch, useAppSelector } from '@/client/store/hooks';
import { RecaptchaField } from '@/client/components/recaptcha-field';
import { useRecaptcha } from '@/client/hooks/use-recaptcha';
import * as authApi from '../auth.api';
import { registerSuccess } from '../auth.slice';
import { VerifyEmailNotice } from './verify-email-notice';
import { ConsentFields, type ConsentValues } from './consent-fields';

interface RegisterValues extends ConsentValues {
  name: string;
  username: string;
  email: string;
  password: string;
  confirm: string;
}

/**
 * Fan sign-up. With a token in the answer the visitor is signed in on the login path (spec 4
 * redirect rules); without one the site requires email verification first.
 */
export function RegisterForm({ redirect }: { redirect?: string }) {
  const [form] = Form.useForm<RegisterValues>();
  const dispatch = useAppDispatch();
  const signingIn = useAppSelector((s) => s.auth.loginAuth.requesting);
  const [sending, setSending] = useState(false);
  const [pending, setPending] = useState<{ email: string; message: string } | null>(null);
  const captcha = useRecaptcha();

  const onFinish = async ({ name, username, email, password }: RegisterValues) => {
    if (!captcha.ready()) return;
    setSending(true);
    try {
      // The form's rules let the submit through only with both boxes ticked.
      const body = { name: name.trim(), username, email: email.trim(), password, ageConfirmed: true as const, termsAccepted: true as const };
      const res = await authApi.registerUser(body, captcha.token);
      if (res.data.token) {
        dispatch(registerSuccess({ token: res.data.token, remember: false, redirect }));
      } else {
        setPending({ email, message: res.data.message });
      }
    } catch (err) {
      showServerErrors(form, err);
    } finally {
      setSending(false);
      captcha.reset();
    }
  };

  if (pending) return <VerifyEmailNotice email={pending.email} message={pending.message} />;

  const busy = sending || signingIn;
  return (
    <Form<RegisterValues> form={form} name="register" noValidate layout="vertical" requiredMark={false} onFinish={onFinish} disabled={busy} size="large">
      <Form.Item label="Name" name="name" rules={nameRules}>
        <Input autoComplete="name" />
      </Form.Item>
      <Form.Item label="Username" name="username" rules={usernameRules} extra="Letters, digits, dots and underscores.">
        <Input autoComplete="username" prefix="@" />
      </Form.Item>
      <Form.Item label="Email" name="email" rules={emailRules}>
        <Input type="email" autoComplete="email" />
      </Form.Item>
      <NewPasswordFields />
      <ConsentFields />
      <RecaptchaField captcha={captcha} />
      <Button type="primary" htmlType="submit" block loading={busy} disabled={busy}>
        Create account
      </Button>
    </Form>
  );
}

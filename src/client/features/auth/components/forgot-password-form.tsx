import { useState } from 'react';
import Link from 'next/link';
import { Button, Form, Input, Result } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { emailRules } from '@/client/components/form-rules';
import { showServerErrors } from '@/client/components/server-errors';
import { RecaptchaField } from '@/client/components/recaptcha-field';
import { useRecaptcha } from '@/client/hooks/use-recaptcha';
import * as authApi from '../auth.api';

/** Asks for a reset link. The server answers the same whether or not the address is known. */
export function ForgotPasswordForm() {
  const [form] = Form.useForm<{ email: string }>();
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const captcha = useRecaptcha();

  const onFinish = async ({ email }: { email: string }) => {
    if (!captcha.ready()) return;
    setSending(true);
    try {
      const res = await authApi.forgotPassword({ email: email.trim() }, captcha.token);
      setDone(res.data.message || 'If an account exists for this address, a reset link is on its way.');
    } catch (err) {
      showServerErrors(form, err);
    } finally {
      setSending(false);
      captcha.reset();
    }
  };

  if (done) {
    return (
      <Result
        icon={<MailOutlined style={{ color: '#42b1e8' }} />}
        title="Check your email"
        subTitle={done}
        extra={
          <Link href="/auth/login">
            <Button type="primary">Back to sign in</Button>
          </Link>
        }
      />
    );
  }

  return (
    <Form form={form} name="forgot-password" noValidate layout="vertical" requiredMark={false} onFinish={onFinish} disabled={sending} size="large">
      <Form.Item label="Email" name="email" rules={emailRules}>
        <Input type="email" autoComplete="email" prefix={<MailOutlined />} autoFocus />
      </Form.Item>
      <RecaptchaField captcha={captcha} />
      <Button type="primary" htmlType="submit" block loading={sending} disabled={sending}>
        Send reset link
      </Button>
    </Form>
  );
}

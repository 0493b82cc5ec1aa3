import { NewPasswordFields } from '@/client/components/new-password-fields';
import { useState } from 'react';
import Link from 'next/link';
import { Button, Form, Result } from 'antd';
import { showServerErrors } from '@/client/components/server-errors';
import * as authApi from '../auth.api';

interface Values {
  password: string;
  confirm: string;
}

/** Sets a new password with the token of the emailed link. */
export function ResetPasswordForm({ token }: { token?: string }) {
  const [form] = Form.useForm<Values>();
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  if (!token) {
    return (
      <Result
        status="warning"
        title="This reset link is incomplete"
        subTitle="Open the link from the email again, or ask for a new one."
        extra={
          <Link href="/auth/forgot-password">
            <Button type="primary">Get a new link</Button>
          </Link>
        }
      />
    );
  }

  const onFinish = async ({ password }: Values) => {
    setSending(true);
    try {
      // Spec 5: with client hashing on, every password the client sends is hashed.
      const res = await authApi.resetPassword({ token, password });
      setDone(res.data.message || 'Your password has been changed.');
    } catch (err) {
      showServerErrors(form, err);
    } finally {
      setSending(false);
    }
  };

  if (done) {
    return (
      <Result
        status="success"
        title="Password changed"
        subTitle={done}
        extra={
          <Link href="/auth/login">
            <Button type="primary">Sign in</Button>
          </Link>
        }
      />
    );
  }

  return (
    <Form form={form} name="reset-password" noValidate layout="vertical" requiredMark={false} onFinish={onFinish} disabled={sending} size="large">
      <NewPasswordFields label="New password" autoFocus />
      <Button type="primary" htmlType="submit" block loading={sending} disabled={sending}>
        Change password
      </Button>
    </Form>
  );
}

import { useState } from 'react';
import { Button, Result } from 'antd';
import { MailOutlined } from '@ant-design/icons';
import { getErrorMessage } from '@/client/lib/error-message';
import { toast } from '@/client/lib/toast';
import * as authApi from '../auth.api';

/**
 * After a registration that needs email verification first (no token in the answer): the
 * server's message and a way to send the link again.
 */
export function VerifyEmailNotice({ email, message }: { email: string; message: string }) {
  const [sending, setSending] = useState(false);

  const resend = async () => {
    setSending(true);
    try {
      const res = await authApi.resendVerification({ email });
      toast.success(res.data.message);
    } catch (err) {
      toast.error(getErrorMessage(err));
    } finally {
      setSending(false);
    }
  };

  return (
    <Result
      icon={<MailOutlined style={{ color: '#42b1e8' }} />}
      title="Check your email"
      subTitle={message || `We sent a verification link to ${email}. Open it to activate your account.`}
      extra={
        <Button onClick={resend} loading={sending} disabled={sending}>
          Resend verification email
        </Button>
      }
    />
  );
}

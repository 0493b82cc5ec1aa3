import { useState } from 'react';
import { Alert, Button, Form, Modal, Space, Typography } from 'antd';
import { useAppDispatch, useAppSelector } from '@/client/store/hooks';
import { getErrorMessage } from '@/client/lib/error-message';
import { logout } from '@/client/features/auth/auth.slice';
import { setCurrentUser } from '@/client/features/user/user.slice';
import { acceptTerms } from '@/client/features/user/user.api';
import { AntdScope } from '@/client/theme/antd-scope';
import { ConsentFields, type ConsentValues } from './consent-fields';

/**
 * Asks a signed-in person who has not confirmed age 18+ and accepted the current terms (an account
 * made through social sign-in, or anyone after the terms version was raised) before anything else:
 * the site stays behind this dialog until they agree or sign out.
 */
export function ConsentGate() {
  const required = useAppSelector((s) => s.auth.loggedIn && Boolean(s.user.current.consentRequired));
  const dispatch = useAppDispatch();
  const [form] = Form.useForm<ConsentValues>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!required) return null;

  const submit = async () => {
    setSaving(true);
    setError(null);
    try {
      const res = await acceptTerms();
      dispatch(setCurrentUser(res.data));
    } catch (err) {
      setError(getErrorMessage(err));
    } finally {
      setSaving(false);
    }
  };

  // Its own antd scope: the shell's client widgets sit outside the page's.
  return (
    <AntdScope>
      <Modal open title="Before you continue" closable={false} mask={{ closable: false }} keyboard={false} footer={null} destroyOnHidden>
        <Typography.Paragraph>Please confirm your age and accept our terms of service to use the site.</Typography.Paragraph>
        <Form form={form} layout="vertical" onFinish={() => void submit()} requiredMark={false}>
          <ConsentFields />
          {error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} /> : null}
          <Space wrap>
            <Button type="primary" htmlType="submit" loading={saving}>
              Agree and continue
            </Button>
            <Button onClick={() => dispatch(logout())} disabled={saving}>
              Sign out
            </Button>
          </Space>
        </Form>
      </Modal>
    </AntdScope>
  );
}

import { useState } from 'react';
import { Button, Flex, Form, Image, Input, Typography } from 'antd';
import type { TwoFactorSetup as SetupAnswer } from '@/common/contract/account-security';
import { showServerErrors } from '@/client/components/server-errors';
import { enableTwoFactor } from '../account-security.api';

interface Values {
  code: string;
  currentPassword?: string;
}

/** Scan (or type) the secret, then confirm with the first code; the answer's recovery codes go to `onEnabled`. */
export function TwoFactorSetup({ setup, hasPassword, onEnabled, onCancel }: {
  setup: SetupAnswer;
  hasPassword: boolean;
  onEnabled: (recoveryCodes: string[]) => void;
  onCancel: () => void;
}) {
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);

  const onFinish = async (values: Values) => {
    setSaving(true);
    try {
      const res = await enableTwoFactor({ code: values.code.trim(), currentPassword: values.currentPassword });
      onEnabled(res.data.recoveryCodes);
    } catch (err) {
      showServerErrors(form, err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Flex vertical gap={12}>
      <Typography.Paragraph>
        1. Scan this QR code with an authenticator app (Google Authenticator, 1Password, Authy…).
      </Typography.Paragraph>
      <Image src={setup.qrCode} alt="QR code for your authenticator app" width={200} height={200} preview={false} />
      <Typography.Paragraph>
        Cannot scan? Enter this key instead:{' '}
        <Typography.Text code copyable aria-label="Secret key">{setup.secret}</Typography.Text>
      </Typography.Paragraph>
      <Typography.Paragraph>2. Enter the 6-digit code the app shows to confirm.</Typography.Paragraph>
      <Form<Values> form={form} name="two-factor-enable" layout="vertical" requiredMark={false} onFinish={onFinish} disabled={saving} style={{ maxWidth: 360 }}>
        <Form.Item label="Code from the app" name="code" rules={[{ required: true, message: 'Please enter the 6-digit code' }, { pattern: /^\s*\d{6}\s*$/, message: 'The code has 6 digits' }]}>
          <Input autoComplete="one-time-code" inputMode="numeric" maxLength={6} placeholder="123456" />
        </Form.Item>
        {hasPassword ? (
          <Form.Item label="Current password" name="currentPassword" rules={[{ required: true, message: 'Please enter your current password' }]}>
            <Input.Password autoComplete="current-password" />
          </Form.Item>
        ) : null}
        <Flex gap={8}>
          <Button type="primary" htmlType="submit" loading={saving}>Turn on</Button>
          <Button onClick={onCancel}>Cancel</Button>
        </Flex>
      </Form>
    </Flex>
  );
}

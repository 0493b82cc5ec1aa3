import { useState } from 'react';
import { Button, Flex, Form, Input, Typography } from 'antd';
import { SafetyOutlined } from '@ant-design/icons';
import { TWO_FACTOR_CODE_MAX } from '@/common/contract/account-security';
import { useAppDispatch, useAppSelector } from '@/client/store/hooks';
import { getErrorMessage, INCORRECT_CREDENTIALS } from '@/client/lib/error-message';
import { AntdScope } from '@/client/theme/antd-scope';
import { cancelTwoFactor, verifyTwoFactor } from '../auth.slice';

/**
 * The second step of a sign-in with 2FA on: the authenticator's 6-digit code, or a recovery code.
 * The saga completes the sign-in exactly as a password sign-in (spec 4). Drawn with antd in a
 * scope of its own: the sign-in page around it is drawn without antd.
 */
export function TwoFactorStep() {
  const dispatch = useAppDispatch();
  const { requesting, error } = useAppSelector((s) => s.auth.loginAuth);
  const [recovery, setRecovery] = useState(false);
  const [form] = Form.useForm<{ code: string }>();

  const toggle = () => {
    setRecovery((r) => !r);
    form.resetFields();
  };

  return (
    <AntdScope>
      <Form<{ code: string }>
        form={form}
        name="two-factor"
        noValidate
        layout="vertical"
        requiredMark={false}
        onFinish={({ code }) => dispatch(verifyTwoFactor({ code: code.trim() }))}
        disabled={requesting}
        size="large"
      >
        <Typography.Title level={4} style={{ marginTop: 0 }}>
          <SafetyOutlined /> Two-factor sign-in
        </Typography.Title>
        <Typography.Paragraph type="secondary">
          {recovery
            ? 'Enter one of the recovery codes you saved when you turned two-factor sign-in on. Each code works once.'
            : 'Open your authenticator app and enter the 6-digit code it shows for this site.'}
        </Typography.Paragraph>
        <Form.Item
          key={recovery ? 'recovery' : 'totp'}
          label={recovery ? 'Recovery code' : 'Authentication code'}
          name="code"
          validateStatus={error && !requesting ? 'error' : undefined}
          help={error && !requesting ? getErrorMessage(error, INCORRECT_CREDENTIALS) : undefined}
          rules={
            recovery
              ? [{ required: true, whitespace: true, message: 'Please enter a recovery code' }, { max: TWO_FACTOR_CODE_MAX, message: 'That is not a recovery code' }]
              : [{ required: true, message: 'Please enter the 6-digit code' }, { pattern: /^\s*\d{6}\s*$/, message: 'The code has 6 digits' }]
          }
        >
          {recovery ? (
            <Input autoComplete="off" autoFocus placeholder="xxxxx-xxxxx" />
          ) : (
            <Input autoComplete="one-time-code" inputMode="numeric" maxLength={6} autoFocus placeholder="123456" />
          )}
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={requesting} disabled={requesting}>
          Verify
        </Button>
        <Flex justify="space-between" wrap gap={8} style={{ marginTop: 16 }}>
          <Button type="link" onClick={toggle} style={{ padding: 0 }}>
            {recovery ? 'Use the authenticator app' : 'Use a recovery code'}
          </Button>
          <Button type="link" onClick={() => dispatch(cancelTwoFactor())} style={{ padding: 0 }}>
            Back to sign in
          </Button>
        </Flex>
      </Form>
    </AntdScope>
  );
}

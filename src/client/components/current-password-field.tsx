import { Alert, Form, Input } from 'antd';

export const CURRENT_PASSWORD_RULES = [{ required: true, message: 'Please enter your current password' }];

/**
 * "Current password" (field `currentPassword`): every change of password or email needs it
 * (server: auth/reauth.ts), so a stolen session alone cannot take the account over. The server's
 * field error ("Your current password is incorrect") is shown under it by the form's error helper.
 * Accounts without a password (social sign-in) cannot give one: they are told the change needs a
 * recent sign-in instead, and the server answers under this same field when it is too old.
 */
export function CurrentPasswordField({ hasPassword = true, extra }: { hasPassword?: boolean; extra?: string }) {
  if (!hasPassword) {
    return (
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="Your account has no password"
        description="For your security, this change needs a sign-in within the last 10 minutes. If it is refused, sign out and sign in again."
      />
    );
  }
  return (
    <Form.Item label="Current password" name="currentPassword" rules={CURRENT_PASSWORD_RULES} preserve={false} extra={extra}>
      <Input.Password autoComplete="current-password" />
    </Form.Item>
  );
}

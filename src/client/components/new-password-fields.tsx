import { Form, Input } from 'antd';
import { confirmPasswordRules, NEW_PASSWORD_NOTE, passwordRules } from './form-rules';

interface Props {
  /** 'Password' when signing up, 'New password' when changing it; the confirm label follows. */
  label?: 'Password' | 'New password';
  extra?: string;
  autoFocus?: boolean;
}

/** A new password and its confirmation (fields `password` and `confirm`), validated alike everywhere. */
export function NewPasswordFields({ label = 'Password', extra = NEW_PASSWORD_NOTE, autoFocus }: Props) {
  return (
    <>
      <Form.Item label={label} name="password" rules={passwordRules} extra={extra}>
        <Input.Password autoComplete="new-password" autoFocus={autoFocus} />
      </Form.Item>
      <Form.Item label={`Confirm ${label.toLowerCase()}`} name="confirm" dependencies={['password']} rules={confirmPasswordRules()}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
    </>
  );
}

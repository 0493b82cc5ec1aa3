import { NEW_PASSWORD_NOTE } from './form-rules';
import { PlainField, fieldProps } from './plain-field';
import { PlainPasswordInput } from './plain-input';

interface PlainNewPasswordFieldsProps {
  /** The form's name: the inputs are `${form}_password` and `${form}_confirm`. */
  form: string;
  values: { password?: string; confirm?: string };
  errors: { password?: string[]; confirm?: string[] };
  onChange: (name: 'password' | 'confirm', value: string) => void;
  /** 'Password' when signing up, 'New password' when changing it; the confirm label follows. */
  label?: 'Password' | 'New password';
  autoFocus?: boolean;
}

/**
 * `NewPasswordFields` for a form drawn without antd: a password and its confirmation, labelled and
 * explained alike. The form checks them with `passwordRules` and `confirmPasswordRules()`
 * (form-rules.ts), the confirmation again when the password changes.
 */
export function PlainNewPasswordFields({ form, values, errors, onChange, label = 'Password', autoFocus }: PlainNewPasswordFieldsProps) {
  const password = `${form}_password`;
  const confirm = `${form}_confirm`;
  return (
    <>
      <PlainField id={password} label={label} error={errors.password} extra={NEW_PASSWORD_NOTE}>
        <PlainPasswordInput {...fieldProps(password, errors.password, { extra: true })} name="password" value={values.password ?? ''} onChange={(e) => onChange('password', e.target.value)} autoComplete="new-password" autoFocus={autoFocus} />
      </PlainField>
      <PlainField id={confirm} label={`Confirm ${label.toLowerCase()}`} error={errors.confirm}>
        <PlainPasswordInput {...fieldProps(confirm, errors.confirm)} name="confirm" value={values.confirm ?? ''} onChange={(e) => onChange('confirm', e.target.value)} autoComplete="new-password" />
      </PlainField>
    </>
  );
}

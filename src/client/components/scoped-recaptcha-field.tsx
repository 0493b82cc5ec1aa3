import { AntdScope } from '@/client/theme/antd-scope';
import { RecaptchaField } from './recaptcha-field';
import type { RecaptchaState } from '@/client/hooks/use-recaptcha';

/**
 * The reCAPTCHA field for a form drawn without antd (sign-in, fan sign-up): antd's Form.Item and Alert
 * in their own theme scope, loaded when the box is first needed.
 */
export function ScopedRecaptchaField({ captcha }: { captcha: RecaptchaState }) {
  return (
    <AntdScope>
      <RecaptchaField captcha={captcha} />
    </AntdScope>
  );
}

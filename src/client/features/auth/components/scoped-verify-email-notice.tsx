import { AntdScope } from '@/client/theme/antd-scope';
import { VerifyEmailNotice } from './verify-email-notice';

/** The "check your email" notice (drawn with antd) for the sign-up form, which is drawn without it. */
export function ScopedVerifyEmailNotice(props: { email: string; message: string }) {
  return (
    <AntdScope>
      <VerifyEmailNotice {...props} />
    </AntdScope>
  );
}

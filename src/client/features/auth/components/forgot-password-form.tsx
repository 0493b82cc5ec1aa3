import { useState, type FormEvent } from 'react';
import dynamic from 'next/dynamic';
import MailOutlined from '@ant-design/icons-svg/es/asn/MailOutlined';
import { PlainButton } from '@/client/components/plain-button';
import { PlainField, PlainFieldset, fieldProps } from '@/client/components/plain-field';
import { PlainIcon } from '@/client/components/plain-icon';
import { PlainInput } from '@/client/components/plain-input';
import { emailRules } from '@/client/components/form-rules';
import { usePlainForm, type PlainFormSpec } from '@/client/hooks/use-plain-form';
import { useRecaptcha } from '@/client/hooks/use-recaptcha';
import * as authApi from '../auth.api';

// Drawn with antd, and shown once the link is asked for (or when the site wants a reCAPTCHA).
const ResetLinkSent = dynamic(() => import('./reset-link-sent').then((m) => m.ResetLinkSent));
const ScopedRecaptchaField = dynamic(() => import('@/client/components/scoped-recaptcha-field').then((m) => m.ScopedRecaptchaField));

const FORGOT_FORM: PlainFormSpec<{ email: string }> = { initial: { email: '' }, rules: { email: emailRules } };

/**
 * Asks for a reset link. The server answers the same whether or not the address is known.
 * Drawn without antd (issue 17), with antd Form's rules and behaviour (hooks/use-plain-form.ts).
 */
export function ForgotPasswordForm() {
  const form = usePlainForm(FORGOT_FORM);
  const { values, errors, setValue } = form;
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const captcha = useRecaptcha();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!(await form.validateAll())) return;
    if (!captcha.ready()) return;
    setSending(true);
    try {
      const res = await authApi.forgotPassword({ email: values.email.trim() }, captcha.token);
      setDone(res.data.message || 'If an account exists for this address, a reset link is on its way.');
    } catch (err) {
      form.showServerErrors(err);
    } finally {
      setSending(false);
      captcha.reset();
    }
  };

  if (done) return <ResetLinkSent message={done} />;

  return (
    <form id="forgot-password" name="forgot-password" noValidate onSubmit={(e) => void onSubmit(e)}>
      <PlainFieldset disabled={sending}>
        <PlainField id="forgot-password_email" label="Email" error={errors.email}>
          <PlainInput
            {...fieldProps('forgot-password_email', errors.email)}
            name="email"
            type="email"
            value={values.email}
            onChange={(e) => setValue('email', e.target.value)}
            prefix={<PlainIcon icon={MailOutlined} />}
            autoComplete="email"
            autoFocus
          />
        </PlainField>
        {captcha.required ? <ScopedRecaptchaField captcha={captcha} /> : null}
        <PlainButton type="submit" look="primary" size="large" block loading={sending}>
          Send reset link
        </PlainButton>
      </PlainFieldset>
    </form>
  );
}

import { useState, type FormEvent } from 'react';
import dynamic from 'next/dynamic';
import { PlainButton } from '@/client/components/plain-button';
import { PlainField, PlainFieldset, fieldProps } from '@/client/components/plain-field';
import { PlainInput } from '@/client/components/plain-input';
import { PlainNewPasswordFields } from '@/client/components/plain-new-password-fields';
import { confirmPasswordRules, emailRules, nameRules, passwordRules, usernameRules } from '@/client/components/form-rules';
import { usePlainForm, type PlainFormSpec } from '@/client/hooks/use-plain-form';
import { useRecaptcha } from '@/client/hooks/use-recaptcha';
import { useAppDispatch, useAppSelector } from '@/client/store/hooks';
import * as authApi from '../auth.api';
import { registerSuccess } from '../auth.slice';
import { consentRules, type ConsentValues } from '../consent-rules';
import { PlainConsentFields } from './plain-consent-fields';

// Drawn with antd, and shown to few: their code loads when they are shown.
const VerifyEmailNotice = dynamic(() => import('./scoped-verify-email-notice').then((m) => m.ScopedVerifyEmailNotice));
const ScopedRecaptchaField = dynamic(() => import('@/client/components/scoped-recaptcha-field').then((m) => m.ScopedRecaptchaField));

interface RegisterValues extends ConsentValues {
  name: string;
  username: string;
  email: string;
  password: string;
  confirm: string;
}

const REGISTER_FORM: PlainFormSpec<RegisterValues> = {
  initial: { name: '', username: '', email: '', password: '', confirm: '', ageConfirmed: false, termsAccepted: false },
  rules: {
    name: nameRules,
    username: usernameRules,
    email: emailRules,
    password: passwordRules,
    confirm: confirmPasswordRules(),
    ageConfirmed: consentRules.ageConfirmed,
    termsAccepted: consentRules.termsAccepted,
  },
  dependencies: { confirm: ['password'] },
};

/**
 * Fan sign-up. With a token in the answer the visitor is signed in on the login path (spec 4
 * redirect rules); without one the site requires email verification first.
 *
 * Drawn without antd (issue 17: where new visitors land, on phones), with antd Form's rules and
 * behaviour (hooks/use-plain-form.ts) and look (src/client/README.md, "Forms without antd").
 */
export function RegisterForm({ redirect }: { redirect?: string }) {
  const dispatch = useAppDispatch();
  const signingIn = useAppSelector((s) => s.auth.loginAuth.requesting);
  const form = usePlainForm(REGISTER_FORM);
  const { values, errors, setValue } = form;
  const [sending, setSending] = useState(false);
  const [pending, setPending] = useState<{ email: string; message: string } | null>(null);
  const captcha = useRecaptcha();

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!(await form.validateAll())) return;
    if (!captcha.ready()) return;
    setSending(true);
    try {
      // The rules let the submit through only with both boxes ticked.
      const body = { name: values.name.trim(), username: values.username, email: values.email.trim(), password: values.password, ageConfirmed: true as const, termsAccepted: true as const };
      const res = await authApi.registerUser(body, captcha.token);
      if (res.data.token) {
        dispatch(registerSuccess({ token: res.data.token, remember: false, redirect }));
      } else {
        setPending({ email: values.email, message: res.data.message });
      }
    } catch (err) {
      form.showServerErrors(err);
    } finally {
      setSending(false);
      captcha.reset();
    }
  };

  if (pending) return <VerifyEmailNotice email={pending.email} message={pending.message} />;

  const busy = sending || signingIn;
  return (
    <form id="register" name="register" noValidate onSubmit={(e) => void onSubmit(e)}>
      <PlainFieldset disabled={busy}>
        <PlainField id="register_name" label="Name" error={errors.name}>
          <PlainInput {...fieldProps('register_name', errors.name)} name="name" value={values.name} onChange={(e) => setValue('name', e.target.value)} autoComplete="name" />
        </PlainField>
        <PlainField id="register_username" label="Username" error={errors.username} extra="Letters, digits, dots and underscores.">
          <PlainInput {...fieldProps('register_username', errors.username, { extra: true })} name="username" value={values.username} onChange={(e) => setValue('username', e.target.value)} autoComplete="username" prefix="@" />
        </PlainField>
        <PlainField id="register_email" label="Email" error={errors.email}>
          <PlainInput {...fieldProps('register_email', errors.email)} name="email" type="email" value={values.email} onChange={(e) => setValue('email', e.target.value)} autoComplete="email" />
        </PlainField>
        <PlainNewPasswordFields form="register" values={values} errors={errors} onChange={setValue} />
        <PlainConsentFields form="register" values={values} errors={errors} onChange={setValue} />
        {captcha.required ? <ScopedRecaptchaField captcha={captcha} /> : null}
        <PlainButton type="submit" look="primary" size="large" block loading={busy}>
          Create account
        </PlainButton>
      </PlainFieldset>
    </form>
  );
}

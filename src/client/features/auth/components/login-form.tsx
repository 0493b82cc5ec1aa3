import { useEffect, useState, type FormEvent } from 'react';
import Link from 'next/link';
import dynamic from 'next/dynamic';
import LockOutlined from '@ant-design/icons-svg/es/asn/LockOutlined';
import UserOutlined from '@ant-design/icons-svg/es/asn/UserOutlined';
import { EMAIL_MAX } from '@/common/contract/users';
import { RECAPTCHA_AFTER_FAILURES, RECAPTCHA_FIELD } from '@/common/contract/recaptcha';
import { PlainButton } from '@/client/components/plain-button';
import { PlainCheckbox } from '@/client/components/plain-checkbox';
import { PlainField, PlainFieldset, fieldProps } from '@/client/components/plain-field';
import { PlainIcon } from '@/client/components/plain-icon';
import { PlainInput, PlainPasswordInput } from '@/client/components/plain-input';
import { useRecaptcha } from '@/client/hooks/use-recaptcha';
import { useAppDispatch, useAppSelector } from '@/client/store/hooks';
import { login, twoFactorPendingOf } from '../auth.slice';
import styles from './login-form.module.css';

// Drawn with antd, and shown to few: their code loads when they are shown.
const TwoFactorStep = dynamic(() => import('./two-factor-step').then((m) => m.TwoFactorStep));
const ScopedRecaptchaField = dynamic(() => import('@/client/components/scoped-recaptcha-field').then((m) => m.ScopedRecaptchaField));

interface LoginValues {
  username: string;
  password: string;
  remember: boolean;
}
type LoginErrors = Partial<Record<'username' | 'password', string>>;

/** The server asked for the reCAPTCHA box (the account failed three times, maybe on another page). */
const asksForCaptcha = (error: unknown): boolean =>
  Array.isArray((error as { details?: unknown } | null)?.details) &&
  (error as { details: { field?: string }[] }).details.some((d) => d.field === RECAPTCHA_FIELD);

function validate({ username, password }: LoginValues): LoginErrors {
  const errors: LoginErrors = {};
  if (!username.trim()) errors.username = 'Please enter your email or username';
  else if (username.length > EMAIL_MAX) errors.username = `Must be at most ${EMAIL_MAX} characters`;
  if (!password) errors.password = 'Please enter your password';
  return errors;
}

/**
 * Email-or-username sign-in. The saga signs in, shows the failure toast (spec 8) and redirects
 * (spec 4), so the form only validates and dispatches. With reCAPTCHA on, the box appears after
 * three failures here or when the server asks for it, and each failure gives a fresh box.
 *
 * Drawn without antd (issue 17: the sign-in page is where many visitors land, on phones), in
 * antd's look and with its behaviour: each field is checked as it changes and all of them on
 * submit, with the same messages, and the whole form is disabled while the request runs.
 */
export function LoginForm({ redirect }: { redirect?: string }) {
  const dispatch = useAppDispatch();
  const requesting = useAppSelector((s) => s.auth.loginAuth.requesting);
  const twoFactorPending = useAppSelector((s) => twoFactorPendingOf(s.auth.loginAuth.data) !== null);
  const error = useAppSelector((s) => s.auth.loginAuth.error);
  const captcha = useRecaptcha();
  const { reset } = captcha;
  const [failures, setFailures] = useState(0);
  const [asked, setAsked] = useState(false);
  const [values, setValues] = useState<LoginValues>({ username: '', password: '', remember: false });
  const [errors, setErrors] = useState<LoginErrors>({});
  useEffect(() => {
    if (!error) return;
    setFailures((n) => n + 1);
    if (asksForCaptcha(error)) setAsked(true);
    reset();
  }, [error, reset]);
  const showCaptcha = asked || failures >= RECAPTCHA_AFTER_FAILURES;

  const change = (name: 'username' | 'password', value: string) => {
    const next = { ...values, [name]: value };
    setValues(next);
    setErrors((current) => ({ ...current, [name]: validate(next)[name] }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validate(values);
    setErrors(found);
    if (found.username || found.password) return;
    if (!captcha.ready(showCaptcha)) return;
    const id = values.username.trim();
    const who = id.includes('@') ? { email: id } : { username: id };
    dispatch(login({ ...who, password: values.password, remember: values.remember, redirect, ...(showCaptcha && captcha.token ? { reCaptchaToken: captcha.token } : {}) }));
  };

  // The password was right and the account has 2FA on: the code comes next.
  if (twoFactorPending) return <TwoFactorStep />;

  return (
    <form name="login" noValidate onSubmit={onSubmit}>
      <PlainFieldset disabled={requesting}>
        <PlainField id="login_username" label="Email or username" error={errors.username}>
          <PlainInput
            {...fieldProps('login_username', errors.username)}
            name="username"
            value={values.username}
            onChange={(e) => change('username', e.target.value)}
            prefix={<PlainIcon icon={UserOutlined} />}
            autoComplete="username"
            autoFocus
          />
        </PlainField>
        <PlainField id="login_password" label="Password" error={errors.password}>
          <PlainPasswordInput
            {...fieldProps('login_password', errors.password)}
            name="password"
            value={values.password}
            onChange={(e) => change('password', e.target.value)}
            prefix={<PlainIcon icon={LockOutlined} />}
            autoComplete="current-password"
          />
        </PlainField>
        <div className={styles.row}>
          <PlainCheckbox id="login_remember" name="remember" checked={values.remember} onChange={(e) => setValues({ ...values, remember: e.target.checked })}>
            Remember me
          </PlainCheckbox>
          <Link href="/auth/forgot-password">Forgot password?</Link>
        </div>
        {showCaptcha && captcha.required ? <ScopedRecaptchaField captcha={captcha} /> : null}
        <PlainButton type="submit" look="primary" size="large" block loading={requesting}>
          Sign in
        </PlainButton>
      </PlainFieldset>
    </form>
  );
}

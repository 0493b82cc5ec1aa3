import { useState, type FormEvent } from 'react';
import dynamic from 'next/dynamic';
import { PlainButton } from '@/client/components/plain-button';
import { PlainFieldset } from '@/client/components/plain-field';
import { PlainNewPasswordFields } from '@/client/components/plain-new-password-fields';
import { confirmPasswordRules, passwordRules } from '@/client/components/form-rules';
import { usePlainForm, type PlainFormSpec } from '@/client/hooks/use-plain-form';
import { isLinkToken } from '@/common/lib/link-token';
import * as authApi from '../auth.api';

// Drawn with antd, and shown only for a link without its token or once the password is changed.
const ResetPasswordOutcome = dynamic(() => import('./reset-password-outcome').then((m) => m.ResetPasswordOutcome));

interface Values {
  password: string;
  confirm: string;
}

const RESET_FORM: PlainFormSpec<Values> = {
  initial: { password: '', confirm: '' },
  rules: { password: passwordRules, confirm: confirmPasswordRules() },
  dependencies: { confirm: ['password'] },
};

/**
 * Sets a new password with the token of the emailed link. Drawn without antd (issue 17), with
 * antd Form's rules and behaviour (hooks/use-plain-form.ts).
 */
export function ResetPasswordForm({ token }: { token?: string }) {
  const form = usePlainForm(RESET_FORM);
  const [sending, setSending] = useState(false);
  const [done, setDone] = useState<string | null>(null);

  if (!isLinkToken(token) || done !== null) return <ResetPasswordOutcome done={done} />;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!(await form.validateAll())) return;
    setSending(true);
    try {
      // Spec 5: with client hashing on, every password the client sends is hashed.
      const res = await authApi.resetPassword({ token, password: form.values.password });
      setDone(res.data.message || 'Your password has been changed.');
    } catch (err) {
      form.showServerErrors(err);
    } finally {
      setSending(false);
    }
  };

  return (
    <form id="reset-password" name="reset-password" noValidate onSubmit={(e) => void onSubmit(e)}>
      <PlainFieldset disabled={sending}>
        <PlainNewPasswordFields form="reset-password" label="New password" autoFocus values={form.values} errors={form.errors} onChange={form.setValue} />
        <PlainButton type="submit" look="primary" size="large" block loading={sending}>
          Change password
        </PlainButton>
      </PlainFieldset>
    </form>
  );
}

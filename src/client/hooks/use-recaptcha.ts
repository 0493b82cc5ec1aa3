import { useCallback, useState } from 'react';
import { RECAPTCHA_MISSING } from '@/common/contract/recaptcha';
import { useAppSelector } from '@/client/store/hooks';

/**
 * The reCAPTCHA state of one form: `required` while the site has it on (the public
 * `reCaptchaEnabled` is the server's effective switch), the current token, the message under the
 * box, and `reset` (a new widget after each submission: a token works once).
 */
export function useRecaptcha() {
  const required = useAppSelector((s) => s.settings.reCaptchaEnabled && Boolean(s.settings.reCaptchaSiteKey));
  const siteKey = useAppSelector((s) => s.settings.reCaptchaSiteKey);
  const [token, setTokenState] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [resetKey, setResetKey] = useState(0);
  const setToken = useCallback((next: string | null) => {
    setTokenState(next);
    if (next) setError(null);
  }, []);
  const reset = useCallback(() => {
    setTokenState(null);
    setResetKey((k) => k + 1);
  }, []);
  /** Before sending: false (and the message under the box) when a needed token is missing. */
  const ready = useCallback((shown = true) => {
    if (!required || !shown || token) return true;
    setError(RECAPTCHA_MISSING);
    return false;
  }, [required, token]);
  return { required, siteKey, token, setToken, reset, resetKey, error, ready };
}

export type RecaptchaState = ReturnType<typeof useRecaptcha>;

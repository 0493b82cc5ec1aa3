import { useEffect, useRef, useState } from 'react';
import { Alert, Form } from 'antd';
import { loadRecaptcha } from '@/client/lib/recaptcha';
import type { RecaptchaState } from '@/client/hooks/use-recaptcha';

function Widget({ siteKey, onToken }: { siteKey: string; onToken: (token: string | null) => void }) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    loadRecaptcha()
      .then((api) => {
        if (!live || !box.current) return;
        api.render(box.current, {
          sitekey: siteKey,
          // The theme the provider applied to <html> (read when the widget is drawn).
          theme: document.documentElement.getAttribute('data-theme') === 'dark' ? 'dark' : 'light',
          callback: (token) => onToken(token),
          'expired-callback': () => onToken(null),
          'error-callback': () => onToken(null),
        });
      })
      .catch((err: Error) => live && setFailed(err.message));
    return () => {
      live = false;
    };
    // A new widget per mount (the parent remounts it with a new key after each submission).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [siteKey]);
  if (failed) return <Alert type="error" showIcon title={failed} />;
  return <div ref={box} data-testid="recaptcha-widget" />;
}

/**
 * Google's "I'm not a robot" box inside an antd form, shown only while `captcha.required`
 * (`show` lets sign-in wait for three failures), with the hook's message under it.
 */
export function RecaptchaField({ captcha, show = true }: { captcha: RecaptchaState; show?: boolean }) {
  if (!captcha.required || !show) return null;
  return (
    <Form.Item validateStatus={captcha.error ? 'error' : undefined} help={captcha.error ?? undefined} label="Security check">
      <Widget key={captcha.resetKey} siteKey={captcha.siteKey} onToken={captcha.setToken} />
    </Form.Item>
  );
}

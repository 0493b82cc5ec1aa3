import { useEffect, useRef, useState } from 'react';
import Script from 'next/script';
import { useTheme } from '@/client/theme/theme-provider';

interface GoogleId {
  initialize(options: { client_id: string; callback: (res: { credential?: string }) => void }): void;
  renderButton(el: HTMLElement, options: Record<string, unknown>): void;
}

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleId } };
  }
}

/** Google Identity Services button; only mounted when the API says Google is configured. */
export function GoogleButton({ clientId, onCredential }: { clientId: string; onCredential: (credential: string) => void }) {
  const ref = useRef<HTMLDivElement>(null);
  const [loaded, setLoaded] = useState(() => typeof window !== 'undefined' && Boolean(window.google?.accounts?.id));
  // Offline or blocked by an extension: show nothing rather than an empty gap.
  const [failed, setFailed] = useState(false);
  const { resolved } = useTheme();
  // The latest callback without re-initialising GIS on every render.
  const callback = useRef(onCredential);
  useEffect(() => {
    callback.current = onCredential;
  }, [onCredential]);

  useEffect(() => {
    const gis = window.google?.accounts?.id;
    if (!loaded || !gis || !ref.current) return;
    gis.initialize({ client_id: clientId, callback: (res) => res.credential && callback.current(res.credential) });
    gis.renderButton(ref.current, {
      type: 'standard',
      theme: resolved === 'dark' ? 'filled_black' : 'outline',
      size: 'large',
      text: 'continue_with',
      shape: 'rectangular',
      width: Math.min(ref.current.offsetWidth || 320, 400),
    });
  }, [loaded, clientId, resolved]);

  if (failed) return null;
  return (
    <>
      <Script
        src="https://accounts.google.com/gsi/client"
        strategy="afterInteractive"
        onReady={() => setLoaded(true)}
        onError={() => setFailed(true)}
      />
      <div ref={ref} style={{ display: 'flex', justifyContent: 'center', minHeight: 44 }} aria-label="Sign in with Google" />
    </>
  );
}

import Script from 'next/script';
import { useAppSelector } from '@/client/store/hooks';
import { documentNonce } from '@/client/lib/document-nonce';

// A measurement id is letters, digits and dashes (G-XXXX, UA-XXXX-Y); anything else is refused
// because it is written into an inline script.
const GA_ID = /^[A-Za-z0-9-]{4,40}$/;

/** Google Analytics, only when the operator set gaCode (spec 2). */
export function Analytics() {
  const gaCode = useAppSelector((s) => s.settings.gaCode);
  if (!gaCode || !GA_ID.test(gaCode)) return null;
  // The page's CSP nonce: an inline script added after load runs only with it.
  const nonce = documentNonce();
  return (
    <>
      <Script src={`https://www.googletagmanager.com/gtag/js?id=${gaCode}`} strategy="afterInteractive" nonce={nonce} />
      <Script id="ga-init" strategy="afterInteractive" nonce={nonce}>
        {`window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments);}gtag('js',new Date());gtag('config','${gaCode}');`}
      </Script>
    </>
  );
}

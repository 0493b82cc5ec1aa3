import { RECAPTCHA_HEADER } from '@/common/contract/recaptcha';

/** The widget API Google's script puts on `window` (v2 checkbox, explicit rendering). */
export interface Grecaptcha {
  render(container: HTMLElement, params: {
    sitekey: string;
    theme?: 'light' | 'dark';
    callback: (token: string) => void;
    'expired-callback': () => void;
    'error-callback': () => void;
  }): number;
  reset(widgetId?: number): void;
}

declare global {
  interface Window {
    grecaptcha?: Grecaptcha;
    __onRecaptchaLoad?: () => void;
  }
}

export const RECAPTCHA_SCRIPT = 'https://www.google.com/recaptcha/api.js?render=explicit&onload=__onRecaptchaLoad';

let loading: Promise<Grecaptcha> | null = null;

/**
 * Loads Google's script once per page, only when a form that needs it is shown (the CSP allows its
 * hosts only on those pages; the script runs through 'strict-dynamic' from our nonced bundle).
 */
export function loadRecaptcha(): Promise<Grecaptcha> {
  if (window.grecaptcha?.render) return Promise.resolve(window.grecaptcha);
  loading ??= new Promise<Grecaptcha>((resolve, reject) => {
    window.__onRecaptchaLoad = () => resolve(window.grecaptcha!);
    const script = document.createElement('script');
    script.src = RECAPTCHA_SCRIPT;
    script.async = true;
    script.defer = true;
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new Error('The reCAPTCHA check could not be loaded; check your connection and reload the page'));
    };
    document.head.appendChild(script);
  });
  return loading;
}

/** The header the guarded API routes read; nothing when there is no token. */
export const recaptchaHeaders = (token?: string | null): Record<string, string> => (token ? { [RECAPTCHA_HEADER]: token } : {});

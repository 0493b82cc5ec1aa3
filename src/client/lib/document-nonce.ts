/**
 * In the browser: this page's nonce (content-security-policy.ts sets it per request), for scripts
 * added after load (next/script inline code). Browsers hide the attribute's value from the DOM but
 * keep the `nonce` property. A file of its own so the browser does not download the server's
 * policy builder with it.
 */
export function documentNonce(): string | undefined {
  if (typeof document === 'undefined') return undefined;
  return document.querySelector<HTMLScriptElement>('script[nonce]')?.nonce || undefined;
}

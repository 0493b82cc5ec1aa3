import { useRouter } from 'next/router';
import { PlainLinkButton } from '@/client/components/plain-button';
import styles from './layouts.module.css';

/**
 * Signed out: Sign in (back to this page afterwards) and Sign up, at every width (a visitor
 * without an account must find how to make one), never a link to the page already open.
 */
export function SignedOutActions() {
  const router = useRouter();
  const onLogin = router.pathname === '/auth/login';
  const onRegister = router.pathname.startsWith('/auth/register');
  // Coming back to the page the visitor was on after signing in.
  const here = router.asPath.startsWith('/auth/') ? undefined : router.asPath;
  const loginHref = here && here !== '/' ? `/auth/login?redirect=${encodeURIComponent(here)}` : '/auth/login';
  return (
    <span className={styles.signedOut}>
      {onLogin ? null : (
        <PlainLinkButton href={loginHref} look="text">
          Sign in
        </PlainLinkButton>
      )}
      {onRegister ? null : (
        <PlainLinkButton href="/auth/register" look="primary">
          Sign up
        </PlainLinkButton>
      )}
    </span>
  );
}

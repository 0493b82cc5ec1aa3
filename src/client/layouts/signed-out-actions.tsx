import Link from 'next/link';
import { useRouter } from 'next/router';
import { Button, Space } from 'antd';

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
    <Space size={8}>
      {onLogin ? null : (
        <Link href={loginHref}>
          <Button type="text">Sign in</Button>
        </Link>
      )}
      {onRegister ? null : (
        <Link href="/auth/register">
          <Button type="primary">Sign up</Button>
        </Link>
      )}
    </Space>
  );
}

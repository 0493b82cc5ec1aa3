import { useCallback } from 'react';
import { useRouter } from 'next/router';
import { LOGIN_PATH } from '@/client/lib/redirect-to-login';

/** Sends a signed-out visitor to sign in, coming back to this page afterwards. */
export function useLoginRedirect(): () => void {
  const router = useRouter();
  return useCallback(() => {
    void router.push(`${LOGIN_PATH}?redirect=${encodeURIComponent(router.asPath)}`);
  }, [router]);
}

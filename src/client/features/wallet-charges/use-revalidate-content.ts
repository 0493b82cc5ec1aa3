import { useCallback } from 'react';
import Router from 'next/router';
import { useSWRConfig } from 'swr';

/**
 * After a purchase, everything on screen that may show the item again asks the API: every SWR
 * list (plain keys; infinite timelines are reloaded through their own `$inf$` keys) and the
 * page's own props, which the detail pages (/post, /video, /gallery) load in getInitialProps.
 */
export function useRevalidateContent(): () => void {
  const { cache, mutate } = useSWRConfig();
  return useCallback(() => {
    void mutate(() => true);
    for (const key of cache.keys()) if (key.startsWith('$inf$')) void mutate(key);
    try {
      void Router.replace(Router.asPath, undefined, { scroll: false });
    } catch {
      // No router outside a Next page (tests, storybook-like renders): the SWR refresh is enough.
    }
  }, [cache, mutate]);
}

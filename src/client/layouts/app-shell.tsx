import type { ComponentType, ReactNode } from 'react';
import dynamic from 'next/dynamic';
import Head from 'next/head';
import { Analytics } from '@/client/components/analytics';
import { useAppSelector } from '@/client/store/hooks';
import { pageFlagsOf } from '@/client/store/page-flags';
import { BlankLayout } from './blank-layout';
import { GeoBlockedLayout } from './geo-blocked-layout';
import { MaintenanceScreen } from './maintenance-screen';
import { PrimaryLayout } from './primary-layout';
import { PublicLayout } from './public-layout';
import type { LayoutName } from './page-types';

// Browser-only by nature (online status now, realtime widgets later): never server-rendered.
const ClientWidgets = dynamic(() => import('./client-widgets'), { ssr: false });

const LAYOUTS: Record<LayoutName, ComponentType<{ children: ReactNode }>> = {
  public: PublicLayout,
  primary: PrimaryLayout,
  blank: BlankLayout,
  geoBlocked: GeoBlockedLayout,
};

interface AppShellProps {
  Component: ComponentType<Record<string, unknown>>;
  pageProps: Record<string, unknown>;
  geoBlocked: boolean;
}

/**
 * Wraps every page (spec 2): maintenance mode replaces everything; a visitor from a blocked
 * country gets the geo-blocked layout instead of the page; otherwise the page's own layout
 * (primary by default) with the client-only widget slot inside it.
 */
export function AppShell({ Component, pageProps, geoBlocked }: AppShellProps) {
  const maintenance = useAppSelector((s) => s.settings.maintenanceMode);
  const favicon = useAppSelector((s) => s.ui.favicon) || '/favicon.ico';
  const siteName = useAppSelector((s) => s.ui.siteName || s.settings.siteName);

  const head = (
    <Head>
      <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
      <link rel="icon" href={favicon} key="favicon" />
      <title>{siteName}</title>
    </Head>
  );

  let body: ReactNode;
  if (maintenance) {
    body = <MaintenanceScreen />;
  } else if (geoBlocked) {
    body = (
      <GeoBlockedLayout>
        <ClientWidgets />
      </GeoBlockedLayout>
    );
  } else {
    const layout = pageFlagsOf(Component).layout as LayoutName | undefined;
    const Layout = (layout && LAYOUTS[layout]) || PrimaryLayout;
    body = (
      <Layout>
        <Component {...pageProps} />
        <ClientWidgets />
      </Layout>
    );
  }

  return (
    <>
      {head}
      <Analytics />
      {body}
    </>
  );
}

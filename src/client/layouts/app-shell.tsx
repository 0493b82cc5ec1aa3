import { useEffect, type ComponentType, type ReactNode } from 'react';
import dynamic from 'next/dynamic';
import Head from 'next/head';
import { useRouter } from 'next/router';
import { Analytics } from '@/client/components/analytics';
import { useAppSelector } from '@/client/store/hooks';
import { pageFlagsOf } from '@/client/store/page-flags';
import { BlankLayout } from './blank-layout';
import { PrimaryLayout } from './primary-layout';
import { PublicLayout } from './public-layout';
import type { LayoutName } from './page-types';

// antd's ConfigProvider with the visitor's theme, around every page drawn with antd: its own chunk,
// so a page flagged `antdFree` (the start page) does not download antd. Server-rendered and preloaded
// before hydration like any next/dynamic part of a first render; fetched at the start of a
// navigation (below), so moving from such a page to one with antd shows no empty frame.
const AntdScope = dynamic(() => import('@/client/theme/antd-scope'));

// Browser-only by nature (online status now, realtime widgets later): never server-rendered.
const ClientWidgets = dynamic(() => import('./client-widgets'), { ssr: false });

// Only operators' pages use the console's frame (its menu, drawer and badges): its own chunk,
// server-rendered as usual, so fans' pages do not download it.
const AdminLayout = dynamic(() => import('./admin-layout').then((m) => m.AdminLayout));

// The creator studio's sidebar and drawer: creators' pages only, in their own chunk.
const StudioLayout = dynamic(() => import('./studio-layout').then((m) => m.StudioLayout));

// Screens few visitors ever see (antd's Result with its drawings, Typography): their own chunks,
// server-rendered as usual, instead of a part of every page's first load.
const Forbidden = dynamic(() => import('@/client/components/forbidden').then((m) => m.Forbidden));
const GeoBlockedLayout = dynamic<{ children: ReactNode }>(() => import('./geo-blocked-layout').then((m) => m.GeoBlockedLayout));
const MaintenanceScreen = dynamic(() => import('./maintenance-screen').then((m) => m.MaintenanceScreen));

const LAYOUTS: Record<Exclude<LayoutName, 'studio'>, ComponentType<{ children: ReactNode }>> = {
  public: PublicLayout,
  primary: PrimaryLayout,
  blank: BlankLayout,
  geoBlocked: GeoBlockedLayout,
  admin: AdminLayout,
};

interface AppShellProps {
  Component: ComponentType<Record<string, unknown>>;
  pageProps: Record<string, unknown>;
  geoBlocked: boolean;
  /** The page is not for the signed-in account (page-loader): the 403 screen instead. */
  forbidden?: boolean;
}

/**
 * Wraps every page (spec 2): maintenance mode replaces everything, except for operators (who run
 * the site through it) and the pages flagged `duringMaintenance` (sign-in, so they can); a visitor
 * from a blocked country gets the geo-blocked layout instead of the page; a page that is not for
 * the signed-in account shows the 403 screen; otherwise the page's own layout (primary by default)
 * with the client-only widget slot inside it.
 */
export function AppShell({ Component, pageProps, geoBlocked, forbidden = false }: AppShellProps) {
  const flags = pageFlagsOf(Component);
  const isOperator = useAppSelector((s) => s.auth.loggedIn && s.user.current.role === 'admin');
  const isCreator = useAppSelector((s) => s.auth.loggedIn && s.user.current.isPerformer);
  const maintenance = useAppSelector((s) => s.settings.maintenanceMode) && !isOperator && !flags.duringMaintenance;
  const favicon = useAppSelector((s) => s.ui.favicon) || '/favicon.ico';
  const siteName = useAppSelector((s) => s.ui.siteName || s.settings.siteName);
  const router = useRouter();
  const { asPath } = router;
  useEffect(() => {
    // A failed fetch here is only a missed head start: rendering the page loads the chunk again.
    const preload = () => void import('@/client/theme/antd-scope').catch(() => undefined);
    router.events.on('routeChangeStart', preload);
    return () => router.events.off('routeChangeStart', preload);
  }, [router.events]);
  // The path of the page on screen, set once React committed it. Next changes the address before it
  // renders the new page, so for a moment the address names a page while the previous one (its header,
  // its buttons) is still what is shown; browser tests wait for this to match the address.
  useEffect(() => {
    document.documentElement.dataset.renderedPath = asPath.split(/[?#]/)[0];
  }, [asPath]);

  const head = (
    <Head>
      <meta name="viewport" content="width=device-width, initial-scale=1, viewport-fit=cover" />
      <link rel="icon" href={favicon} key="favicon" />
      <title>{siteName}</title>
    </Head>
  );

  let body: ReactNode;
  if (maintenance) {
    body = (
      <AntdScope>
        <MaintenanceScreen />
      </AntdScope>
    );
  } else if (geoBlocked && !isOperator) {
    body = (
      <AntdScope>
        <GeoBlockedLayout>
          <ClientWidgets />
        </GeoBlockedLayout>
      </AntdScope>
    );
  } else if (forbidden || (flags.onlyAdmin && !isOperator)) {
    body = (
      <PrimaryLayout>
        <AntdScope>
          <Forbidden />
        </AntdScope>
        <ClientWidgets />
      </PrimaryLayout>
    );
  } else {
    const layout = flags.layout as LayoutName | undefined;
    const Layout = layout === 'studio' ? (isCreator ? StudioLayout : PrimaryLayout) : (layout && LAYOUTS[layout]) || PrimaryLayout;
    const page = <Component {...pageProps} />;
    body = (
      <Layout>
        {flags.antdFree ? page : <AntdScope>{page}</AntdScope>}
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

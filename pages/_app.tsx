import NextApp, { type AppContext, type AppProps } from 'next/app';
import { Provider } from 'react-redux';
import { getRuntimeConfig, setRuntimeConfig, type RuntimeConfig } from '@/client/lib/runtime-config';
import { wrapper } from '@/client/store/store';
import { loadPageOnServer, pageFlagsOf, type PageLoaderContext } from '@/client/store/page-loader';
import { AppShell } from '@/client/layouts/app-shell';
import { ThemeProvider } from '@/client/theme/theme-provider';
import '../styles/globals.css';

interface ShellProps {
  runtimeConfig?: RuntimeConfig;
  geoBlocked?: boolean;
  forbidden?: boolean;
}

function App({ Component, ...rest }: AppProps & ShellProps) {
  // Next 16 has no publicRuntimeConfig: the server's values arrive as props and must be in place
  // before the store exists, since its sagas may call the API (or open the socket) on hydration.
  if (typeof window !== 'undefined' && rest.runtimeConfig) setRuntimeConfig(rest.runtimeConfig);
  const { store, props } = wrapper.useWrappedStore(rest);
  const { pageProps, geoBlocked, forbidden } = props as AppProps & ShellProps;

  return (
    <Provider store={store}>
      <ThemeProvider>
        <AppShell Component={Component} pageProps={pageProps ?? {}} geoBlocked={Boolean(geoBlocked)} forbidden={Boolean(forbidden)} />
      </ThemeProvider>
    </Provider>
  );
}

App.getInitialProps = wrapper.getInitialAppProps(() => async (appCtx: AppContext) => {
  const { Component, ctx } = appCtx;
  const runtimeConfig = getRuntimeConfig();
  // Prerendering (the static 404 page at build time) has no visitor: nothing to load or guard.
  if (typeof window === 'undefined' && !ctx.req) {
    return { ...(await NextApp.getInitialProps(appCtx)), runtimeConfig, geoBlocked: false };
  }
  const { geoBlocked, redirect, forbidden } = await loadPageOnServer(ctx as PageLoaderContext, pageFlagsOf(Component));
  // Every server-rendered page: a fresh nonce and the policy for the settings just loaded (issue 15).
  // `typeof window` is a constant in each bundle, so the browser's has neither branch nor module.
  if (typeof window === 'undefined' && ctx.req && ctx.res) {
    const { applyContentSecurityPolicy, cspFeatures } = await import('@/client/lib/content-security-policy');
    const settings = (ctx as PageLoaderContext).store.getState().settings;
    applyContentSecurityPolicy(ctx.req, ctx.res, {
      apiEndpoint: runtimeConfig.apiEndpoint, dev: process.env.NODE_ENV === 'development', ...cspFeatures(settings),
    });
  }
  // Sent elsewhere (302 or Router.replace), or not allowed here: the page's own data is not needed.
  if (redirect || forbidden) return { pageProps: {}, runtimeConfig, geoBlocked, forbidden };
  const appProps = await NextApp.getInitialProps(appCtx);
  return { ...appProps, runtimeConfig, geoBlocked };
});

export default App;

import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { SWRConfig } from 'swr';
import { makeStore, type AppStore } from '@/client/store/store';
import { ThemeProvider } from '@/client/theme/theme-provider';

/** Renders with a real store, the app's theme provider and a fresh SWR cache. */
export function renderWithStore(ui: ReactNode, store: AppStore = makeStore()) {
  const result = render(
    <Provider store={store}>
      <SWRConfig value={{ provider: () => new Map(), dedupingInterval: 0 }}>
        <ThemeProvider>{ui}</ThemeProvider>
      </SWRConfig>
    </Provider>,
  );
  return { ...result, store };
}

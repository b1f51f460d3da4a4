import { StyleProvider, createCache } from '@ant-design/cssinjs';
import { render } from '@testing-library/react';
import type { ReactElement, ReactNode } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { AppProviders } from '../../../src/app/AppProviders';
import { AppThemeScope } from '../../../src/core/theme/AppThemeScope';
import { listenBeforeTheRouter } from '../../../src/components/navigationHold';
import { makeStore, type RootState } from '../../../src/app/store';
import { initTestI18n } from '../testI18n';

// Tests in a MemoryRouter beside these expect jsdom's address where it started.
afterEach(() => window.history.replaceState(null, '', '/'));

/**
 * Renders `ui` with a real store and the BrowserRouter the app uses, on jsdom's own history
 * (so history.back() fires popstate as in a browser), starting at `route`.
 */
export function renderInBrowserRouter(ui: ReactElement, { route, preloadedState }: { route: string; preloadedState?: Partial<RootState> }) {
  window.history.replaceState(null, '', route);
  // As the app does at start-up (AppRouter), before the BrowserRouter subscribes.
  listenBeforeTheRouter();
  const store = makeStore(preloadedState);
  const i18n = initTestI18n();
  function Wrapper({ children }: { children: ReactNode }) {
    return (
      <AppProviders store={store} i18n={i18n}>
        {/* antd's CSS is collected aside: jsdom would match thousands of rules on every role query. */}
        <StyleProvider mock="server" cache={createCache()}>
          <AppThemeScope>
            <BrowserRouter>{children}</BrowserRouter>
          </AppThemeScope>
        </StyleProvider>
      </AppProviders>
    );
  }
  return { store, ...render(ui, { wrapper: Wrapper }) };
}

/** The browser's Back button: jsdom moves through its history and fires popstate a moment later. */
export function pressBack(): void {
  window.history.back();
}

import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import type { Persistor } from 'redux-persist';
import { PersistGate } from 'redux-persist/integration/react';
import { selectThemeName } from '../core/theme/themeSlice';
import { i18n as appI18n } from '../i18n/i18n';
import { ThemeVariablesScope } from '../themes/ThemeVariablesScope';
import { useAppSelector } from './hooks';
import type { AppStore } from './store';

export interface AppProvidersProps {
  store: AppStore;
  /** When given, rendering waits until the stored preferences (theme) are restored. */
  persistor?: Persistor;
  /** The i18next instance; tests pass one with the English texts loaded synchronously. */
  i18n?: I18n;
  children: ReactNode;
}

/** The theme's CSS variables follow the store's theme slice. */
function ThemedVariables({ children }: { children: ReactNode }) {
  const themeName = useAppSelector(selectThemeName);
  return <ThemeVariablesScope name={themeName}>{children}</ThemeVariablesScope>;
}

/**
 * Everything the panel's components expect around them: the Redux store (with restored
 * preferences), i18next, and the active theme's CSS variables. antd is configured (theme and text
 * direction) by the layouts and dialogs that use it (AppThemeScope), so the pages that use no antd
 * (log in, sign up) do not load it. The router is not included: the app adds a BrowserRouter,
 * tests a MemoryRouter.
 */
export function AppProviders({ store, persistor, i18n = appI18n, children }: AppProvidersProps) {
  const content = (
    <I18nextProvider i18n={i18n}>
      <ThemedVariables>{children}</ThemedVariables>
    </I18nextProvider>
  );
  return (
    <Provider store={store}>
      {persistor ? (
        <PersistGate persistor={persistor} loading={null}>
          {content}
        </PersistGate>
      ) : (
        content
      )}
    </Provider>
  );
}

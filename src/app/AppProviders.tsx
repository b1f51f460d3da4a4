import { ConfigProvider } from 'antd';
import type { i18n as I18n } from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import type { Persistor } from 'redux-persist';
import { PersistGate } from 'redux-persist/integration/react';
import { selectDirection } from '../core/locale/localeSlice';
import { selectThemeName } from '../core/theme/themeSlice';
import { i18n as appI18n } from '../i18n/i18n';
import { ThemeScope } from '../themes/ThemeScope';
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

/** antd follows the store: the theme from the theme slice, the text direction from the locale. */
function ThemedConfig({ children }: { children: ReactNode }) {
  const themeName = useAppSelector(selectThemeName);
  const direction = useAppSelector(selectDirection);
  return (
    <ConfigProvider direction={direction}>
      <ThemeScope name={themeName}>{children}</ThemeScope>
    </ConfigProvider>
  );
}

/**
 * Everything the panel's components expect around them: the Redux store (with restored
 * preferences), i18next, and antd configured with the active theme and text direction.
 * The router is not included: the app adds a BrowserRouter, tests a MemoryRouter.
 */
export function AppProviders({ store, persistor, i18n = appI18n, children }: AppProvidersProps) {
  const content = (
    <I18nextProvider i18n={i18n}>
      <ThemedConfig>{children}</ThemedConfig>
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

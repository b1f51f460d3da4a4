import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { persistStore, type Persistor } from 'redux-persist';
import { getStoredToken } from '../api/accessToken';
import { startLocale } from '../core/locale/startLocale';
import { useStartedTexts } from '../i18n/useStartedTexts';
import { AppProviders } from './AppProviders';
import { AppRouter } from './router/AppRouter';
import { preloadData, takeBrandingFromPage } from './router/preloadData';
import { preloadRoute } from './router/preloadRoute';
import { makeStore, type AppStore } from './store';

/** The panel with the texts it can speak so far (see useStartedTexts). */
function Panel({ store, persistor }: { store: AppStore; persistor: Persistor }) {
  const texts = useStartedTexts();
  return (
    <StrictMode>
      <AppProviders store={store} persistor={persistor} i18n={texts}>
        <BrowserRouter>
          <AppRouter />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>
  );
}

/**
 * Starts the panel: the store (with the stored preferences) and the app on `#app` at once. The
 * page's code, the current user, the page's data (a server's details, a files page's folder) and
 * the interface language load side by side. English pages show as soon as they can (their texts
 * are in the code); other languages' pages wait for their dictionary, so no text flashes in
 * English first.
 */
export function startPanel(): void {
  const container = document.getElementById('app');
  if (!container) throw new Error('The page has no element with id "app" to mount the panel on.');
  const store = makeStore();
  const persistor = persistStore(store);
  const hasStoredToken = getStoredToken() !== null;
  preloadRoute(window.location.pathname, hasStoredToken);
  takeBrandingFromPage(store.dispatch);
  preloadData(store.dispatch, window.location, hasStoredToken);
  void store.dispatch(startLocale());
  createRoot(container).render(<Panel store={store} persistor={persistor} />);
}

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { persistStore, type Persistor } from 'redux-persist';
import { getStoredToken } from '../api/accessToken';
import { firstNavigation, selectInitialised } from '../core/app/appSlice';
import { selectLocale } from '../core/locale/localeSlice';
import { startLocale } from '../core/locale/startLocale';
import { warmFormatters } from '../i18n/numberFormatter';
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
 * Starts the panel: the store (with the stored preferences), then the app on `#app` once the
 * opened page's data is in the cache (see PAGE_DATA_WAIT_MS). The page's code, the current user,
 * the page's data (a server's details, a files page's folder) and the interface language load
 * side by side. English pages show as soon as they can (their texts are in the code); other
 * languages' pages wait for their dictionary, so no text flashes in English first.
 */
export function startPanel(): void {
  const container = document.getElementById('app');
  if (!container) throw new Error('The page has no element with id "app" to mount the panel on.');
  const store = makeStore();
  const persistor = persistStore(store);
  const hasStoredToken = getStoredToken() !== null;
  preloadRoute(window.location.pathname, hasStoredToken);
  takeBrandingFromPage(store.dispatch);
  const pageData = preloadData(store.dispatch, window.location, hasStoredToken);
  // The session is settled from the current user asked for just above, so that the first render
  // draws the page and not the guards' placeholder.
  store.dispatch(firstNavigation());
  void store.dispatch(startLocale());
  const root = createRoot(container);
  // While the page's data is on its way the thread may be idle: the formatters its figures need are
  // made then, and only then (a page whose data is already there renders first).
  if (pageData.length > 0 && typeof window.requestIdleCallback === 'function') window.requestIdleCallback(() => warmFormatters(selectLocale(store.getState())));
  void settledOrAfter([...pageData, untilInitialised(store)], PAGE_DATA_WAIT_MS).then(() => root.render(<Panel store={store} persistor={persistor} />));
}

/** Resolves once the app is initialised (the session known: see addStartupListeners). */
function untilInitialised(store: AppStore): Promise<void> {
  return new Promise((resolve) => {
    if (selectInitialised(store.getState())) return resolve();
    const unsubscribe = store.subscribe(() => {
      if (!selectInitialised(store.getState())) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * How long the first render waits for the opened page's data. The answers were asked for by the
 * entry (api/earlyRequests) and are usually there once the panel's code has been evaluated; yet
 * taking them into the cache needs a few turns of the event loop, and a render started before
 * would draw the page's placeholder, paint it, and draw the page again: on a slow phone, a few
 * hundred milliseconds of work before the content shows. Meanwhile index.html's first frame
 * stays; a slow answer only holds the first render this long.
 */
const PAGE_DATA_WAIT_MS = 300;

/** Resolves when every promise has settled, or after `ms` at the latest. */
function settledOrAfter(promises: Promise<unknown>[], ms: number): Promise<void> {
  if (promises.length === 0) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    void Promise.allSettled(promises).then(() => {
      clearTimeout(timer);
      resolve();
    });
  });
}

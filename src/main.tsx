import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { persistStore } from 'redux-persist';
import { AppProviders } from './app/AppProviders';
import { AppRouter } from './app/router/AppRouter';
import { makeStore } from './app/store';
import { startLocale } from './core/locale/startLocale';

/**
 * Starts the panel: the store (with the stored preferences), the interface language (loaded
 * before the first render, so no text flashes in another language), then the app on `#app`.
 */
async function main(): Promise<void> {
  const container = document.getElementById('app');
  if (!container) throw new Error('The page has no element with id "app" to mount the panel on.');
  const store = makeStore();
  const persistor = persistStore(store);
  await store.dispatch(startLocale());
  createRoot(container).render(
    <StrictMode>
      <AppProviders store={store} persistor={persistor}>
        <BrowserRouter>
          <AppRouter />
        </BrowserRouter>
      </AppProviders>
    </StrictMode>,
  );
}

void main();

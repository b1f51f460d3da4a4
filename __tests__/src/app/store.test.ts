import { waitFor } from '@testing-library/react';
import { persistStore } from 'redux-persist';
import { makeStore } from '../../../src/app/store';
import { selectThemeName, themeChanged } from '../../../src/core/theme/themeSlice';
import { localeChanged, languagesLoaded } from '../../../src/core/locale/localeSlice';
import { tokenReceived } from '../../../src/core/session/sessionSlice';

afterEach(() => localStorage.clear());

/** redux-persist writes asynchronously; wait until it has flushed. */
async function persistAndFlush(store: ReturnType<typeof makeStore>) {
  const persistor = persistStore(store);
  await new Promise<void>((resolve) => {
    if (persistor.getState().bootstrapped) resolve();
    else persistor.subscribe(() => persistor.getState().bootstrapped && resolve());
  });
  return persistor;
}

describe('makeStore', () => {
  it('holds the slices of the design, starting empty', () => {
    const state = makeStore().getState();
    expect(Object.keys(state).sort()).toEqual(['api', 'app', 'locale', 'notifications', 'router', 'serverSocket', 'session', 'support', 'theme', 'validation']);
    expect(state.session).toEqual({ user: null, status: 'unknown' });
    expect(state.app).toEqual({ initialised: false, loaders: 0 });
    expect(state.validation).toEqual({ errors: {}, form: null });
    expect(state.notifications).toEqual({ items: [] });
    expect(state.theme).toEqual({ name: 'minecraftDefault' });
    expect(state.locale).toEqual({ code: 'en', languages: [], direction: 'ltr' });
    expect(state.api.config).toMatchObject({ refetchOnFocus: false, refetchOnReconnect: false });
  });

  it('starts from preloaded state', () => {
    const store = makeStore({ app: { initialised: true, loaders: 3 } });
    expect(store.getState().app).toEqual({ initialised: true, loaders: 3 });
  });

  it('gives every store its own state', () => {
    const a = makeStore();
    const b = makeStore();
    a.dispatch(themeChanged('arkPremium'));
    expect(selectThemeName(b.getState())).toBe('minecraftDefault');
  });
});

describe('preferences kept across visits', () => {
  it('keeps the theme, and neither the token nor the language, under persist:preferences', async () => {
    const store = makeStore();
    await persistAndFlush(store);
    store.dispatch(languagesLoaded([{ code: 'de', showInSelect: true }]));
    store.dispatch(localeChanged('de'));
    store.dispatch(tokenReceived('tok-secret'));
    store.dispatch(themeChanged('palworldPremium'));
    // redux-persist writes in a later task; on a busy machine that can take longer than a fixed pause.
    await waitFor(() => expect(localStorage.getItem('persist:preferences')).toContain('palworldPremium'));

    const saved = localStorage.getItem('persist:preferences');
    expect(JSON.parse(JSON.parse(saved!).theme)).toEqual({ name: 'palworldPremium' });
    expect(Object.keys(JSON.parse(saved!)).sort()).toEqual(['_persist', 'support', 'theme']);
    expect(saved).not.toContain('tok-secret');
    expect(saved).not.toContain('"de"');
    expect(localStorage.getItem('access_token')).toBe('tok-secret');
    expect(localStorage.getItem('locale')).toBe('de');
  });

  it('restores the theme in the next visit', async () => {
    const first = makeStore();
    await persistAndFlush(first);
    first.dispatch(themeChanged('terrariaPremium'));
    // Written when redux-persist gets to it (later on a busy machine), not at a fixed time.
    await waitFor(() => expect(localStorage.getItem('persist:preferences')).toContain('terrariaPremium'));

    const next = makeStore();
    await persistAndFlush(next);
    expect(selectThemeName(next.getState())).toBe('terrariaPremium');
  });

  it('falls back to the default theme when the stored one does not exist', async () => {
    localStorage.setItem('persist:preferences', JSON.stringify({ theme: JSON.stringify({ name: 'vaporwave' }), _persist: JSON.stringify({ version: 1, rehydrated: true }) }));
    const store = makeStore();
    await persistAndFlush(store);
    expect(selectThemeName(store.getState())).toBe('minecraftDefault');
  });
});

import { act, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import en from '../../../../server/translations/en.json';
import { AppProviders } from '../../../../src/app/AppProviders';
import { AppRouter } from '../../../../src/app/router/AppRouter';
import { lazyPage } from '../../../../src/components/lazyPage';
import { BlankLayout, ConsolePage, DashboardLayout, DashboardPage, LoginPage, ServerLayout } from '../../../../src/app/router/lazyPages';
import { preloadData, takeBrandingFromPage } from '../../../../src/app/router/preloadData';
import { brandingFromPage } from '../../../../src/api/pageBranding';
import { PanelBrand } from '../../../../src/app/layouts/PanelBrand';
import { preloadRoute } from '../../../../src/app/router/preloadRoute';
import { makeStore } from '../../../../src/app/store';
import { useStartedTexts } from '../../../../src/i18n/useStartedTexts';
import { firstNavigation, selectInitialised } from '../../../../src/core/app/appSlice';
import { selectCurrentUser, selectSessionStatus } from '../../../../src/core/session/sessionSlice';
import { makeUser } from '../../helpers/fixtures';
import { mockFetch } from '../../helpers/mockFetch';
import { renderWithProviders } from '../../renderWithProviders';

jest.setTimeout(30_000);
afterEach(() => {
  window.localStorage.clear();
  jest.restoreAllMocks();
});

function Page() {
  return <p>the page</p>;
}

describe('lazyPage', () => {
  it('loads the code once: preloading, then rendering, make one request', async () => {
    const load = jest.fn(() => Promise.resolve({ default: Page }));
    const Lazy = lazyPage(load);
    void Lazy.preload();
    void Lazy.preload();
    render(<Lazy />);
    expect(await screen.findByText('the page')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('asks again after a failed request', async () => {
    const load = jest.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue({ default: Page });
    const Lazy = lazyPage(load);
    await expect(Lazy.preload()).rejects.toThrow('offline');
    render(<Lazy />);
    expect(await screen.findByText('the page')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('preloadRoute', () => {
  const spies = () => ({
    serverLayout: jest.spyOn(ServerLayout, 'preload'),
    console: jest.spyOn(ConsolePage, 'preload'),
    dashboardLayout: jest.spyOn(DashboardLayout, 'preload'),
    dashboard: jest.spyOn(DashboardPage, 'preload'),
    blankLayout: jest.spyOn(BlankLayout, 'preload'),
    login: jest.spyOn(LoginPage, 'preload'),
  });

  it('requests the page the panel opens on and its layout', () => {
    const spy = spies();
    preloadRoute('/server/1a2b3c4d/console', true);
    expect(spy.serverLayout).toHaveBeenCalledTimes(1);
    expect(spy.console).toHaveBeenCalledTimes(1);
    expect(spy.dashboard).not.toHaveBeenCalled();
    expect(spy.login).not.toHaveBeenCalled();
  });

  it('requests the log-in page instead when a visitor without a token opens a page for logged-in users', () => {
    const spy = spies();
    preloadRoute('/', false);
    expect(spy.login).toHaveBeenCalledTimes(1);
    expect(spy.dashboard).not.toHaveBeenCalled();
    expect(spy.dashboardLayout).not.toHaveBeenCalled();
  });

  it('leaves unknown addresses to the router', () => {
    const spy = spies();
    preloadRoute('/no/such/page', true);
    for (const preload of Object.values(spy)) expect(preload).not.toHaveBeenCalled();
  });
});

describe('preloadData', () => {
  const LIST = 'GET /api/v2/servers/1a2b3c4d/files/list';
  const USER = 'GET /api/v2/auth/current';
  const SERVER = 'GET /api/v2/servers/1a2b3c4d';
  const at = (address: string) => new URL(address, 'http://localhost');

  it('asks for the folder of the files page the panel opens on, before anything renders', async () => {
    const network = mockFetch({ [LIST]: { status: 200, body: { data: [] } } });
    preloadData(makeStore().dispatch, at('/server/1a2b3c4d/files?directory=%2Fplugins'), true);
    await waitFor(() => expect(network.requestsTo(LIST)).toHaveLength(1));
    expect(network.requestsTo(LIST)[0].query.get('directory')).toBe('/plugins');
  });

  it('asks for no folder for a file in the editor, a search or another page', async () => {
    const network = mockFetch({ [LIST]: { status: 200, body: { data: [] } } });
    const store = makeStore();
    preloadData(store.dispatch, at('/server/1a2b3c4d/files?file=%2Fserver.properties'), true);
    preloadData(store.dispatch, at('/server/1a2b3c4d/files?search=world'), true);
    preloadData(store.dispatch, at('/server/1a2b3c4d/console'), true);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(network.requestsTo(LIST)).toHaveLength(0);
  });

  it('asks for nothing without a stored token', async () => {
    const network = mockFetch({});
    preloadData(makeStore().dispatch, at('/server/1a2b3c4d/files'), false);
    preloadData(makeStore().dispatch, at('/'), false);
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(network.requests).toHaveLength(0);
  });

  it('asks for the current user and the server’s details on a server’s page, once each', async () => {
    const network = mockFetch({ [USER]: { status: 200, body: { data: { user: makeUser() } } }, [SERVER]: { status: 200, body: { data: {} } } });
    window.localStorage.setItem('access_token', 'tok-valid');
    const store = makeStore();
    preloadData(store.dispatch, at('/server/1a2b3c4d'), true);
    preloadData(store.dispatch, at('/server/1a2b3c4d/console'), true);
    await waitFor(() => expect(network.requestsTo(SERVER)).toHaveLength(1));
    expect(network.requestsTo(USER)).toHaveLength(1);
    expect(network.requestsTo('GET /api/v2/servers/')).toHaveLength(0);
  });

  it('asks for the server list on the dashboard', async () => {
    const network = mockFetch({ 'GET /api/v2/servers/': { status: 200, body: { data: [] } }, [USER]: { status: 200, body: { data: { user: makeUser() } } } });
    window.localStorage.setItem('access_token', 'tok-valid');
    preloadData(makeStore().dispatch, at('/'), true);
    await waitFor(() => expect(network.requestsTo('GET /api/v2/servers/')).toHaveLength(1));
  });

  it('answers one promise per request, each settled once its answer is in the cache (the first render waits for them)', async () => {
    mockFetch({ 'GET /api/v2/servers/': { status: 200, body: { data: [{ identifier: 'abcd1234' }] } }, [USER]: { status: 200, body: { data: { user: makeUser() } } } });
    window.localStorage.setItem('access_token', 'tok-valid');
    const store = makeStore();
    const asked = preloadData(store.dispatch, at('/'), true);
    expect(asked).toHaveLength(2);
    const list = () => Object.values(store.getState().api.queries).find((query) => query?.endpointName === 'listServers');
    expect(list()?.status).toBe('pending');
    await act(() => Promise.all(asked));
    expect(list()?.status).toBe('fulfilled');
    expect(list()?.data).toEqual({ data: [{ identifier: 'abcd1234' }] });
    expect(preloadData(makeStore().dispatch, at('/'), false)).toEqual([]);
  });

  it('lets the first navigation take the start-up answer: one request for the current user, then a session', async () => {
    const network = mockFetch({ [USER]: { status: 200, body: { data: { user: makeUser({ username: 'early' }) } } }, [SERVER]: { status: 200, body: { data: {} } } });
    window.localStorage.setItem('access_token', 'tok-valid');
    const store = makeStore();
    preloadData(store.dispatch, at('/server/1a2b3c4d'), true);
    expect(selectSessionStatus(store.getState())).toBe('unknown');
    await waitFor(() => expect(network.requestsTo(USER)).toHaveLength(1));
    await act(() => new Promise((resolve) => setTimeout(resolve, 20)));
    expect(selectSessionStatus(store.getState())).toBe('unknown');
    store.dispatch(firstNavigation());
    await waitFor(() => expect(selectInitialised(store.getState())).toBe(true));
    expect(selectSessionStatus(store.getState())).toBe('authenticated');
    expect(selectCurrentUser(store.getState())?.username).toBe('early');
    expect(network.requestsTo(USER)).toHaveLength(1);
  });
});

/** The whole app as app/startPanel.tsx starts it, with `texts` as the panel’s i18next instance. */
function StartedPanel({ store, texts }: { store: ReturnType<typeof makeStore>; texts: typeof i18next }) {
  return (
    <AppProviders store={store} i18n={useStartedTexts(texts)}>
      <MemoryRouter initialEntries={['/login']}>
        <AppRouter />
      </MemoryRouter>
    </AppProviders>
  );
}

const startTexts = (texts: typeof i18next, lng: string) =>
  texts.use(initReactI18next).init({
    lng,
    fallbackLng: 'en',
    resources: { en: { translation: en }, de: { translation: { auth: { login: { title: 'Anmelden' } } } } },
    interpolation: { escapeValue: false },
    react: { useSuspense: false },
  });

describe('start-up', () => {
  it('shows an English page with the texts in the code, before the dictionary is there', async () => {
    mockFetch({});
    const texts = i18next.createInstance();
    render(<StartedPanel store={makeStore()} texts={texts} />);
    expect(await screen.findByRole('heading', { name: 'Log in' })).toBeInTheDocument();
    expect(texts.isInitialized).toBeFalsy();
  });

  it('loads the current user while another language’s dictionary loads, and shows the page only with it', async () => {
    // A stored token the server no longer accepts: the visitor stays on the log-in page.
    window.localStorage.setItem('access_token', 'expired-token');
    const fetch = mockFetch({ 'GET /api/v2/auth/current': { status: 401, body: { message: 'Unauthenticated.' } } });
    const texts = i18next.createInstance();
    render(<StartedPanel store={makeStore({ locale: { code: 'de', languages: [{ code: 'de', showInSelect: true }], direction: 'ltr' } })} texts={texts} />);
    await waitFor(() => expect(fetch.requestsTo('GET /api/v2/auth/current')).toHaveLength(1));
    expect(screen.getByRole('status', { name: 'Loading page' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Log in' })).not.toBeInTheDocument();

    await act(async () => {
      await startTexts(texts, 'de');
    });
    expect(await screen.findByRole('heading', { name: 'Anmelden' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Log in' })).not.toBeInTheDocument();
  });
});

/** A page whose head carries `content` in the branding's meta element, as the panel server writes it. */
function pageWith(content: string): Document {
  const page = document.implementation.createHTMLDocument('panel');
  const meta = page.createElement('meta');
  meta.setAttribute('name', 'panel-branding');
  meta.setAttribute('content', content);
  page.head.append(meta);
  return page;
}

describe('the branding index.html carries', () => {
  it('is read from the page', () => {
    expect(brandingFromPage(pageWith('{"brand_name":"Blockhost","brand_logo_url":"/logo.png","signup_open":false,"other":1}'))).toEqual({
      brand_name: 'Blockhost',
      brand_logo_url: '/logo.png',
      signup_open: false,
    });
  });

  it('is nothing when the page has none, or none of the expected shape', () => {
    expect(brandingFromPage(document.implementation.createHTMLDocument('panel'))).toBeNull();
    expect(brandingFromPage(pageWith(''))).toBeNull();
    expect(brandingFromPage(pageWith('{"brand_name":'))).toBeNull();
    expect(brandingFromPage(pageWith('{"brand_name":3,"brand_logo_url":null,"signup_open":true}'))).toBeNull();
    expect(brandingFromPage(pageWith('null'))).toBeNull();
  });

  it("shows the host's brand without asking the API for it", async () => {
    const fetch = mockFetch({ 'GET /api/v2/panel/branding': { status: 200, body: { brand_name: 'Asked for', brand_logo_url: null, signup_open: true } } });
    const store = makeStore();
    takeBrandingFromPage(store.dispatch, pageWith('{"brand_name":"Blockhost","brand_logo_url":null,"signup_open":true}'));
    renderWithProviders(<PanelBrand />, { store });
    expect(await screen.findByText('Blockhost')).toBeInTheDocument();
    expect(fetch.requests.filter((request) => request.path === '/api/v2/panel/branding')).toEqual([]);
  });

  it('is asked for when the page carries none', async () => {
    const fetch = mockFetch({ 'GET /api/v2/panel/branding': { status: 200, body: { brand_name: 'Asked for', brand_logo_url: null, signup_open: true } } });
    const store = makeStore();
    takeBrandingFromPage(store.dispatch, document.implementation.createHTMLDocument('panel'));
    renderWithProviders(<PanelBrand />, { store });
    expect(await screen.findByText('Asked for')).toBeInTheDocument();
    expect(fetch.requests.filter((request) => request.path === '/api/v2/panel/branding')).toHaveLength(1);
  });
});

import { jsonResponse, mockFetch, type FetchMock, type RecordedRequest } from '../../helpers/mockFetch';

type Modules = {
  store: typeof import('../../../../src/app/store');
  startLocale: typeof import('../../../../src/core/locale/startLocale');
  localeSlice: typeof import('../../../../src/core/locale/localeSlice');
  i18n: typeof import('../../../../src/i18n/i18n');
  early: typeof import('../../../../src/api/earlyRequests');
};

/** Fresh copies of the modules, so every test starts its own i18next instance. */
async function load(): Promise<Modules> {
  let modules!: Modules;
  await jest.isolateModulesAsync(async () => {
    modules = {
      store: await import('../../../../src/app/store'),
      startLocale: await import('../../../../src/core/locale/startLocale'),
      localeSlice: await import('../../../../src/core/locale/localeSlice'),
      i18n: await import('../../../../src/i18n/i18n'),
      early: await import('../../../../src/api/earlyRequests'),
    };
  });
  return modules;
}

const languages = [
  { code: 'en', showInSelect: true },
  { code: 'de', showInSelect: true },
  { code: 'ar', showInSelect: true },
  { code: 'nl', showInSelect: false },
];
const dictionaries: Record<string, unknown> = {
  en: { auth: { login: { title: 'Log in' } } },
  de: { auth: { login: { title: 'Anmelden' } } },
  ar: { auth: { login: { title: 'تسجيل الدخول' } } },
  nl: { auth: { login: { title: 'Inloggen' } } },
};

/** The translation service: the list, and each dictionary by code. */
function translationService(request: RecordedRequest): Response {
  const url = new URL(request.url, 'http://panel.test');
  if (url.pathname === '/api/languagelist') return jsonResponse(200, languages);
  const code = url.searchParams.get('code') ?? '';
  if (url.pathname === '/api/language' && url.searchParams.get('ns') === 'translation' && dictionaries[code]) return jsonResponse(200, dictionaries[code]);
  return jsonResponse(404, { message: `Unknown language "${code}"` });
}

const languageRequests = (fetchMock: FetchMock) =>
  fetchMock.requests
    .map((r) => r.url)
    .filter((url) => url.startsWith('/api/language?'))
    .sort();

let fetchMock: FetchMock;
let warn: jest.SpyInstance;
/** Console warnings about the locale: Redux Toolkit's development checks also warn when a busy machine makes them slow. */
const localeWarnings = () => warn.mock.calls.filter(([message]) => !/Middleware took \d+ms/.test(String(message)));
beforeEach(() => {
  warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  fetchMock?.restore();
  warn.mockRestore();
  localStorage.clear();
  delete process.env.TRANSLATIONS_HOST;
});

describe('starting the interface language', () => {
  it('loads English by default from the translation service', async () => {
    fetchMock = mockFetch(translationService);
    const m = await load();
    const store = m.store.makeStore();
    await store.dispatch(m.startLocale.startLocale());

    expect(fetchMock.requests[0].url).toBe('/api/languagelist');
    expect(languageRequests(fetchMock)).toEqual(['/api/language?code=en&ns=translation']);
    expect(m.i18n.i18n.t('auth.login.title', 'Log in (default)')).toBe('Log in');
    expect(document.documentElement.lang).toBe('en');
    expect(localeWarnings()).toEqual([]);
  });

  it('loads the stored language, with English as the fallback', async () => {
    localStorage.setItem('locale', 'de');
    fetchMock = mockFetch(translationService);
    const m = await load();
    const store = m.store.makeStore();
    await store.dispatch(m.startLocale.startLocale());

    expect(languageRequests(fetchMock)).toEqual(['/api/language?code=de&ns=translation', '/api/language?code=en&ns=translation']);
    expect(m.i18n.i18n.language).toBe('de');
    expect(m.i18n.translate('auth.login.title', 'Log in')).toBe('Anmelden');
    expect(m.i18n.i18n.t('auth.missing', 'English default')).toBe('English default');
  });

  it('offers and loads only the languages with showInSelect: a stored one that is not only warns', async () => {
    localStorage.setItem('locale', 'nl');
    fetchMock = mockFetch(translationService);
    const m = await load();
    const store = m.store.makeStore();
    await store.dispatch(m.startLocale.startLocale());

    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Unsupported locale "nl"'));
    expect(languageRequests(fetchMock)).toEqual(['/api/language?code=en&ns=translation']);
    expect(m.localeSlice.selectLocale(store.getState())).toBe('en');
    expect(m.localeSlice.selectLanguages(store.getState()).map((l) => l.code)).toEqual(['en', 'de', 'ar']);
    // The choice itself stays stored; only nothing is loaded for it.
    expect(localStorage.getItem('locale')).toBe('nl');
  });

  it('stays in English when the language list cannot be loaded', async () => {
    localStorage.setItem('locale', 'de');
    fetchMock = mockFetch((request) => (request.url === '/api/languagelist' ? jsonResponse(503, { message: 'down' }) : translationService(request)));
    const m = await load();
    const store = m.store.makeStore();
    await store.dispatch(m.startLocale.startLocale());

    expect(m.localeSlice.selectLocale(store.getState())).toBe('en');
    expect(languageRequests(fetchMock)).toEqual(['/api/language?code=en&ns=translation']);
    expect(warn).toHaveBeenCalled();
  });

  it('starts right to left for a stored Arabic choice', async () => {
    localStorage.setItem('locale', 'ar');
    fetchMock = mockFetch(translationService);
    const m = await load();
    await m.store.makeStore().dispatch(m.startLocale.startLocale());
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe('ar');
    expect(m.i18n.i18n.t('auth.login.title', 'Log in')).toBe('تسجيل الدخول');
  });

  it('uses the configured translation host', async () => {
    process.env.TRANSLATIONS_HOST = 'https://translations.example.com/';
    localStorage.setItem('locale', 'de');
    fetchMock = mockFetch((request) => translationService({ ...request, url: request.url.replace('https://translations.example.com', '') }));
    const m = await load();
    await m.store.makeStore().dispatch(m.startLocale.startLocale());
    expect(fetchMock.requests.map((r) => r.url).sort()).toEqual([
      'https://translations.example.com/api/language?code=de&ns=translation',
      'https://translations.example.com/api/language?code=en&ns=translation',
      'https://translations.example.com/api/languagelist',
    ]);
  });
});

describe('the translation requests the entry sends before the panel’s code runs', () => {
  it('are the language list and the English dictionary, which start-up takes without asking again', async () => {
    fetchMock = mockFetch(translationService);
    const m = await load();
    m.early.startEarlyTranslationRequests();
    expect(fetchMock.requests.map((r) => r.url).sort()).toEqual(['/api/language?code=en&ns=translation', '/api/languagelist']);

    await m.store.makeStore().dispatch(m.startLocale.startLocale());
    expect(fetchMock.requests).toHaveLength(2);
    expect(m.i18n.i18n.t('auth.login.title', 'Log in (default)')).toBe('Log in');
    m.early.forgetEarlyRequests();
  });

  it('leave another language’s dictionary to start-up, once the list allows it; English is taken as its fallback', async () => {
    localStorage.setItem('locale', 'de');
    fetchMock = mockFetch(translationService);
    const m = await load();
    m.early.startEarlyTranslationRequests();
    expect(languageRequests(fetchMock)).toEqual(['/api/language?code=en&ns=translation']);

    await m.store.makeStore().dispatch(m.startLocale.startLocale());
    expect(languageRequests(fetchMock)).toEqual(['/api/language?code=de&ns=translation', '/api/language?code=en&ns=translation']);
    expect(fetchMock.requests.filter((r) => r.url === '/api/languagelist')).toHaveLength(1);
    expect(m.i18n.translate('auth.login.title', 'Log in')).toBe('Anmelden');
    m.early.forgetEarlyRequests();
  });

  it('never load an unsupported stored language: only the list and English go early', async () => {
    localStorage.setItem('locale', 'nl');
    fetchMock = mockFetch(translationService);
    const m = await load();
    m.early.startEarlyTranslationRequests();
    await m.store.makeStore().dispatch(m.startLocale.startLocale());
    expect(languageRequests(fetchMock)).toEqual(['/api/language?code=en&ns=translation']);
    m.early.forgetEarlyRequests();
  });
});

describe('changing the language after start', () => {
  it('loads the new language and switches the texts', async () => {
    fetchMock = mockFetch(translationService);
    const m = await load();
    const store = m.store.makeStore();
    await store.dispatch(m.startLocale.startLocale());

    store.dispatch(m.localeSlice.localeChanged('de'));
    await new Promise<void>((resolve) => m.i18n.i18n.on('languageChanged', () => resolve()));

    expect(languageRequests(fetchMock)).toContain('/api/language?code=de&ns=translation');
    expect(m.i18n.i18n.t('auth.login.title', 'Log in')).toBe('Anmelden');
    expect(localStorage.getItem('locale')).toBe('de');
  });

  it('loads nothing for an unsupported code and only warns', async () => {
    fetchMock = mockFetch(translationService);
    const m = await load();
    const store = m.store.makeStore();
    await store.dispatch(m.startLocale.startLocale());
    const requestsBefore = fetchMock.requests.length;

    store.dispatch(m.localeSlice.localeChanged('nl'));
    await new Promise((resolve) => setTimeout(resolve, 20));

    expect(fetchMock.requests).toHaveLength(requestsBefore);
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('Unsupported locale "nl"'));
    expect(m.i18n.i18n.language).toBe('en');
    expect(m.localeSlice.selectLocale(store.getState())).toBe('en');
  });

  it('translate() answers with the English default before i18next has started', async () => {
    const m = await load();
    expect(m.i18n.translate('notifications.errorTitle', 'Error')).toBe('Error');
  });
});

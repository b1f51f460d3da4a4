import { makeStore } from '../../../../src/app/store';
import { languagesLoaded, localeChanged, selectDirection, selectLocale } from '../../../../src/core/locale/localeSlice';
import { mockFetch, jsonResponse, type FetchMock } from '../../helpers/mockFetch';

let fetchMock: FetchMock;
let warn: jest.SpyInstance;
/** Console warnings about the locale: Redux Toolkit's development checks also warn when a busy machine makes them slow. */
const localeWarnings = () => warn.mock.calls.filter(([message]) => !/Middleware took \d+ms/.test(String(message)));
beforeEach(() => {
  fetchMock = mockFetch(() => jsonResponse(404, { message: 'unexpected request' }));
  warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  document.documentElement.lang = 'en';
  document.documentElement.dir = 'ltr';
});
afterEach(() => {
  fetchMock.restore();
  warn.mockRestore();
  localStorage.clear();
});

const list = [
  { code: 'en', showInSelect: true },
  { code: 'de', showInSelect: true },
  { code: 'ar', showInSelect: true },
  { code: 'fa', showInSelect: true },
  { code: 'he', showInSelect: true },
  { code: 'nl', showInSelect: false },
];

function storeWithLanguages() {
  const store = makeStore();
  store.dispatch(languagesLoaded(list));
  return store;
}

describe('changing the language', () => {
  it('keeps the choice under exactly `locale` and sets <html lang dir>', () => {
    const store = storeWithLanguages();
    store.dispatch(localeChanged('de'));
    expect(localStorage.getItem('locale')).toBe('de');
    expect(Object.keys(localStorage)).toEqual(['locale']);
    expect(document.documentElement.lang).toBe('de');
    expect(document.documentElement.dir).toBe('ltr');
    expect(localeWarnings()).toEqual([]);
  });

  it.each(['ar', 'fa', 'he'])('switches the page to right-to-left for %s', (code) => {
    const store = storeWithLanguages();
    store.dispatch(localeChanged(code));
    expect(selectDirection(store.getState())).toBe('rtl');
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.lang).toBe(code);
  });

  it('switches back to left-to-right', () => {
    const store = storeWithLanguages();
    store.dispatch(localeChanged('ar'));
    store.dispatch(localeChanged('en'));
    expect(document.documentElement.dir).toBe('ltr');
  });

  it.each(['nl', 'xx'])('an unsupported code (%s) only logs a console warning', async (code) => {
    const store = storeWithLanguages();
    store.dispatch(localeChanged('de'));
    const before = store.getState();

    store.dispatch(localeChanged(code));
    await new Promise((resolve) => setTimeout(resolve, 0));

    expect(localeWarnings()).toHaveLength(1);
    expect(localeWarnings()[0][0]).toContain(`"${code}"`);
    expect(store.getState().locale).toBe(before.locale);
    expect(selectLocale(store.getState())).toBe('de');
    expect(localStorage.getItem('locale')).toBe('de');
    expect(document.documentElement.lang).toBe('de');
    expect(fetchMock.requests).toEqual([]);
  });
});

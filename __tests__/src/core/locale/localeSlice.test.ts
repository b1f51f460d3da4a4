import { languageListFailed, languagesLoaded, localeChanged, localeSlice, selectDirection, selectLanguages, selectLocale, type LocaleState } from '../../../../src/core/locale/localeSlice';

const reduce = (state: LocaleState | undefined, action: Parameters<typeof localeSlice.reducer>[1]) => localeSlice.reducer(state, action);
const root = (locale: LocaleState) => ({ locale });

const list = [
  { code: 'en', showInSelect: true },
  { code: 'de', showInSelect: true },
  { code: 'ar', showInSelect: true },
  { code: 'fa', showInSelect: true },
  { code: 'he', showInSelect: true },
  { code: 'nl', showInSelect: false },
];

afterEach(() => localStorage.clear());

describe('the locale slice', () => {
  it('starts with English when nothing is stored', () => {
    expect(reduce(undefined, { type: 'init' })).toEqual({ code: 'en', languages: [], direction: 'ltr' });
  });

  it('starts with the language stored under `locale`', () => {
    localStorage.setItem('locale', 'he');
    expect(reduce(undefined, { type: 'init' })).toEqual({ code: 'he', languages: [], direction: 'rtl' });
  });

  it('offers only the languages with showInSelect', () => {
    const state = reduce(undefined, languagesLoaded(list));
    expect(selectLanguages(root(state)).map((l) => l.code)).toEqual(['en', 'de', 'ar', 'fa', 'he']);
  });

  it('changes to an offered language', () => {
    const state = reduce(reduce(undefined, languagesLoaded(list)), localeChanged('de'));
    expect(selectLocale(root(state))).toBe('de');
    expect(selectDirection(root(state))).toBe('ltr');
  });

  it.each(['ar', 'fa', 'he'])('writes %s right to left', (code) => {
    const state = reduce(reduce(undefined, languagesLoaded(list)), localeChanged(code));
    expect(selectDirection(root(state))).toBe('rtl');
  });

  it.each(['nl', 'xx', ''])('ignores an unsupported code (%j): no state change at all', (code) => {
    const before = reduce(reduce(undefined, languagesLoaded(list)), localeChanged('de'));
    expect(reduce(before, localeChanged(code))).toBe(before);
  });

  it('falls back to English when the stored language is not offered', () => {
    localStorage.setItem('locale', 'nl');
    const state = reduce(undefined, languagesLoaded(list));
    expect(state).toMatchObject({ code: 'en', direction: 'ltr' });
  });

  it('keeps a stored language the list offers', () => {
    localStorage.setItem('locale', 'ar');
    expect(reduce(undefined, languagesLoaded(list))).toMatchObject({ code: 'ar', direction: 'rtl' });
  });

  it('uses English when the list cannot be loaded', () => {
    localStorage.setItem('locale', 'de');
    expect(reduce(undefined, languageListFailed())).toMatchObject({ code: 'en', direction: 'ltr' });
  });
});

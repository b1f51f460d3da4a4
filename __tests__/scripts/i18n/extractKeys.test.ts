import { extractKeys } from '../../../scripts/i18n/extractKeys';
import { buildDictionary, serialise } from '../../../scripts/i18n/dictionaries';
import { parseSource } from '../../../scripts/i18n/sourceFiles';

const extract = (text: string, path = 'src/features/x/X.tsx') => extractKeys([parseSource(path, text)]);

describe('extractKeys', () => {
  it('collects keys with their English defaults from t(), translate(), i18n.t and options objects', () => {
    const { keys, problems } = extract(`
      const a = t('auth.login.title', 'Log in');
      const b = i18n.t('errors.unknown', 'Unknown error');
      const e = translate('notifications.title', 'Error');
      const c = t('servers.count', { count: n, defaultValue_one: '{{count}} server', defaultValue_other: '{{count}} servers' });
      const d = t('auth.login.submit', { defaultValue: 'Continue' });
    `);
    expect(problems).toEqual([]);
    expect(Object.fromEntries([...keys].map(([k, v]) => [k, v.value]))).toEqual({
      'auth.login.title': 'Log in',
      'errors.unknown': 'Unknown error',
      'notifications.title': 'Error',
      'servers.count_one': '{{count}} server',
      'servers.count_other': '{{count}} servers',
      'auth.login.submit': 'Continue',
    });
  });

  it('reads <Trans i18nKey> with a defaults prop or plain-text children', () => {
    const { keys, problems } = extract(`
      const A = () => <Trans i18nKey="home.welcome" defaults="Welcome, <b>{{name}}</b>" values={{ name }} />;
      const B = () => <Trans i18nKey="home.empty">
        You have no servers yet.
      </Trans>;
    `);
    expect(problems).toEqual([]);
    expect(keys.get('home.welcome')?.value).toBe('Welcome, <b>{{name}}</b>');
    expect(keys.get('home.empty')?.value).toBe('You have no servers yet.');
  });

  it('reports dynamic keys, missing defaults, malformed keys and conflicting defaults with their place', () => {
    const { problems } = extract([`t(name, 'x');`, `t('auth.title');`, `t('Log in now', 'Log in now');`, `t('a.b', 'One');`, `t('a.b', 'Two');`].join('\n'), 'src/app/x.ts');
    expect(problems).toHaveLength(4);
    expect(problems[0]).toMatch(/^src\/app\/x\.ts:1: translation key is not a string literal/);
    expect(problems[1]).toMatch(/:2: t\('auth\.title'\) has no English default/);
    expect(problems[2]).toMatch(/:3: "Log in now" is not a key like "area\.element"/);
    expect(problems[3]).toMatch(/:5: "a\.b" has the default "Two" here but "One" at src\/app\/x\.ts:4/);
  });

  it('skips a call marked with i18n-ignore', () => {
    const { keys, problems } = extract(`// i18n-ignore\nconst label = t(dynamicKey);`);
    expect(problems).toEqual([]);
    expect(keys.size).toBe(0);
  });
});

describe('buildDictionary', () => {
  it('nests keys by their dots with sorted keys at every level', () => {
    const { keys } = extract(`t('b.z', 'Z'); t('b.a', 'A'); t('a', 'First');`);
    const { dictionary, problems } = buildDictionary(keys);
    expect(problems).toEqual([]);
    expect(serialise(dictionary)).toBe('{\n  "a": "First",\n  "b": {\n    "a": "A",\n    "z": "Z"\n  }\n}\n');
  });

  it('reports a key that is both a text and a group', () => {
    const { keys } = extract(`t('menu', 'Menu'); t('menu.open', 'Open');`);
    expect(buildDictionary(keys).problems).toEqual([expect.stringMatching(/"menu\.open" is both a text and a group/)]);
  });
});

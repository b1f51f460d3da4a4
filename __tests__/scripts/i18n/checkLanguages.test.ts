import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { checkLanguages } from '../../../scripts/i18n/checkLanguages';
import { flatten } from '../../../scripts/i18n/dictionaries';

const english = { auth: { title: 'Log in', hello: 'Hello {{name}}' }, servers: { count_one: '{{count}} server', count_other: '{{count}} servers' } };

describe('checkLanguages', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'i18n-check-'));
    writeFileSync(join(dir, 'en.json'), JSON.stringify(english));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  const write = (code: string, value: unknown) => writeFileSync(join(dir, `${code}.json`), JSON.stringify(value));
  const check = () => checkLanguages(dir, flatten(english));

  it('accepts a complete translation with the plural forms of its own language', () => {
    write('de', { auth: { title: 'Anmelden', hello: 'Hallo {{name}}' }, servers: { count_one: '{{count}} Server', count_other: '{{count}} Server' } });
    write('ar', {
      auth: { title: 'تسجيل الدخول', hello: 'مرحبا {{name}}' },
      servers: { count_zero: 'لا خوادم', count_one: 'خادم واحد', count_two: 'خادمان', count_few: '{{count}} خوادم', count_many: '{{count}} خادمًا', count_other: '{{count}} خادم' },
    });
    expect(check()).toEqual([]);
  });

  it('reports missing and extra keys, empty texts and unknown placeholders', () => {
    write('nl', { auth: { title: '', hello: 'Hallo {{user}}', extra: 'x' }, servers: { count_one: '{{count}} server' } });
    const problems = check();
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^nl\.json: missing 1 key\(s\): servers\.count_other$/),
        expect.stringMatching(/^nl\.json: 1 key\(s\) English does not have: auth\.extra$/),
        'nl.json: "auth.title" is empty or not a string',
        'nl.json: "auth.hello" uses {{user}} which the English text does not have',
      ]),
    );
    expect(problems).toHaveLength(4);
  });

  it('ignores JSON files not named by a language code and wants a dictionary for every listed language', () => {
    write('de', { auth: { title: 'Anmelden', hello: 'Hallo {{name}}' }, servers: { count_one: '{{count}} Server', count_other: '{{count}} Server' } });
    write('languages', [
      { code: 'en', showInSelect: true },
      { code: 'de', showInSelect: true },
      { code: 'he', showInSelect: true },
    ]);
    expect(check()).toEqual(['languages.json lists "he" but there is no he.json']);
  });

  it('reports a file that is not JSON', () => {
    writeFileSync(join(dir, 'he.json'), '{ nope');
    expect(check()).toEqual([expect.stringMatching(/^he\.json: not valid JSON/)]);
  });
});

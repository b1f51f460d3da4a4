import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { mailLanguage } from '../../../../server/src/services/mail/mailTranslator';
import { TranslationStore } from '../../../../server/src/services/translations/translationStore';

function storeWith(dictionaries: Record<string, unknown>): TranslationStore {
  const dir = mkdtempSync(join(tmpdir(), 'mail-language-'));
  writeFileSync(join(dir, 'languages.json'), JSON.stringify(Object.keys(dictionaries).map((code) => ({ code, showInSelect: true }))));
  for (const [code, dictionary] of Object.entries(dictionaries)) writeFileSync(join(dir, `${code}.json`), JSON.stringify(dictionary));
  return new TranslationStore(dir);
}

describe('the language of a mail', () => {
  const store = storeWith({ en: {}, de: { mail: { hello: 'Hallo {{name}}, {{name}}!' } } });

  it('uses the dictionary of the language, filling in every placeholder', async () => {
    const { t, language } = await mailLanguage('de', store);
    expect(language).toBe('de');
    expect(t('mail.hello', 'Hello {{name}}', { name: 'Ana' })).toBe('Hallo Ana, Ana!');
  });

  it('falls back to the English default for a key the language lacks, and for an unknown language', async () => {
    expect((await mailLanguage('de', store)).t('mail.other', 'Other {{x}}', { x: '1' })).toBe('Other 1');
    const unknown = await mailLanguage('xx', store);
    expect(unknown.language).toBe('en');
    expect(unknown.t('mail.hello', 'Hello {{name}}', { name: 'Ana' })).toBe('Hello Ana');
  });

  it('leaves a placeholder without a value as written, never "undefined"', async () => {
    expect((await mailLanguage('en', store)).t('mail.x', 'Hi {{who}}')).toBe('Hi {{who}}');
  });
});

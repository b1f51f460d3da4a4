import languages from '../../../../server/translations/languages.json';
import { cronExpression, describeCron, type CronParts } from '../../../../src/features/schedules/cronDescription';
import { cronLocale, isCronLocaleReady, loadCronLocale } from '../../../../src/features/schedules/cronLocales';

const weekly: CronParts = { minute: '0', hour: '4', day_of_month: '*', month: '*', day_of_week: '1' };

describe('describeCron', () => {
  it('describes in English with nothing to load', () => {
    expect(isCronLocaleReady('en')).toBe(true);
    expect(describeCron(weekly, 'en')).toBe('At 04:00, only on Monday');
  });

  it('describes in the user’s language once its words are loaded', async () => {
    expect(isCronLocaleReady('de')).toBe(false);
    await loadCronLocale('de');
    expect(isCronLocaleReady('de')).toBe(true);
    expect(describeCron(weekly, 'de')).toBe('Um 04:00, nur jeden Montag');
    expect(describeCron(weekly, 'de-AT')).toBe('Um 04:00, nur jeden Montag');
  });

  it('falls back to English, without a warning, for words not loaded', () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(describeCron(weekly, 'fr')).toBe('At 04:00, only on Monday');
    expect(warn).not.toHaveBeenCalled();
    warn.mockRestore();
  });

  it('gives null for fields that do not parse, and reads empty fields as *', () => {
    expect(describeCron({ ...weekly, hour: '25' }, 'en')).toBeNull();
    expect(cronExpression({ ...weekly, month: ' ' })).toBe('0 4 * * 1');
  });

  it('has words for every language the panel offers', async () => {
    const codes = languages.map((language) => language.code).filter((code) => code !== 'en');
    expect(codes.length).toBeGreaterThan(10);
    for (const code of codes) {
      expect(cronLocale(code)).not.toBe('en');
      await loadCronLocale(code);
      expect(isCronLocaleReady(code)).toBe(true);
    }
    expect(cronLocale('pt')).toBe('pt_BR');
    expect(cronLocale('zh')).toBe('zh_CN');
    expect(describeCron(weekly, 'pt')).toBe('Às 04:00, somente de segunda-feira');
  });
});

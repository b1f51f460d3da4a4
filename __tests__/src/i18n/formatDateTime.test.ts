import { formatDateTime } from '../../../src/i18n/formatDateTime';

const afternoon = '2026-03-04T15:07:00';

describe('formatDateTime', () => {
  it('uses 24 hours when the account says 24 (the default), even in a language that uses am/pm', () => {
    expect(formatDateTime(afternoon, 'en-US', 24)).toMatch(/15:07/);
    expect(formatDateTime(afternoon, 'en-US', undefined)).toMatch(/15:07/);
    expect(formatDateTime(afternoon, 'en-US', 24)).not.toMatch(/PM/i);
  });

  it('uses 12 hours when the account says 12, even in a language that uses 24', () => {
    expect(formatDateTime(afternoon, 'de', 12)).toMatch(/3:07/);
    expect(formatDateTime(afternoon, 'de', 12)).not.toMatch(/15:07/);
  });

  it('shows the date alone without a time, and the time alone without a date', () => {
    expect(formatDateTime(afternoon, 'en-US', 24, 'date')).toMatch(/Mar 4, 2026/);
    expect(formatDateTime(afternoon, 'en-US', 24, 'date')).not.toMatch(/15|07/);
    expect(formatDateTime(afternoon, 'en-US', 12, 'time')).toMatch(/^3:07\sPM$/);
  });

  it('shows text that is not a date as it is', () => {
    expect(formatDateTime('soon', 'en', 24)).toBe('soon');
  });
});

import { dateTimeFormatter } from '../../../src/i18n/formatDateTime';
import { numberFormatter, warmFormatters } from '../../../src/i18n/numberFormatter';

afterEach(() => jest.restoreAllMocks());

describe('numberFormatter', () => {
  it('makes one formatter per language and precision, and keeps it', () => {
    expect(numberFormatter('de', 1)).toBe(numberFormatter('de', 1));
    expect(numberFormatter('de', 1)).not.toBe(numberFormatter('de', 0));
    expect(numberFormatter('de', 1).format(1234.56)).toBe('1.234,6');
  });
});

describe('warmFormatters', () => {
  it('makes the first pages’ number and date formatters ahead, so their render makes none', () => {
    warmFormatters('nl');
    const numbers = jest.spyOn(Intl, 'NumberFormat');
    const dates = jest.spyOn(Intl, 'DateTimeFormat');
    numberFormatter('nl', 0);
    numberFormatter('nl', 1);
    dateTimeFormatter('nl', undefined);
    expect(numbers).not.toHaveBeenCalled();
    expect(dates).not.toHaveBeenCalled();
    numberFormatter('nl', 2);
    expect(numbers).toHaveBeenCalledTimes(1);
  });
});

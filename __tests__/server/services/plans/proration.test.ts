import { prorate } from '../../../../server/src/services/plans/proration';

describe('proration: the price difference for the days left in the calendar month, today included', () => {
  it('charges the whole difference on the first day and one day’s share on the last', () => {
    expect(prorate(600, 1800, new Date('2026-11-01T10:00:00Z'))).toEqual({ amountDue: 1200, remainingDays: 30, periodDays: 30, periodEnd: '2026-12-01' });
    expect(prorate(600, 1800, new Date('2026-11-30T23:59:00Z'))).toEqual({ amountDue: 40, remainingDays: 1, periodDays: 30, periodEnd: '2026-12-01' });
  });

  it('rounds to the nearest minor unit and knows month lengths (February, leap years)', () => {
    // 1200 × 10 / 31 = 387.09…
    expect(prorate(600, 1800, new Date('2026-12-22T00:00:00Z')).amountDue).toBe(387);
    expect(prorate(0, 1000, new Date('2028-02-15T00:00:00Z'))).toMatchObject({ remainingDays: 15, periodDays: 29, amountDue: 517 });
  });

  it('charges nothing now for a downgrade or the same price', () => {
    expect(prorate(1800, 600, new Date('2026-11-10T00:00:00Z')).amountDue).toBe(0);
    expect(prorate(600, 600, new Date('2026-11-10T00:00:00Z')).amountDue).toBe(0);
  });
});

import { WriteBudget } from '../../../../src/features/console/WriteBudget';

describe('WriteBudget', () => {
  it('starts at the fewest lines and grows towards what the terminal takes within the target time', () => {
    const budget = new WriteBudget({ targetMs: 100, minLines: 250, maxLines: 5000 });
    expect(budget.lines).toBe(250);
    // 250 lines in 10 ms: 2,500 would take 100 ms; halfway there.
    budget.record(250, 10);
    expect(budget.lines).toBe(1375);
    budget.record(1375, 10);
    expect(budget.lines).toBe(5000);
  });

  it('shrinks when writes get slow (a filling scrollback, a busy machine), never below the minimum', () => {
    const budget = new WriteBudget({ targetMs: 100, minLines: 250, maxLines: 5000 });
    budget.record(250, 1);
    expect(budget.lines).toBe(5000);
    // 5,000 lines in 1 s: 500 fit in 100 ms.
    budget.record(5000, 1000);
    expect(budget.lines).toBe(2750);
    for (let i = 0; i < 10; i++) budget.record(budget.lines, 10_000);
    expect(budget.lines).toBe(250);
  });

  it('ignores writes too small to tell the pace', () => {
    const budget = new WriteBudget({ targetMs: 100, minLines: 250, maxLines: 5000 });
    budget.record(3, 200);
    expect(budget.lines).toBe(250);
  });
});

import { activityQuery, activitySearch } from '../../../../src/features/sharing/activityFilters';
import { auditLogEvents, auditLogPeople } from '../../../../src/features/sharing/auditLogOptions';

describe('the audit log filters', () => {
  it('turns a range of days into the whole of those days in the user’s time zone', () => {
    const query = activityQuery({ from: '2024-05-03', to: '2024-05-04' });
    expect(new Date(query.from!).getTime()).toBe(new Date(2024, 4, 3, 0, 0, 0, 0).getTime());
    expect(new Date(query.to!).getTime()).toBe(new Date(2024, 4, 4, 23, 59, 59, 999).getTime());
  });

  it('leaves out empty and malformed values', () => {
    expect(activityQuery({ actor: '', event: '  ', from: 'yesterday' })).toEqual({});
    expect(activitySearch(activityQuery({ actor: 'u-1', event: ' server.console ' }))).toBe('?actor=u-1&event=server.console');
    expect(activitySearch({})).toBe('');
  });

  it('offers each event and its beginnings, and each person once', () => {
    const entries = [
      { id: 2, event: 'server.console.command', actor: { uuid: 'u-2', username: 'zoe' }, ip: null, properties: {}, created_at: '2024-05-03T10:00:00.000Z' },
      { id: 1, event: 'server.power.start', actor: { uuid: 'u-1', username: 'steve' }, ip: null, properties: {}, created_at: '2024-05-03T09:00:00.000Z' },
    ];
    expect(auditLogEvents(['auth'], entries)).toEqual(['auth', 'server', 'server.console', 'server.console.command', 'server.power', 'server.power.start']);
    // People seen on earlier pages stay available.
    expect(auditLogPeople([{ uuid: 'u-3', name: 'alex' }], { uuid: 'u-1', username: 'steve' }, entries)).toEqual([
      { uuid: 'u-3', name: 'alex' },
      { uuid: 'u-1', name: 'steve' },
      { uuid: 'u-2', name: 'zoe' },
    ]);
  });
});

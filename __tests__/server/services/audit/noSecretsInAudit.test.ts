import { asc } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../helpers/testApp';
import { auditLogs } from '../../../../server/src/db/schema';
import { recordAudit } from '../../../../server/src/services/audit/audit';
import { bearer, freshIp, send, totpCode } from '../../helpers/accountFixtures';

jest.setTimeout(60_000);

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('audit trail', () => {
  it('records every account event with actor and IP, and no password, token or code', async () => {
    const secrets: string[] = [];
    const ip = freshIp();
    const password = 'first-Secret-Passw0rd';
    const newPassword = 'second-Secret-Passw0rd';
    const wrongPassword = 'wrong-Secret-Guess-123';
    secrets.push(password, newPassword, wrongPassword);
    const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: object, token?: string) =>
      send(t.app, method, url, payload, { remoteAddress: ip, headers: token ? bearer(token) : {} });

    const reg = await call('POST', '/api/v2/auth/register', { username: 'audited', email: 'audited@example.com', password, password_confirmation: password });
    const token = reg.json().data.token as string;
    secrets.push(token);
    await call('POST', '/api/v2/auth/login', { login: 'audited', password: wrongPassword });
    await call('POST', '/api/v2/auth/login', { login: 'nobody', password: wrongPassword });

    const enrol = await call('GET', '/api/v2/account/two-factor', undefined, token);
    const secret = enrol.json().data.secret as string;
    let enableCode = await totpCode(secret, -1);
    let enable = await call('POST', '/api/v2/account/two-factor', { code: enableCode, password }, token);
    if (enable.statusCode === 422) {
      // A slow password check on a busy machine outlasted the code's step: once more, fresh code.
      enableCode = await totpCode(secret, -1);
      enable = await call('POST', '/api/v2/account/two-factor', { code: enableCode, password }, token);
    }
    const recovery = enable.json().data.recovery_codes as string[];
    secrets.push(secret, enableCode, ...recovery);

    const pending = await call('POST', '/api/v2/auth/login', { login: 'audited', password });
    const confirmation = pending.json().data.confirmation_token as string;
    const code = await totpCode(secret);
    await call('POST', '/api/v2/auth/login-checkpoint', { token: confirmation, authentication_code: '999999' });
    const done = await call('POST', '/api/v2/auth/login-checkpoint', { token: confirmation, authentication_code: code });
    const second = done.json().data.token as string;
    secrets.push(confirmation, code, second);

    const viaRecovery = await call('POST', '/api/v2/auth/login', { login: 'audited', password });
    const third = await call('POST', '/api/v2/auth/login-checkpoint', { token: viaRecovery.json().data.confirmation_token, authentication_code: recovery[0] });
    secrets.push(viaRecovery.json().data.confirmation_token, third.json().data.token);

    await call('PUT', '/api/v2/account/email', { email: 'moved@example.org', password }, token);
    await call('PUT', '/api/v2/account/password', { current_password: password, password: newPassword, password_confirmation: newPassword }, token);
    await call('POST', '/api/v2/account/two-factor/disable', { password: newPassword }, token);
    const fourth = await call('POST', '/api/v2/auth/login', { login: 'audited', password: newPassword });
    secrets.push(fourth.json().data.token);
    const sessions = await call('GET', '/api/v2/account/sessions', undefined, token);
    const other = sessions.json().data.find((s: { current: boolean }) => !s.current);
    expect((await call('DELETE', `/api/v2/account/sessions/${other.id}`, undefined, token)).statusCode).toBe(204);
    expect((await call('POST', '/api/v2/auth/logout', undefined, token)).statusCode).toBe(204);

    const rows = await t.app.db.select().from(auditLogs).orderBy(asc(auditLogs.id));
    expect(rows.map((r) => r.event)).toEqual([
      'auth.register',
      'auth.success',
      'auth.fail',
      'auth.fail',
      'account.2fa-enabled',
      'auth.fail',
      'auth.checkpoint',
      'auth.success',
      'auth.checkpoint',
      'auth.success',
      'account.email-changed',
      'account.password-changed',
      'account.2fa-disabled',
      'auth.success',
      'account.session-revoked',
      'auth.logout',
    ]);
    const userId = rows[0].actorId;
    expect(userId).toEqual(expect.any(Number));
    for (const row of rows) {
      expect(row.ip).toBe(ip);
      expect(row.createdAt).toBeInstanceOf(Date);
    }
    // The unknown login has no actor; the known one has.
    expect(rows[2].actorId).toBe(userId);
    expect(rows[3].actorId).toBeNull();
    expect(rows[2].properties).toEqual({ login: 'audited', reason: 'credentials' });
    expect(rows[3].properties).toEqual({ reason: 'unknown_login' });
    expect(rows[8].properties).toEqual({ method: 'recovery_code' });
    expect(rows[11].properties).toEqual({ sessions_revoked: 2 });

    const everything = JSON.stringify(rows);
    for (const value of secrets) expect(everything).not.toContain(value);
  });

  it('drops secret-looking properties even when a caller passes them', async () => {
    await recordAudit(t.app.db, { actorId: null, event: 'test.event', ip: null, properties: { password: 'p', new_token: 't', recovery_codes: ['c'], totp: 1, kept: 'yes' } });
    const rows = await t.app.db.select().from(auditLogs);
    expect(rows.find((r) => r.event === 'test.event')?.properties).toEqual({ kept: 'yes' });
  });
});

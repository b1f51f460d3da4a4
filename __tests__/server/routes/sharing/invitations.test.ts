import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { auditLogs, serverPermissions, users, type ServerRow } from '../../../../server/src/db/schema';
import { hashToken } from '../../../../server/src/lib/tokens';
import { createRuntimeTestApp } from '../../helpers/runtimeTestApp';
import { createTestUser, type TestUser } from '../../helpers/createTestUser';
import { createTestServer } from '../../helpers/createTestServer';
import type { TestApp } from '../../helpers/testApp';
import { callAs, invitationToken, readOutbox } from './sharingFixtures';

jest.setTimeout(60_000);

let t: TestApp;
let call: ReturnType<typeof callAs>;
let owner: TestUser;
let server: ServerRow;

beforeAll(async () => {
  t = await createRuntimeTestApp();
  call = callAs(t.app);
  owner = await createTestUser(t.app);
  server = await createTestServer(t.app, owner.user, { name: 'Invited' });
});
afterAll(() => t.close());

const freshName = () => `inv${randomBytes(4).toString('hex')}`;

/** Invites `username@example.com` (no account yet) and answers the share and the mailed token. */
async function invite(username: string, body: Record<string, unknown> = { permissions: ['activity.read', 'websocket.connect'] }) {
  const email = `${username}@example.com`;
  const res = await call(owner, 'POST', `/servers/${server.shortId}/users`, { email: email.toUpperCase(), ...body });
  expect(res.statusCode).toBe(201);
  const mail = readOutbox(t.config.dataDir).find((m) => m.to === email);
  if (!mail) throw new Error(`no mail to ${email}`);
  return { share: res.json().data as { uuid: string; status: string; username: string | null; email: string }, token: invitationToken(mail), mail };
}

describe('the mails', () => {
  const speak = (user: TestUser, language: string) => t.app.db.update(users).set({ language }).where(eq(users.id, user.user.id));

  it("speak the language of an existing account, and the inviter's to an address without one", async () => {
    const german = await createTestUser(t.app);
    await speak(german, 'de');
    expect((await call(owner, 'POST', `/servers/${server.shortId}/users`, { email: german.user.email, permissions: ['activity.read'] })).statusCode).toBe(201);
    const notice = readOutbox(t.config.dataDir).find((m) => m.to === german.user.email)!;
    expect(notice.subject).toBe(`${owner.user.username} hat den Gameserver „Invited“ mit dir geteilt`);
    expect(notice.text).toContain('Er ist jetzt in deiner Serverliste:');

    await speak(owner, 'fr');
    try {
      const { mail } = await invite(freshName());
      expect(mail.subject).toBe(`${owner.user.username} a partagé le serveur de jeu « Invited » avec vous`);
      expect(mail.text).toContain('créez un compte');
      // The expiry in French words, in UTC: "… 2026 à 10:00 UTC" or similar.
      expect(mail.text).toMatch(/Le lien fonctionne une seule fois, jusqu’au .*\d{4}.* UTC\./);
    } finally {
      await speak(owner, 'en');
    }
  });
});

describe('inviting an address without an account', () => {
  it('creates a pending share, mails a single-use link, and the new account accepts it once', async () => {
    const username = freshName();
    const { share, token, mail } = await invite(username);
    expect(share).toMatchObject({ status: 'pending', username: null, email: `${username}@example.com` });
    expect(mail.subject).toContain('Invited');
    expect(mail.text).toContain(`/?invitation=`);

    // Only the hash is stored; the token never reaches the audit log.
    const [row] = await t.app.db.select().from(serverPermissions).where(eq(serverPermissions.uuid, share.uuid));
    expect(row.invitationTokenHash).toBe(hashToken(token));
    const audit = await t.app.db.select().from(auditLogs).where(eq(auditLogs.serverUuid, server.uuid));
    expect(JSON.stringify(audit)).not.toContain(token);

    const invitee = await createTestUser(t.app, { username });
    expect((await call(invitee, 'GET', `/servers/${server.shortId}`)).statusCode).toBe(404);
    const pending = (await call(invitee, 'GET', '/account/invitations')).json().data;
    expect(pending).toEqual([expect.objectContaining({ uuid: share.uuid, server: { identifier: server.shortId, name: 'Invited' }, invited_by: { username: owner.user.username } })]);

    const accepted = await call(invitee, 'POST', '/account/invitations/accept', { token });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json()).toEqual({ data: { server_identifier: server.shortId } });
    expect((await call(invitee, 'GET', `/servers/${server.shortId}`)).json().data.permissions).toEqual(['websocket.connect', 'activity.read']);
    expect((await call(invitee, 'GET', '/servers')).json().data.map((s: { uuid: string }) => s.uuid)).toContain(server.uuid);
    expect((await call(invitee, 'GET', '/account/invitations')).json().data).toEqual([]);
    const users = (await call(owner, 'GET', `/servers/${server.shortId}/users`)).json().data;
    expect(users).toContainEqual(expect.objectContaining({ uuid: share.uuid, status: 'active', username }));

    const again = await call(invitee, 'POST', '/account/invitations/accept', { token });
    expect(again.statusCode).toBe(404);
    const stranger = await createTestUser(t.app);
    expect((await call(stranger, 'POST', '/account/invitations/accept', { token })).statusCode).toBe(404);
    const [event] = await t.app.db.select().from(auditLogs).where(eq(auditLogs.event, 'server.invitation.accepted'));
    expect(event).toMatchObject({ actorId: invitee.user.id, serverUuid: server.uuid, properties: expect.objectContaining({ subuser_uuid: share.uuid }) });
  });

  it('lets any logged-in account redeem the token (it proves the mailbox), once', async () => {
    const { token } = await invite(freshName());
    const differentAddress = await createTestUser(t.app);
    expect((await call(differentAddress, 'POST', '/account/invitations/accept', { token })).statusCode).toBe(200);
    expect((await call(differentAddress, 'GET', `/servers/${server.shortId}/activity`)).statusCode).toBe(200);
  });

  it('refuses an expired, a withdrawn or an unknown token, and the owner', async () => {
    const expired = await invite(freshName());
    await t.app.db
      .update(serverPermissions)
      .set({ invitationExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(serverPermissions.uuid, expired.share.uuid));
    const someone = await createTestUser(t.app);
    expect((await call(someone, 'POST', '/account/invitations/accept', { token: expired.token })).json()).toEqual({
      message: 'This invitation is invalid, was already used or has expired.',
    });

    const withdrawn = await invite(freshName());
    expect((await call(owner, 'DELETE', `/servers/${server.shortId}/users/${withdrawn.share.uuid}`)).statusCode).toBe(204);
    expect((await call(someone, 'POST', '/account/invitations/accept', { token: withdrawn.token })).statusCode).toBe(404);
    expect((await call(someone, 'POST', '/account/invitations/accept', { token: 'made-up' })).statusCode).toBe(404);

    const own = await invite(freshName());
    expect((await call(owner, 'POST', '/account/invitations/accept', { token: own.token })).statusCode).toBe(409);
  });

  it('refuses a second invitation of the same address', async () => {
    const username = freshName();
    await invite(username);
    expect((await call(owner, 'POST', `/servers/${server.shortId}/users`, { email: `${username}@example.com`, permissions: [] })).statusCode).toBe(409);
  });
});

describe('what an invitation says before it is answered', () => {
  it('names the server, the inviter and the role for the mailed token, and changes nothing', async () => {
    const { share, token } = await invite(freshName());
    const reader = await createTestUser(t.app);
    const res = await call(reader, 'POST', '/account/invitations/lookup', { token });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({
      uuid: share.uuid,
      server: { identifier: server.shortId, name: 'Invited' },
      invited_by: { username: owner.user.username },
      permissions: ['websocket.connect', 'activity.read'],
    });
    const [row] = await t.app.db.select().from(serverPermissions).where(eq(serverPermissions.uuid, share.uuid));
    expect(row.status).toBe('pending');
    expect((await call(reader, 'POST', '/account/invitations/lookup', { token: 'not-a-token' })).statusCode).toBe(404);
  });

  it('is declined with its token: deleted, its link dead, the decline in the server’s audit log', async () => {
    const username = freshName();
    const { share, token } = await invite(username);
    const invitee = await createTestUser(t.app, { username });
    const res = await call(invitee, 'POST', '/account/invitations/decline', { token });
    expect(res.statusCode).toBe(204);
    expect(await t.app.db.select().from(serverPermissions).where(eq(serverPermissions.uuid, share.uuid))).toEqual([]);
    expect((await call(invitee, 'POST', '/account/invitations/accept', { token })).statusCode).toBe(404);
    expect((await call(invitee, 'GET', '/account/invitations')).json().data).toEqual([]);
    const audit = await t.app.db.select().from(auditLogs).where(eq(auditLogs.serverUuid, server.uuid));
    expect(audit.find((entry) => entry.event === 'server.invitation.declined')?.properties).toMatchObject({ invited_email: `${username}@example.com`, username });
    expect(JSON.stringify(audit)).not.toContain(token);
  });

  it('is declined by uuid only by the account it is addressed to; anything else changes nothing', async () => {
    const username = freshName();
    const { share } = await invite(username);
    const stranger = await createTestUser(t.app);
    expect((await call(stranger, 'POST', '/account/invitations/decline', { uuid: share.uuid })).statusCode).toBe(404);
    const neither = await call(stranger, 'POST', '/account/invitations/decline', {});
    expect(neither.statusCode).toBe(422);
    expect(neither.json().errors.token).toBeDefined();
    expect(await t.app.db.select().from(serverPermissions).where(eq(serverPermissions.uuid, share.uuid))).toHaveLength(1);

    const invitee = await createTestUser(t.app, { username });
    expect((await call(invitee, 'POST', '/account/invitations/decline', { uuid: share.uuid })).statusCode).toBe(204);
    expect(await t.app.db.select().from(serverPermissions).where(eq(serverPermissions.uuid, share.uuid))).toEqual([]);
  });
});

describe('rate limits', () => {
  it('limits how many invitations one person sends', async () => {
    const sender = await createTestUser(t.app);
    const statuses: number[] = [];
    await t.app.db.insert(serverPermissions).values({ serverId: server.id, userId: sender.user.id, permissions: ['user.create'] });
    for (let i = 0; i < 31; i++) {
      statuses.push((await call(sender, 'POST', `/servers/${server.shortId}/users`, { email: `${freshName()}@example.com`, permissions: [] })).statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 201)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

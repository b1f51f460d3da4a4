import { and, eq, like } from 'drizzle-orm';
import { auditLogs, databaseHosts, serverDatabases, serverPermissions, servers, type ServerRow } from '../../../../server/src/db/schema';
import { createAdminKey } from '../../../../server/src/services/admin/adminKeys';
import { sealSecret } from '../../../../server/src/lib/secretBox';
import { runCliCommand } from '../../../../server/src/cli/controlSocket';
import { provisioningOf } from '../../../../server/src/plugins/provisioning';
import { countServerDatabases } from '../../../../server/src/services/databases/serverDatabases';
import { HOST_PASSWORD_PURPOSE } from '../../../../server/src/services/databases/databaseHosts';
import { createRuntimeTestApp } from '../../helpers/runtimeTestApp';
import { createTestUser, type TestUser } from '../../helpers/createTestUser';
import { createTestServer } from '../../helpers/createTestServer';
import { startTestMariaDb, type TestMariaDb } from '../../helpers/testMariaDb';
import type { TestApp } from '../../helpers/testApp';

jest.setTimeout(180_000);

let t: TestApp;
let maria: TestMariaDb;
let key: string;
let owner: TestUser;
let helper: TestUser;
let stranger: TestUser;
let server: ServerRow;
let premium: ServerRow;
let other: ServerRow;

beforeAll(async () => {
  [t, maria] = await Promise.all([createRuntimeTestApp(), startTestMariaDb()]);
  key = (await createAdminKey(t.app.db, 'databases')).key;
  [owner, helper, stranger] = await Promise.all([createTestUser(t.app), createTestUser(t.app), createTestUser(t.app)]);
  server = await createTestServer(t.app, owner.user, { name: 'Budget' });
  premium = await createTestServer(t.app, owner.user, { name: 'Premium', plan: 'minecraft-premium' });
  other = await createTestServer(t.app, stranger.user, { name: 'Someone else’s' });
});
afterAll(async () => {
  await t?.close();
  await maria?.stop();
});

type Method = 'GET' | 'POST' | 'DELETE';
const admin = (method: Method, url: string, payload?: object) => t.app.inject({ method, url: `/api/v2/admin${url}`, headers: { authorization: `Bearer ${key}` }, ...(payload ? { payload } : {}) });
const call = (user: TestUser, method: Method, target: ServerRow, path = '', payload?: object) =>
  t.app.inject({ method, url: `/api/v2/servers/${target.shortId}/databases${path}`, headers: user.headers, ...(payload ? { payload } : {}) });
const hostBody = (extra: object = {}) => ({ name: 'maria-1', host: maria.host, port: maria.port, username: maria.adminUser, password: maria.adminPassword, ...extra });

/** Database names on the MariaDB, seen as root. */
async function databasesOnHost(prefix: string): Promise<string[]> {
  const root = await maria.root();
  const [rows] = await root.query('SELECT SCHEMA_NAME AS name FROM information_schema.SCHEMATA WHERE SCHEMA_NAME LIKE ? ORDER BY SCHEMA_NAME', [`${prefix.replace(/_/g, '\\_')}%`]);
  await root.end();
  return (rows as { name: string }[]).map((r) => r.name);
}

async function usersOnHost(prefix: string): Promise<string[]> {
  const root = await maria.root();
  const [rows] = await root.query('SELECT User AS name FROM mysql.user WHERE User LIKE ?', [`${prefix.replace(/_/g, '\\_')}%`]);
  await root.end();
  return (rows as { name: string }[]).map((r) => r.name);
}

/** Whether the user can log in with this password (the error otherwise). */
async function login(user: string, password: string, database?: string): Promise<true | string> {
  try {
    const connection = await maria.connectAs(user, password, database);
    await connection.end();
    return true;
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
}

describe('before the host sets up databases', () => {
  it('the list says databases are not available and creating one is refused without touching anything', async () => {
    const list = await call(owner, 'GET', server);
    expect(list.statusCode).toBe(200);
    expect(list.json()).toEqual({ data: [], meta: { limit: 1, available: false } });
    const create = await call(owner, 'POST', server, '', { name: 'shop' });
    expect(create.statusCode).toBe(409);
    expect(create.json().message).toMatch(/not set up databases/);
    expect(await countServerDatabases(t.app.db, server.id)).toBe(0);
  });
});

describe('database hosts (admin API and CLI)', () => {
  it('refuses bad fields with 422 per field and never stores anything', async () => {
    const bad = await admin('POST', '/database-hosts', hostBody({ name: 'bad name!', host: 'not a host', port: 70000, username: '' }));
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['host', 'name', 'port', 'username']);
    const unknownNode = await admin('POST', '/database-hosts', hostBody({ node: 'nowhere' }));
    expect(unknownNode.statusCode).toBe(422);
    expect(unknownNode.json().errors.node).toEqual(['Unknown node.']);
    expect(await t.app.db.select().from(databaseHosts)).toEqual([]);
  });

  it('connects before registering: a closed port is a 422 on host, a wrong password a 422 on password', async () => {
    const closed = await admin('POST', '/database-hosts', hostBody({ port: 1 }));
    expect(closed.statusCode).toBe(422);
    expect(closed.json().errors.host[0]).toMatch(/cannot connect/);
    const wrong = await admin('POST', '/database-hosts', hostBody({ password: 'not-the-password' }));
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json().errors.password).toEqual(['The host refused this user name and password.']);
    expect(JSON.stringify(wrong.json())).not.toContain('not-the-password');
  });

  it('registers a host with its password encrypted at rest and never answers the password', async () => {
    const created = await admin('POST', '/database-hosts', hostBody());
    expect(created.statusCode).toBe(201);
    const host = created.json().data.database_host;
    expect(host).toEqual(expect.objectContaining({ name: 'maria-1', host: maria.host, port: maria.port, username: maria.adminUser, node: 'local', databases: 0 }));
    const answers = [created.body, (await admin('GET', '/database-hosts')).body, (await admin('GET', `/database-hosts/${host.uuid}`)).body];
    const cli = await runCliCommand(provisioningOf(t.app), ['database-hosts:list']);
    answers.push(JSON.stringify(cli));
    for (const answer of answers) {
      expect(answer).not.toContain(maria.adminPassword);
      expect(answer).not.toMatch(/password/i);
    }
    const [row] = await t.app.db.select().from(databaseHosts);
    expect(row.passwordSealed).not.toContain(maria.adminPassword);
    expect(row.passwordSealed).toMatch(/^v1\./);
    expect((await admin('POST', '/database-hosts', hostBody())).json().errors.name).toEqual(['A database host with this name exists.']);
  });

  it('the CLI registers hosts with the same rules', async () => {
    const bad = await runCliCommand(provisioningOf(t.app), [
      'database-hosts:create',
      '--name',
      'cli-host',
      '--host',
      maria.host,
      '--port',
      'abc',
      '--username',
      maria.adminUser,
      '--password',
      maria.adminPassword,
    ]);
    expect(bad).toEqual(expect.objectContaining({ ok: false, status: 422, errors: { port: ['Enter a port from 1 to 65535.'] } }));
    const good = await runCliCommand(provisioningOf(t.app), [
      'database-hosts:create',
      '--name',
      'cli-host',
      '--host',
      maria.host,
      '--port',
      String(maria.port),
      '--username',
      maria.adminUser,
      '--password',
      maria.adminPassword,
    ]);
    expect(good).toEqual({ ok: true, result: expect.objectContaining({ name: 'cli-host', node: 'local' }) });
    expect(JSON.stringify(good)).not.toContain(maria.adminPassword);
    expect(await runCliCommand(provisioningOf(t.app), ['database-hosts:delete', 'cli-host'])).toEqual({ ok: true, result: { deleted: true } });
    expect((await admin('GET', '/database-hosts')).json().data.map((h: { name: string }) => h.name)).toEqual(['maria-1']);
  });
});

describe('customers’ databases', () => {
  let shop: { uuid: string; name: string; username: string; password: string };

  it('creates a prefixed database with a random user and a strong password, shown once', async () => {
    const res = await call(owner, 'POST', server, '', { name: 'shop' });
    expect(res.statusCode).toBe(201);
    const { database, password } = res.json().data;
    expect(database).toEqual(expect.objectContaining({ name: `s${server.id}_shop`, host: maria.host, port: maria.port, connections_from: '%' }));
    expect(database.username).toMatch(new RegExp(`^u${server.id}_[a-z0-9]{10}$`));
    expect(password).toMatch(/^[A-Za-z0-9]{32}$/);
    shop = { uuid: database.uuid, name: database.name, username: database.username, password };
    const list = (await call(owner, 'GET', server)).json();
    expect(list.meta).toEqual({ limit: 1, available: true });
    expect(list.data).toEqual([database]);
    expect(JSON.stringify(list)).not.toContain(password);
    expect(await databasesOnHost(`s${server.id}_`)).toEqual([shop.name]);
  });

  it('the user can create a table in its own database and cannot read another server’s', async () => {
    const theirs = (await call(stranger, 'POST', other, '', { name: 'secret' })).json().data;
    const connection = await maria.connectAs(shop.username, shop.password, shop.name);
    await connection.query('CREATE TABLE players (name VARCHAR(16) PRIMARY KEY, coins INT)');
    await connection.query('INSERT INTO players VALUES (?, ?)', ['steve', 42]);
    const [rows] = await connection.query('SELECT coins FROM players');
    expect(rows).toEqual([{ coins: 42 }]);
    const [visible] = await connection.query('SHOW DATABASES');
    expect((visible as { Database: string }[]).map((r) => r.Database).sort()).toEqual(['information_schema', shop.name]);
    await expect(connection.query(`SELECT * FROM \`${theirs.database.name}\`.players`)).rejects.toMatchObject({ code: expect.stringMatching(/ACCESS_DENIED|TABLEACCESS_DENIED/) });
    await expect(connection.query(`CREATE TABLE \`${theirs.database.name}\`.x (a INT)`)).rejects.toMatchObject({ code: expect.stringMatching(/ACCESS_DENIED/) });
    await expect(connection.query('CREATE DATABASE sneaky')).rejects.toMatchObject({ code: expect.stringMatching(/ACCESS_DENIED/) });
    // The grant's name is not a pattern: s<id>_shop does not open s<id>xshop.
    const root = await maria.root();
    await root.query(`CREATE DATABASE \`s${server.id}xshop\``);
    await root.end();
    await expect(connection.query(`CREATE TABLE \`s${server.id}xshop\`.t (a INT)`)).rejects.toMatchObject({ code: expect.stringMatching(/ACCESS_DENIED/) });
    await connection.end();
    expect(await login(theirs.database.username, theirs.password, shop.name)).toBe('ER_DBACCESS_DENIED_ERROR');
  });

  it('keeps to the plan’s limit', async () => {
    const res = await call(owner, 'POST', server, '', { name: 'second' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/limit of 1 database\b/);
  });

  it('shows the password again to those holding database.view_password only', async () => {
    expect((await call(owner, 'GET', server, `/${shop.uuid}/password`)).json()).toEqual({ data: { password: shop.password } });
    await t.app.db.insert(serverPermissions).values({ serverId: server.id, userId: helper.user.id, permissions: ['database.read', 'database.update'] });
    expect((await call(helper, 'GET', server)).statusCode).toBe(200);
    expect((await call(helper, 'GET', server, `/${shop.uuid}/password`)).statusCode).toBe(403);
    expect((await call(helper, 'POST', server, '', { name: 'x' })).statusCode).toBe(403);
    expect((await call(helper, 'DELETE', server, `/${shop.uuid}`)).statusCode).toBe(403);
  });

  it('rotates the password: the new one works, the old one not (and it is answered only with view_password)', async () => {
    const byHelper = await call(helper, 'POST', server, `/${shop.uuid}/rotate-password`);
    expect(byHelper.statusCode).toBe(200);
    expect(byHelper.json().data.password).toBeNull();
    const rotated = await call(owner, 'POST', server, `/${shop.uuid}/rotate-password`);
    expect(rotated.statusCode).toBe(200);
    const fresh = rotated.json().data.password as string;
    expect(fresh).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(fresh).not.toBe(shop.password);
    expect(await login(shop.username, shop.password, shop.name)).toBe('ER_ACCESS_DENIED_ERROR');
    expect(await login(shop.username, fresh, shop.name)).toBe(true);
    expect((await call(owner, 'GET', server, `/${shop.uuid}/password`)).json().data.password).toBe(fresh);
    shop.password = fresh;
  });

  it('answers 422 per field for bad names and sources, and 404 for another server’s database', async () => {
    const bad = await call(owner, 'POST', premium, '', { name: 'no-dashes!', connections_from: 'two words' });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['connections_from', 'name']);
    expect((await call(owner, 'POST', premium, '', { name: 'x'.repeat(49) })).json().errors.name).toBeDefined();
    expect((await call(owner, 'POST', premium, '', { name: '' })).json().errors).toEqual({ name: ['This field is required'] });
    const theirs = (await call(stranger, 'GET', other)).json().data[0];
    for (const [method, path] of [
      ['GET', `/${theirs.uuid}/password`],
      ['POST', `/${theirs.uuid}/rotate-password`],
      ['DELETE', `/${theirs.uuid}`],
      ['GET', '/not-a-uuid/password'],
    ] as const) {
      expect((await call(owner, method, server, path)).statusCode).toBe(404);
    }
    expect((await call(owner, 'GET', other)).statusCode).toBe(404);
    expect((await call(stranger, 'GET', server)).statusCode).toBe(404);
    expect(await countServerDatabases(t.app.db, premium.id)).toBe(0);
  });

  it('a name already taken on the host is a 422, and the database there is left alone', async () => {
    const root = await maria.root();
    await root.query(`CREATE DATABASE \`s${premium.id}_taken\``);
    await root.query(`CREATE TABLE \`s${premium.id}_taken\`.keep (a INT)`);
    await root.end();
    const res = await call(owner, 'POST', premium, '', { name: 'taken' });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors.name).toEqual(['A database with this name already exists on the host.']);
    expect(await databasesOnHost(`s${premium.id}_`)).toEqual([`s${premium.id}_taken`]);
    expect(await usersOnHost(`u${premium.id}_`)).toEqual([]);
    expect(await countServerDatabases(t.app.db, premium.id)).toBe(0);
    const cleanup = await maria.root();
    await cleanup.query(`DROP DATABASE \`s${premium.id}_taken\``);
    await cleanup.end();
  });

  it('keeps the plan’s limit exactly under 12 parallel creates', async () => {
    const answers = await Promise.all(Array.from({ length: 12 }, (_, i) => call(owner, 'POST', premium, '', { name: `p${i}` })));
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([...Array(5).fill(201), ...Array(7).fill(409)]);
    expect(await countServerDatabases(t.app.db, premium.id)).toBe(5);
    expect(await databasesOnHost(`s${premium.id}_`)).toHaveLength(5);
    expect(await usersOnHost(`u${premium.id}_`)).toHaveLength(5);
  });

  it('deletes a database with its user', async () => {
    const first = (await call(owner, 'GET', premium)).json().data[0];
    expect((await call(owner, 'DELETE', premium, `/${first.uuid}`)).statusCode).toBe(204);
    // Prefix lookups, so compare exactly: `s2_p1` must not be confused with a surviving `s2_p11`.
    expect(await databasesOnHost(first.name)).not.toContain(first.name);
    expect(await usersOnHost(first.username)).not.toContain(first.username);
    expect(await databasesOnHost(`s${premium.id}_`)).toHaveLength(4);
    expect(await countServerDatabases(t.app.db, premium.id)).toBe(4);
  });
});

describe('a host that fails', () => {
  const setHost = async (values: Partial<typeof databaseHosts.$inferInsert>) => t.app.db.update(databaseHosts).set(values).where(eq(databaseHosts.name, 'maria-1'));

  it('down: create, rotate and delete answer a clear 503 and change nothing', async () => {
    const listed = async () => (await call(owner, 'GET', premium)).json().data.map((d: { uuid: string; name: string }) => `${d.uuid} ${d.name}`);
    const before = (await call(owner, 'GET', premium)).json().data;
    const names = await listed();
    await setHost({ port: 1 });
    try {
      const create = await call(owner, 'POST', premium, '', { name: 'while_down' });
      expect(create.statusCode).toBe(503);
      expect(create.json().message).toMatch(/database host "maria-1" cannot be reached right now/);
      expect((await call(owner, 'POST', premium, `/${before[0].uuid}/rotate-password`)).statusCode).toBe(503);
      expect((await call(owner, 'DELETE', premium, `/${before[0].uuid}`)).statusCode).toBe(503);
      expect(await listed()).toEqual(names);
    } finally {
      await setHost({ port: maria.port });
    }
    expect(await databasesOnHost(`s${premium.id}_while`)).toEqual([]);
  });

  it('refusing half-way: what was created on the host is dropped again and no row is left', async () => {
    const root = await maria.root();
    // An admin account that may create databases but not users: CREATE USER fails after CREATE DATABASE.
    await root.query("CREATE USER 'limited'@'%' IDENTIFIED BY 'limited-pass-1'");
    await root.query("GRANT CREATE, DROP ON *.* TO 'limited'@'%'");
    await root.end();
    const [row] = await t.app.db.select().from(databaseHosts).where(eq(databaseHosts.name, 'maria-1'));
    await setHost({ username: 'limited', passwordSealed: sealSecret(t.config.secret, HOST_PASSWORD_PURPOSE, 'limited-pass-1') });
    try {
      const res = await call(owner, 'POST', premium, '', { name: 'half' });
      expect(res.statusCode).toBe(503);
      expect(res.json().message).toMatch(/refused the request/);
      expect(res.body).not.toContain('IDENTIFIED');
    } finally {
      await setHost({ username: row.username, passwordSealed: row.passwordSealed });
    }
    expect(await databasesOnHost(`s${premium.id}_half`)).toEqual([]);
    expect(await t.app.db.select().from(serverDatabases).where(like(serverDatabases.name, '%_half'))).toEqual([]);
  });
});

describe('audit and deletion of the server', () => {
  it('records create, rotate and delete without any password', async () => {
    const entries = await t.app.db.select().from(auditLogs).where(like(auditLogs.event, 'server.database.%'));
    const events = new Set(entries.map((e) => e.event));
    expect(events).toEqual(new Set(['server.database.create', 'server.database.rotate-password', 'server.database.delete']));
    const text = JSON.stringify(entries);
    const passwords = await Promise.all(
      (await t.app.db.select().from(serverDatabases)).map(async (row) => {
        const [s] = await t.app.db.select().from(servers).where(eq(servers.id, row.serverId));
        const user = s.ownerId === owner.user.id ? owner : stranger;
        return (await t.app.inject({ method: 'GET', url: `/api/v2/servers/${s.shortId}/databases/${row.uuid}/password`, headers: user.headers })).json().data.password as string;
      }),
    );
    expect(passwords.length).toBeGreaterThan(0);
    for (const password of [...passwords, maria.adminPassword]) expect(text).not.toContain(password);
    const create = entries.find((e) => e.event === 'server.database.create' && e.serverUuid === server.uuid)!;
    expect(create.properties).toEqual(expect.objectContaining({ database: `s${server.id}_shop`, connections_from: '%', host: 'maria-1' }));
  });

  it('deleting the server drops its databases; with the host down the deletion waits (503) and keeps the server', async () => {
    const names = await databasesOnHost(`s${premium.id}_`);
    expect(names).toHaveLength(4);
    await t.app.db.update(databaseHosts).set({ port: 1 }).where(eq(databaseHosts.name, 'maria-1'));
    const refused = await admin('DELETE', `/servers/${premium.uuid}`);
    await t.app.db.update(databaseHosts).set({ port: maria.port }).where(eq(databaseHosts.name, 'maria-1'));
    expect(refused.statusCode).toBe(503);
    expect(await t.app.db.select().from(servers).where(eq(servers.id, premium.id))).toHaveLength(1);
    expect(t.app.runtime.state(premium.uuid)).toBeDefined();

    expect((await admin('DELETE', `/servers/${premium.uuid}`)).statusCode).toBe(204);
    expect(await databasesOnHost(`s${premium.id}_`)).toEqual([]);
    expect(await usersOnHost(`u${premium.id}_`)).toEqual([]);
    expect(await t.app.db.select().from(serverDatabases).where(eq(serverDatabases.serverId, premium.id))).toEqual([]);
    // The other servers' databases stay.
    expect(await databasesOnHost(`s${server.id}_shop`)).toEqual([`s${server.id}_shop`]);
  });

  it('a host holding databases cannot be removed', async () => {
    const res = await admin('DELETE', '/database-hosts/maria-1');
    expect(res.statusCode).toBe(409);
    expect(
      await t.app.db
        .select()
        .from(databaseHosts)
        .where(and(eq(databaseHosts.name, 'maria-1'))),
    ).toHaveLength(1);
  });
});

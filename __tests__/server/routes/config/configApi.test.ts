import './configTemplates';
import { and, eq } from 'drizzle-orm';
import { auditLogs, serverPermissions, type ServerRow } from '../../../../server/src/db/schema';
import { createRuntimeTestApp } from '../../helpers/runtimeTestApp';
import { createTestUser, type TestUser } from '../../helpers/createTestUser';
import { createTestServer } from '../../helpers/createTestServer';
import { waitFor } from '../../helpers/waitFor';
import type { TestApp } from '../../helpers/testApp';
import { sampleProperties } from './configTemplates';

jest.setTimeout(60_000);

let t: TestApp;
let owner: TestUser;
let stranger: TestUser;
let reader: TestUser;
let editor: TestUser;
let server: ServerRow;

beforeAll(async () => {
  t = await createRuntimeTestApp();
  [owner, stranger, reader, editor] = await Promise.all([createTestUser(t.app), createTestUser(t.app), createTestUser(t.app), createTestUser(t.app)]);
  server = await createTestServer(t.app, owner.user, {
    template: 'test-config-minecraft',
    name: 'Config',
  });
  await t.app.db.insert(serverPermissions).values([
    {
      serverId: server.id,
      userId: reader.user.id,
      permissions: ['config.read'],
    },
    {
      serverId: server.id,
      userId: editor.user.id,
      permissions: ['config.read', 'config.update'],
    },
  ]);
});
afterAll(() => t.close());

const files = () => t.app.runtime.files(server.uuid);
const readProperties = async () => (await files().readFile('server.properties')).toString('utf8');
beforeEach(() => files().writeFile('server.properties', sampleProperties));

const fileUrl = (path = 'server.properties') => `/api/v2/servers/${server.shortId}/config/file?path=${encodeURIComponent(path)}`;
const get = (user: TestUser | null, url: string) => t.app.inject({ method: 'GET', url, headers: user?.headers ?? {} });
const put = (user: TestUser, body: unknown, url = fileUrl()) =>
  t.app.inject({
    method: 'PUT',
    url,
    headers: user.headers,
    payload: body as object,
  });

describe('reading the config', () => {
  it('lists the files the template declares', async () => {
    const res = await get(owner, `/api/v2/servers/${server.shortId}/config`);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([
      {
        path: 'server.properties',
        format: 'properties',
        title: 'Server properties',
        exists: true,
      },
    ]);
  });

  it('shows every vanilla key typed and grouped, unknown keys kept, managed keys marked', async () => {
    const res = await get(owner, fileUrl());
    expect(res.statusCode).toBe(200);
    const { raw, fields } = res.json().data as {
      raw: string;
      fields: Record<string, unknown>[];
    };
    expect(raw).toBe(sampleProperties);
    const byKey = new Map(fields.map((field) => [field.key as string, field]));
    expect(byKey.get('motd')).toMatchObject({
      value: 'Old message',
      type: 'string',
      group: 'basic',
      known: true,
      managed: false,
    });
    expect(byKey.get('max-players')).toMatchObject({
      value: '20',
      type: 'integer',
      min: 0,
      max: 2147483647,
      default: '20',
    });
    expect(byKey.get('view-distance')).toMatchObject({
      type: 'integer',
      min: 3,
      max: 32,
      value: '10',
    });
    expect(byKey.get('pvp')).toMatchObject({
      type: 'boolean',
      value: 'true',
      group: 'basic',
    });
    // Missing from the file: the game's default is what it uses.
    expect(byKey.get('difficulty')).toMatchObject({
      type: 'enum',
      value: 'easy',
      options: ['peaceful', 'easy', 'normal', 'hard'],
    });
    expect(byKey.get('level-type')).toMatchObject({
      type: 'enum',
      value: 'minecraft:normal',
    });
    expect(byKey.get('server-port')).toMatchObject({
      managed: true,
      value: '25565',
    });
    expect(byKey.get('rcon.password')).toMatchObject({
      secret: true,
      group: 'advanced',
    });
    expect(byKey.get('custom-plugin-key')).toEqual({
      key: 'custom-plugin-key',
      value: 'keep me',
      type: 'string',
      group: 'advanced',
      known: false,
      managed: false,
      secret: false,
    });
    for (const key of ['accepts-transfers', 'enable-rcon', 'simulation-distance', 'region-file-compression', 'hide-online-players', 'log-ips']) expect(byKey.has(key)).toBe(true);
  });

  it('answers 404 for paths the template does not declare, traversal included', async () => {
    for (const path of ['fixture.cjs', '../../etc/passwd', '/etc/passwd', 'server.properties/../fixture.cjs']) {
      expect((await get(owner, fileUrl(path))).statusCode).toBe(404);
      expect((await put(owner, { raw: 'x=1\n' }, fileUrl(path))).statusCode).toBe(404);
    }
    expect(await readProperties()).toBe(sampleProperties);
  });
});

describe('permissions', () => {
  it('needs config.read to read and config.update to save; strangers see 404', async () => {
    expect((await get(null, fileUrl())).statusCode).toBe(401);
    expect((await get(stranger, fileUrl())).statusCode).toBe(404);
    expect((await put(stranger, { values: { motd: 'x' } })).statusCode).toBe(404);
    expect((await get(reader, fileUrl())).statusCode).toBe(200);
    expect((await get(reader, `/api/v2/servers/${server.shortId}/config`)).statusCode).toBe(200);
    expect((await put(reader, { values: { motd: 'x' } })).statusCode).toBe(403);
    const saved = await put(editor, { values: { motd: 'From the editor' } });
    expect(saved.statusCode).toBe(200);
    expect(await readProperties()).toContain('motd=From the editor\n');
    const routes = t.app.serverScopedRoutes.filter((route) => route.url.includes('/config'));
    expect(routes.map((r) => `${r.method} ${r.url} ${String(r.permission)}`).sort()).toEqual([
      'GET /api/v2/servers/:id/config config.read',
      'GET /api/v2/servers/:id/config/file config.read',
      'PUT /api/v2/servers/:id/config/file config.update',
    ]);
  });
});

describe('saving the form', () => {
  it('sets values in place, keeps comments, order and unknown keys, appends new keys', async () => {
    const res = await put(owner, {
      values: { motd: 'Hello: world', 'max-players': '42', difficulty: 'hard' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: { restart_required: false } });
    expect(await readProperties()).toBe(sampleProperties.replace('motd=Old message', 'motd=Hello\\: world').replace('max-players=20', 'max-players=42') + 'difficulty=hard\n');
    const fields = (await get(owner, fileUrl())).json().data.fields as {
      key: string;
      value: string;
    }[];
    expect(fields.find((f) => f.key === 'motd')?.value).toBe('Hello: world');
  });

  it('refuses values the game rejects, per field, and leaves the file as it was', async () => {
    const res = await put(owner, {
      values: {
        motd: 'Fine',
        'max-players': 'lots',
        'view-distance': '64',
        gamemode: 'god',
        pvp: 'yes',
        'server-port': '1',
        'resource-pack-sha1': 'abc',
      },
    });
    expect(res.statusCode).toBe(422);
    const { errors } = res.json();
    expect(errors).toEqual({
      'values.max-players': ['Must be a whole number.'],
      'values.view-distance': ['Must be between 3 and 32.'],
      'values.gamemode': ['Must be one of: survival, creative, adventure, spectator.'],
      'values.pvp': ['Must be true or false.'],
      'values.server-port': ['The panel sets this value before every start (from the server’s allocation or startup settings); it cannot be changed here.'],
      'values.resource-pack-sha1': ['Must be empty or 40 hexadecimal characters.'],
    });
    expect(await readProperties()).toBe(sampleProperties);
  });

  it('accepts what the game also reads (legacy ids, any case) and values it wrote itself', async () => {
    expect(
      (
        await put(owner, {
          values: {
            gamemode: '1',
            difficulty: 'HARD',
            'level-type': 'flat',
            pvp: 'FALSE',
          },
        })
      ).statusCode,
    ).toBe(200);
    // An unchanged managed key is not a change.
    expect((await put(owner, { values: { 'server-port': '25565' } })).statusCode).toBe(200);
  });

  it('needs exactly one of values and raw', async () => {
    expect((await put(owner, {})).statusCode).toBe(422);
    expect((await put(owner, { values: { motd: 'a' }, raw: 'motd=b\n' })).json().errors).toHaveProperty('values');
  });
});

describe('saving the raw text', () => {
  it('writes the text as given once its values pass', async () => {
    const raw = `${sampleProperties}# added by hand\nspawn-protection=0\n`;
    const res = await put(owner, { raw });
    expect(res.statusCode).toBe(200);
    expect(await readProperties()).toBe(raw);
  });

  it('checks the raw text like the form', async () => {
    const res = await put(owner, {
      raw: sampleProperties.replace('max-players=20', 'max-players=-5').replace('server-port=25565', 'server-port=80'),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      'values.max-players': ['Must be between 0 and 2147483647.'],
      'values.server-port': ['The panel sets this value before every start (from the server’s allocation or startup settings); it cannot be changed here.'],
    });
    expect(await readProperties()).toBe(sampleProperties);
  });
});

describe('line endings', () => {
  const crlf = sampleProperties.replace(/\n/g, '\r\n');
  const readBytes = async () => files().readFile('server.properties');

  it('keeps a CRLF file CRLF byte for byte through a form save, but for the changed value', async () => {
    await files().writeFile('server.properties', crlf);
    expect((await put(owner, { values: { motd: 'Windows: yes', 'max-players': '20' } })).statusCode).toBe(200);
    expect(await readBytes()).toEqual(Buffer.from(crlf.replace('motd=Old message', 'motd=Windows\\: yes')));
    // A new key is appended with the file's own line break.
    expect((await put(owner, { values: { pvp: 'false' } })).statusCode).toBe(200);
    expect((await readBytes()).toString()).toBe(`${crlf.replace('motd=Old message', 'motd=Windows\\: yes')}pvp=false\r\n`);
  });

  it('keeps a missing final line break missing, in LF and CRLF files', async () => {
    for (const text of [sampleProperties.trimEnd(), crlf.trimEnd()]) {
      await files().writeFile('server.properties', text);
      expect((await put(owner, { values: { 'max-players': '8', difficulty: 'hard' } })).statusCode).toBe(200);
      const eol = text.includes('\r\n') ? '\r\n' : '\n';
      expect((await readBytes()).toString()).toBe(`${text.replace('max-players=20', 'max-players=8')}${eol}difficulty=hard`);
    }
  });

  it('writes raw text from the browser (LF only) with the file’s CRLF line breaks', async () => {
    await files().writeFile('server.properties', crlf);
    // What the raw editor sends back: the text as shown, line breaks normalised to \n by the browser.
    expect((await put(owner, { raw: sampleProperties.replace('max-players=20', 'max-players=30') })).statusCode).toBe(200);
    expect(await readBytes()).toEqual(Buffer.from(crlf.replace('max-players=20', 'max-players=30')));
    // The same text again changes nothing on disk.
    const { mtimeMs } = (await files().stat('server.properties'))!;
    expect((await put(owner, { raw: sampleProperties.replace('max-players=20', 'max-players=30') })).statusCode).toBe(200);
    expect((await files().stat('server.properties'))!.mtimeMs).toBe(mtimeMs);
    // An LF file stays LF even when CRLF text is sent.
    await files().writeFile('server.properties', sampleProperties);
    expect((await put(owner, { raw: crlf.replace('max-players=20', 'max-players=31') })).statusCode).toBe(200);
    expect((await readBytes()).toString()).toBe(sampleProperties.replace('max-players=20', 'max-players=31'));
  });
});

describe('audit and restart', () => {
  it('records the keys changed, never the value of rcon.password', async () => {
    expect(
      (
        await put(owner, {
          values: { motd: 'Audited', 'rcon.password': 'sup3r-s3cret' },
        })
      ).statusCode,
    ).toBe(200);
    // The raw text puts the message back and changes the password once more.
    expect(
      (
        await put(owner, {
          raw: sampleProperties.replace('hunter2', 'an0ther-s3cret'),
        })
      ).statusCode,
    ).toBe(200);
    const rows = await t.app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.serverUuid, server.uuid), eq(auditLogs.event, 'server.config.updated')));
    const [form, raw] = rows.slice(-2);
    expect(form.properties).toEqual({
      file: 'server.properties',
      keys: ['motd', 'rcon.password'],
      values: { motd: 'Audited' },
      editor: 'form',
    });
    expect(form.actorId).toBe(owner.user.id);
    expect(raw.properties).toEqual({
      file: 'server.properties',
      keys: ['motd', 'rcon.password'],
      values: { motd: 'Old message' },
      editor: 'raw',
    });
    expect(JSON.stringify(rows)).not.toMatch(/s3cret|hunter2/);
  });

  it('says a restart applies the change while the server runs', async () => {
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/api/v2/servers/${server.shortId}/power`,
          headers: owner.headers,
          payload: { signal: 'start' },
        })
      ).statusCode,
    ).toBe(204);
    await waitFor(() => t.app.runtime.state(server.uuid) === 'running', {
      what: 'running',
    });
    try {
      const res = await put(owner, { values: { 'max-players': '7' } });
      expect(res.json()).toEqual({ data: { restart_required: true } });
      // Nothing changed: nothing to restart for.
      expect((await put(owner, { values: { 'max-players': '7' } })).json()).toEqual({ data: { restart_required: false } });
    } finally {
      await t.app.inject({
        method: 'POST',
        url: `/api/v2/servers/${server.shortId}/power`,
        headers: owner.headers,
        payload: { signal: 'stop' },
      });
      await waitFor(() => t.app.runtime.state(server.uuid) === 'offline', {
        what: 'offline',
      });
    }
  });
});

describe('other games', () => {
  it('edits a plain key=value file from its template’s declaration, values written literally', async () => {
    const plain = await createTestServer(t.app, owner.user, {
      template: 'test-config-plain',
      name: 'Plain',
    });
    const url = `/api/v2/servers/${plain.shortId}/config/file?path=serverconfig.txt`;
    const fields = (await get(owner, url)).json().data.fields as {
      key: string;
      type: string;
      managed: boolean;
    }[];
    expect(fields.find((f) => f.key === 'maxplayers')).toMatchObject({
      type: 'integer',
      min: 1,
      max: 255,
    });
    expect(fields.find((f) => f.key === 'port')).toMatchObject({
      managed: true,
    });
    expect((await put(owner, { values: { maxplayers: '300' } }, url)).json().errors).toEqual({ 'values.maxplayers': ['Must be between 1 and 255.'] });
    expect((await put(owner, { values: { motd: 'Line one\nline two' } }, url)).json().errors).toEqual({ 'values.motd': ['Must be a single line.'] });
    expect((await put(owner, { values: { motd: 'Welcome: have fun!', maxplayers: '16' } }, url)).statusCode).toBe(200);
    expect((await t.app.runtime.files(plain.uuid).readFile('serverconfig.txt')).toString()).toBe('motd=Welcome: have fun!\nmaxplayers=16\nport=7777\n');
  });
});

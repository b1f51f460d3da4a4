import { and, eq } from 'drizzle-orm';
import { auditLogs, servers, users } from '../../../../server/src/db/schema';
import { loadServerContext } from '../../../../server/src/services/servers/loadServerContext';
import { createAdminKey } from '../../../../server/src/services/admin/adminKeys';
import { createTestApp, type TestApp } from '../../helpers/testApp';
import { createTestUser, type TestUser } from '../../helpers/createTestUser';
import { createTestServer } from '../../helpers/createTestServer';
import { plcnEgg, ptdlEgg } from '../../games/eggs/testEggs';

jest.setTimeout(60_000);

let t: TestApp;
let key: string;
let owner: TestUser;

beforeAll(async () => {
  t = await createTestApp();
  key = (await createAdminKey(t.app.db, 'billing')).key;
  owner = await createTestUser(t.app);
});
afterAll(() => t.close());

const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object | string, contentType?: string) =>
  t.app.inject({
    method,
    url: `/api/v2/admin${url}`,
    headers: { authorization: `Bearer ${key}`, ...(contentType ? { 'content-type': contentType } : {}) },
    ...(payload !== undefined ? { payload } : {}),
  });
const customer = (method: 'GET' | 'PATCH', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v2/servers${url}`, headers: { authorization: `Bearer ${token}` }, ...(payload ? { payload } : {}) });

describe('templates from eggs and the startup settings of their servers', () => {
  it('imports eggs in both formats, updates on re-import, maps images and refuses unreadable eggs by field', async () => {
    const json = await admin('POST', '/templates/import?game=minecraft', ptdlEgg);
    expect(json.statusCode).toBe(201);
    const template = json.json().data.template;
    expect(template).toMatchObject({ slug: 'egg-echo-game', game: 'minecraft', source: { kind: 'egg', format: 'PTDL_v2', url: null }, images: [{ label: 'Node 20' }, { label: 'Node 18' }] });
    expect(template.variables[0]).toEqual({
      env_variable: 'GREETING',
      name: 'Greeting',
      description: 'What the server says first.',
      default_value: 'hello',
      user_viewable: true,
      user_editable: true,
      rules: ['required', 'string', 'max:20'],
    });
    expect(template.ignored).toEqual(['file_denylist']);

    const again = await admin('POST', '/templates/import', { ...ptdlEgg, description: 'Changed.' });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.template).toMatchObject({ id: template.id, description: 'Changed.' });

    const yaml = await admin('POST', '/templates/import?game=rust', plcnEgg, 'text/yaml');
    expect(yaml.statusCode).toBe(201);
    expect(yaml.json().data.template).toMatchObject({ slug: 'egg-echo-game-yaml', game: 'rust', source: { format: 'PLCN_v3' } });

    const mapped = await admin('PUT', `/templates/${template.id}/images`, { images: { 'ghcr.io/example/node:20': 'panel/flying-squid:1' } });
    expect(mapped.json().data.template.image_map).toEqual({ 'ghcr.io/example/node:20': 'panel/flying-squid:1' });

    const bad = await admin('POST', '/templates/import', { ...ptdlEgg, meta: { version: 'PTDL_v2' }, variables: [{ ...ptdlEgg.variables[0], rules: 'required|shiny' }] });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ 'variables.0.rules': ['Unknown rule "shiny"'] });
    const refusedUrl = await admin('POST', '/templates/import', { url: 'http://127.0.0.1:1/egg.json' });
    expect(refusedUrl.statusCode).toBe(422);
    expect(Object.keys(refusedUrl.json().errors)).toEqual(['url']);

    const list = await admin('GET', '/templates');
    expect(list.json().data.map((row: { slug: string }) => row.slug)).toEqual(expect.arrayContaining(['minecraft-flying-squid', 'egg-echo-game', 'egg-echo-game-yaml']));
  });

  it('shows and changes a server’s startup: rules in the customer’s language, hidden and fixed variables refused, images offered', async () => {
    const server = await createTestServer(t.app, owner.user, { template: 'egg-echo-game', plan: 'minecraft-budget' });
    const shown = await customer('GET', `/${server.uuid}/startup`, owner.token);
    expect(shown.statusCode).toBe(200);
    const startup = shown.json().data;
    expect(startup.expanded).toMatch(/^node echo\.js --port \d+ --memory \d+ --greeting hello --ip /);
    expect(startup.variables.map((v: { env_variable: string }) => v.env_variable)).toEqual(['GREETING', 'MAX_PLAYERS', 'BUILD']);
    expect(startup.variables[2]).toMatchObject({ value: 'stable', editable: false });
    expect(startup).toMatchObject({ images: [{ image: 'ghcr.io/example/node:20' }, { image: 'ghcr.io/example/node:18' }], image: 'ghcr.io/example/node:20' });

    await t.app.db.update(users).set({ language: 'de' }).where(eq(users.id, owner.user.id));
    const refused = await customer('PATCH', `/${server.uuid}/startup`, owner.token, { variables: { GREETING: 'far too long a greeting here', MAX_PLAYERS: '500', BUILD: 'beta', SECRET_TOKEN: 'x' } });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({
      'variables.GREETING': ['Darf höchstens 20 Zeichen lang sein'],
      'variables.MAX_PLAYERS': ['Muss zwischen 1 und 100 liegen'],
      'variables.BUILD': [expect.any(String)],
      'variables.SECRET_TOKEN': [expect.any(String)],
    });
    await t.app.db.update(users).set({ language: 'en' }).where(eq(users.id, owner.user.id));

    const saved = await customer('PATCH', `/${server.uuid}/startup`, owner.token, { variables: { GREETING: 'howdy' }, image: 'ghcr.io/example/node:18' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toMatchObject({ image: 'ghcr.io/example/node:18', expanded: expect.stringContaining('--greeting howdy') });
    expect((await customer('PATCH', `/${server.uuid}/startup`, owner.token, { image: 'ghcr.io/evil/miner:1' })).json().errors).toEqual({ image: ['Choose one of the images this game offers'] });

    // Re-importing the egg keeps the server's values.
    await admin('POST', '/templates/import', ptdlEgg);
    expect((await customer('GET', `/${server.uuid}/startup`, owner.token)).json().data.variables[0].value).toBe('howdy');
    const events = await t.app.db
      .select({ event: auditLogs.event })
      .from(auditLogs)
      .where(and(eq(auditLogs.serverUuid, server.uuid)));
    expect(events.map((e) => e.event)).toEqual(expect.arrayContaining(['server.startup.variables-updated', 'server.startup.image-changed']));
  });

  it('lets the customer choose among an egg’s named startup commands, and runs the chosen one', async () => {
    const server = await createTestServer(t.app, owner.user, { template: 'egg-echo-game-yaml', plan: 'rust-budget' });
    const shown = (await customer('GET', `/${server.uuid}/startup`, owner.token)).json().data;
    expect(shown).toMatchObject({
      startup_commands: [
        { name: 'Default', command: 'node echo.js --port {{SERVER_PORT}}' },
        { name: 'Verbose', command: 'node echo.js --port {{SERVER_PORT}} --verbose' },
      ],
      startup_command: 'Default',
    });
    const refused = await customer('PATCH', `/${server.uuid}/startup`, owner.token, { startup_command: 'Turbo' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors).toEqual({ startup_command: ['Choose one of the startup commands this game offers'] });
    const chosen = await customer('PATCH', `/${server.uuid}/startup`, owner.token, { startup_command: 'Verbose' });
    expect(chosen.statusCode).toBe(200);
    expect(chosen.json().data).toMatchObject({ startup_command: 'Verbose', expanded: expect.stringMatching(/^node echo\.js --port \d+ --verbose$/) });
    const [row] = await t.app.db.select().from(servers).where(eq(servers.id, server.id));
    expect((await loadServerContext(t.app.db, row)).template.startCommand).toBe('node echo.js --port {{SERVER_PORT}} --verbose');
    const events = await t.app.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.serverUuid, server.uuid), eq(auditLogs.event, 'server.startup.command-changed')));
    expect(events.map((e) => e.properties)).toEqual([{ command: 'Verbose' }]);
  });

  it('serves built-in templates through the same startup API', async () => {
    const server = await createTestServer(t.app, owner.user, { template: 'minecraft-flying-squid' });
    const startup = (await customer('GET', `/${server.uuid}/startup`, owner.token)).json().data;
    expect(startup).toMatchObject({ images: [{ image: 'panel/flying-squid:1' }], image: 'panel/flying-squid:1', startup_commands: [], startup_command: null });
    expect(startup.variables[0]).toMatchObject({ env_variable: 'MINECRAFT_VERSION', editable: false, rules: ['regex:/^1\\.\\d+(\\.\\d+)?$/'] });
    const stranger = await createTestUser(t.app);
    expect((await customer('GET', `/${server.uuid}/startup`, stranger.token)).statusCode).toBe(404);
  });
});

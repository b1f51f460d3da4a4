import { and, eq } from 'drizzle-orm';
import { auditLogs, type ServerRow } from '../../../../server/src/db/schema';
import { registerTemplate, type TemplateDefinition } from '../../../../server/src/games/templates';
import { ark } from '../../../../server/src/games/templates/ark';
import { palworld } from '../../../../server/src/games/templates/palworld';
import { rust } from '../../../../server/src/games/templates/rust';
import { applyManagedConfig } from '../../../../server/src/runtime/config/applyManagedConfig';
import { loadServerContext, specOf } from '../../../../server/src/services/servers/loadServerContext';
import { createRuntimeTestApp } from '../../helpers/runtimeTestApp';
import { createTestUser, type TestUser } from '../../helpers/createTestUser';
import { createTestServer } from '../../helpers/createTestServer';
import { fixtureTemplate } from '../../helpers/testTemplates';
import type { TestApp } from '../../helpers/testApp';
import { waitFor } from '../../helpers/waitFor';

jest.setTimeout(60_000);

/** The fixture game wearing a real game's config file, variables and ports: a server whose game is not installed. */
function notInstalled(game: TemplateDefinition): TemplateDefinition {
  return {
    ...fixtureTemplate,
    slug: `test-config-${game.slug}`,
    name: `Test config (${game.name})`,
    variables: [...fixtureTemplate.variables, ...game.variables],
    extraPorts: game.extraPorts,
    configFiles: game.configFiles,
  };
}
for (const game of [rust, ark, palworld]) registerTemplate(notInstalled(game));

let t: TestApp;
let owner: TestUser;
beforeAll(async () => {
  t = await createRuntimeTestApp();
  owner = await createTestUser(t.app);
});
afterAll(() => t.close());

const fileUrl = (server: ServerRow, path: string) => `/api/v2/servers/${server.shortId}/config/file?path=${encodeURIComponent(path)}`;
const get = (url: string) => t.app.inject({ method: 'GET', url, headers: owner.headers });
const put = (url: string, payload: object) => t.app.inject({ method: 'PUT', url, headers: owner.headers, payload });
const files = (server: ServerRow) => t.app.runtime.driver.files(server.uuid);
const readText = async (server: ServerRow, path: string) => (await files(server).readFile(path)).toString('utf8');
type Field = { key: string; value: string; type: string; managed: boolean; secret: boolean; known: boolean; min?: number; max?: number; options?: string[] };
const fieldsOf = async (server: ServerRow, path: string) => {
  const res = await get(fileUrl(server, path));
  expect(res.statusCode).toBe(200);
  const data = res.json().data as { exists: boolean; raw: string; format: string; rewritten_on_stop: boolean; fields: Field[] };
  return { ...data, byKey: new Map(data.fields.map((field) => [field.key, field])) };
};
const lastAudit = async (server: ServerRow) => {
  const rows = await t.app.db
    .select()
    .from(auditLogs)
    .where(and(eq(auditLogs.serverUuid, server.uuid), eq(auditLogs.event, 'server.config.updated')));
  return rows.at(-1)?.properties;
};

describe('Rust server.cfg', () => {
  const path = 'server/rust/cfg/server.cfg';
  let server: ServerRow;
  beforeAll(async () => {
    server = await createTestServer(t.app, owner.user, { template: 'test-config-rust', variables: { HOSTNAME: 'Rusty place' } });
  });

  it('lists the file and shows the form before the game is installed', async () => {
    const list = await get(`/api/v2/servers/${server.shortId}/config`);
    expect(list.json().data).toEqual([{ path, format: 'rust-cfg', title: 'Server configuration (server.cfg)', exists: false }]);
    const { exists, raw, byKey } = await fieldsOf(server, path);
    expect({ exists, raw }).toEqual({ exists: false, raw: '' });
    expect(byKey.get('server.pve')).toMatchObject({ type: 'boolean', value: 'false', managed: false, known: true });
    expect(byKey.get('decay.scale')).toMatchObject({ type: 'number', value: '1', min: 0, max: 100 });
    // Set by the start command: read-only, showing what the panel writes.
    expect(byKey.get('server.hostname')).toMatchObject({ managed: true, value: 'Rusty place' });
  });

  it('saves form values into a new file, then in place keeping the customer’s lines', async () => {
    const saved = await put(fileUrl(server, path), { values: { 'server.pve': 'true', 'server.tags': 'pve,weekly' } });
    expect(saved.statusCode).toBe(200);
    expect(await readText(server, path)).toBe('server.pve true\nserver.tags "pve,weekly"\n');
    await files(server).writeFile(path, '// mine\r\nserver.pve true\r\noxide.custom 5\r\n');
    expect((await put(fileUrl(server, path), { values: { 'server.pve': 'false', 'decay.scale': '0.5' } })).statusCode).toBe(200);
    expect(await readText(server, path)).toBe('// mine\r\nserver.pve false\r\noxide.custom 5\r\ndecay.scale 0.5\r\n');
    expect((await fieldsOf(server, path)).byKey.get('oxide.custom')).toMatchObject({ known: false, value: '5' });
  });

  it('refuses bad values and keys the start command sets, writing nothing', async () => {
    const before = await readText(server, path);
    const res = await put(fileUrl(server, path), { values: { 'decay.scale': 'fast', 'server.tickrate': '500', 'server.hostname': 'Mine now' } });
    expect(res.statusCode).toBe(422);
    const errors = res.json().errors as Record<string, string[]>;
    expect(Object.keys(errors).sort()).toEqual(['values.decay.scale', 'values.server.hostname', 'values.server.tickrate']);
    const raw = await put(fileUrl(server, path), { raw: `${before}server.maxplayers 400\n` });
    expect(raw.statusCode).toBe(422);
    expect(await readText(server, path)).toBe(before);
  });

  it('writes the start command’s convars into the file before a start, so both agree', async () => {
    const spec = specOf(await loadServerContext(t.app.db, server), { root: '/srv', node: 'node', launchers: '/l' });
    await applyManagedConfig(files(server), spec.managedConfig);
    const text = await readText(server, path);
    expect(text).toMatch(/^\/\/ mine\r\n/);
    expect(text).toContain('\r\nserver.hostname "Rusty place"\r\n');
    const values = (await fieldsOf(server, path)).byKey;
    expect(values.get('server.port')?.value).toBe(String(spec.allocation.port));
    expect(values.get('rcon.password')).toMatchObject({ managed: true, secret: true });
  });
});

describe('ARK GameUserSettings.ini', () => {
  const path = 'ShooterGame/Saved/Config/LinuxServer/GameUserSettings.ini';
  let server: ServerRow;
  beforeAll(async () => {
    server = await createTestServer(t.app, owner.user, { template: 'test-config-ark' });
  });

  it('shows Section/Key fields with defaults, managed passwords as secrets without their value', async () => {
    const { exists, byKey, rewritten_on_stop } = await fieldsOf(server, path);
    expect({ exists, rewritten_on_stop }).toEqual({ exists: false, rewritten_on_stop: true });
    expect(byKey.get('ServerSettings/XPMultiplier')).toMatchObject({ type: 'number', value: '1', known: true });
    expect(byKey.get('ServerSettings/ServerPVE')).toMatchObject({ type: 'boolean', value: 'False' });
    expect(byKey.get('/Script/Engine.GameSession/MaxPlayers')).toMatchObject({ managed: true, value: '20' });
    expect(byKey.get('ServerSettings/ServerAdminPassword')).toMatchObject({ managed: true, secret: true, value: '' });
  });

  it('saves into sections, keeps what the game wrote, refuses bad values with the file unchanged', async () => {
    await files(server).writeFile(path, '[ServerSettings]\nXPMultiplier=1.000000\nCustomThing=1\n\n[SessionSettings]\nSessionName=An ARK Server\n');
    const saved = await put(fileUrl(server, path), { values: { 'ServerSettings/XPMultiplier': '2.5', 'ServerSettings/ServerPVE': 'true', 'MessageOfTheDay/Message': 'Welcome!' } });
    expect(saved.statusCode).toBe(200);
    const after = '[ServerSettings]\nXPMultiplier=2.5\nCustomThing=1\nServerPVE=True\n\n[SessionSettings]\nSessionName=An ARK Server\n\n[MessageOfTheDay]\nMessage=Welcome!\n';
    expect(await readText(server, path)).toBe(after);
    const bad = await put(fileUrl(server, path), { values: { 'ServerSettings/DifficultyOffset': '2', 'ServerSettings/TamingSpeedMultiplier': 'x', 'SessionSettings/SessionName': 'Other' } });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['values.ServerSettings/DifficultyOffset', 'values.ServerSettings/TamingSpeedMultiplier', 'values.SessionSettings/SessionName']);
    expect((await put(fileUrl(server, path), { raw: after.replace('XPMultiplier=2.5', 'XPMultiplier=lots') })).statusCode).toBe(422);
    expect(await readText(server, path)).toBe(after);
  });
  it('refuses saves while the server runs (the game writes the file back when it stops); a start writes the managed settings', async () => {
    const power = (signal: string) => t.app.inject({ method: 'POST', url: `/api/v2/servers/${server.shortId}/power`, headers: owner.headers, payload: { signal } });
    expect((await power('start')).statusCode).toBe(204);
    await waitFor(() => t.app.runtime.state(server.uuid) === 'running', { what: 'running' });
    try {
      const before = await readText(server, path);
      expect(before).toContain('\n[/Script/Engine.GameSession]\nMaxPlayers=20\n');
      expect(before).toMatch(/\nRCONEnabled=True\n/);
      const res = await put(fileUrl(server, path), { values: { 'ServerSettings/XPMultiplier': '4' } });
      expect(res.statusCode).toBe(409);
      expect(await readText(server, path)).toBe(before);
    } finally {
      await power('stop');
      await waitFor(() => t.app.runtime.state(server.uuid) === 'offline', { what: 'offline' });
    }
    expect((await put(fileUrl(server, path), { values: { 'ServerSettings/XPMultiplier': '4' } })).statusCode).toBe(200);
  });
});

describe('Palworld PalWorldSettings.ini', () => {
  const path = 'Pal/Saved/Config/LinuxServer/PalWorldSettings.ini';
  let server: ServerRow;
  beforeAll(async () => {
    server = await createTestServer(t.app, owner.user, { template: 'test-config-palworld', variables: { MAX_PLAYERS: '12' } });
  });

  it('shows the default settings while the file is missing', async () => {
    const { exists, byKey } = await fieldsOf(server, path);
    expect(exists).toBe(false);
    expect(byKey.get('ExpRate')).toMatchObject({ type: 'number', value: '1.000000', min: 0.1, max: 10 });
    expect(byKey.get('DeathPenalty')).toMatchObject({ type: 'enum', value: 'All', options: ['None', 'Item', 'ItemAndEquipment', 'All'] });
    expect(byKey.get('AdminPassword')).toMatchObject({ secret: true, managed: false });
    expect(byKey.get('ServerPlayerMaxNum')).toMatchObject({ managed: true, value: '12' });
    // Items of the default line the catalogue does not describe are still there, as text.
    expect(byKey.get('CrossplayPlatforms')).toMatchObject({ known: false, value: '(Steam,Xbox,PS5,Mac)' });
  });

  it('creates the file with the full OptionSettings line, quoting text; secrets stay out of the audit log', async () => {
    const res = await put(fileUrl(server, path), { values: { ServerName: 'Pals, "friends"', ExpRate: '2', bIsPvP: 'true', AdminPassword: 's3cret,pw' } });
    expect(res.statusCode).toBe(200);
    const text = await readText(server, path);
    expect(text).toMatch(/^\[\/Script\/Pal\.PalGameWorldSettings\]\nOptionSettings=\(Difficulty=None,DayTimeSpeedRate=1\.000000,NightTimeSpeedRate=1\.000000,ExpRate=2,/);
    expect(text).toContain(',bIsPvP=True,');
    expect(text).toContain(',ServerName="Pals, \\"friends\\"",');
    expect(text).toContain(',AdminPassword="s3cret,pw",');
    expect(text).toContain(',CrossplayPlatforms=(Steam,Xbox,PS5,Mac),');
    const audit = (await lastAudit(server)) as { keys: string[]; values: Record<string, string> };
    expect(audit.keys.sort()).toEqual(['AdminPassword', 'ExpRate', 'ServerName', 'bIsPvP']);
    expect(audit.values).toEqual({ ServerName: 'Pals, "friends"', ExpRate: '2', bIsPvP: 'True' });
    expect(JSON.stringify(audit)).not.toContain('s3cret');
    expect((await fieldsOf(server, path)).byKey.get('ServerName')?.value).toBe('Pals, "friends"');
  });

  it('refuses bad values, managed items and raw text breaking the rules, the file unchanged', async () => {
    const before = await readText(server, path);
    const bad = await put(fileUrl(server, path), { values: { ExpRate: '50', DeathPenalty: 'Everything', ServerPlayerMaxNum: '30', RCONEnabled: 'True' } });
    expect(bad.statusCode).toBe(422);
    expect(Object.keys(bad.json().errors).sort()).toEqual(['values.DeathPenalty', 'values.ExpRate', 'values.RCONEnabled', 'values.ServerPlayerMaxNum']);
    const raw = await put(fileUrl(server, path), { raw: before.replace('PalCaptureRate=1.000000', 'PalCaptureRate=0') });
    expect(raw.statusCode).toBe(422);
    expect(raw.json().errors).toHaveProperty(['values.PalCaptureRate']);
    expect(await readText(server, path)).toBe(before);
  });

  it('a blank file left by the game starts from the defaults too', async () => {
    await files(server).writeFile(path, '');
    expect((await fieldsOf(server, path)).byKey.get('DeathPenalty')?.value).toBe('All');
    expect((await put(fileUrl(server, path), { values: { DeathPenalty: 'Item' } })).statusCode).toBe(200);
    const text = await readText(server, path);
    expect(text).toContain(',DeathPenalty=Item,');
    expect(text).toContain('ServerName="Default Palworld Server"');
  });
});

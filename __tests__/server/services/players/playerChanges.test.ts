import { HttpError } from '../../../../server/src/lib/errors';
import { parseProperties } from '../../../../server/src/lib/properties';
import { applyPlayerChange, type ChangeContext } from '../../../../server/src/services/players/playerChanges';
import { offlineUuid, readLists, type ListFiles } from '../../../../server/src/services/players/vanillaFiles';

/** A server's files held in memory: the player changes need nothing but the port's reads and writes. */
function memoryFiles(initial: Record<string, string> = {}): ListFiles & { text: (path: string) => string | undefined } {
  const files = new Map(Object.entries(initial));
  return {
    readFile: async (path) => {
      const content = files.get(path);
      if (content === undefined) throw Object.assign(new Error(`${path}: no such file`), { code: 'ENOENT' });
      return Buffer.from(content);
    },
    writeFile: async (path, content) => {
      files.set(path, content.toString());
    },
    text: (path) => files.get(path),
  };
}

async function contextOf(files: ReturnType<typeof memoryFiles>, overrides: Partial<ChangeContext> = {}): Promise<ChangeContext> {
  const text = files.text('server.properties') ?? '';
  return {
    running: false,
    ourLauncher: false,
    files,
    lists: await readLists(files),
    props: { text, values: parseProperties(text) },
    online: () => [],
    send: async () => undefined,
    profileOf: async (name) => ({ uuid: offlineUuid(name), name }),
    username: 'alice',
    readProps: async () => ({ text, values: parseProperties(text) }),
    ...overrides,
  };
}

describe('player changes on a stopped server (into the vanilla files, through the file port)', () => {
  it('bans with the asker as source, then refuses the same ban again', async () => {
    const files = memoryFiles();
    const record = await applyPlayerChange(await contextOf(files), { type: 'ban', name: 'Steve', reason: 'griefing\nspawn' });
    expect(record).toEqual({ event: 'server.players.banned', properties: { name: 'Steve', uuid: offlineUuid('Steve'), reason: 'griefing spawn', expires_at: null } });
    const [ban] = JSON.parse(files.text('banned-players.json')!);
    expect(ban).toMatchObject({ name: 'Steve', source: 'alice', expires: 'forever', reason: 'griefing spawn' });
    await expect(applyPlayerChange(await contextOf(files), { type: 'ban', name: 'steve' })).rejects.toMatchObject({ statusCode: 409 });
  });

  it('makes an operator at the op-permission-level, and answers 404 for one the list does not hold', async () => {
    const files = memoryFiles({ 'server.properties': 'op-permission-level=2\n' });
    await applyPlayerChange(await contextOf(files), { type: 'op', name: 'Alex' });
    expect(JSON.parse(files.text('ops.json')!)).toEqual([{ uuid: offlineUuid('Alex'), name: 'Alex', level: 2, bypassesPlayerLimit: false }]);
    const refused = await applyPlayerChange(await contextOf(files), { type: 'deop', name: 'Notch' }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HttpError);
    expect((refused as HttpError).statusCode).toBe(404);
  });

  it('turns the whitelist on in server.properties, keeping the other keys', async () => {
    const files = memoryFiles({ 'server.properties': 'motd=Hello\nwhite-list=false\n' });
    const record = await applyPlayerChange(await contextOf(files), { type: 'whitelist-enabled', enabled: true });
    expect(record.event).toBe('server.players.whitelist-enabled');
    expect(parseProperties(files.text('server.properties')!)).toMatchObject({ motd: 'Hello', 'white-list': 'true' });
  });
});

describe('player changes on a running server (through the game)', () => {
  it('kicks through the console and waits until the player has left', async () => {
    let online = [{ name: 'Steve', uuid: offlineUuid('Steve') }];
    const sent: string[] = [];
    const ctx = await contextOf(memoryFiles(), {
      running: true,
      online: () => online,
      send: async (command) => {
        sent.push(command);
        setTimeout(() => (online = []), 50);
      },
    });
    const record = await applyPlayerChange(ctx, { type: 'kick', name: 'steve', reason: 'AFK' });
    expect(sent).toEqual(['kick Steve AFK']);
    expect(record).toEqual({ event: 'server.players.kicked', properties: { name: 'Steve', uuid: offlineUuid('Steve'), reason: 'AFK' } });
  });

  it('refuses a temporary ban a vanilla server has no command for, sending nothing', async () => {
    const sent: string[] = [];
    const ctx = await contextOf(memoryFiles(), { running: true, send: async (command) => void sent.push(command) });
    const expires = new Date(Date.now() + 3_600_000).toISOString();
    await expect(applyPlayerChange(ctx, { type: 'ban', name: 'Steve', expires_at: expires })).rejects.toMatchObject({ statusCode: 409 });
    expect(sent).toEqual([]);
  });
});

import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RootedServerFiles } from '../../../../server/src/runtime/files/rooted/RootedServerFiles';
import { banExpired, formatList, formatVanillaDate, offlineUuid, parseVanillaDate, readLists, writeList } from '../../../../server/src/services/players/vanillaFiles';
// The launcher (plain CommonJS, runs in the game process) must compute the same.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const launcher = require('../../../../server/src/runtime/launchers/vanilla-players.cjs') as { offlineUuid: (n: string) => string; formatDate: (d: Date) => string };

// Files as a vanilla 1.21 server writes them (Gson pretty printing, no final line break).
const realBans = `[
  {
    "uuid": "069a79f4-44e9-4726-a5be-fca90e38aaf5",
    "name": "Notch",
    "created": "2024-03-01 10:15:30 +0100",
    "source": "Server",
    "expires": "forever",
    "reason": "Banned by an operator."
  }
]`;
const realOps = `[
  {
    "uuid": "853c80ef-3c37-49fd-aa49-938b674adae6",
    "name": "jeb_",
    "level": 4,
    "bypassesPlayerLimit": false
  }
]`;
const realWhitelist = `[
  {
    "uuid": "853c80ef-3c37-49fd-aa49-938b674adae6",
    "name": "jeb_"
  }
]`;
const realIpBans = `[
  {
    "ip": "203.0.113.7",
    "created": "2024-03-01 10:15:30 +0000",
    "source": "Server",
    "expires": "2030-01-01 00:00:00 +0000",
    "reason": "Griefing"
  }
]`;

describe('vanilla player files', () => {
  it('computes offline UUIDs exactly as vanilla (v3 of "OfflinePlayer:" + name), in the panel and the launcher', () => {
    expect(offlineUuid('Notch')).toBe('b50ad385-829d-3141-a216-7e7d7539ba7f');
    expect(offlineUuid('jeb_')).toBe(launcher.offlineUuid('jeb_'));
    expect(offlineUuid('Tester')[14]).toBe('3');
  });

  it('reads real vanilla files and writes them back byte for byte', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'players-'));
    writeFileSync(join(dir, 'banned-players.json'), realBans);
    writeFileSync(join(dir, 'ops.json'), realOps);
    writeFileSync(join(dir, 'whitelist.json'), realWhitelist);
    writeFileSync(join(dir, 'banned-ips.json'), realIpBans);
    const files = new RootedServerFiles(dir);
    const lists = await readLists(files);
    expect(lists.bans[0]).toMatchObject({ name: 'Notch', expires: 'forever', source: 'Server' });
    expect(lists.ops[0].level).toBe(4);
    expect(formatList(lists.bans)).toBe(realBans);
    expect(formatList(lists.ops)).toBe(realOps);
    expect(formatList(lists.whitelist)).toBe(realWhitelist);
    expect(formatList(lists.ipBans)).toBe(realIpBans);
    await writeList(files, 'ops', []);
    expect(readFileSync(join(dir, 'ops.json'), 'utf8')).toBe('[]');
  });

  it('treats missing files as empty lists', async () => {
    const lists = await readLists(new RootedServerFiles(mkdtempSync(join(tmpdir(), 'players-'))));
    expect(lists).toEqual({ whitelist: [], ops: [], bans: [], ipBans: [] });
  });

  it('writes and reads vanilla dates, and knows when a ban has run out', () => {
    const date = new Date(Date.UTC(2024, 2, 1, 9, 15, 30));
    expect(formatVanillaDate(date)).toBe('2024-03-01 09:15:30 +0000');
    expect(launcher.formatDate(date)).toBe('2024-03-01 09:15:30 +0000');
    expect(parseVanillaDate('2024-03-01 10:15:30 +0100')).toEqual(date);
    expect(banExpired({ expires: 'forever' })).toBe(false);
    expect(banExpired({ expires: '2001-01-01 00:00:00 +0000' })).toBe(true);
    expect(banExpired({ expires: '2999-01-01 00:00:00 +0000' })).toBe(false);
  });
});

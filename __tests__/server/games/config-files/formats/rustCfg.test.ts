import { rustCfgFormat } from '../../../../../server/src/games/config-files/formats/rustCfg';
import { rustServerCfg } from '../../../../../server/src/games/config-files/rustServerCfg';

const specs = new Map(rustServerCfg.map((field) => [field.key, field]));
const sample = ['// my settings', 'server.hostname "My Server"', 'server.pve false', '', 'ownerid 76561198000000001 "Admin" "owner"', 'oxide.custom 5', 'decay.scale 0.5', ''].join('\n');

describe('Rust server.cfg', () => {
  it('reads convars: quoted text without its quotes, several arguments as written, names in lower case', () => {
    expect(rustCfgFormat.parse(`${sample}Server.Radiation false\n`)).toEqual({
      'server.hostname': 'My Server',
      'server.pve': 'false',
      ownerid: '76561198000000001 "Admin" "owner"',
      'oxide.custom': '5',
      'decay.scale': '0.5',
      'server.radiation': 'false',
    });
  });

  it('keeps comments, order and unknown commands; rewrites only changed lines; appends new convars', () => {
    const updated = rustCfgFormat.update(sample, { 'server.pve': 'true', 'decay.scale': '0.5', 'server.tags': 'pve,vanilla', 'server.url': 'https://example.test/x y' }, specs);
    expect(updated).toBe(
      [
        '// my settings',
        'server.hostname "My Server"',
        'server.pve true',
        '',
        'ownerid 76561198000000001 "Admin" "owner"',
        'oxide.custom 5',
        'decay.scale 0.5',
        'server.tags "pve,vanilla"',
        'server.url "https://example.test/x y"',
        '',
      ].join('\n'),
    );
    expect(rustCfgFormat.parse(updated)['server.url']).toBe('https://example.test/x y');
  });

  it('quotes text, writes booleans in lower case, matches convars in any case', () => {
    const updated = rustCfgFormat.update('Server.PVE False\nserver.hostname Old\n', { 'server.pve': 'TRUE', 'server.hostname': 'Two words' }, specs);
    expect(updated).toBe('Server.PVE true\nserver.hostname "Two words"\n');
  });

  it('keeps CRLF line breaks and a missing last line break', () => {
    expect(rustCfgFormat.update('server.pve false\r\nserver.radiation true', { 'server.pve': 'true', 'craft.instant': 'true' }, specs)).toBe(
      'server.pve true\r\nserver.radiation true\r\ncraft.instant true',
    );
  });

  it('creates a file from nothing', () => {
    expect(rustCfgFormat.update('', { 'server.pve': 'true' }, specs)).toBe('server.pve true\n');
  });

  it('refuses quotes in text, line breaks and odd names', () => {
    expect(rustCfgFormat.valueProblem('say "hi"', specs.get('server.url'))).toMatch(/quotes/);
    expect(rustCfgFormat.valueProblem('a\nb', undefined)).toMatch(/single line/);
    expect(rustCfgFormat.keyProblem('server hostname')).not.toBeNull();
    expect(rustCfgFormat.keyProblem('server.hostname')).toBeNull();
  });
});

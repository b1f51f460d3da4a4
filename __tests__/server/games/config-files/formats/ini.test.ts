import { iniFormat } from '../../../../../server/src/games/config-files/formats/ini';
import { arkGameUserSettings } from '../../../../../server/src/games/config-files/arkGameUserSettings';

const specs = new Map(arkGameUserSettings.map((field) => [field.key, field]));
const sample = [
  '[ServerSettings]',
  '; tuned for friends',
  'XPMultiplier=2.000000',
  'ServerPVE=False',
  'CustomModSetting=keep me',
  'PerLevelStatsMultiplier_Player[7]=3.000000',
  '',
  '[/Script/Engine.GameSession]',
  'MaxPlayers=20',
  '',
  '[MessageOfTheDay]',
  'Message="Hello, survivors"',
  '',
].join('\n');

describe('INI (ARK GameUserSettings.ini)', () => {
  it('names keys Section/Key, sections with slashes included, and unquotes text', () => {
    expect(iniFormat.parse(sample)).toEqual({
      'ServerSettings/XPMultiplier': '2.000000',
      'ServerSettings/ServerPVE': 'False',
      'ServerSettings/CustomModSetting': 'keep me',
      'ServerSettings/PerLevelStatsMultiplier_Player[7]': '3.000000',
      '/Script/Engine.GameSession/MaxPlayers': '20',
      'MessageOfTheDay/Message': 'Hello, survivors',
    });
  });

  it('sets values in place, adds keys to their section and new sections at the end, keeps the rest', () => {
    const updated = iniFormat.update(
      sample,
      {
        'ServerSettings/XPMultiplier': '3.5',
        'ServerSettings/ServerPVE': 'true',
        'ServerSettings/TamingSpeedMultiplier': '4',
        'MessageOfTheDay/Message': 'Say "hi"',
        'SessionSettings/SessionName': 'My ARK',
      },
      specs,
    );
    expect(updated).toBe(
      [
        '[ServerSettings]',
        '; tuned for friends',
        'XPMultiplier=3.5',
        'ServerPVE=True',
        'CustomModSetting=keep me',
        'PerLevelStatsMultiplier_Player[7]=3.000000',
        'TamingSpeedMultiplier=4',
        '',
        '[/Script/Engine.GameSession]',
        'MaxPlayers=20',
        '',
        '[MessageOfTheDay]',
        'Message="Say \\"hi\\""',
        '',
        '[SessionSettings]',
        'SessionName=My ARK',
        '',
      ].join('\n'),
    );
    expect(iniFormat.parse(updated)['MessageOfTheDay/Message']).toBe('Say "hi"');
  });

  it('leaves the text byte for byte when nothing changes, CRLF included', () => {
    const crlf = sample.replace(/\n/g, '\r\n');
    expect(iniFormat.update(crlf, { 'ServerSettings/XPMultiplier': '2.000000' }, specs)).toBe(crlf);
    expect(iniFormat.update(crlf, { 'ServerSettings/HarvestAmountMultiplier': '2' }, specs)).toBe(
      crlf.replace('PerLevelStatsMultiplier_Player[7]=3.000000\r\n', 'PerLevelStatsMultiplier_Player[7]=3.000000\r\nHarvestAmountMultiplier=2\r\n'),
    );
  });

  it('creates a file from nothing', () => {
    expect(iniFormat.update('', { 'ServerSettings/XPMultiplier': '2', 'ServerSettings/ServerPVE': 'false' }, specs)).toBe('[ServerSettings]\nXPMultiplier=2\nServerPVE=False\n');
  });

  it('refuses keys it cannot write and line breaks', () => {
    expect(iniFormat.keyProblem('ServerSettings/Bad=Key')).not.toBeNull();
    expect(iniFormat.keyProblem('ServerSettings/Good_Key[2]')).toBeNull();
    expect(iniFormat.valueProblem('a\r\nb', undefined)).toMatch(/single line/);
  });
});

import { palworldOptionsFormat } from '../../../../../server/src/games/config-files/formats/palworldOptions';
import { palworldDefaultSettings, palworldSettings } from '../../../../../server/src/games/config-files/palworldSettings';

const specs = new Map(palworldSettings.map((field) => [field.key, field]));
const sample = [
  '; my world',
  '[/Script/Pal.PalGameWorldSettings]',
  'OptionSettings=(Difficulty=None,ExpRate=1.000000,DeathPenalty=All,bIsPvP=False,ServerName="Pals, friends (and foes)",CrossplayPlatforms=(Steam,Xbox),ModSetting=7)',
  '',
].join('\n');

describe('Palworld OptionSettings', () => {
  it('reads every item: quoted text with commas and parentheses, nested lists, unknown keys', () => {
    expect(palworldOptionsFormat.parse(sample)).toEqual({
      Difficulty: 'None',
      ExpRate: '1.000000',
      DeathPenalty: 'All',
      bIsPvP: 'False',
      ServerName: 'Pals, friends (and foes)',
      CrossplayPlatforms: '(Steam,Xbox)',
      ModSetting: '7',
    });
  });

  it('rewrites only changed items, quotes text with escapes, appends new items inside the parentheses', () => {
    const updated = palworldOptionsFormat.update(sample, { ExpRate: '2.5', bIsPvP: 'true', ServerName: 'Say "hi" \\o/', AdminPassword: 'p,w)' }, specs);
    expect(updated).toBe(
      [
        '; my world',
        '[/Script/Pal.PalGameWorldSettings]',
        'OptionSettings=(Difficulty=None,ExpRate=2.5,DeathPenalty=All,bIsPvP=True,ServerName="Say \\"hi\\" \\\\o/",CrossplayPlatforms=(Steam,Xbox),ModSetting=7,AdminPassword="p,w)")',
        '',
      ].join('\n'),
    );
    expect(palworldOptionsFormat.parse(updated)).toMatchObject({ ServerName: 'Say "hi" \\o/', AdminPassword: 'p,w)', CrossplayPlatforms: '(Steam,Xbox)', ModSetting: '7' });
  });

  it('keeps CRLF and leaves an unchanged file as it is', () => {
    const crlf = sample.replace(/\n/g, '\r\n');
    expect(palworldOptionsFormat.update(crlf, { ExpRate: '1.000000' }, specs)).toBe(crlf);
    expect(palworldOptionsFormat.update(crlf, { ExpRate: '3' }, specs)).toBe(crlf.replace('ExpRate=1.000000', 'ExpRate=3'));
  });

  it('starts from the default settings: the full line with the changes', () => {
    const created = palworldOptionsFormat.update(palworldDefaultSettings, { ServerName: 'Mine', ExpRate: '2' }, specs);
    const values = palworldOptionsFormat.parse(created);
    expect(values).toMatchObject({ ServerName: 'Mine', ExpRate: '2', DeathPenalty: 'All', BanListURL: 'https://api.palworldgame.com/api/banlist.txt' });
    expect(Object.keys(values).length).toBeGreaterThan(70);
    expect(created).toMatch(/^\[\/Script\/Pal\.PalGameWorldSettings\]\nOptionSettings=\(Difficulty=None,.*ServerName="Mine",/);
  });

  it('the catalogue defaults are the default file’s values', () => {
    const defaults = palworldOptionsFormat.parse(palworldDefaultSettings);
    for (const field of palworldSettings) expect([field.key, defaults[field.key]]).toEqual([field.key, field.default]);
  });

  it('adds the line under an existing header, or a new section to a file without one', () => {
    expect(palworldOptionsFormat.update('[/Script/Pal.PalGameWorldSettings]\n', { ExpRate: '2' }, specs)).toBe('[/Script/Pal.PalGameWorldSettings]\nOptionSettings=(ExpRate=2)\n');
    expect(palworldOptionsFormat.update('', { bIsPvP: 'false' }, specs)).toBe('[/Script/Pal.PalGameWorldSettings]\nOptionSettings=(bIsPvP=False)\n');
  });
});

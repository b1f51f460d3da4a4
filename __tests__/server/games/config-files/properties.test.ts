import { lineEndingOf, parseProperties, updateProperties, withLineEndings } from '../../../../server/src/lib/properties';
import { validateConfigValue } from '../../../../server/src/games/config-files/validateConfigValue';
import { minecraftServerProperties } from '../../../../server/src/games/config-files/minecraftServerProperties';

const spec = (key: string) => minecraftServerProperties.find((field) => field.key === key)!;

describe('properties text', () => {
  it('reads Java escapes, \\u00A7 colour codes included', () => {
    expect(parseProperties('motd=\\u00A7aGreen\\: yes\\nline two\nlevel-type=minecraft\\:flat\n')).toEqual({
      motd: '§aGreen: yes\nline two',
      'level-type': 'minecraft:flat',
    });
  });

  it('round-trips values through escaping', () => {
    const values = { motd: 'a=b:c #1 !x \\ end', seed: ' leading space' };
    expect(parseProperties(updateProperties('', values))).toEqual(values);
  });

  it('sets every occurrence of a repeated key, so the one the game reads changes', () => {
    const text = 'motd=first\n#c\nmotd=second\n';
    const updated = updateProperties(text, { motd: 'new' });
    expect(updated).toBe('motd=new\n#c\nmotd=new\n');
    expect(parseProperties(updated).motd).toBe('new');
  });

  it('writes plain files literally', () => {
    expect(updateProperties('motd=x\n', { motd: 'Hi: there' }, false, 'none')).toBe('motd=Hi: there\n');
    expect(parseProperties('motd=a\\:b\n', 'none')).toEqual({ motd: 'a\\:b' });
  });
});

describe('values the game rejects', () => {
  it.each([
    ['max-players', '20', null],
    ['max-players', '2147483648', 'Must be between 0 and 2147483647.'],
    ['max-players', '1.5', 'Must be a whole number.'],
    ['view-distance', '2', 'Must be between 3 and 32.'],
    ['op-permission-level', '5', 'Must be between 0 and 4.'],
    ['online-mode', 'True', null],
    ['online-mode', 'on', 'Must be true or false.'],
    ['difficulty', 'peaceful', null],
    ['difficulty', '3', null],
    ['difficulty', 'nightmare', 'Must be one of: peaceful, easy, normal, hard.'],
    ['region-file-compression', 'zip', 'Must be one of: deflate, lz4, none.'],
    ['resource-pack', 'ftp://x', 'Must be empty or an http(s) address.'],
    ['level-name', 'a/b', 'Must be a folder name (1 to 128 characters, without / \\ : * ? " < > |).'],
    ['motd', '§6Gold and\nsecond line', null],
    ['motd', 'x'.repeat(513), 'Must be at most 512 characters.'],
  ])('%s = %j', (key, value, message) => {
    expect(validateConfigValue(spec(key), value)).toBe(message);
  });

  it('lists each vanilla key once, with a description and a group', () => {
    const keys = minecraftServerProperties.map((field) => field.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.length).toBeGreaterThanOrEqual(60);
    for (const field of minecraftServerProperties) expect(field.description.length).toBeGreaterThan(5);
  });
});

describe('line endings', () => {
  it('rewrites only the changed lines of CRLF text, keeping every other byte', () => {
    const text = '#Comment\r\nmotd=old\r\n\r\n# spaced = yes\r\npvp=true\r\n';
    expect(updateProperties(text, { motd: 'new' })).toBe('#Comment\r\nmotd=new\r\n\r\n# spaced = yes\r\npvp=true\r\n');
    expect(updateProperties(text, { 'max-players': '5' })).toBe(`${text}max-players=5\r\n`);
    expect(updateProperties(text, {})).toBe(text);
  });

  it('keeps a missing final line break missing, and each line its own break in mixed text', () => {
    expect(updateProperties('a=1\r\nb=2', { b: '3', c: '4' })).toBe('a=1\r\nb=3\r\nc=4');
    expect(updateProperties('a=1\nb=2\r\nc=3\n', { b: '9' })).toBe('a=1\nb=9\r\nc=3\n');
    expect(updateProperties('', { a: '1', b: '2' })).toBe('a=1\nb=2\n');
  });

  it('tells the line break a text mostly uses and rewrites text to it', () => {
    expect(lineEndingOf('a=1\r\nb=2\r\nc=3\n')).toBe('\r\n');
    expect(lineEndingOf('a=1\nb=2\r\n')).toBe('\n');
    expect(lineEndingOf('')).toBe('\n');
    expect(withLineEndings('a=1\nb=2\r\n', '\r\n')).toBe('a=1\r\nb=2\r\n');
    expect(withLineEndings('a=1\r\nb=2\n', '\n')).toBe('a=1\nb=2\n');
  });
});

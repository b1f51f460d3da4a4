import { rewriteConfigText, type ConfigReplacement, type RewriteParser } from '../../../../../server/src/games/config-files/rewrites';
import { parseEgg } from '../../../../../server/src/games/eggs/parseEgg';
import { eggToTemplate } from '../../../../../server/src/games/eggs/eggToTemplate';
import { buildServerSpec } from '../../../../../server/src/runtime/buildServerSpec';

const set = (match: string, value: string, extra: Partial<ConfigReplacement> = {}): ConfigReplacement => ({ match, ifValue: null, value, boolean: false, ...extra });
const rewrite = (parser: RewriteParser, text: string, ...replacements: ConfigReplacement[]) => rewriteConfigText({ parser, replacements }, text);

describe('the file parser', () => {
  it('replaces every line starting with a match by the whole value, keeping the line breaks and other lines', async () => {
    const text = '# settings\r\nport=1\r\n  port: 2\r\nname=x\r\n';
    expect(await rewrite('file', text, set('port=', 'port=25565'), set('  port:', '  port: 25566'))).toBe('# settings\r\nport=25565\r\n  port: 25566\r\nname=x\r\n');
  });

  it('adds nothing when no line matches', async () => {
    expect(await rewrite('file', 'a=1\n', set('b=', 'b=2'))).toBe('a=1\n');
  });
});

describe('the json parser', () => {
  it('sets dotted paths, array indexes and wildcards, typing numbers and booleans, with the file’s indentation', async () => {
    const text = JSON.stringify({ listeners: [{ host: '0.0.0.0:1', query: false }], servers: { lobby: { address: 'localhost:25566' }, hub: { address: '10.0.0.5:1' } } }, null, 4) + '\n';
    const next = await rewrite(
      'json',
      text,
      set('listeners[0].host', '0.0.0.0:25577'),
      set('listeners[0].query', 'true', { boolean: true }),
      set('servers.*.address', '172.18.0.1$2', { ifValue: 'regex:^(127\\.0\\.0\\.1|localhost)(:\\d{1,5})?$' }),
      set('net.port', '25577'),
    );
    expect(JSON.parse(next)).toEqual({
      listeners: [{ host: '0.0.0.0:25577', query: true }],
      servers: { lobby: { address: '172.18.0.1:25566' }, hub: { address: '10.0.0.5:1' } },
      net: { port: 25577 },
    });
    expect(next).toMatch(/^\{\n {4}"listeners"/);
    expect(next.endsWith('}\n')).toBe(true);
  });

  it('replaces a value only when it equals the condition, and starts an empty file as an object', async () => {
    expect(JSON.parse(await rewrite('json', '{"motd":"keep"}', set('motd', 'new', { ifValue: 'old' })))).toEqual({ motd: 'keep' });
    expect(JSON.parse(await rewrite('json', '{"motd":"old"}', set('motd', 'new', { ifValue: 'old' })))).toEqual({ motd: 'new' });
    expect(JSON.parse(await rewrite('json', '', set('a.b', 'c')))).toEqual({ a: { b: 'c' } });
  });

  it('leaves an unchanged file byte for byte, and refuses text that is not JSON', async () => {
    expect(await rewrite('json', '{ "port":   5 }', set('port', '5'))).toBe('{ "port":   5 }');
    await expect(rewrite('json', '{ port: ', set('port', '5'))).rejects.toThrow(/not valid JSON/);
  });
});

describe('the yaml parser', () => {
  it('sets paths and wildcards while keeping comments and the rest of the file', async () => {
    const text = [
      '# BungeeCord',
      'listeners:',
      '- host: 0.0.0.0:25577 # public',
      '  query_port: 1',
      'servers:',
      '  lobby:',
      '    address: localhost:25566',
      '  hub:',
      '    address: 10.0.0.5:1',
      '',
    ].join('\n');
    const next = await rewrite(
      'yaml',
      text,
      set('listeners[0].host', '0.0.0.0:30000'),
      set('listeners[0].query_port', '30000'),
      set('servers.*.address', '172.18.0.1$2', { ifValue: 'regex:^(127\\.0\\.0\\.1|localhost)(:\\d{1,5})?$' }),
      set('ip_forward', 'true', { boolean: true }),
    );
    expect(next).toBe(
      [
        '# BungeeCord',
        'listeners:',
        '  - host: 0.0.0.0:30000 # public',
        '    query_port: 30000',
        'servers:',
        '  lobby:',
        '    address: 172.18.0.1:25566',
        '  hub:',
        '    address: 10.0.0.5:1',
        'ip_forward: true',
        '',
      ].join('\n'),
    );
  });

  it('refuses text that is not YAML', async () => {
    await expect(rewrite('yaml', 'a: [1, 2\nb: :', set('a', '1'))).rejects.toThrow(/not valid YAML/);
  });
});

describe('the xml parser', () => {
  it('sets element text and attributes, makes missing elements, and keeps everything else byte for byte', async () => {
    const text = '<?xml version="1.0"?>\n<!-- game settings -->\n<Settings>\n  <Port>1</Port>\n  <Name>My &amp; game</Name>\n  <Query enabled="false"/>\n</Settings>\n';
    const next = await rewrite('xml', text, set('Settings.Port', '27015'), set('Settings.Query', "[enabled='true']"), set('Settings.Net.Ip', '0.0.0.0'), set('Settings.Name', 'A <b> & c'));
    expect(next).toBe(
      '<?xml version="1.0"?>\n<!-- game settings -->\n<Settings>\n  <Port>27015</Port>\n  <Name>A &lt;b&gt; &amp; c</Name>\n  <Query enabled="true"/>\n<Net><Ip>0.0.0.0</Ip></Net></Settings>\n',
    );
  });

  it('sets every element a wildcard path finds, makes a missing root, and refuses a tag that never closes', async () => {
    expect(await rewrite('xml', '<a><s><p>1</p></s><t><p/></t></a>', set('a.*.p', '9'))).toBe('<a><s><p>9</p></s><t><p>9</p></t></a>');
    expect(await rewrite('xml', '', set('Config.Port', '5'))).toBe('<Config><Port>5</Port></Config>\n');
    await expect(rewrite('xml', '<a><b></a>', set('a.b', '1'))).rejects.toThrow(/not well-formed/);
  });
});

describe('an egg’s config files as a server runs them', () => {
  it('turns find maps into rewrites with the server’s values filled in', async () => {
    const egg = await parseEgg({
      meta: { version: 'PTDL_v2' },
      name: 'Proxy',
      docker_images: { Java: 'example/java:17' },
      startup: 'java -jar proxy.jar',
      config: {
        files: JSON.stringify({
          'config.yml': {
            parser: 'yaml',
            find: { 'listeners[0].host': '0.0.0.0:{{server.build.default.port}}', 'servers.*.address': { 'regex:^localhost(:\\d+)?$': '{{env.BACKEND}}$1' }, online: true },
          },
          'eula.txt': { parser: 'file', find: { 'eula=': 'eula={{server.build.env.EULA}}' } },
          'server.properties': { parser: 'properties', find: { 'server-port': '{{server.build.default.port}}' } },
        }),
        startup: '{"done":"Listening"}',
        stop: 'end',
      },
      variables: [
        { name: 'Backend', env_variable: 'BACKEND', default_value: 'game.local', rules: 'required|string' },
        { name: 'Eula', env_variable: 'EULA', default_value: 'false', rules: 'required|in:true,false' },
      ],
    });
    const template = eggToTemplate(egg, 'egg-proxy', 'minecraft');
    expect(template.configRewrites?.map((r) => [r.path, r.parser, r.replacements.length])).toEqual([
      ['config.yml', 'yaml', 3],
      ['eula.txt', 'file', 1],
    ]);
    const spec = buildServerSpec({
      uuid: 'u',
      template,
      variables: { EULA: 'true' },
      limits: { memoryMb: 512, cpuPercent: 100, diskMb: 1024 },
      primary: { ip: '0.0.0.0', port: 30001 },
      extraPorts: {},
      root: '/home/container',
    });
    expect(spec.configRewrites?.[0].replacements).toEqual([
      { match: 'listeners[0].host', ifValue: null, value: '0.0.0.0:30001', boolean: false },
      { match: 'servers.*.address', ifValue: 'regex:^localhost(:\\d+)?$', value: 'game.local$1', boolean: false },
      { match: 'online', ifValue: null, value: 'true', boolean: true },
    ]);
    expect(spec.configRewrites?.[1].replacements[0].value).toBe('eula=true');
    expect(spec.managedConfig).toEqual([{ path: 'server.properties', format: 'properties', escaping: 'java', values: { 'server-port': '30001' } }]);
  });
});

import { execFileSync } from 'node:child_process';
import { builtInTemplates } from '../../../../server/src/games/templates';
import { buildServerSpec } from '../../../../server/src/runtime/buildServerSpec';
import { shellQuote } from '../../../../server/src/games/templates/shellQuote';

/** The argv a shell would run for a start command (printed one per line by printf), in the server's environment. */
function argvOf(command: string, env: Record<string, string> = {}): string[] {
  const out = execFileSync('/bin/sh', ['-c', `set -f; printf '%s\\n' ${command.replace(/^\S+/, '')}`], { encoding: 'utf8', env: { PATH: process.env.PATH, ...env } });
  return out.split('\n').slice(0, -1);
}

const specFor = (slug: string, variables: Record<string, string> = {}) =>
  buildServerSpec({
    uuid: '00000000-0000-4000-8000-000000000000',
    template: builtInTemplates.find((t) => t.slug === slug)!,
    variables,
    limits: { memoryMb: 1024, cpuPercent: 100, diskMb: 1024 },
    primary: { ip: '127.0.0.1', port: 25565 },
    extraPorts: { query: 27015, rcon: 27016, app: 27017 },
    root: '/srv/game',
  });

describe('templates', () => {
  it('quote values so that no variable can inject shell syntax', () => {
    const hostile = `x'; touch /tmp/pwned; echo '$(id)`;
    expect(argvOf(`cmd ${shellQuote(hostile)}`)).toEqual([hostile]);
    const rust = specFor('rust', { HOSTNAME: hostile });
    const argv = argvOf(rust.startCommand);
    expect(argv[argv.indexOf('+server.hostname') + 1]).toBe(hostile);
    expect(argv).toContain('+server.queryport');
    expect(argv[argv.indexOf('+server.port') + 1]).toBe('25565');
    expect(argv[argv.indexOf('+rcon.port') + 1]).toBe('27016');
  });

  it('build ARK’s ?-separated options as one argument', () => {
    const argv = argvOf(specFor('ark', { SESSION_NAME: 'My Dinos', ADMIN_PASSWORD: 'secret-123' }).startCommand);
    expect(argv[0]).toBe('TheIsland?listen?SessionName=My Dinos?ServerPassword=?ServerAdminPassword=secret-123?Port=25565?QueryPort=27015?RCONPort=27016?RCONEnabled=True?MaxPlayers=20');
    expect(argv.slice(1)).toEqual(['-server', '-log']);
  });

  it('start Minecraft Java with the plan’s memory and the jar, or Forge’s arguments file', () => {
    const jar = specFor('minecraft-java');
    expect(argvOf(jar.startCommand, jar.env)).toEqual(['-Xms128M', '-Xmx1024M', '-jar', 'server.jar', 'nogui']);
    expect(jar.startCommand.startsWith('java ')).toBe(true);
    const argsFile = 'libraries/net/minecraftforge/forge/1.20.1-47.2.0/unix_args.txt';
    const forge = specFor('minecraft-java', { JAVA_ARGS_FILE: argsFile });
    expect(argvOf(forge.startCommand, forge.env)).toEqual(['-Xms128M', '-Xmx1024M', `@${argsFile}`, 'nogui']);
  });

  it('give Node launchers a heap below the plan’s memory and manage the port in server.properties', () => {
    const spec = specFor('minecraft-flying-squid');
    expect(argvOf(spec.startCommand)[0]).toBe('--max-old-space-size=768');
    expect(spec.managedConfig).toEqual([{ path: 'server.properties', format: 'properties', values: { 'server-port': '25565', 'server-ip': '127.0.0.1', 'query.port': '25565' } }]);
    expect(spec.env).toMatchObject({ SERVER_PORT: '25565', SERVER_MEMORY: '1024', HOME: '/srv/game', MINECRAFT_VERSION: '1.21.4' });
    expect(Object.keys(spec.env)).not.toContain('DATABASE_URL');
  });

  it('fill install steps in (Terraria’s download URL and folder)', () => {
    const spec = specFor('terraria', { TERRARIA_VERSION: '1449' });
    expect(spec.install[0]).toEqual({ type: 'download', url: 'https://terraria.org/api/download/pc-dedicated-server/terraria-server-1449.zip', to: 'terraria-server.zip' });
    expect(spec.install[1]).toMatchObject({ type: 'extract-zip', subdir: '1449/Linux' });
  });

  it('declare the protocol of their game port, which the spec carries with the ports it owns', () => {
    const protocols = Object.fromEntries(builtInTemplates.map((template) => [template.slug, template.portProtocol]));
    expect(protocols).toEqual({ 'minecraft-flying-squid': 'tcp', 'minecraft-java': 'tcp', terraria: 'tcp', rust: 'udp', ark: 'udp', palworld: 'udp' });
    expect(specFor('minecraft-flying-squid')).toMatchObject({ allocation: { ip: '127.0.0.1', port: 25565, protocol: 'tcp' }, extraPorts: {} });
    // Only the template's own extra ports: ARK has no app port.
    expect(specFor('ark')).toMatchObject({ allocation: { protocol: 'udp' }, extraPorts: { query: 27015, rcon: 27016 } });
    expect(Object.keys(specFor('ark').extraPorts)).toEqual(['query', 'rcon']);
  });

  it('each declare a done line, a stop action and real install steps', () => {
    for (const template of builtInTemplates) {
      expect(template.doneRegex.length).toBeGreaterThan(0);
      expect(template.install.length).toBeGreaterThan(0);
      for (const variable of template.variables) expect(new RegExp(variable.pattern).test(variable.default) || variable.generate === 'secret').toBe(true);
    }
  });
});

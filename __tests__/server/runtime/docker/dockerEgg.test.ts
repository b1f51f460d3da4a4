import { randomUUID } from 'node:crypto';
import type Docker from 'dockerode';
import { createDockerClient } from '../../../../server/src/runtime/docker/dockerClient';
import type { DockerDriver } from '../../../../server/src/runtime/docker/DockerDriver';
import { containerName } from '../../../../server/src/runtime/docker/containerConfig';
import { INSTALLER_IMAGE } from '../../../../server/src/runtime/docker/images/gameImages';
import { buildServerSpec } from '../../../../server/src/runtime/buildServerSpec';
import { eggToTemplate } from '../../../../server/src/games/eggs/eggToTemplate';
import { parseEgg } from '../../../../server/src/games/eggs/parseEgg';
import type { TemplateDefinition } from '../../../../server/src/games/templates';
import { checkVariable, englishRules } from '../../../../server/src/services/templates/checkVariable';
import { templateForServer } from '../../../../server/src/services/templates/templateOfRow';
import type { ServerSpec } from '../../../../server/src/runtime/types';
import { testDockerEngine } from '../../helpers/testDockerEngine';
import { waitFor } from '../../helpers/waitFor';
import { collect, openDriver } from './dockerTestDriver';

jest.setTimeout(120_000);

/**
 * A small line server as an egg of our own: its install script (run in the egg's install
 * container) writes the server's program, which says its port, memory and message of the day,
 * answers lines, quits on `quit` and saves on ^C. No registry is reachable: both images the egg
 * names are mapped to the panel's own installer image (a shell and a few tools), as a host does.
 */
const lineServerEgg = (stop: string, script = INSTALL_SCRIPT) => ({
  meta: { version: 'PTDL_v2' },
  name: 'Line Server',
  author: 'tests@example.test',
  docker_images: { Alpine: 'ghcr.io/example/lineserver:1' },
  startup: 'exec sh ./server.sh {{SERVER_PORT}} {{SERVER_MEMORY}} {{MOTD}}',
  config: {
    files: JSON.stringify({ 'server.json': { parser: 'json', find: { 'net.port': '{{server.build.default.port}}', motd: '{{env.MOTD}}' } } }),
    startup: JSON.stringify({ done: ['Line server ready'] }),
    stop,
  },
  scripts: { installation: { container: 'ghcr.io/example/installer:alpine', entrypoint: 'sh', script } },
  variables: [{ name: 'Message of the day', env_variable: 'MOTD', default_value: 'Hello there', user_editable: true, rules: 'required|string|max:20|regex:/^[A-Za-z ]+$/' }],
});

const INSTALL_SCRIPT = [
  'cd /mnt/server',
  'echo "Installing the line server for: $MOTD"',
  'printf "%s\\n" \\',
  `  'trap "echo Interrupted, saving; exit 0" INT' \\`,
  `  'echo "Line server on port $1 with $2 MiB: $3"' \\`,
  `  'echo "Line server ready"' \\`,
  `  'while read -r line; do' \\`,
  `  '  if [ "$line" = quit ]; then echo "Saving and quitting"; exit 0; fi' \\`,
  `  '  echo "heard: $line"' \\`,
  `  'done' > server.sh`,
  'echo "$MOTD" > installed-by-egg.txt',
].join('\n');

const IMAGES = { 'ghcr.io/example/lineserver:1': INSTALLER_IMAGE, 'ghcr.io/example/installer:alpine': INSTALLER_IMAGE };

let docker: Docker;
let driver: DockerDriver;
const made: string[] = [];
let nextPort = 33000 + Math.floor(Math.random() * 1000);

beforeAll(async () => {
  const engine = testDockerEngine();
  docker = createDockerClient({ dockerHost: engine.dockerHost });
  driver = openDriver(docker, engine.publicHost);
  await driver.open();
}, 180_000);

afterAll(async () => {
  for (const uuid of made) await driver.destroy(uuid).catch(() => undefined);
  await driver.detachAll();
});

/** The egg imported and read as its template is stored, then as a server with the host's image map runs it. */
async function eggTemplate(egg: Record<string, unknown>): Promise<TemplateDefinition> {
  const definition = eggToTemplate(await parseEgg(egg), 'egg-line-server', 'minecraft');
  return templateForServer({ slug: definition.slug, source: { format: 'PTDL_v2' } as never, definition: definition as never, imageMap: IMAGES }, { image: null, startupCommand: null })!;
}

async function installedServer(template: TemplateDefinition, motd: string): Promise<ServerSpec> {
  const uuid = randomUUID();
  made.push(uuid);
  const spec = buildServerSpec({
    uuid,
    template,
    variables: { MOTD: motd },
    limits: { memoryMb: 128, cpuPercent: 100, diskMb: 256 },
    primary: { ip: '0.0.0.0', port: nextPort++ },
    extraPorts: {},
    ...driver.gamePaths(),
  });
  await driver.create(spec);
  await driver.install(spec);
  return spec;
}

describe('an imported egg on a Docker node', () => {
  it('installs in its install container, starts with the expanded command, reaches its done line, takes commands and stops with its command', async () => {
    const template = await eggTemplate(lineServerEgg('quit'));
    expect(template.image).toBe(INSTALLER_IMAGE);
    // The customer's value is checked by the variable's rules before it is ever used.
    const motd = template.variables[0];
    expect(checkVariable(motd, 'Hi; rm -rf', englishRules)).toEqual(['Invalid format']);
    expect(checkVariable(motd, 'Welcome friends', englishRules)).toEqual([]);

    const spec = await installedServer(template, 'Welcome friends');
    const seen = collect(driver, spec.uuid);
    expect(driver.recentOutput(spec.uuid)).toEqual(expect.arrayContaining(['[Panel] [Installer] Installing the line server for: Welcome friends', '[Panel] Installation finished.']));
    const files = driver.files(spec.uuid);
    expect((await files.readFile('installed-by-egg.txt')).toString()).toBe('Welcome friends\n');
    expect(spec.startCommand).toBe(`exec sh ./server.sh '${spec.allocation.port}' '128' 'Welcome friends'`);

    await driver.start(spec);
    await waitFor(() => driver.state(spec.uuid) === 'running', { what: 'the done line', timeoutMs: 30_000 });
    expect(seen.lines).toContain(`Line server on port ${spec.allocation.port} with 128 MiB: Welcome friends`);
    expect(seen.states.slice(0, 2)).toEqual(['starting', 'running']);
    expect((await docker.getContainer(containerName(spec.uuid)).inspect()).Config.Image).toBe(INSTALLER_IMAGE);
    // The egg's json rewrite ran before the start, with the server's values.
    expect(JSON.parse((await files.readFile('server.json')).toString())).toEqual({ net: { port: spec.allocation.port }, motd: 'Welcome friends' });

    await driver.sendCommand(spec.uuid, 'hello');
    await waitFor(() => seen.lines.includes('heard: hello'), { what: 'the answer' });
    await driver.stop(spec.uuid);
    expect(driver.state(spec.uuid)).toBe('offline');
    expect(seen.lines).toContain('Saving and quitting');
    expect(seen.crashes).toEqual([]);
  });

  it('stops with ^C as SIGINT, which the game traps to save', async () => {
    const spec = await installedServer(await eggTemplate(lineServerEgg('^C')), 'Bye');
    expect(spec.stop).toEqual({ type: 'signal', value: 'SIGINT' });
    const seen = collect(driver, spec.uuid);
    await driver.start(spec);
    await waitFor(() => driver.state(spec.uuid) === 'running', { what: 'the done line', timeoutMs: 30_000 });
    await driver.stop(spec.uuid);
    expect(driver.state(spec.uuid)).toBe('offline');
    expect(seen.lines).toContain('Interrupted, saving');
    expect(seen.crashes).toEqual([]);
  });

  it('fails the install with the script’s exit code and its last lines', async () => {
    const template = await eggTemplate(lineServerEgg('quit', 'echo "no room for the game"\nexit 3'));
    await expect(installedServer(template, 'Nope')).rejects.toThrow(/The install script failed \(exit code 3\): no room for the game/);
  });
});

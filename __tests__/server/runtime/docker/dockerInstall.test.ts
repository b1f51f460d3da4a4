import { createHash, randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, promises as fs, rmSync, statSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type Docker from 'dockerode';
import { ZipFile } from 'yazl';
import { buildServerSpec } from '../../../../server/src/runtime/buildServerSpec';
import { MANAGED_LABEL, volumeName } from '../../../../server/src/runtime/docker/containerConfig';
import { INSTALLER_IMAGE } from '../../../../server/src/runtime/docker/images/gameImages';
import { STEAMCMD_VOLUME } from '../../../../server/src/runtime/docker/install/steamCmd';
import { installInContainer } from '../../../../server/src/runtime/docker/install/installInContainer';
import { runOneOffContainer } from '../../../../server/src/runtime/docker/install/oneOffContainer';
import { RootedServerFiles } from '../../../../server/src/runtime/files/rooted/RootedServerFiles';
import type { InstallStep, ServerSpec } from '../../../../server/src/runtime/types';
import { fixtureTemplate } from '../../helpers/testTemplates';
import { FLYING_SQUID_IMAGE, openTestEngine } from './dockerTestDriver';

jest.setTimeout(180_000);

let docker: Docker;
let downloads: Server;
let baseUrl: string;
const served = new Map<string, Buffer>();
const made: { uuid: string; folder: string }[] = [];

beforeAll(async () => {
  ({ docker } = await openTestEngine());
  downloads = createServer((request, response) => {
    const body = served.get(request.url ?? '');
    if (!body) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-length': body.length }).end(body);
  });
  await new Promise<void>((resolve) => downloads.listen(0, '127.0.0.1', resolve));
  baseUrl = `http://127.0.0.1:${(downloads.address() as AddressInfo).port}`;
}, 300_000);

afterAll(async () => {
  downloads?.close();
  await docker
    ?.getVolume(STEAMCMD_VOLUME)
    .remove({ force: true })
    .catch(() => undefined);
  for (const { uuid, folder } of made) {
    await docker
      .getVolume(volumeName(uuid))
      .remove({ force: true })
      .catch(() => undefined);
    rmSync(folder, { recursive: true, force: true });
  }
});

/**
 * A server's volume whose data is a folder of this machine (the test engine runs here), so the test
 * reads what the install container wrote through the local file port: the install code is what is
 * tested here, the container file port has its own tests.
 */
async function serverVolume(): Promise<{ uuid: string; folder: string; files: RootedServerFiles }> {
  const uuid = randomUUID();
  const folder = mkdtempSync(join(tmpdir(), 'panel-docker-install-'));
  await fs.chown(folder, 1000, 1000);
  made.push({ uuid, folder });
  await docker.createVolume({ Name: volumeName(uuid), Labels: { [MANAGED_LABEL]: 'true' }, DriverOpts: { type: 'none', o: 'bind', device: folder } });
  return { uuid, folder, files: new RootedServerFiles(folder) };
}

function specWith(uuid: string, install: InstallStep[]): ServerSpec {
  return buildServerSpec({
    uuid,
    template: { ...fixtureTemplate, image: FLYING_SQUID_IMAGE, install },
    variables: {},
    limits: { memoryMb: 256, cpuPercent: 100, diskMb: 512 },
    primary: { ip: '0.0.0.0', port: 30000 },
    extraPorts: {},
    root: '/home/container',
    node: '/usr/local/bin/node',
    launchers: '/opt/panel/launchers',
  });
}

async function install(volume: { uuid: string; files: RootedServerFiles }, steps: InstallStep[]): Promise<string[]> {
  const lines: string[] = [];
  await installInContainer({
    docker,
    spec: specWith(volume.uuid, steps),
    image: FLYING_SQUID_IMAGE,
    files: volume.files,
    network: 'none',
    pidsLimit: 64,
    // SteamCMD from the test's own server; the installer image has the shell the stand-in needs.
    steamcmd: { url: `${baseUrl}/steamcmd_linux.tar.gz`, image: INSTALLER_IMAGE },
    notice: async (...more) => void lines.push(...more),
  }).catch((error: Error) => {
    throw Object.assign(error, { lines });
  });
  return lines;
}

function zipOf(entries: Record<string, string>): Promise<Buffer> {
  const zip = new ZipFile();
  for (const [name, content] of Object.entries(entries)) zip.addBuffer(Buffer.from(content), name);
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (chunk: Buffer) => chunks.push(chunk));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

const sha1 = (data: Buffer) => createHash('sha1').update(data).digest('hex');

describe('installing a server on a Docker node', () => {
  it('downloads through the panel into the volume, checking the SHA-1, and writes the template files', async () => {
    const volume = await serverVolume();
    const jar = Buffer.from(`server jar ${randomUUID()}`);
    served.set('/server.jar', jar);
    const lines = await install(volume, [
      { type: 'download', url: `${baseUrl}/server.jar`, to: 'bin/server.jar', sha1: sha1(jar), executable: true },
      { type: 'write-file', path: 'eula.txt', content: 'eula=true\n', overwrite: false },
      { type: 'properties-defaults', path: 'server.properties', values: { 'server-port': '30000' } },
      { type: 'chmod', path: 'eula.txt', mode: 0o600 },
    ]);
    expect(await fs.readFile(join(volume.folder, 'bin/server.jar'))).toEqual(jar);
    expect(statSync(join(volume.folder, 'bin/server.jar')).mode & 0o777).toBe(0o755);
    expect(statSync(join(volume.folder, 'eula.txt')).mode & 0o777).toBe(0o600);
    expect(await fs.readFile(join(volume.folder, 'server.properties'), 'utf8')).toContain('server-port=30000');
    expect(lines).toEqual(expect.arrayContaining(['Installing the server.', expect.stringMatching(/^\[Installer\] Downloaded .*server\.jar/), 'Installation finished.']));
  });

  it('refuses a corrupt download and leaves the file that was there', async () => {
    const volume = await serverVolume();
    await fs.writeFile(join(volume.folder, 'server.jar'), 'the old jar');
    served.set('/corrupt.jar', Buffer.from('not what was promised'));
    const failed = install(volume, [{ type: 'download', url: `${baseUrl}/corrupt.jar`, to: 'server.jar', sha1: sha1(Buffer.from('the real jar')) }]);
    await expect(failed).rejects.toThrow(/corrupt \(SHA-1/);
    expect(await fs.readFile(join(volume.folder, 'server.jar'), 'utf8')).toBe('the old jar');
    expect(await fs.readdir(volume.folder)).toEqual(['server.jar']);
  });

  it('unpacks a zip in an installer container: only the subfolder kept, entries replaced, the archive removed', async () => {
    const volume = await serverVolume();
    await fs.writeFile(join(volume.folder, 'TerrariaServer'), 'old binary');
    await fs.writeFile(join(volume.folder, 'world.wld'), 'the customer world');
    served.set('/game.zip', await zipOf({ '1449/Linux/TerrariaServer': 'new binary', '1449/Linux/lib/libgame.so': 'lib', '1449/Windows/TerrariaServer.exe': 'windows' }));
    const lines = await install(volume, [
      { type: 'download', url: `${baseUrl}/game.zip`, to: 'game.zip' },
      { type: 'extract-zip', archive: 'game.zip', subdir: '1449/Linux' },
    ]);
    expect((await fs.readdir(volume.folder)).sort()).toEqual(['TerrariaServer', 'lib', 'world.wld']);
    expect(await fs.readFile(join(volume.folder, 'TerrariaServer'), 'utf8')).toBe('new binary');
    expect(await fs.readFile(join(volume.folder, 'lib/libgame.so'), 'utf8')).toBe('lib');
    expect(await fs.readFile(join(volume.folder, 'world.wld'), 'utf8')).toBe('the customer world');
    expect(statSync(join(volume.folder, 'TerrariaServer')).uid).toBe(1000);
    expect(lines).toContain('[Installer] Unpacked game.zip');
  });

  it('says what is wrong when the archive lacks the folder, and leaves no staging folder', async () => {
    const volume = await serverVolume();
    served.set('/other.zip', await zipOf({ 'Windows/game.exe': 'x' }));
    const failed = install(volume, [
      { type: 'download', url: `${baseUrl}/other.zip`, to: 'other.zip' },
      { type: 'extract-zip', archive: 'other.zip', subdir: 'Linux' },
    ]);
    await expect(failed).rejects.toThrow(/Unpacking other\.zip failed \(exit code 3\): The archive has no folder Linux\./);
    expect(await fs.readdir(volume.folder)).toEqual(['other.zip']);
  });

  it('refuses paths that lead out of the server folder before running anything', async () => {
    const volume = await serverVolume();
    await expect(install(volume, [{ type: 'extract-zip', archive: '../../etc/passwd' }])).rejects.toThrow(/leads outside the server's folder/);
    await expect(install(volume, [{ type: 'java-installer', jar: '../installer.jar', args: [] }])).rejects.toThrow(/leads outside the server's folder/);
  });
});

/** Valve's bundle layout with a stand-in steamcmd.sh that records how it was called into the folder it is told to install into. */
function steamCmdBundle(): Buffer {
  const folder = mkdtempSync(join(tmpdir(), 'panel-steamcmd-'));
  const script = ['#!/bin/sh', 'echo "steamcmd $*"', 'echo "$*" > "$2/installed-by-steamcmd"', 'echo "$HOME" >> "$2/installed-by-steamcmd"', 'test -w "$HOME"'].join('\n');
  writeFileSync(join(folder, 'steamcmd.sh'), `${script}\n`, { mode: 0o755 });
  const bundle = execFileSync('tar', ['-czf', '-', '-C', folder, 'steamcmd.sh']);
  rmSync(folder, { recursive: true });
  return bundle;
}

describe('SteamCMD games on a Docker node', () => {
  it("fetches SteamCMD into the node's own volume once, and runs it into the server's folder", async () => {
    served.set('/steamcmd_linux.tar.gz', steamCmdBundle());
    const first = await serverVolume();
    const lines = await install(first, [{ type: 'steamcmd', appId: 258550, beta: 'staging' }]);
    expect(await fs.readFile(join(first.folder, 'installed-by-steamcmd'), 'utf8')).toBe(
      '+force_install_dir /home/container +login anonymous +app_update 258550 -beta staging validate +quit\n/opt/steamcmd\n',
    );
    expect(lines).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/SteamCMD is not on this node yet/),
        '[Installer] steamcmd +force_install_dir /home/container +login anonymous +app_update 258550 -beta staging validate +quit',
      ]),
    );
    served.delete('/steamcmd_linux.tar.gz');
    const second = await serverVolume();
    const again = await install(second, [{ type: 'steamcmd', appId: 2394010 }]);
    expect(again.some((line) => line.includes('not on this node yet'))).toBe(false);
    expect(await fs.readFile(join(second.folder, 'installed-by-steamcmd'), 'utf8')).toContain('+app_update 2394010 validate');
    // The first server's folder is its own: the second run wrote nothing there.
    expect(await fs.readFile(join(first.folder, 'installed-by-steamcmd'), 'utf8')).toContain('258550');
  });
});

describe('a one-off install container', () => {
  it("runs as the game's user without capabilities or network, with its output line by line, and fails with the reason", async () => {
    const volume = await serverVolume();
    const lines: string[] = [];
    const script = [
      "const fs = require('fs');",
      "console.log('uid ' + process.getuid());",
      "console.log(fs.readFileSync('/proc/self/status', 'utf8').split('\\n').find((l) => l.startsWith('CapEff')));",
      "fs.writeFileSync('made-by-installer', 'yes');",
      "require('net').connect(80, '1.1.1.1').on('error', (e) => { console.log('network ' + e.code); process.exit(7); });",
    ].join('\n');
    const run = runOneOffContainer(docker, {
      uuid: volume.uuid,
      image: FLYING_SQUID_IMAGE,
      cmd: ['/usr/local/bin/node', '-e', script],
      network: 'none',
      memoryMb: 128,
      pidsLimit: 32,
      what: 'The probe',
      log: (line) => lines.push(line),
    });
    await expect(run).rejects.toThrow(/The probe failed \(exit code 7\): .*network E/);
    expect(lines).toContain('uid 1000');
    expect(lines).toContain('CapEff:\t0000000000000000');
    expect(existsSync(join(volume.folder, 'made-by-installer'))).toBe(true);
    // Nothing of the run stays on the node.
    const left = await docker.listContainers({ all: true, filters: { label: [`panel.server.install=${volume.uuid}`] } });
    expect(left).toEqual([]);
  });
});

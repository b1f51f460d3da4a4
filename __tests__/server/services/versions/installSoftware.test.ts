import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { CatalogueDownload } from '../../../../server/src/games/catalogue/types';
import { installSoftware } from '../../../../server/src/services/versions/installSoftware';
import { RootedServerFiles } from '../../../../server/src/runtime/files/rooted/RootedServerFiles';

const download = (software: string, kind: CatalogueDownload['kind'], fileName: string): CatalogueDownload => ({
  software,
  version: '1.20.1',
  build: '47.2.0',
  kind,
  url: `http://catalogue.test/${fileName}`,
  fileName,
  size: 3,
  checksum: null,
  javaMajor: 17,
  installArgs: ['--installServer'],
});

let root: string;
let work: string;
let file: string;
beforeEach(() => {
  work = mkdtempSync(join(tmpdir(), 'install-software-'));
  root = join(work, 'server');
  mkdirSync(root);
  file = join(work, 'download.jar');
  writeFileSync(file, 'jar');
});
afterEach(() => rmSync(work, { recursive: true, force: true }));

/** What Forge's installer leaves in a server folder (1.17 and later): run.sh and the arguments file it names. */
const forgeInstaller =
  (argsFile: string, named = argsFile) =>
  async () => {
    mkdirSync(join(root, argsFile, '..'), { recursive: true });
    writeFileSync(join(root, argsFile), '-p libraries/a.jar\n--add-modules ALL-MODULE-PATH\ncpw.mods.bootstraplauncher.BootstrapLauncher\n');
    writeFileSync(join(root, 'user_jvm_args.txt'), '# -Xmx4G\n');
    writeFileSync(join(root, 'run.sh'), `#!/usr/bin/env sh\njava @user_jvm_args.txt @${named} "$@"\n`);
  };

describe('installing Java server software', () => {
  it('starts Forge from the arguments file its installer names in run.sh, and removes the installer', async () => {
    const argsFile = 'libraries/net/minecraftforge/forge/1.20.1-47.2.0/unix_args.txt';
    const variables = await installSoftware(new RootedServerFiles(root), download('forge', 'installer', 'forge-installer.jar'), file, 'server.jar', forgeInstaller(argsFile));
    expect(variables).toMatchObject({ SERVER_SOFTWARE: 'forge', MINECRAFT_VERSION: '1.20.1', SOFTWARE_BUILD: '47.2.0', JAVA_ARGS_FILE: argsFile });
    expect(readdirSync(root)).not.toContain('forge-installer.jar');
  });

  it('does the same for NeoForge', async () => {
    const argsFile = 'libraries/net/neoforged/neoforge/21.1.77/unix_args.txt';
    const variables = await installSoftware(new RootedServerFiles(root), download('neoforge', 'installer', 'neoforge-installer.jar'), file, 'server.jar', forgeInstaller(argsFile));
    expect(variables.JAVA_ARGS_FILE).toBe(argsFile);
  });

  it('fails, so the switch rolls back, when the installer left no run.sh or named a file outside the libraries', async () => {
    await expect(installSoftware(new RootedServerFiles(root), download('forge', 'installer', 'forge-installer.jar'), file, 'server.jar', async () => undefined)).rejects.toThrow(
      'The Forge installer did not write run.sh naming its start arguments',
    );
    const escaping = forgeInstaller('libraries/x/unix_args.txt', 'libraries/../../etc/unix_args.txt');
    await expect(installSoftware(new RootedServerFiles(root), download('forge', 'installer', 'forge-installer.jar'), file, 'server.jar', escaping)).rejects.toThrow('did not write run.sh');
    const missing = forgeInstaller('libraries/x/unix_args.txt', 'libraries/y/unix_args.txt');
    await expect(installSoftware(new RootedServerFiles(root), download('neoforge', 'installer', 'neoforge-installer.jar'), file, 'server.jar', missing)).rejects.toThrow(
      'named libraries/y/unix_args.txt, which it did not write',
    );
  });

  it('clears the arguments file when the server moves to software started from a jar', async () => {
    const paper = await installSoftware(new RootedServerFiles(root), download('paper', 'server-jar', 'paper.jar'), file, 'server.jar', async () => undefined);
    expect(paper).toMatchObject({ SERVER_JARFILE: 'server.jar', JAVA_ARGS_FILE: '' });
    const fabric = await installSoftware(new RootedServerFiles(root), download('fabric', 'installer', 'fabric-installer.jar'), file, 'server.jar', async () => undefined);
    expect(fabric).toMatchObject({ SERVER_JARFILE: 'fabric-server-launch.jar', JAVA_ARGS_FILE: '' });
  });
});

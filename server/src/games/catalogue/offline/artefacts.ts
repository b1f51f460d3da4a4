import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { fabricInstallerJar } from './fabricInstaller/fabricInstallerStandIn';
import { modpackArtefacts } from './modpackArtefacts';

export { makeJar, type Artefact } from './jarArtefact';
import { makeJar, type Artefact } from './jarArtefact';

const digest = (algorithm: string, bytes: Buffer) => createHash(algorithm).update(bytes).digest('hex');

function artefact(name: string, bytes: Buffer, path: (sha1: string) => string): Artefact {
  const sha1 = digest('sha1', bytes);
  return { name, bytes, sha1, sha256: digest('sha256', bytes), sha512: digest('sha512', bytes), md5: digest('md5', bytes), path: path(sha1) };
}

/** A plugin jar (plugin.yml, as Paper and Spigot read it) or a Fabric mod jar (fabric.mod.json). */
function pluginJar(name: string, version: string, depend: string[] = []): Promise<Buffer> {
  const yml = `name: ${name}\nversion: ${version}\nmain: test.${name.toLowerCase()}.Main\napi-version: '1.20'\n${depend.length ? `depend: [${depend.join(', ')}]\n` : ''}`;
  return makeJar(`${name} ${version}`, undefined, { 'plugin.yml': yml });
}
function fabricModJar(id: string, version: string, depends: Record<string, string> = {}): Promise<Buffer> {
  const json = JSON.stringify({ schemaVersion: 1, id, version, name: id, environment: '*', depends: { fabricloader: '>=0.16.0', minecraft: '~1.21.4', ...depends } }, null, 2);
  return makeJar(`${id} ${version}`, undefined, { 'fabric.mod.json': json });
}

/**
 * The plugins and mods the extension catalogues (Modrinth, Hangar, SpiGet) serve in tests: small
 * real jars with their plugin.yml or fabric.mod.json, at the paths the recordings give.
 */
async function extensionArtefacts(): Promise<Artefact[]> {
  const modrinth = (projectId: string, versionId: string, file: string) => () => `modrinth-cdn/data/${projectId}/versions/${versionId}/${file}`;
  return [
    artefact('modrinth-chunky-1.4.28', await pluginJar('Chunky', '1.4.28'), modrinth('fALzjamp', 'dPliWter', 'Chunky-Bukkit-1.4.28.jar')),
    artefact('modrinth-chunky-1.4.36', await pluginJar('Chunky', '1.4.36'), modrinth('fALzjamp', 'RP8Fnl1J', 'Chunky-Bukkit-1.4.36.jar')),
    artefact('modrinth-chunkyborder-1.2.23', await pluginJar('ChunkyBorder', '1.2.23', ['Chunky']), modrinth('s86X568j', 'Kq0Xz5Wl', 'ChunkyBorder-Bukkit-1.2.23.jar')),
    artefact('modrinth-luckperms-5.4.145', await pluginJar('LuckPerms', '5.4.145'), modrinth('Vebnzrzj', 'OrIs0S6b', 'LuckPerms-Bukkit-5.4.145.jar')),
    artefact('modrinth-fabric-api-0.114.0', await fabricModJar('fabric-api', '0.114.0+1.21.4'), modrinth('P7dR8mSH', 'ZNwYCTsk', 'fabric-api-0.114.0+1.21.4.jar')),
    artefact('modrinth-modmenu-13.0.0', await fabricModJar('modmenu', '13.0.0', { 'fabric-api': '*' }), modrinth('mOgUt4GM', 'aFcQBnQ9', 'modmenu-13.0.0.jar')),
    artefact('modrinth-lithium-0.14.3', await fabricModJar('lithium', 'mc1.21.4-0.14.3-fabric'), modrinth('gvQqBUqZ', 'pDfTqezk', 'lithium-fabric-0.14.3+mc1.21.4.jar')),
    // The mods and plugins the "Modded" and "Minigames" setups install (WorldGuard needs WorldEdit).
    artefact('modrinth-ferritecore-7.1.1', await fabricModJar('ferritecore', '7.1.1'), modrinth('uXXizFIs', 'Eq5vsW2v', 'ferritecore-7.1.1-fabric.jar')),
    artefact('modrinth-krypton-0.2.8', await fabricModJar('krypton', '0.2.8'), modrinth('fQEb0iXm', 'Acz3ttTp', 'krypton-0.2.8.jar')),
    artefact('modrinth-worldedit-7.3.10', await pluginJar('WorldEdit', '7.3.10'), modrinth('1u6JkXh5', 'kUz5Q3bD', 'worldedit-bukkit-7.3.10.jar')),
    artefact('modrinth-worldguard-7.0.13', await pluginJar('WorldGuard', '7.0.13', ['WorldEdit']), modrinth('DKY9btbd', 'b9ZsK7nW', 'worldguard-bukkit-7.0.13-dist.jar')),
    artefact('hangar-multiverse-core-4.3.14', await pluginJar('Multiverse-Core', '4.3.14'), () => 'hangar/api/v1/projects/Multiverse-Core/versions/4.3.14/PAPER/download'),
    artefact('hangar-viaversion-5.2.1', await pluginJar('ViaVersion', '5.2.1'), () => 'hangar/api/v1/projects/ViaVersion/versions/5.2.1/PAPER/download'),
    artefact('hangar-viabackwards-5.2.1', await pluginJar('ViaBackwards', '5.2.1', ['ViaVersion']), () => 'hangar/api/v1/projects/ViaBackwards/versions/5.2.1/PAPER/download'),
    artefact('curseforge-fabric-api-0.114.0', await fabricModJar('fabric-api', '0.114.0+1.21.4'), () => 'curseforge-cdn/files/6056/571/fabric-api-0.114.0+1.21.4.jar'),
    artefact('curseforge-lithium-0.14.3', await fabricModJar('lithium', 'mc1.21.4-0.14.3+curseforge'), () => 'curseforge-cdn/files/5997/41/lithium-fabric-0.14.3+mc1.21.4.jar'),
    artefact('spiget-vault-1.7.3', await pluginJar('Vault', '1.7.3'), () => 'spiget/v2/resources/34315/download'),
  ];
}

/** Every artefact the recordings refer to (by `{{sha1:name}}`, `{{size:name}}` ...), made fresh. */
export async function makeArtefacts(): Promise<Artefact[]> {
  const out: Artefact[] = [];
  for (const version of ['1.21.4', '1.20.4', '25w02a']) {
    out.push(artefact(`vanilla-${version}`, await makeJar(`Minecraft server ${version}`), (sha1) => `mojang-data/v1/objects/${sha1}/server.jar`));
    out.push(artefact(`vanilla-${version}-client`, await makeJar(`Minecraft client ${version}`), (sha1) => `mojang-data/v1/objects/${sha1}/client.jar`));
  }
  const paper: [string, string, number][] = [
    ['paper', '1.21.4', 231],
    ['paper', '1.21.4', 232],
    ['paper', '1.21.4', 233],
    ['paper', '1.20.4', 499],
    ['folia', '1.21.4', 6],
    ['velocity', '3.4.0-SNAPSHOT', 463],
  ];
  for (const [project, version, build] of paper) {
    const file = `${project}-${version}-${build}`;
    out.push(artefact(file, await makeJar(`${project} ${version} build ${build}`), () => `papermc/v2/projects/${project}/versions/${version}/builds/${build}/downloads/${file}.jar`));
  }
  out.push(artefact('purpur-1.21.4-2388', await makeJar('Purpur 1.21.4 build 2388'), () => 'purpur/v2/purpur/1.21.4/2388/download'));
  for (const v of ['1.0.1', '1.0.0']) {
    out.push(artefact(`fabric-installer-${v}`, await fabricInstallerJar(v), () => `fabric-maven/net/fabricmc/fabric-installer/${v}/fabric-installer-${v}.jar`));
  }
  for (const v of ['1.20.4-49.1.34', '1.21.4-54.0.26', '1.21.4-54.0.16', '1.20.4-49.1.0']) {
    out.push(artefact(`forge-${v}-installer`, await makeJar(`Forge installer ${v}`), () => `forge/net/minecraftforge/forge/${v}/forge-${v}-installer.jar`));
  }
  for (const v of ['21.4.75', '20.4.237']) {
    out.push(artefact(`neoforge-${v}-installer`, await makeJar(`NeoForge installer ${v}`), () => `neoforge/net/neoforged/neoforge/${v}/neoforge-${v}-installer.jar`));
  }
  out.push(
    artefact(
      'temurin-21-jre',
      gzipSync(Buffer.from('Eclipse Temurin 21 JRE (catalogue test stand-in)\n'), { level: 9 }),
      () => 'github/adoptium/temurin21-binaries/releases/download/jdk-21.0.5%2B11/OpenJDK21U-jre_x64_linux_hotspot_21.0.5_11.tar.gz',
    ),
  );
  out.push(...(await extensionArtefacts()));
  out.push(...(await modpackArtefacts(out)));
  return out;
}

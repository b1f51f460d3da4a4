/**
 * The images the built-in templates run in, and how each is built offline (no registry can be
 * reached from a node; a host that has its own registry points a template at its image instead).
 *
 * - `host-node`: this machine's Node binary and the libraries it links, our launchers and the
 *   packages they load (flying-squid): the embedded Minecraft server as the local driver runs it.
 * - `host-iptables`: this machine's iptables (nftables backend) and its extensions: the panel's
 *   own helper that holds a node's firewall rules for the servers' network (see nodeFirewall.ts).
 * - `host-tools`: a shell and a few of this machine's programs with their libraries: the panel's
 *   install helper (unzip for archives the templates download), as small and quick to build as the
 *   firewall helper; nsenter for the helper that holds the servers' disk images on a node (see
 *   disk/NodeDisks.ts).
 * - `files-agent`: this machine's Node and the panel's file agent (one bundled file): the panel's
 *   own helper that serves a server's files from its volume (see files/containerFiles.ts).
 * - `debian`: a minimal Debian (debootstrap, from the archive apt already uses) with packages.
 */
export type ImageRecipe =
  | { kind: 'host-node' }
  | { kind: 'host-iptables' }
  | { kind: 'host-tools'; binaries: { path: string; debianPackage: string }[] }
  | { kind: 'files-agent' }
  | { kind: 'debian'; suite: string; packages: string[] };

export interface GameImage {
  /** `repository:tag`, as the templates name it. */
  name: string;
  description: string;
  recipe: ImageRecipe;
}

/** Where the game's folder is in every panel image (Pterodactyl's path, so eggs' scripts keep working). */
export const CONTAINER_ROOT = '/home/container';
/** Node and our launchers in the `host-node` image. */
export const CONTAINER_NODE = '/usr/local/bin/node';
export const CONTAINER_LAUNCHERS = '/opt/panel/launchers';
/** The unprivileged user games run as (the owner of CONTAINER_ROOT in every panel image). */
export const CONTAINER_USER = '1000:1000';

/** The panel's helper image that writes a node's firewall rules. */
export const NETGUARD_IMAGE = 'panel/netguard:1';
/** The panel's helper image that holds the servers' disk quotas on a node. */
export const DISK_HELPER_IMAGE = 'panel/nodedisk:1';
/** The panel's helper image install steps run in (unpacking archives into a server's volume). */
export const INSTALLER_IMAGE = 'panel/installer:1';

/** The panel's helper image that serves a server's files on its node. */
export const FILES_IMAGE = 'panel/files:1';

export const gameImages: readonly GameImage[] = [
  { name: NETGUARD_IMAGE, description: "iptables for the node's firewall rules", recipe: { kind: 'host-iptables' } },
  {
    name: INSTALLER_IMAGE,
    description: "unzip, tar and the shell tools install steps use in a server's volume",
    recipe: {
      kind: 'host-tools',
      binaries: [
        ...['unzip', 'tar', 'gzip'].map((name) => ({ path: `/usr/bin/${name}`, debianPackage: name })),
        ...['mv', 'rm', 'mkdir', 'ls'].map((name) => ({ path: `/usr/bin/${name}`, debianPackage: 'coreutils' })),
      ],
    },
  },
  { name: DISK_HELPER_IMAGE, description: "nsenter for the servers' disk images", recipe: { kind: 'host-tools', binaries: [{ path: '/usr/bin/nsenter', debianPackage: 'util-linux' }] } },
  { name: FILES_IMAGE, description: "Node.js with the panel's file agent", recipe: { kind: 'files-agent' } },
  { name: 'panel/flying-squid:1', description: 'Node.js with flying-squid and the panel launchers', recipe: { kind: 'host-node' } },
  {
    name: 'panel/java:17',
    description: 'Debian 12 with a Java 17 runtime',
    recipe: { kind: 'debian', suite: 'bookworm', packages: ['openjdk-17-jre-headless', 'ca-certificates'] },
  },
  {
    name: 'panel/debian-games:12',
    description: 'Debian 12 for native game servers (SteamCMD games, Terraria)',
    recipe: { kind: 'debian', suite: 'bookworm', packages: ['ca-certificates', 'libstdc++6', 'libgcc-s1', 'procps', 'lib32gcc-s1', 'lib32stdc++6'] },
  },
];

/** The image of that name, or undefined. */
export function findGameImage(name: string): GameImage | undefined {
  return gameImages.find((image) => image.name === name);
}

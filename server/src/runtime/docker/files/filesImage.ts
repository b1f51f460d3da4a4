import { existsSync, realpathSync } from 'node:fs';
import { chmod } from 'node:fs/promises';
import { join } from 'node:path';
import { build } from 'esbuild';
import { CONTAINER_NODE } from '../images/gameImages';
import { linkedLibraries, place, writeBaseFiles } from '../images/hostNodeRootfs';

/** Where the agent's one bundled file is in the `panel/files` image. */
export const FILES_AGENT = '/opt/panel/files-agent.cjs';

/** The agent's entry point, as source (the panel runs from its TypeScript) or as compiled code. */
function agentEntry(): string {
  const source = join(__dirname, 'agent', 'main.ts');
  return existsSync(source) ? source : join(__dirname, 'agent', 'main.js');
}

/** The agent and the panel's file code it uses, as one CommonJS file for this machine's Node. */
export async function bundleFilesAgent(outfile: string): Promise<void> {
  await build({
    entryPoints: [agentEntry()],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: `node${process.versions.node.split('.')[0]}`,
    logLevel: 'silent',
  });
}

/**
 * Lays out the `files-agent` image's root file system in `rootfs`: this machine's Node with its
 * libraries, the bundled agent, and the game's user and folder (the agent runs as that user, so
 * what it writes belongs to the game as what the game writes does). No shell: nothing but the
 * agent runs there.
 */
export async function stageFilesAgentRootfs(rootfs: string): Promise<void> {
  const node = realpathSync(process.execPath);
  await place(node, join(rootfs, CONTAINER_NODE));
  for (const library of await linkedLibraries(node)) await place(realpathSync(library), join(rootfs, library));
  await bundleFilesAgent(join(rootfs, FILES_AGENT));
  // Written under the panel's umask (077): the agent runs as the game's user, who must read it.
  await chmod(join(rootfs, FILES_AGENT), 0o644);
  await writeBaseFiles(rootfs);
}

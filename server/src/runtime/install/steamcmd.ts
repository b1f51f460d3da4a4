import { constants, promises as fs } from 'node:fs';
import { dirname, join } from 'node:path';
import type { InstallContext } from './InstallContext';
import { downloadFile } from './download';
import { findBinary } from './findBinary';
import { runCommand } from './runCommand';

/** Valve's official SteamCMD bundle for Linux. */
export const STEAMCMD_URL = 'https://steamcdn-media.akamaihd.net/client/installer/steamcmd_linux.tar.gz';

/** SteamCMD on PATH, or the node's own copy (downloaded and unpacked on first use). */
async function ensureSteamCmd(context: InstallContext): Promise<string> {
  const onPath = await findBinary('steamcmd');
  if (onPath) return onPath;
  const dir = join(context.toolsDir, 'steamcmd');
  const script = join(dir, 'steamcmd.sh');
  const present = await fs.access(script, constants.X_OK).then(
    () => true,
    () => false,
  );
  if (present) return script;
  context.log(`SteamCMD is not installed on this node; downloading it from ${STEAMCMD_URL}`);
  await fs.mkdir(dir, { recursive: true });
  const archive = join(dir, 'steamcmd_linux.tar.gz');
  await downloadFile(STEAMCMD_URL, archive, undefined, context.log);
  await runCommand('tar', ['-xzf', archive, '-C', dir], { cwd: dir, log: context.log });
  await fs.rm(archive, { force: true });
  return script;
}

/** Installs or updates a Steam dedicated server (anonymous login) into the server's root. */
export async function installSteamApp(context: InstallContext, appId: number, beta?: string): Promise<void> {
  const steamcmd = await ensureSteamCmd(context);
  const inside = context.sandboxPath ?? ((path: string) => path);
  const args = ['+force_install_dir', inside(context.root), '+login', 'anonymous', '+app_update', String(appId)];
  if (beta) args.push('-beta', beta);
  args.push('validate', '+quit');
  context.log(`Running SteamCMD for app ${appId}`);
  // SteamCMD runs in the server's sandbox; its own folder (it updates itself) is bound writable.
  const toolDir = dirname(steamcmd);
  await runCommand(steamcmd, args, {
    cwd: context.root,
    log: context.log,
    env: { PATH: process.env.PATH, HOME: context.sandbox ? toolDir : context.toolsDir, LANG: 'C.UTF-8' },
    sandbox: context.sandbox?.([[toolDir, toolDir]]),
  });
}

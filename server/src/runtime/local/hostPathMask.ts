import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { launchersDir } from '../install/runInstallStep';
import { SANDBOX_ROOT, SANDBOX_RUNTIME } from './sandbox/bwrapArgs';

/** A host folder and the name a customer sees for it. */
export type PathAlias = readonly [host: string, shown: string];

/**
 * Replaces each host folder in a console line by the name the game has for it in the sandbox
 * (longest first, so a folder inside another is named by its own alias). Where games run
 * sandboxed their output already carries those names; without the sandbox (PANEL_UNSAFE_NO_SANDBOX)
 * a stack trace would show where the panel is installed and where its data lives.
 */
export function hostPathMask(aliases: readonly PathAlias[]): (line: string) => string {
  const sorted = aliases.filter(([host]) => host.length > 1).sort((a, b) => b[0].length - a[0].length);
  if (sorted.length === 0) return (line) => line;
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  // A host folder only where a path part ends (never `/srv/panel` inside `/srv/panel-old`).
  const pattern = new RegExp(`(${sorted.map(([host]) => escape(host.replace(/\/+$/, ''))).join('|')})(?=$|[/\\s:'")\\],;])`, 'g');
  const shown = new Map(sorted.map(([host, alias]) => [host.replace(/\/+$/, ''), alias]));
  return (line) => (line.includes('/') ? line.replace(pattern, (match) => shown.get(match) ?? match) : line);
}

/** The node_modules folder the launchers load their packages from, as Node reports it in stack traces. */
function launcherModules(): string | null {
  try {
    return dirname(dirname(createRequire(join(launchersDir, 'package.json')).resolve('flying-squid/package.json')));
  } catch {
    return null;
  }
}

/** The host folders a game's output may name: its own folder, our launchers and their packages, the panel's folder, Node's. */
export function gameOutputAliases(serverRoot: string): PathAlias[] {
  const panelDir = resolve(launchersDir, '../../../..');
  const modules = launcherModules();
  const nodePrefix = dirname(dirname(process.execPath));
  return [
    [serverRoot, SANDBOX_ROOT],
    [launchersDir, `${SANDBOX_RUNTIME}/launchers`],
    ...(modules ? [[modules, `${SANDBOX_RUNTIME}/node_modules`] as const] : []),
    [join(panelDir, 'node_modules'), `${SANDBOX_RUNTIME}/node_modules`],
    [panelDir, `${SANDBOX_RUNTIME}/panel`],
    ...(nodePrefix.startsWith('/usr') ? [] : [[nodePrefix, `${SANDBOX_RUNTIME}/node`] as const]),
  ];
}

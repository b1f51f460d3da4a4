import type { RootedFileSystem } from '../RootedFileSystem';
import type { ServerSpec } from '../types';
import { updateProperties } from '../properties';

/**
 * Rewrites the keys the panel manages (server-port, server-ip …) in the server's config files
 * before a start, so the game always listens on its allocation whatever the customer edited.
 */
export async function applyManagedConfig(files: RootedFileSystem, configs: ServerSpec['managedConfig']): Promise<void> {
  for (const config of configs) {
    const current = (await files.exists(config.path)) ? (await files.readFile(config.path)).toString('utf8') : '';
    const next = updateProperties(current, config.values);
    if (next !== current) await files.writeFile(config.path, next);
  }
}

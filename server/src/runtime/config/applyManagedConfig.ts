import type { ServerSpec } from '../types';
import { configFormatOf } from '../../games/config-files/formats';

/** What the rewrite needs of a server's files (the file port, or the local folder itself). */
export interface ConfigFiles {
  readFile(path: string): Promise<Buffer>;
  writeFile(path: string, content: string): Promise<void>;
}

/**
 * Rewrites the keys the panel manages (server-port, server-ip …) in the server's config files
 * before a start, so the game always listens on its allocation whatever the customer edited. A
 * missing file starts from its declared initial text (Palworld's full default settings).
 */
export async function applyManagedConfig(files: ConfigFiles, configs: ServerSpec['managedConfig']): Promise<void> {
  for (const config of configs) {
    if (Object.keys(config.values).length === 0) continue;
    const text = await files.readFile(config.path).then(
      (content) => content.toString('utf8'),
      (error: NodeJS.ErrnoException) => {
        if (error.code === 'ENOENT') return '';
        throw error;
      },
    );
    // A missing or blank file (Palworld leaves an empty one) starts from its initial text.
    const current = text.trim() === '' && config.initial !== undefined ? config.initial : text;
    // Properties keep Java escaping for the ports and addresses they hold, as before.
    const next = configFormatOf({ format: config.format, escaping: config.format === 'properties' ? 'java' : config.escaping }).update(current, config.values, new Map());
    if (next !== text) await files.writeFile(config.path, next);
  }
}

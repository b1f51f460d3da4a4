import { rewriteConfigText } from '../../games/config-files/rewrites';
import type { ServerSpec } from '../types';
import { applyManagedConfig, type ConfigFiles } from './applyManagedConfig';

/**
 * Writes what the panel owns in a server's config files before a start: the managed keys of its
 * declared files, then an egg's rewrites (file, json, yaml, xml) by Wings' rules. A rewrite that
 * cannot be applied (the file is not valid JSON …) does not stop the start, as with Wings: its
 * reason is answered for the console. A missing file is made for json, yaml and xml; the `file`
 * parser only replaces lines that exist.
 */
export async function prepareConfigFiles(files: ConfigFiles, spec: Pick<ServerSpec, 'managedConfig' | 'configRewrites'>): Promise<string[]> {
  await applyManagedConfig(files, spec.managedConfig);
  const problems: string[] = [];
  for (const rewrite of spec.configRewrites ?? []) {
    try {
      const text = await files.readFile(rewrite.path).then(
        (content) => content.toString('utf8'),
        (error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return null;
          throw error;
        },
      );
      if (text === null && rewrite.parser === 'file') continue;
      const next = await rewriteConfigText(rewrite, text ?? '');
      if (next !== text) await files.writeFile(rewrite.path, next);
    } catch (error) {
      problems.push(`${rewrite.path} was not rewritten: ${(error as Error).message}`);
    }
  }
  return problems;
}

import { randomBytes } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { RootedFileSystem } from '../RootedFileSystem';
import type { InstallContext } from './InstallContext';
import { InstallError } from './InstallError';
import { findBinary } from './findBinary';
import { runCommand } from './runCommand';

/**
 * Extracts a zip from the template's own download into the server's root; with `subdir`, only that
 * folder's content is kept (Terraria ships every platform in one zip). Extraction happens in a
 * temporary folder inside the root, so a failure leaves nothing half-extracted.
 */
export async function extractZip(context: InstallContext, archive: string, subdir?: string, removeArchive = true): Promise<void> {
  const unzip = await findBinary('unzip');
  if (!unzip) throw new InstallError('unzip was not found on this node (install the "unzip" package).');
  const source = await context.files.resolve(archive);
  const temp = join(context.root, `.extract-${randomBytes(6).toString('hex')}`);
  try {
    const inside = context.sandboxPath ?? ((path: string) => path);
    // unzip reads what the customer may have uploaded: it runs in the server's sandbox.
    await runCommand(unzip, ['-q', '-o', inside(source), '-d', inside(temp)], { cwd: context.root, log: context.log, sandbox: context.sandbox?.([]) });
    const from = subdir ? await new RootedFileSystem(temp).resolve(subdir) : temp;
    for (const entry of await fs.readdir(from)) {
      const target = await context.files.resolve(entry);
      await fs.rm(target, { recursive: true, force: true });
      await fs.rename(join(from, entry), target);
    }
    if (removeArchive) await fs.rm(source, { force: true });
  } finally {
    await fs.rm(temp, { recursive: true, force: true });
  }
}

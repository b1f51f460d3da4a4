import { constants, promises as fs } from 'node:fs';
import { delimiter, join } from 'node:path';

/** The absolute path of an executable on PATH, or null. */
export async function findBinary(name: string, path = process.env.PATH ?? ''): Promise<string | null> {
  for (const dir of path.split(delimiter).filter(Boolean)) {
    const candidate = join(dir, name);
    const ok = await fs.access(candidate, constants.X_OK).then(
      () => true,
      () => false,
    );
    if (ok) return candidate;
  }
  return null;
}

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** The project's installer of Debian packages (apt-get when the file is missing, as root). */
export const ENSURE_PACKAGE_SCRIPT = join(__dirname, '..', '..', '..', '..', '..', 'scripts', 'ensure-package.sh');

/** Makes sure `file` exists, installing Debian's `pkg` through ENSURE_PACKAGE_SCRIPT when it is missing. */
export function ensureDebianPackage(file: string, pkg: string): boolean {
  if (existsSync(file)) return true;
  if (existsSync(ENSURE_PACKAGE_SCRIPT)) spawnSync('bash', [ENSURE_PACKAGE_SCRIPT, file, pkg], { stdio: 'ignore', timeout: 300_000 });
  return existsSync(file);
}

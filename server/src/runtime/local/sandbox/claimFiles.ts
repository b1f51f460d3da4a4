import { constants, promises as fs } from 'node:fs';

/**
 * Gives every entry under `root` (the root included) to `uid`:`gid`, so the server's sandboxed user
 * can change what the panel wrote (uploads, config edits, installs). Links are never followed:
 * each folder is opened with O_NOFOLLOW | O_DIRECTORY and its entries are reached through the
 * open descriptor (/proc/self/fd/N/name), so a folder swapped for a symlink while we walk is
 * skipped instead of being walked into; entries are changed with lchown. Only entries owned by
 * someone else are touched; the root itself is made 0700. Answers how many entries were changed.
 */
export async function claimFiles(root: string, uid: number, gid: number): Promise<number> {
  let changed = 0;
  const flags = constants.O_RDONLY | constants.O_DIRECTORY | constants.O_NOFOLLOW;
  const walk = async (handle: fs.FileHandle): Promise<void> => {
    const base = `/proc/self/fd/${handle.fd}`;
    const stats = await handle.stat();
    if (stats.uid !== uid || stats.gid !== gid) {
      await handle.chown(uid, gid);
      changed++;
    }
    let names: string[];
    try {
      names = await fs.readdir(base);
    } catch {
      return;
    }
    for (const name of names) {
      const path = `${base}/${name}`;
      let entry;
      try {
        entry = await fs.lstat(path);
      } catch {
        continue; // removed meanwhile
      }
      if (entry.isDirectory()) {
        const child = await fs.open(path, flags).catch(() => null);
        if (!child) continue; // swapped for a link (ELOOP / ENOTDIR) or removed
        try {
          await walk(child);
        } finally {
          await child.close();
        }
      } else if (entry.uid !== uid || entry.gid !== gid) {
        await fs.lchown(path, uid, gid).catch(() => undefined);
        changed++;
      }
    }
  };
  const top = await fs.open(root, flags);
  try {
    // The folder is the server's alone: no other sandbox user may look in.
    if (((await top.stat()).mode & 0o777) !== 0o700) await top.chmod(0o700);
    await walk(top);
  } finally {
    await top.close();
  }
  return changed;
}

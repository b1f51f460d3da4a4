/**
 * Paths of the file manager, always relative to the server's root and written with a leading
 * slash ("/" is the root). They are only joined and split here, never normalised: a directory
 * taken from the address goes to the API as it is, so that the API (which resolves every path
 * inside the server's root) is the one to accept or refuse it.
 */

/** The root of a server's files. */
export const ROOT = '/';

/** `name` inside `directory`, e.g. joinPath('/plugins', 'a.yml') → '/plugins/a.yml'. */
export function joinPath(directory: string, name: string): string {
  const base = directory.endsWith('/') ? directory : `${directory}/`;
  return `${base.startsWith('/') ? base : `/${base}`}${name}`;
}

/** The folder a path is in: parentPath('/plugins/a.yml') → '/plugins'; the root's parent is the root. */
export function parentPath(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  const slash = trimmed.lastIndexOf('/');
  return slash <= 0 ? ROOT : trimmed.slice(0, slash);
}

/** The last part of a path: baseName('/plugins/a.yml') → 'a.yml'. */
export function baseName(path: string): string {
  const trimmed = path.replace(/\/+$/, '');
  return trimmed.slice(trimmed.lastIndexOf('/') + 1);
}

/** One step of the breadcrumb: its name and the path it opens. */
export interface PathCrumb {
  name: string;
  path: string;
}

/** The folders from the root down to `directory` (the root itself excluded). */
export function pathCrumbs(directory: string): PathCrumb[] {
  const crumbs: PathCrumb[] = [];
  let path = '';
  for (const part of directory.split('/')) {
    if (part === '') continue;
    path = `${path}/${part}`;
    crumbs.push({ name: part, path });
  }
  return crumbs;
}

/** A path as the API's `root` + name bodies want it relative to the root: '/a/b' → 'a/b'. */
export function relativeToRoot(path: string): string {
  return path.replace(/^\/+/, '');
}

/** True for names of archives the API can extract. */
export function isArchiveName(name: string): boolean {
  return /\.(zip|tar|tar\.gz|tgz)$/i.test(name);
}

import { PathEscapeError } from '../../runtime/files/PathEscapeError';

const DOT_DOT = /(^|[/\\])\.\.([/\\]|$)/;

// Every spelling a client (or a proxy decoding twice) could use for the same path.
function spellings(path: string): string[] {
  const forms = [path, path.normalize('NFKC')];
  let decoded = path;
  for (let round = 0; round < 3 && decoded.includes('%'); round += 1) {
    try {
      decoded = decodeURIComponent(decoded);
    } catch {
      // Malformed escapes (overlong UTF-8 such as %c0%ae) are refused rather than guessed at.
      throw new PathEscapeError(path);
    }
    forms.push(decoded, decoded.normalize('NFKC'));
  }
  return forms;
}

/**
 * Refuses a path given by a client before it reaches the file system: NUL bytes and `..` parts in
 * any spelling (plain, URL-encoded once or more, Unicode look-alikes such as fullwidth dots, with
 * backslashes). A leading slash means the server's root, as in the API's paths.
 */
export function checkUserPath(path: string): string {
  for (const form of spellings(path)) {
    if (form.includes('\0') || DOT_DOT.test(form)) throw new PathEscapeError(path);
  }
  return path;
}

/** A path below `root`, both as the client gave them, checked. */
export function joinUserPath(root: string, name: string): string {
  checkUserPath(root);
  checkUserPath(name);
  return `${root.replace(/\/+$/, '')}/${name.replace(/^\/+/, '')}`;
}

/** The parts of a checked path as the port walks them (`\` as `/`, empty and `.` parts dropped); none for the root. */
export function pathParts(path: string): string[] {
  return path
    .replace(/\\/g, '/')
    .split('/')
    .filter((part) => part !== '' && part !== '.');
}

/** The folder holding the entry at `path` ('' for the root). */
export const parentPath = (path: string): string => pathParts(path).slice(0, -1).join('/');

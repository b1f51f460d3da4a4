/** What the user may do with this server's files, from the permission keys they hold on it. */
export interface FileAbilities {
  /** List folders and search (file.read). */
  read: boolean;
  /** Open files in the editor and download them (file.read-content). */
  readContent: boolean;
  /** New files and folders, uploads, copies, pulls (file.create). */
  create: boolean;
  /** Save, rename, move, change permissions (file.update). */
  update: boolean;
  delete: boolean;
  /** Compress and extract (file.archive). */
  archive: boolean;
}

/** The file abilities granted by a list of permission keys. */
export function fileAbilities(permissions: readonly string[]): FileAbilities {
  const has = (key: string) => permissions.includes(key);
  return {
    read: has('file.read'),
    readContent: has('file.read-content'),
    create: has('file.create'),
    update: has('file.update'),
    delete: has('file.delete'),
    archive: has('file.archive'),
  };
}

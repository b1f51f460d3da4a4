import type { FileEntry } from '../../../../src/api/files';

/** A folder entry as GET …/files/list answers it. */
export function makeFolder(name: string, overrides: Partial<FileEntry> = {}): FileEntry {
  return makeFile(name, { size: 4096, mode: 'drwxr-xr-x', mode_bits: '755', is_file: false, is_directory: true, mime: 'inode/directory', ...overrides });
}

/** A file entry as GET …/files/list answers it. */
export function makeFile(name: string, overrides: Partial<FileEntry> = {}): FileEntry {
  return {
    name,
    size: 1200,
    mode: '-rw-r--r--',
    mode_bits: '644',
    modified_at: '2024-05-06T07:08:09.000Z',
    created_at: '2024-05-06T07:08:09.000Z',
    is_file: true,
    is_directory: false,
    is_symlink: false,
    mime: 'text/plain',
    ...overrides,
  };
}

/** Every file permission key (what the owner holds). */
export const ALL_FILE_PERMISSIONS = ['file.create', 'file.read', 'file.read-content', 'file.update', 'file.delete', 'file.archive'];

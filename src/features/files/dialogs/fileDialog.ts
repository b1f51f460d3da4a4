import type { FileRow } from '../list/fileRow';

/** The dialog open on the files page, with the rows it acts on. */
export type FileDialog = { kind: 'newFile' } | { kind: 'newFolder' } | { kind: 'pull' } | { kind: 'rename'; rows: [FileRow] } | { kind: 'move' | 'chmod' | 'compress' | 'delete'; rows: FileRow[] };

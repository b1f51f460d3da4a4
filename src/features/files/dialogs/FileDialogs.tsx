import { useTranslation } from 'react-i18next';
import {
  useChmodServerFilesMutation,
  useCompressServerFilesMutation,
  useCreateServerFolderMutation,
  useDeleteServerFilesMutation,
  usePullServerFileMutation,
  useRenameServerFilesMutation,
  useWriteServerFileMutation,
} from '../../../api/files';
import { joinPath, parentPath, relativeToRoot } from '../filePaths';
import { ChmodDialog } from './ChmodDialog';
import { CompressDialog } from './CompressDialog';
import { DeleteDialog } from './DeleteDialog';
import type { FileDialog } from './fileDialog';
import { PullDialog } from './PullDialog';
import { TextFieldDialog } from './TextFieldDialog';

/** Props of {@link FileDialogs}. */
export interface FileDialogsProps {
  serverId: string;
  /** The folder on screen: where new files, folders and pulled files go. */
  directory: string;
  dialog: FileDialog | null;
  onClose: () => void;
  /** Called after an action that changed the rows it acted on (the selection is then cleared). */
  onDone: () => void;
  /** Opens a file in the editor (a newly created one). */
  onOpenFile: (path: string) => void;
}

/** The dialog of the files page that is open, wired to the files API. */
export function FileDialogs({ serverId: id, directory, dialog, onClose, onDone, onOpenFile }: FileDialogsProps) {
  const { t } = useTranslation();
  const [writeFile] = useWriteServerFileMutation();
  const [createFolder] = useCreateServerFolderMutation();
  const [renameFiles] = useRenameServerFilesMutation();
  const [chmodFiles] = useChmodServerFilesMutation();
  const [compressFiles] = useCompressServerFilesMutation();
  const [deleteFiles] = useDeleteServerFilesMutation();
  const [pullFile] = usePullServerFileMutation();
  if (!dialog) return null;

  const rows = 'rows' in dialog ? dialog.rows : [];
  const root = rows.length > 0 ? parentPath(rows[0].path) : directory;
  const names = rows.map((row) => row.name);
  const then =
    (after: () => void) =>
    <T,>(result: Promise<T>) =>
      result.then((value) => (after(), value));
  const done = then(onDone);

  switch (dialog.kind) {
    case 'newFile':
      return (
        <TextFieldDialog
          title={t('files.newFile.title', 'New file in {{directory}}', { directory })}
          label={t('files.newFile.label', 'File name')}
          okText={t('files.newFile.ok', 'Create')}
          onSubmit={(name) => then(() => onOpenFile(joinPath(directory, name)))(writeFile({ id, file: joinPath(directory, name), body: '' }).unwrap())}
          onClose={onClose}
        />
      );
    case 'newFolder':
      return (
        <TextFieldDialog
          title={t('files.newFolder.title', 'New folder in {{directory}}', { directory })}
          label={t('files.newFolder.label', 'Folder name')}
          okText={t('files.newFolder.ok', 'Create')}
          onSubmit={(name) => createFolder({ id, body: { root: directory, name } }).unwrap()}
          onClose={onClose}
        />
      );
    case 'rename':
      return (
        <TextFieldDialog
          title={t('files.rename.title', 'Rename {{name}}', { name: names[0] })}
          label={t('files.rename.label', 'New name')}
          okText={t('files.rename.ok', 'Rename')}
          initialValue={names[0]}
          onSubmit={(to) => done(renameFiles({ id, body: { root, files: [{ from: names[0], to }] } }).unwrap())}
          onClose={onClose}
        />
      );
    case 'move':
      return (
        <TextFieldDialog
          title={names.length === 1 ? t('files.move.titleOne', 'Move {{name}}', { name: names[0] }) : t('files.move.titleMany', 'Move {{count}} items', { count: names.length })}
          label={t('files.move.label', 'Destination folder (from the server’s root)')}
          okText={t('files.move.ok', 'Move')}
          initialValue={root}
          onSubmit={(destination) =>
            // From the root, so that the destination needs no "..": both paths are written in full.
            done(renameFiles({ id, body: { root: '/', files: rows.map((row) => ({ from: relativeToRoot(row.path), to: relativeToRoot(joinPath(destination, row.name)) })) } }).unwrap())
          }
          onClose={onClose}
        />
      );
    case 'chmod':
      return (
        <ChmodDialog
          names={names}
          initialMode={rows[0]?.mode_bits ?? '644'}
          onSubmit={(mode) => done(chmodFiles({ id, body: { root, files: names.map((file) => ({ file, mode })) } }).unwrap())}
          onClose={onClose}
        />
      );
    case 'compress':
      return <CompressDialog names={names} onSubmit={(format) => done(compressFiles({ id, body: { root, files: names, format } }).unwrap())} onClose={onClose} />;
    case 'delete':
      return <DeleteDialog names={names} onSubmit={() => done(deleteFiles({ id, body: { root, files: names } }).unwrap())} onClose={onClose} />;
    case 'pull':
      return <PullDialog directory={directory} onSubmit={(url, filename) => pullFile({ id, body: { url, directory, ...(filename ? { filename } : {}) } }).unwrap()} onClose={onClose} />;
  }
}

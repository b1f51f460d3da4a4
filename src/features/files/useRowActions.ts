import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useCopyServerFileMutation, useDecompressServerFileMutation } from '../../api/files';
import type { FileDialog } from './dialogs/fileDialog';
import { parentPath } from './filePaths';
import type { FileRow } from './list/fileRow';
import type { RowAction } from './list/rowMenuItems';
import { useFileDownload } from './useFileDownload';
import { useFileNotices } from './useFileNotices';

/** What the row actions need from the page. */
export interface RowActionHandlers {
  serverId: string;
  open: (row: FileRow) => void;
  showDialog: (dialog: FileDialog) => void;
}

/**
 * Runs an action of a row's menu: copy, extract and download at once (with a notification of
 * the outcome), the others through their dialog.
 */
export function useRowActions({ serverId: id, open, showDialog }: RowActionHandlers) {
  const { t } = useTranslation();
  const [copyFile] = useCopyServerFileMutation();
  const [decompress] = useDecompressServerFileMutation();
  const download = useFileDownload(id);
  const { failed, succeeded } = useFileNotices();

  return useCallback(
    (action: RowAction, row: FileRow) => {
      switch (action) {
        case 'open':
          return open(row);
        case 'download':
          return void download([row.path]);
        case 'copy':
          return void copyFile({ id, body: { location: row.path } })
            .unwrap()
            .then(
              () => succeeded(t('files.notice.copied', 'A copy of {{name}} was made beside it.', { name: row.name })),
              (error: unknown) => failed(error, 'mutation'),
            );
        case 'extract':
          return void decompress({ id, body: { root: parentPath(row.path), file: row.name } })
            .unwrap()
            .then(
              () => succeeded(t('files.notice.extracted', '{{name}} was extracted.', { name: row.name })),
              (error: unknown) => failed(error, 'mutation'),
            );
        case 'rename':
          return showDialog({ kind: 'rename', rows: [row] });
        default:
          return showDialog({ kind: action, rows: [row] });
      }
    },
    [copyFile, decompress, download, failed, id, open, showDialog, succeeded, t],
  );
}

import { CopyOutlined, DeleteOutlined, DownloadOutlined, DragOutlined, EditOutlined, FolderOpenOutlined, LockOutlined, FileZipOutlined, UnlockOutlined, FormOutlined } from '@ant-design/icons';
import type { MenuProps } from 'antd';
import type { TFunction } from 'i18next';
import type { FileAbilities } from '../fileAbilities';
import { isArchiveName } from '../filePaths';
import type { FileRow } from './fileRow';

/** What a row's menu can do. */
export type RowAction = 'open' | 'rename' | 'move' | 'copy' | 'chmod' | 'download' | 'compress' | 'extract' | 'delete';

/**
 * The items of a row's menu: the actions that apply to this kind of entry, greyed out when the
 * user lacks the permission (rather than hidden, so people learn that the action exists).
 */
export function rowMenuItems(t: TFunction, row: FileRow, can: FileAbilities): NonNullable<MenuProps['items']> {
  const file = !row.is_directory;
  const items: NonNullable<MenuProps['items']> = [
    {
      key: 'open',
      icon: file ? <FormOutlined /> : <FolderOpenOutlined />,
      label: file ? t('files.action.edit', 'Open in the editor') : t('files.action.openFolder', 'Open'),
      disabled: file ? !can.readContent : !can.read,
    },
    { key: 'rename', icon: <EditOutlined />, label: t('files.action.rename', 'Rename'), disabled: !can.update },
    { key: 'move', icon: <DragOutlined />, label: t('files.action.move', 'Move'), disabled: !can.update },
    { key: 'copy', icon: <CopyOutlined />, label: t('files.action.copy', 'Make a copy'), disabled: !can.create },
    { key: 'chmod', icon: <LockOutlined />, label: t('files.action.chmod', 'Permissions'), disabled: !can.update },
  ];
  if (file) items.push({ key: 'download', icon: <DownloadOutlined />, label: t('files.action.download', 'Download'), disabled: !can.readContent });
  if (file && isArchiveName(row.name)) {
    items.push({ key: 'extract', icon: <UnlockOutlined />, label: t('files.action.extract', 'Extract here'), disabled: !can.archive });
  } else {
    items.push({ key: 'compress', icon: <FileZipOutlined />, label: t('files.action.compress', 'Compress'), disabled: !can.archive });
  }
  items.push({ type: 'divider' }, { key: 'delete', icon: <DeleteOutlined />, label: t('files.action.delete', 'Delete'), danger: true, disabled: !can.delete });
  return items;
}

import { Alert, Button, Flex } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { filesApi, serverFilesChanged, useListServerFilesQuery, useSearchServerFilesQuery } from '../../api/files';
import type { ListServerFilesApiResponse } from '../../api/generated/files.gen';
import { useAppDispatch } from '../../app/hooks';
import { formatBytes } from '../../components/server/formatBytes';
import type { FileDialog } from './dialogs/fileDialog';
import type { FileAbilities } from './fileAbilities';
import { fileErrorMessage } from './fileErrorMessage';
import { ROOT } from './filePaths';
import { BulkActions, type BulkAction } from './list/BulkActions';
import { rowsOfFolder, type FileRow } from './list/fileRow';
import { FilesToolbar } from './list/FilesToolbar';
import { FileTable, type MenuAnchor } from './list/FileTable';
import { lazyPage } from '../../components/lazyPage';
import { OnceOpened } from '../../components/OnceOpened';
import { useStableHandler } from '../../components/useStableHandler';
import { UploadDropZone } from './upload/UploadDropZone';
import { UploadList } from './upload/UploadList';
import { checkQuota } from './upload/uploadQuota';
import type { UploadSource } from './upload/uploadSources';
import { useUploads } from './upload/useUploads';
import { useDiskSpace } from './useDiskSpace';
import { useFileDownload } from './useFileDownload';
import { useRowActions } from './useRowActions';

/** Props of {@link FileBrowser}. */
export interface FileBrowserProps {
  serverId: string;
  directory: string;
  /** The name searched for ('' = show the folder). */
  search: string;
  can: FileAbilities;
  /** The plan's disk limit, checked before uploading while the measured use is not known. */
  planDiskMb: number;
  /** The folder's listing is already on its way (asked early by the page): wait for it instead of asking again. */
  listingArriving?: boolean;
  /** The listing that request brought, already there while it is being put into the cache: shown meanwhile. */
  arrivedListing?: ListServerFilesApiResponse;
  onOpenFolder: (path: string) => void;
  /** Opens a file in the editor; `size` (from the listing) spares fetching files too large to edit. */
  onOpenFile: (path: string, size?: number) => void;
  onSearch: (pattern: string) => void;
}

const NO_PATHS: string[] = [];

// Most visits only look and open: the dialogs (antd's Modal, Form, Radio) and the row menu (Dropdown,
// Menu) load on their first opening, and their code is asked for as soon as the pointer or focus
// enters the file browser, so that opening them rarely waits.
const FileDialogs = lazyPage(() => import('./dialogs/FileDialogs').then((m) => ({ default: m.FileDialogs })));
const RowMenu = lazyPage(() => import('./list/RowMenu').then((m) => ({ default: m.RowMenu })));
const preloadActions = () => {
  void FileDialogs.preload();
  void RowMenu.preload();
};

/** A folder of the server (or a search in it): the list, its actions, uploads and dialogs. */
export function FileBrowser({ serverId: id, directory, search, can, planDiskMb, listingArriving = false, arrivedListing, onOpenFolder, onOpenFile, onSearch }: FileBrowserProps) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const listing = useListServerFilesQuery({ id, directory }, { skip: search !== '' || !can.read || listingArriving });
  const found = useSearchServerFilesQuery({ id, directory, pattern: search }, { skip: search === '' || !can.read });
  const query = search ? found : listing;
  // currentData, not data: while another folder loads, the rows of the last one must not show under its name.
  // The listing that arrived early and the one then put into the cache are the same answer: keyed on its
  // entries, the rows stay the same array across that switch, and the memoised list of a large folder
  // does not render all over again right after its first render.
  const folderEntries = (listing.currentData ?? arrivedListing)?.data;
  const rows = useMemo<FileRow[]>(() => (search ? (found.currentData?.data ?? []) : rowsOfFolder(directory, folderEntries ?? [])), [search, found.currentData, folderEntries, directory]);

  // The selection belongs to one folder (or search): it is empty again anywhere else.
  const place = `${directory}\n${search}`;
  const [selection, setSelection] = useState<{ place: string; paths: string[] }>({ place, paths: [] });
  const selected = selection.place === place ? selection.paths : NO_PATHS;
  const setSelected = (paths: string[]) => setSelection({ place, paths });
  const [menu, setMenu] = useState<{ row: FileRow; anchor: MenuAnchor } | null>(null);
  const [dialog, setDialog] = useState<FileDialog | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);

  const disk = useDiskSpace(id, planDiskMb);
  const uploads = useUploads(id, () => dispatch(serverFilesChanged(id)));
  const download = useFileDownload(id);
  const open = useStableHandler((row: FileRow) => {
    if (!row.is_directory) return onOpenFile(row.path, row.size);
    // Asked for on the click rather than once the page has rendered the new address: the page
    // then takes this request (a folder still in the cache is not asked for again here).
    if (can.read) void dispatch(filesApi.util.prefetch('listServerFiles', { id, directory: row.path }, {}));
    onOpenFolder(row.path);
  });
  // Stable, so that the memoised list renders only when its rows, loading state or selection change.
  const selectInList = useStableHandler(setSelected);
  const openMenu = useStableHandler((row: FileRow, anchor: MenuAnchor) => setMenu({ row, anchor }));
  const rowAction = useRowActions({ serverId: id, open, showDialog: setDialog });

  // Nothing selected is the usual case: spare a pass over every row of a large folder per render.
  const selectedRows = useMemo(() => {
    if (selected.length === 0) return [];
    const selectedSet = new Set(selected);
    return rows.filter((row) => selectedSet.has(row.path));
  }, [rows, selected]);
  // Empty folders come only from drops: a folder picker does not show them to the page.
  const upload = (sources: UploadSource[], emptyFolders: string[] = []) => {
    const check = checkQuota(
      sources.map(({ file }) => file.size),
      disk,
    );
    if (!check.ok) {
      const size = (bytes: number) => formatBytes(t, bytes, i18n.language);
      setRefusal(
        t('files.upload.overQuota', 'Nothing was uploaded: these files need {{needed}}, but only {{free}} is free on this server’s disk.', {
          needed: size(check.neededBytes),
          free: size(check.freeBytes),
        }),
      );
      return;
    }
    setRefusal(null);
    uploads.add(sources, directory, emptyFolders);
  };
  const onBulk = (action: BulkAction) => (action === 'download' ? void download(selectedRows.map((row) => row.path)) : setDialog({ kind: action, rows: selectedRows }));

  if (!can.read) return <Alert type="warning" showIcon title={t('files.noAccess', 'You may not see the files of this server.')} />;
  return (
    <Flex vertical gap={12} onPointerEnter={preloadActions} onFocus={preloadActions}>
      <FilesToolbar
        can={can}
        search={search}
        onSearch={onSearch}
        onNewFile={() => setDialog({ kind: 'newFile' })}
        onNewFolder={() => setDialog({ kind: 'newFolder' })}
        onPull={() => setDialog({ kind: 'pull' })}
        onUpload={upload}
      />
      {refusal ? <Alert type="error" showIcon role="alert" title={refusal} closable onClose={() => setRefusal(null)} /> : null}
      <UploadList items={uploads.items} onCancel={uploads.cancel} onClear={uploads.clearFinished} />
      <BulkActions count={selectedRows.length} onlyFiles={selectedRows.every((row) => !row.is_directory)} can={can} onAction={onBulk} onClear={() => setSelected([])} />
      {query.error ? (
        <Alert
          type="error"
          showIcon
          role="alert"
          title={search ? t('files.searchFailed', 'The search failed') : t('files.listFailed', 'This folder could not be opened')}
          description={fileErrorMessage(t, query.error)}
          action={directory !== ROOT ? <Button onClick={() => onOpenFolder(ROOT)}>{t('files.toRoot', 'Go to the server’s root folder')}</Button> : undefined}
        />
      ) : (
        <UploadDropZone
          directory={directory}
          enabled={can.create && !search}
          onFiles={upload}
          onReadError={() => setRefusal(t('files.upload.readFailed', 'The dropped folder could not be read. Nothing was uploaded.'))}
        >
          <FileTable
            rows={rows}
            loading={query.isFetching || (listingArriving && !arrivedListing)}
            searchResults={search !== ''}
            selectedPaths={selected}
            onSelect={selectInList}
            onOpen={open}
            onMenu={openMenu}
          />
        </UploadDropZone>
      )}
      <OnceOpened open={menu !== null}>
        <RowMenu target={menu} can={can} onAction={rowAction} onClose={() => setMenu(null)} />
      </OnceOpened>
      <OnceOpened open={dialog !== null}>
        <FileDialogs serverId={id} directory={directory} dialog={dialog} onClose={() => setDialog(null)} onDone={() => setSelected([])} onOpenFile={onOpenFile} />
      </OnceOpened>
    </Flex>
  );
}

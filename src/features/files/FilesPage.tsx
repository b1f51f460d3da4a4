import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { useGetServerQuery } from '../../api/servers';
import { ServerLoadFailure } from '../../widgets/server/ServerLoadFailure';
import { ServerPageSection } from '../../components/server/ServerPageSection';
import { FileEditor } from './editor/FileEditor';
import { useEarlyListing } from './earlyListing';
import { fileAbilities } from './fileAbilities';
import { FileBrowser } from './FileBrowser';
import { baseName, parentPath, ROOT } from './filePaths';
import { FileBreadcrumb } from './list/FileBreadcrumb';
import { useFileDownload } from './useFileDownload';
import { SftpConnectBox } from './sftp/SftpConnectBox';
import { PlainSkeleton } from '../../components/PlainSkeleton';

/** The address (query part) of the files page for a folder, a search in it, or a file in the editor. */
export function filesQuery(place: { directory?: string; search?: string; file?: string }): string {
  const params = new URLSearchParams();
  if (place.file !== undefined) params.set('file', place.file);
  else if (place.directory !== undefined && place.directory !== ROOT) params.set('directory', place.directory);
  if (place.search) params.set('search', place.search);
  const query = params.toString();
  return query ? `?${query}` : '?';
}

/**
 * /server/{id}/files: the server's files. The address says what is on screen, so that reloading
 * or sharing it shows the same: `?directory=/plugins` a folder, `&search=name` a search in it,
 * `?file=/server.properties` a file in the editor. The directory goes to the API as written; the
 * API refuses paths that leave the server's folder, and the page says so.
 */
export function FilesPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const location = useLocation();
  const { data, error, isLoading, refetch } = useGetServerQuery({ id });
  const download = useFileDownload(id);

  const file = params.get('file');
  const directory = file !== null ? parentPath(file) : (params.get('directory') ?? ROOT);
  const search = file !== null ? '' : (params.get('search') ?? '');
  // On a full load the folder is asked for with the server's details, not after them.
  const earlyListing = useEarlyListing(id, file === null && search === '' ? directory : null, data !== undefined);
  const go = useCallback((query: string, state?: unknown) => navigate({ search: query }, { state }), [navigate]);

  const title = t('files.title', 'Files');
  if (!data) {
    return <ServerPageSection title={title}>{isLoading ? <PlainSkeleton rows={10} /> : <ServerLoadFailure error={error} onRetry={refetch} />}</ServerPageSection>;
  }
  const server = data.data;
  const can = fileAbilities(server.permissions);
  const knownSize = (location.state as { size?: unknown } | null)?.size;

  return (
    <ServerPageSection title={title}>
      {server.sftp && file === null ? <SftpConnectBox details={server.sftp} /> : null}
      <FileBreadcrumb directory={directory} fileName={file !== null ? baseName(file) : undefined} folderLink={(path) => filesQuery({ directory: path })} />
      {file !== null ? (
        <FileEditor
          key={file}
          serverId={id}
          path={file}
          knownSize={typeof knownSize === 'number' ? knownSize : undefined}
          canSave={can.update}
          canDownload={can.readContent}
          onDownload={() => void download([file])}
          onClose={() => go(filesQuery({ directory }))}
        />
      ) : (
        <FileBrowser
          key={id}
          serverId={id}
          directory={directory}
          search={search}
          can={can}
          planDiskMb={server.plan.limits.disk_mb}
          listingArriving={earlyListing.waiting}
          arrivedListing={earlyListing.arrived}
          onOpenFolder={(path) => go(filesQuery({ directory: path }))}
          onOpenFile={(path, size) => go(filesQuery({ file: path }), { size })}
          onSearch={(pattern) => go(filesQuery({ directory, search: pattern }))}
        />
      )}
    </ServerPageSection>
  );
}

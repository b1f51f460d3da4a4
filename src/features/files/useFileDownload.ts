import { useCallback } from 'react';
import { filesApi } from '../../api/files';
import { useAppDispatch } from '../../app/hooks';
import { baseName } from './filePaths';
import { useFileNotices } from './useFileNotices';

/** Starts the browser's download of a URL, as a click on a download link does. */
function startDownload(url: string, name: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  link.rel = 'noopener';
  document.body.appendChild(link);
  link.click();
  link.remove();
}

/**
 * Downloads files of a server: for each, the API issues a short-lived signed link (no token in
 * the address), which the browser then downloads as a stream. Several files download one after
 * the other.
 */
export function useFileDownload(serverId: string) {
  const dispatch = useAppDispatch();
  const { failed } = useFileNotices();
  return useCallback(
    async (paths: readonly string[]) => {
      for (const file of paths) {
        try {
          const answer = await dispatch(filesApi.endpoints.getServerFileDownload.initiate({ id: serverId, file }, { subscribe: false, forceRefetch: true })).unwrap();
          startDownload(answer.data.url, baseName(file));
        } catch (error) {
          failed(error);
          return;
        }
      }
    },
    [dispatch, failed, serverId],
  );
}

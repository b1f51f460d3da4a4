import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fileErrorMessage } from '../fileErrorMessage';
import { uploadItemsReducer, type UploadItem } from './uploadItems';
import { UploadQueue, type UploadQueueListener } from './UploadQueue';
import type { UploadSource } from './uploadSources';

/**
 * The uploads of a server's files page: the list with each file's progress and outcome (and the
 * empty folders of dropped folders), and the queue behind it. `onSettled` runs when the queue runs dry after at least one file was stored
 * (the page then lists the folder again once, not once per file). Leaving the page cancels what
 * is still running.
 */
export function useUploads(serverId: string, onSettled: () => void) {
  const { t } = useTranslation();
  const [items, dispatch] = useReducer(uploadItemsReducer, [] as UploadItem[]);
  const listener = useRef<UploadQueueListener>({ onEvent: dispatch, describeError: (error) => fileErrorMessage(t, error), onSettled });
  useEffect(() => {
    listener.current = { onEvent: dispatch, describeError: (error) => fileErrorMessage(t, error), onSettled };
  });
  const [queue] = useState(() => new UploadQueue(serverId, listener));
  useEffect(() => () => queue.dispose(), [queue]);

  const add = useCallback((sources: readonly UploadSource[], directory: string, emptyFolders: readonly string[] = []) => queue.add(sources, directory, emptyFolders), [queue]);
  const cancel = useCallback((id: string) => queue.cancel(id), [queue]);
  const clearFinished = useCallback(() => dispatch({ type: 'cleared' }), []);
  return { items, add, cancel, clearFinished };
}

import { getStoredToken } from '../../../api/accessToken';
import type { HttpApiError } from '../../../api/apiError';
import { apiBaseUrl } from '../../../api/baseQuery';
import { XSRF_HEADER, readXsrfToken } from '../../../api/xsrfToken';

/** A running upload: its outcome and a way to cancel it. */
export interface UploadHandle {
  /** Resolves when the file is stored; rejects with an {@link HttpApiError}-shaped error or `'cancelled'`. */
  done: Promise<void>;
  cancel: () => void;
}

/** Parses an error answer's JSON body (`{ message }`), if it has one. */
function errorBody(xhr: XMLHttpRequest): HttpApiError['data'] {
  try {
    const parsed: unknown = JSON.parse(xhr.responseText);
    return typeof parsed === 'object' && parsed !== null ? (parsed as HttpApiError['data']) : null;
  } catch {
    return null;
  }
}

/**
 * Posts one upload request into `directory` of a server as multipart form data. XMLHttpRequest
 * rather than fetch: it reports upload progress. The request carries what every panel API call
 * carries (bearer token, XSRF header, cookies), like the base query of RTK Query.
 */
function sendUpload(serverId: string, directory: string, form: FormData, size: number, onProgress: (loaded: number) => void): UploadHandle {
  const xhr = new XMLHttpRequest();
  const done = new Promise<void>((resolve, reject) => {
    xhr.open('POST', `${apiBaseUrl}/servers/${encodeURIComponent(serverId)}/files/upload?directory=${encodeURIComponent(directory)}`);
    xhr.withCredentials = true;
    xhr.setRequestHeader('Accept', 'application/json');
    const token = getStoredToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    const xsrf = readXsrfToken();
    if (xsrf) xhr.setRequestHeader(XSRF_HEADER, xsrf);
    xhr.upload.onprogress = (event) => onProgress(event.loaded);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status <= 299) {
        onProgress(size);
        resolve();
      } else {
        reject({ status: xhr.status, data: errorBody(xhr) } satisfies HttpApiError);
      }
    };
    xhr.onerror = () => reject({ status: 'FETCH_ERROR' });
    xhr.onabort = () => reject('cancelled');
    xhr.send(form);
  });
  return { done, cancel: () => xhr.abort() };
}

/**
 * Uploads one file into `directory` of a server, saved at `path` below it (its name, or folders
 * and its name: the API creates the folders).
 */
export function uploadFile(serverId: string, directory: string, file: File, path: string, onProgress: (loaded: number) => void): UploadHandle {
  const form = new FormData();
  form.append('files', file, path);
  return sendUpload(serverId, directory, form, file.size, onProgress);
}

/**
 * Creates folders in `directory` of a server, each a relative path (`world/data`) with the
 * folders above it: the empty folders of a dropped folder, which no file's path creates. One
 * request, so either all of them are created or none is.
 */
export function uploadFolders(serverId: string, directory: string, folders: readonly string[]): UploadHandle {
  const form = new FormData();
  for (const folder of folders) form.append('folders', folder);
  return sendUpload(serverId, directory, form, 0, () => undefined);
}

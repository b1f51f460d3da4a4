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
 * Uploads one file into `directory` of a server as multipart form data, saved at `path` below it
 * (its name, or folders and its name: the API creates the folders). XMLHttpRequest rather
 * than fetch: it reports upload progress. The request carries what every panel API call carries
 * (bearer token, XSRF header, cookies), like the base query of RTK Query.
 */
export function uploadFile(serverId: string, directory: string, file: File, path: string, onProgress: (loaded: number) => void): UploadHandle {
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
        onProgress(file.size);
        resolve();
      } else {
        reject({ status: xhr.status, data: errorBody(xhr) } satisfies HttpApiError);
      }
    };
    xhr.onerror = () => reject({ status: 'FETCH_ERROR' });
    xhr.onabort = () => reject('cancelled');
    const form = new FormData();
    form.append('files', file, path);
    xhr.send(form);
  });
  return { done, cancel: () => xhr.abort() };
}

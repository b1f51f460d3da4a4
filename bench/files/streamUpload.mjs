/**
 * The client side of the upload measurement: one file sent as multipart/form-data, streamed from
 * disk with node:http, the request a browser sends (one part named `files` with the file name and
 * a Content-Length). A browser encodes the form in native code; undici's fetch with a FormData
 * body spends about four times the CPU of this client (0.7–1.1 s per 200 MB here), and on a
 * two-core machine that was enough to make the client, not the panel, set the pace. Set
 * BENCH_FILES_UPLOAD_CLIENT=fetch to measure through fetch and FormData instead.
 */
import { randomBytes } from 'node:crypto';
import { createReadStream, openAsBlob, statSync } from 'node:fs';
import { request } from 'node:http';

/** Sends `path` with node:http; resolves with { status, text } once the answer has been read. */
function uploadWithHttp(url, headers, path, filename) {
  const boundary = `----bench${randomBytes(12).toString('hex')}`;
  const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const length = head.length + statSync(path).size + tail.length;
  return new Promise((resolve, reject) => {
    const req = request(url, { method: 'POST', headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': length } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (piece) => (text += piece));
      res.on('end', () => resolve({ status: res.statusCode, text }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.write(head);
    const file = createReadStream(path, { highWaterMark: 1024 * 1024 });
    file.on('error', (error) => req.destroy(error));
    file.on('end', () => req.end(tail));
    file.pipe(req, { end: false });
  });
}

/** Sends `path` through fetch with a FormData body (the file as a disk-backed Blob). */
async function uploadWithFetch(url, headers, path, filename) {
  const form = new FormData();
  form.append('files', await openAsBlob(path), filename);
  const response = await fetch(url, { method: 'POST', headers, body: form });
  return { status: response.status, text: await response.text() };
}

/** The client in use: `http` (default) or `fetch` (BENCH_FILES_UPLOAD_CLIENT). */
export const uploadClient = process.env.BENCH_FILES_UPLOAD_CLIENT === 'fetch' ? 'fetch' : 'http';

/** Uploads one file as multipart/form-data with the chosen client; resolves with { status, text }. */
export function streamUpload(url, headers, path, filename) {
  return (uploadClient === 'fetch' ? uploadWithFetch : uploadWithHttp)(url, headers, path, filename);
}

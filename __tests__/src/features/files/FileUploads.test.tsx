import { act, configure, createEvent, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { makeFile } from './filesFixture';
import { filesServer, renderFilesPage } from './renderFilesPage';

configure({ asyncUtilTimeout: 8000 });
jest.setTimeout(30_000);

/**
 * The network edge of uploads: XMLHttpRequest (uploads report progress through it). Each request
 * is recorded with its headers and form data; the test answers, reports progress or sees aborts.
 */
class FakeXhr {
  static sent: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: FormData | null = null;
  withCredentials = false;
  status = 0;
  responseText = '';
  aborted = false;
  upload: { onprogress: ((event: { loaded: number }) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name.toLowerCase()] = value;
  }
  send(body: FormData) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  abort() {
    this.aborted = true;
    this.onabort?.();
  }
  progress(loaded: number) {
    act(() => this.upload.onprogress?.({ loaded }));
  }
  answer(status: number, body?: unknown) {
    this.status = status;
    this.responseText = body === undefined ? '' : JSON.stringify(body);
    act(() => this.onload?.());
  }
  get file(): File {
    return this.body?.get('files') as File;
  }
}

const original = window.XMLHttpRequest;
beforeEach(() => {
  FakeXhr.sent = [];
  window.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
  document.cookie = 'XSRF-TOKEN=xsrf%2Fvalue';
});
afterEach(() => {
  window.XMLHttpRequest = original;
  document.cookie = 'XSRF-TOKEN=; expires=Thu, 01 Jan 1970 00:00:00 GMT';
});

const MiB = 1024 * 1024;
const fileOf = (name: string, bytes: number) => new File([new Uint8Array(bytes)], name, { type: 'application/octet-stream' });

/** Drops files on the list as a drag from the desktop does. */
function drop(files: File[]) {
  const zone = screen.getByTestId('upload-drop-zone');
  const dataTransfer = { types: ['Files'], files, dropEffect: 'none' };
  for (const type of ['dragEnter', 'dragOver', 'drop'] as const) {
    const event = createEvent[type](zone);
    Object.defineProperty(event, 'dataTransfer', { value: dataTransfer });
    fireEvent(zone, event);
  }
}

/** A file of a dropped folder as the browser's entries API gives it (`fullPath` from the drop). */
function fileEntry(path: string, bytes = 10): FileSystemFileEntry {
  const file = fileOf(path.split('/').pop() as string, bytes);
  return { isFile: true, isDirectory: false, name: file.name, fullPath: `/${path}`, file: (done: (file: File) => void) => setTimeout(() => done(file)) } as unknown as FileSystemFileEntry;
}

/** A dropped folder whose reader answers in batches of two, as Chromium's does in batches of 100. */
function folderEntry(path: string, children: FileSystemEntry[], failing = false): FileSystemDirectoryEntry {
  const createReader = () => {
    let next = 0;
    return {
      readEntries: (done: (entries: FileSystemEntry[]) => void, fail: (error: Error) => void) =>
        setTimeout(() => {
          if (failing) return fail(new Error('NotReadableError'));
          done(children.slice(next, next + 2));
          next += 2;
        }),
    };
  };
  return { isFile: false, isDirectory: true, name: path.split('/').pop(), fullPath: `/${path}`, createReader } as unknown as FileSystemDirectoryEntry;
}

/** Drops entries (folders and files) as a drag from the desktop does in Chromium. */
function dropEntries(entries: FileSystemEntry[]) {
  const zone = screen.getByTestId('upload-drop-zone');
  // A folder also appears in `files`, as an empty file of its name: it must not be uploaded.
  const files = entries.map((entry) => fileOf(entry.name, 0));
  const items = entries.map((entry) => ({ kind: 'file', webkitGetAsEntry: () => entry }));
  const dataTransfer = { types: ['Files'], files, items, dropEffect: 'none' };
  for (const type of ['dragEnter', 'dragOver', 'drop'] as const) {
    const event = createEvent[type](zone);
    Object.defineProperty(event, 'dataTransfer', { value: dataTransfer });
    fireEvent(zone, event);
  }
}

async function setUp(resources = { disk_bytes: 1 * MiB, disk_limit_bytes: 10 * MiB }) {
  const view = renderFilesPage(
    '/server/s1/files?directory=%2Fplugins',
    {
      'GET /api/v2/servers/s1/files/list': { status: 200, body: { data: [makeFile('old.jar')] } },
      'GET /api/v2/servers/s1/resources': {
        status: 200,
        body: {
          data: {
            state: 'offline',
            cpu_absolute: 0,
            cpu_limit: 100,
            memory_bytes: 0,
            memory_limit_bytes: 0,
            network_rx_bytes: null,
            network_tx_bytes: null,
            players: null,
            uptime_ms: 0,
            ...resources,
          },
        },
      },
    },
    filesServer(),
  );
  await screen.findByText('old.jar');
  await waitFor(() => expect(view.network.requestsTo('GET /api/v2/servers/s1/resources')).toHaveLength(1));
  return view;
}

describe('uploads', () => {
  it('sends each dropped file on its own, with the credentials, two at a time, each with its progress', async () => {
    const { network } = await setUp();
    drop([fileOf('a.jar', 1000), fileOf('b.jar', 2000), fileOf('c.jar', 3000)]);
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    const [first, second] = FakeXhr.sent;
    expect(first.method).toBe('POST');
    expect(first.url).toBe('/api/v2/servers/s1/files/upload?directory=%2Fplugins');
    expect(first.headers).toMatchObject({ authorization: 'Bearer test-token', 'x-xsrf-token': 'xsrf/value' });
    expect(first.withCredentials).toBe(true);
    expect(first.file.name).toBe('a.jar');

    const uploads = screen.getByRole('list', { name: 'Uploads' });
    first.progress(500);
    expect(within(within(uploads).getByRole('listitem', { name: 'a.jar' })).getByText(/500 B of 1,000 B/)).toBeInTheDocument();
    expect(within(within(uploads).getByRole('listitem', { name: 'c.jar' })).getByText('Waiting')).toBeInTheDocument();

    first.answer(204);
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(3));
    second.answer(204);
    FakeXhr.sent[2].answer(204);
    await waitFor(() => expect(within(uploads).getAllByText('Uploaded')).toHaveLength(3));
    // The folder is listed again once, when the queue has run dry.
    await waitFor(() => expect(network.requestsTo('GET /api/v2/servers/s1/files/list')).toHaveLength(2));
  });

  it('cancels one upload, running or waiting, without touching the others', async () => {
    const user = userEvent.setup();
    await setUp();
    drop([fileOf('a.jar', 1000), fileOf('b.jar', 1000), fileOf('c.jar', 1000)]);
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    await user.click(screen.getByRole('button', { name: 'Cancel the upload of c.jar' }));
    await user.click(screen.getByRole('button', { name: 'Cancel the upload of a.jar' }));
    expect(FakeXhr.sent[0].aborted).toBe(true);
    expect(FakeXhr.sent[1].aborted).toBe(false);
    const uploads = screen.getByRole('list', { name: 'Uploads' });
    expect(within(uploads).getAllByText('Cancelled')).toHaveLength(2);
    // c.jar was waiting: it is never sent.
    expect(FakeXhr.sent).toHaveLength(2);
  });

  it('uploads a folder chosen with the folder picker, each file at its path below the folder on screen', async () => {
    const user = userEvent.setup();
    await setUp();
    const picked = ['world/level.dat', 'world/region/r.0.0.mca'].map((path) => {
      const file = fileOf(path.split('/').pop() as string, 100);
      // What a webkitdirectory input gives each file (jsdom has no folder picker).
      Object.defineProperty(file, 'webkitRelativePath', { value: path });
      return file;
    });
    expect(screen.getByLabelText('Folder to upload')).toHaveAttribute('webkitdirectory');
    // The picker lists no empty folders: the button says how to keep them.
    expect(screen.getByRole('button', { name: /Upload folder/ })).toHaveAttribute('title', 'Empty folders inside are kept only when the folder is dropped on the list');
    await user.upload(screen.getByLabelText('Folder to upload'), picked);
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    expect(FakeXhr.sent.map((xhr) => [xhr.url, xhr.file.name])).toEqual([
      ['/api/v2/servers/s1/files/upload?directory=%2Fplugins', 'world/level.dat'],
      ['/api/v2/servers/s1/files/upload?directory=%2Fplugins', 'world/region/r.0.0.mca'],
    ]);
    const uploads = screen.getByRole('list', { name: 'Uploads' });
    expect(within(uploads).getByRole('listitem', { name: 'world/region/r.0.0.mca' })).toHaveTextContent('world/region/r.0.0.mca');
    FakeXhr.sent[0].answer(204);
    FakeXhr.sent[1].answer(204);
    await waitFor(() => expect(within(uploads).getAllByText('Uploaded')).toHaveLength(2));
  });

  it('walks a dropped folder to the end and sends each of its files with its relative path', async () => {
    await setUp();
    const region = folderEntry('world/region', [fileEntry('world/region/r.0.0.mca'), fileEntry('world/region/r.1.0.mca'), fileEntry('world/region/r.2.0.mca')]);
    dropEntries([folderEntry('world', [fileEntry('world/level.dat'), region]), fileEntry('loose.txt')]);
    const uploads = await screen.findByRole('list', { name: 'Uploads' });
    expect(
      within(uploads)
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('aria-label')),
    ).toEqual(['world/level.dat', 'world/region/r.0.0.mca', 'world/region/r.1.0.mca', 'world/region/r.2.0.mca', 'loose.txt']);
    for (let sent = 0; sent < 5; sent += 1) {
      await waitFor(() => expect(FakeXhr.sent.length).toBeGreaterThan(sent));
      FakeXhr.sent[sent].answer(204);
    }
    expect(FakeXhr.sent.map((xhr) => xhr.file.name)).toEqual(['world/level.dat', 'world/region/r.0.0.mca', 'world/region/r.1.0.mca', 'world/region/r.2.0.mca', 'loose.txt']);
    await waitFor(() => expect(within(uploads).getAllByText('Uploaded')).toHaveLength(5));
  });

  it('keeps the empty folders of a dropped folder: one request creates them all, before the files', async () => {
    const { network } = await setUp();
    const world = folderEntry('world', [
      fileEntry('world/level.dat'),
      folderEntry('world/data', []),
      folderEntry('world/poi', [folderEntry('world/poi/sub', [])]),
      folderEntry('world/region', [fileEntry('world/region/r.0.0.mca')]),
    ]);
    dropEntries([world, folderEntry('logs', [])]);
    const uploads = await screen.findByRole('list', { name: 'Uploads' });
    expect(
      within(uploads)
        .getAllByRole('listitem')
        .map((item) => item.getAttribute('aria-label')),
    ).toEqual(['Empty folders: world/data, world/poi/sub, logs', 'world/level.dat', 'world/region/r.0.0.mca']);
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    const [folders, first] = FakeXhr.sent;
    expect(folders.url).toBe('/api/v2/servers/s1/files/upload?directory=%2Fplugins');
    expect(folders.headers).toMatchObject({ authorization: 'Bearer test-token', 'x-xsrf-token': 'xsrf/value' });
    // Only the deepest empty folders: the API creates the folders above them.
    expect(folders.body?.getAll('folders')).toEqual(['world/data', 'world/poi/sub', 'logs']);
    expect(folders.body?.getAll('files')).toEqual([]);
    expect(first.body?.getAll('folders')).toEqual([]);
    expect(first.file.name).toBe('world/level.dat');
    folders.answer(204);
    expect(await within(within(uploads).getByRole('listitem', { name: 'Empty folders: world/data, world/poi/sub, logs' })).findByText('Created')).toBeInTheDocument();
    first.answer(204);
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(3));
    FakeXhr.sent[2].answer(204);
    await waitFor(() => expect(within(uploads).getAllByText('Uploaded')).toHaveLength(2));
    await waitFor(() => expect(network.requestsTo('GET /api/v2/servers/s1/files/list')).toHaveLength(2));
  });

  it('uploads a dropped empty folder on its own, and shows why the API refused folders', async () => {
    const { network } = await setUp();
    dropEntries([folderEntry('cache', [])]);
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(1));
    expect(FakeXhr.sent[0].body?.getAll('folders')).toEqual(['cache']);
    FakeXhr.sent[0].answer(204);
    const uploads = screen.getByRole('list', { name: 'Uploads' });
    expect(await within(uploads).findByText('Created')).toBeInTheDocument();
    await waitFor(() => expect(network.requestsTo('GET /api/v2/servers/s1/files/list')).toHaveLength(2));

    dropEntries([folderEntry('plain.txt', [])]);
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    FakeXhr.sent[1].answer(409, { message: '"plain.txt" is a file; it cannot be replaced by a folder.' });
    expect(await within(uploads).findByText(/\("plain.txt" is a file; it cannot be replaced by a folder.\)/)).toBeInTheDocument();
  });

  it('creates more than a thousand empty folders in requests of a thousand', async () => {
    await setUp();
    const empties = Array.from({ length: 1001 }, (_, index) => folderEntry(`mods/e${index}`, []));
    dropEntries([folderEntry('mods', empties)]);
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2), { timeout: 20_000 });
    const [first, second] = FakeXhr.sent.map((xhr) => xhr.body?.getAll('folders'));
    expect(first).toHaveLength(1000);
    expect(first?.[999]).toBe('mods/e999');
    expect(second).toEqual(['mods/e1000']);
  });

  it('says so when a dropped folder cannot be read, and sends nothing', async () => {
    await setUp();
    dropEntries([folderEntry('locked', [], true)]);
    expect(await screen.findByRole('alert')).toHaveTextContent('The dropped folder could not be read. Nothing was uploaded.');
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('refuses files over the disk space left before sending anything', async () => {
    await setUp({ disk_bytes: 9 * MiB, disk_limit_bytes: 10 * MiB });
    drop([fileOf('world.zip', 800 * 1024), fileOf('mods.zip', 400 * 1024)]);
    expect(await screen.findByRole('alert')).toHaveTextContent('Nothing was uploaded: these files need 1.2 MiB, but only 1 MiB is free on this server’s disk.');
    expect(FakeXhr.sent).toHaveLength(0);
  });

  it('shows why the API refused a file (413, 507)', async () => {
    await setUp();
    drop([fileOf('big.bin', 10), fileOf('full.bin', 10)]);
    await waitFor(() => expect(FakeXhr.sent).toHaveLength(2));
    FakeXhr.sent[0].answer(413, { message: 'Files may have at most 1024 MiB.' });
    FakeXhr.sent[1].answer(507, { message: 'Not enough space.' });
    const uploads = screen.getByRole('list', { name: 'Uploads' });
    expect(await within(uploads).findByText(/The file is too large for this action. \(Files may have at most 1024 MiB.\)/)).toBeInTheDocument();
    expect(within(uploads).getByText(/Not enough disk space/)).toBeInTheDocument();
  });
});

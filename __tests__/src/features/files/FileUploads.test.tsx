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

async function setUp(resources = { disk_bytes: 1 * MiB, disk_limit_bytes: 10 * MiB }) {
  const view = renderFilesPage('/server/s1/files?directory=%2Fplugins', {
    'GET /api/v2/servers/s1/files/list': { status: 200, body: { data: [makeFile('old.jar')] } },
    'GET /api/v2/servers/s1/resources': { status: 200, body: { data: { state: 'offline', cpu_absolute: 0, cpu_limit: 100, memory_bytes: 0, memory_limit_bytes: 0, network_rx_bytes: null, network_tx_bytes: null, players: null, uptime_ms: 0, ...resources } } },
  }, filesServer());
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

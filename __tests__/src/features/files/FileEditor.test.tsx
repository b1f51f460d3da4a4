import { EditorView } from '@codemirror/view';
import { act, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentLocation } from '../../helpers/renderApp';
import { makeFile } from './filesFixture';
import { filesServer, renderFilesPage } from './renderFilesPage';
import { Route, Routes } from 'react-router-dom';
import { FilesPage } from '../../../../src/features/files/FilesPage';
import { loggedIn } from '../../helpers/fixtures';
import { mockFetch } from '../../helpers/mockFetch';
import { pressBack, renderInBrowserRouter } from '../../helpers/renderInBrowserRouter';

configure({ asyncUtilTimeout: 8000 });
// Modes built on Lezer (YAML, JSON, JavaScript) are imported as ES modules by Jest next to the
// CommonJS @codemirror/state, which CodeMirror refuses to mix; these tests use stream modes only.
jest.setTimeout(30_000);

// jsdom has no layout: CodeMirror measures text with ranges, which must at least answer.
beforeAll(() => {
  const rect = { x: 0, y: 0, width: 0, height: 0, top: 0, left: 0, right: 0, bottom: 0, toJSON: () => ({}) } as DOMRect;
  Range.prototype.getClientRects = () => ({ length: 0, item: () => null, [Symbol.iterator]: [][Symbol.iterator] }) as unknown as DOMRectList;
  Range.prototype.getBoundingClientRect = () => rect;
});

const CONTENTS = 'GET /api/v2/servers/s1/files/contents';
const WRITE = 'POST /api/v2/servers/s1/files/write';

/** The open editor, as CodeMirror knows it: the test types through its API (jsdom has no text input). */
async function editor(): Promise<EditorView> {
  const node = await screen.findByTestId('code-editor');
  await waitFor(() => expect(node.querySelector('.cm-editor')).not.toBeNull());
  return EditorView.findFromDOM(node.querySelector('.cm-editor') as HTMLElement) as EditorView;
}

describe('the file editor', () => {
  it('opens a file from the list, saves with Ctrl+S and shows it saved', async () => {
    const user = userEvent.setup();
    const { network } = renderFilesPage('/server/s1/files', {
      'GET /api/v2/servers/s1/files/list': { status: 200, body: { data: [makeFile('server.properties')] } },
      [CONTENTS]: { status: 200, text: '# Minecraft server properties\nmotd=A Minecraft Server\n' },
      [WRITE]: { status: 204 },
    });
    await user.click(await screen.findByText('server.properties'));
    const view = await editor();
    expect(view.state.doc.toString()).toBe('# Minecraft server properties\nmotd=A Minecraft Server\n');
    expect(decodeURIComponent(currentLocation())).toBe('/server/s1/files?file=/server.properties');
    expect(network.requestsTo(CONTENTS)[0].query.get('file')).toBe('/server.properties');
    expect(screen.getByText('properties')).toBeInTheDocument();

    act(() => view.dispatch({ changes: { from: view.state.doc.length, insert: 'pvp=false\n' } }));
    expect(await screen.findByText('Unsaved changes')).toBeInTheDocument();
    fireEvent.keyDown(window, { key: 's', ctrlKey: true });
    await waitFor(() => expect(network.requestsTo(WRITE)).toHaveLength(1));
    const saved = network.requestsTo(WRITE)[0];
    expect(saved.query.get('file')).toBe('/server.properties');
    expect(saved.body).toBe('# Minecraft server properties\nmotd=A Minecraft Server\npvp=false\n');
    expect(saved.headers.get('authorization')).toBe('Bearer test-token');
    expect(await screen.findByText('Saved')).toBeInTheDocument();
  });

  it('warns before unsaved changes are lost, by link and by closing', async () => {
    const user = userEvent.setup();
    renderFilesPage('/server/s1/files?file=%2Fbukkit.properties', { [CONTENTS]: { status: 200, text: 'a: 1\n' } });
    const view = await editor();
    act(() => view.dispatch({ changes: { from: 0, insert: 'b: 2\n' } }));
    await screen.findByText('Unsaved changes');

    await user.click(screen.getByRole('button', { name: 'Close' }));
    const ask = await screen.findByRole('dialog', { name: 'Discard unsaved changes?' });
    await user.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    expect(decodeURIComponent(currentLocation())).toBe('/server/s1/files?file=/bukkit.properties');

    // A link of the panel (here the breadcrumb) asks too.
    await user.click(within(screen.getByRole('navigation', { name: 'Folder path' })).getByRole('link', { name: /Server files/ }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Discard unsaved changes?' })).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(currentLocation()).toBe('/server/s1/files'));
  });

  it('asks on the browser’s Back: kept editing, the text is still there; discarded, the folder shows', async () => {
    const user = userEvent.setup();
    mockFetch({
      'GET /api/v2/servers/s1': { status: 200, body: { data: filesServer() } },
      'GET /api/v2/servers/s1/resources': { status: 404, body: { message: 'Not found.' } },
      'GET /api/v2/servers/s1/files/list': { status: 200, body: { data: [makeFile('ops.properties')] } },
      [CONTENTS]: { status: 200, text: 'a=1' },
    });
    renderInBrowserRouter(
      <Routes>
        <Route path="/server/:id/files" element={<FilesPage />} />
      </Routes>,
      { route: '/server/s1/files', preloadedState: loggedIn() },
    );
    await user.click(await screen.findByText('ops.properties'));
    const view = await editor();
    act(() => view.dispatch({ changes: { from: 3, insert: '2' } }));
    await screen.findByText('Unsaved changes');

    pressBack();
    await user.click(within(await screen.findByRole('dialog', { name: 'Discard unsaved changes?' })).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(decodeURIComponent(window.location.search)).toBe('?file=/ops.properties');
    expect((await editor()).state.doc.toString()).toBe('a=12');

    pressBack();
    await user.click(within(await screen.findByRole('dialog', { name: 'Discard unsaved changes?' })).getByRole('button', { name: 'Discard changes' }));
    expect(await screen.findByRole('table', { name: 'Files' })).toBeInTheDocument();
    expect(window.location.search).toBe('');
  });

  it('asks the browser to confirm leaving with unsaved changes', async () => {
    renderFilesPage('/server/s1/files?file=%2Feula.txt', { [CONTENTS]: { status: 200, text: '[]' } });
    const view = await editor();
    const before = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(before);
    expect(before.defaultPrevented).toBe(false);
    act(() => view.dispatch({ changes: { from: 1, insert: '"x"' } }));
    await screen.findByText('Unsaved changes');
    const after = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(after);
    expect(after.defaultPrevented).toBe(true);
  });

  it('keeps the text and says why when saving fails (507)', async () => {
    renderFilesPage('/server/s1/files?file=%2Fa.txt', { [CONTENTS]: { status: 200, text: 'x' }, [WRITE]: { status: 507, body: { message: 'Disk full.' } } });
    const view = await editor();
    act(() => view.dispatch({ changes: { from: 1, insert: 'y' } }));
    fireEvent.keyDown(window, { key: 's', ctrlKey: true });
    expect(await screen.findByRole('alert')).toHaveTextContent('Not enough disk space');
    expect(screen.getByText('Unsaved changes')).toBeInTheDocument();
    expect(view.state.doc.toString()).toBe('xy');
  });

  it('offers files over 4 MiB as a download without fetching them', async () => {
    const user = userEvent.setup();
    const { network } = renderFilesPage('/server/s1/files', {
      'GET /api/v2/servers/s1/files/list': { status: 200, body: { data: [makeFile('latest.log', { size: 5 * 1024 * 1024 })] } },
      'GET /api/v2/servers/s1/files/download': { status: 200, body: { data: { url: '/api/v2/files/download/abc', expires_at: '2030-01-01T00:00:00.000Z' } } },
    });
    await user.click(await screen.findByText('latest.log'));
    expect(await screen.findByText('latest.log is too large to edit here')).toBeInTheDocument();
    expect(network.requestsTo(CONTENTS)).toHaveLength(0);
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.getAttribute('href')).toBe('/api/v2/files/download/abc');
    });
    await user.click(screen.getByRole('button', { name: /Download/ }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(network.requestsTo('GET /api/v2/servers/s1/files/download')[0].query.get('file')).toBe('/latest.log');
    click.mockRestore();
  });

  it('says so when the API refuses to open a file as too large (413)', async () => {
    renderFilesPage('/server/s1/files?file=%2Fhuge.txt', { [CONTENTS]: { status: 413, body: { message: 'Over 4 MiB.' } } });
    expect(await screen.findByText('huge.txt is too large to edit here')).toBeInTheDocument();
  });
});

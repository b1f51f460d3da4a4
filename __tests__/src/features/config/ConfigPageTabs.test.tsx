import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Route, Routes } from 'react-router-dom';
import type { ConfigField } from '../../../../src/api/config';
import { ConfigPage } from '../../../../src/features/config/ConfigPage';
import { fillIn } from '../../helpers/fillIn';
import { allowUpdatesOutsideAct } from '../../helpers/liveUpdates';
import { loggedIn, makeUser } from '../../helpers/fixtures';
import { mockFetch } from '../../helpers/mockFetch';
import { makeServer } from '../../helpers/serverFixture';
import { renderWithProviders } from '../../renderWithProviders';

jest.setTimeout(90_000);
// antd's animations (tabs, modal) settle after the interactions that started them.
allowUpdatesOutsideAct();

const field = (key: string, value: string, type: ConfigField['type']): ConfigField => ({ key, value, type, group: 'basic', known: true, managed: false, secret: false });

// Two files of one game, each answered by its own path as the server does.
const files: Record<string, { title: string; raw: string; fields: ConfigField[] }> = {
  'server.properties': { title: 'Server properties', raw: 'motd=Old message\n', fields: [field('motd', 'Old message', 'string')] },
  'eula.txt': { title: 'EULA', raw: 'eula=false\n', fields: [field('eula', 'false', 'boolean')] },
};

function renderConfig() {
  const fetch = mockFetch({
    'GET /api/v2/servers/s1': { status: 200, body: { data: makeServer({ state: 'offline', permissions: ['config.read', 'config.update'] }) } },
    'GET /api/v2/servers/s1/config': {
      status: 200,
      body: { data: Object.entries(files).map(([path, file]) => ({ path, format: 'properties', title: file.title, exists: true })) },
    },
    'GET /api/v2/servers/s1/config/file': (request) => {
      const path = request.query.get('path') ?? '';
      return { status: 200, body: { data: { path, format: 'properties', exists: true, ...files[path] } } };
    },
  });
  renderWithProviders(
    <Routes>
      <Route path="/server/:id" element={<p>Server overview</p>} />
      <Route
        path="/server/:id/config"
        element={
          <>
            <Link to="/server/s1">Overview</Link>
            <ConfigPage />
          </>
        }
      />
    </Routes>,
    { route: '/server/s1/config', preloadedState: loggedIn(makeUser()) },
  );
  return fetch;
}

// The shown tab's name may start with where it is ("Tab 2 of 2 EULA").
const tab = (name: string) => screen.getByRole('tab', { name: new RegExp(`${name}$`) });
const requestsFor = (fetch: ReturnType<typeof mockFetch>, path: string) => fetch.requestsTo('GET /api/v2/servers/s1/config/file').filter((r) => r.query.get('path') === path);
const question = () => screen.findByRole('dialog', { name: 'Discard unsaved changes?' });
const leavingWarns = () => {
  const event = new Event('beforeunload', { cancelable: true });
  window.dispatchEvent(event);
  return event.defaultPrevented;
};

describe('the config screen’s file tabs', () => {
  it('asks before another tab drops unsaved form values, and Keep editing stays with them', async () => {
    const fetch = renderConfig();
    const user = userEvent.setup();
    await fillIn(user, await screen.findByLabelText('motd'), 'Unsaved message');
    await user.click(tab('EULA'));
    const dialog = await question();
    expect(within(dialog).getByText('Your changes to this file are not saved. They are lost if you open another file now.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(tab('Server properties')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByLabelText('motd')).toHaveValue('Unsaved message');
    expect(requestsFor(fetch, 'eula.txt')).toHaveLength(0);
    // Still guarded against leaving the page.
    expect(leavingWarns()).toBe(true);
  });

  it('opens the other file once the user discards unsaved text, and the edits are gone', async () => {
    renderConfig();
    const user = userEvent.setup();
    await fillIn(user, await screen.findByRole('textbox', { name: 'File as text' }), 'motd=Unsaved text\n');
    await user.click(tab('EULA'));
    await user.click(within(await question()).getByRole('button', { name: 'Discard changes' }));
    expect(await screen.findByRole('switch', { name: 'eula' })).not.toBeChecked();
    expect(tab('EULA')).toHaveAttribute('aria-selected', 'true');
    await waitFor(() => expect(leavingWarns()).toBe(false));
    // Back on the first file without a question: it shows the saved file, not the discarded text.
    await user.click(tab('Server properties'));
    expect(await screen.findByRole('textbox', { name: 'File as text' })).toHaveValue('motd=Old message\n');
    expect(screen.getByLabelText('motd')).toHaveValue('Old message');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('switches at once without unsaved edits, and asks only once there are some', async () => {
    renderConfig();
    const user = userEvent.setup();
    await screen.findByLabelText('motd');
    await user.click(tab('EULA'));
    const eula = await screen.findByRole('switch', { name: 'eula' });
    expect(screen.queryByRole('dialog')).toBeNull();
    await user.click(eula);
    await user.click(tab('Server properties'));
    await question();
    expect(tab('EULA')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('switch', { name: 'eula' })).toBeChecked();
  });

  it('still asks before a link leaves the page while the second file has unsaved edits', async () => {
    renderConfig();
    const user = userEvent.setup();
    await screen.findByLabelText('motd');
    await user.click(tab('EULA'));
    await user.click(await screen.findByRole('switch', { name: 'eula' }));
    await user.click(screen.getByRole('link', { name: 'Overview' }));
    await user.click(within(await question()).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('switch', { name: 'eula' })).toBeChecked();
    await user.click(screen.getByRole('link', { name: 'Overview' }));
    await user.click(within(await question()).getByRole('button', { name: 'Discard changes' }));
    expect(await screen.findByText('Server overview')).toBeInTheDocument();
  });
});

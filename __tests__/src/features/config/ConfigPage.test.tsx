import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, Route, Routes } from 'react-router-dom';
import type { ConfigField } from '../../../../src/api/config';
import { ConfigPage } from '../../../../src/features/config/ConfigPage';
import { fillIn } from '../../helpers/fillIn';
import { allowUpdatesOutsideAct } from '../../helpers/liveUpdates';
import { loggedIn, makeUser } from '../../helpers/fixtures';
import { mockFetch, type MockRoute } from '../../helpers/mockFetch';
import { makeServer } from '../../helpers/serverFixture';
import { renderWithProviders } from '../../renderWithProviders';
import { pressBack, renderInBrowserRouter } from '../../helpers/renderInBrowserRouter';

jest.setTimeout(90_000);
// antd's animations (collapse, modal) settle after the interactions that started them.
allowUpdatesOutsideAct();
afterEach(() => window.localStorage.clear());

const raw = '#Minecraft server properties\nmotd=Old message\nmax-players=20\npvp=true\nserver-port=25565\ncustom-plugin-key=keep me\n';

const fields: ConfigField[] = [
  {
    key: 'motd',
    value: 'Old message',
    type: 'string',
    group: 'basic',
    default: 'A Minecraft Server',
    known: true,
    managed: false,
    secret: false,
    description: 'x',
  },
  {
    key: 'max-players',
    value: '20',
    type: 'integer',
    group: 'basic',
    min: 0,
    max: 2147483647,
    default: '20',
    known: true,
    managed: false,
    secret: false,
  },
  {
    key: 'gamemode',
    value: 'survival',
    type: 'enum',
    group: 'basic',
    options: ['survival', 'creative', 'adventure', 'spectator'],
    known: true,
    managed: false,
    secret: false,
  },
  {
    key: 'pvp',
    value: 'true',
    type: 'boolean',
    group: 'basic',
    default: 'true',
    known: true,
    managed: false,
    secret: false,
  },
  {
    key: 'server-port',
    value: '25565',
    type: 'integer',
    group: 'advanced',
    min: 1,
    max: 65535,
    known: true,
    managed: true,
    secret: false,
  },
  {
    key: 'rcon.password',
    value: '',
    type: 'string',
    group: 'advanced',
    known: true,
    managed: false,
    secret: true,
  },
  {
    key: 'custom-plugin-key',
    value: 'keep me',
    type: 'string',
    group: 'advanced',
    known: false,
    managed: false,
    secret: false,
  },
];

const allKeys = ['config.read', 'config.update', 'control.restart'];

function renderConfig({
  permissions = allKeys,
  save = {
    status: 200,
    body: { data: { restart_required: false } },
  } as MockRoute,
  confirmRestart = true,
  text = raw,
  browser = false,
  file = { path: 'server.properties', format: 'properties', title: 'Server properties', exists: true, fields } as {
    path: string;
    format: string;
    title: string;
    exists: boolean;
    rewritten_on_stop?: boolean;
    fields: ConfigField[];
  },
} = {}) {
  const fetch = mockFetch({
    'GET /api/v2/servers/s1': {
      status: 200,
      body: { data: makeServer({ state: 'running', permissions }) },
    },
    'GET /api/v2/servers/s1/config': {
      status: 200,
      body: {
        data: [{ path: file.path, format: file.format, title: file.title, exists: file.exists }],
      },
    },
    'GET /api/v2/servers/s1/config/file': {
      status: 200,
      body: {
        data: { ...file, raw: text },
      },
    },
    'PUT /api/v2/servers/s1/config/file': save,
    'POST /api/v2/servers/s1/power': { status: 204 },
  });
  const preloadedState = loggedIn(makeUser({ restart_confirmation: confirmRestart }));
  if (browser) {
    // The app's BrowserRouter, starting on another page of the server that links to the config.
    renderInBrowserRouter(
      <Routes>
        <Route path="/server/:id" element={<Link to="config">Open the configuration</Link>} />
        <Route path="/server/:id/config" element={<ConfigPage />} />
      </Routes>,
      { route: '/server/s1', preloadedState },
    );
    return fetch;
  }
  renderWithProviders(
    <Routes>
      <Route path="/server/:id/config" element={<ConfigPage />} />
    </Routes>,
    {
      route: '/server/s1/config',
      preloadedState,
    },
  );
  return fetch;
}

const formItem = (label: string) => screen.getByText(label, { selector: 'label code, label *' }).closest('.ant-form-item') as HTMLElement;

describe('the config screen', () => {
  it('shows the file as a form by group and type, with translated descriptions, and the raw text beside it', async () => {
    renderConfig();
    expect(await screen.findByRole('heading', { level: 3, name: 'Basic settings' })).toBeInTheDocument();
    expect(screen.getByLabelText('motd')).toHaveValue('Old message');
    expect(screen.getByText(/Message shown under the server name in the multiplayer list\./)).toBeInTheDocument();
    expect(screen.getByLabelText('max-players')).toHaveValue('20');
    expect(within(formItem('max-players')).getByText(/From 0 to 2147483647/)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'pvp' })).toBeChecked();
    expect(within(formItem('gamemode')).getByText('survival')).toBeInTheDocument();
    // Advanced keys and unknown keys are folded away, but present.
    expect(screen.getByRole('button', { name: /Advanced settings/ })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Other keys in the file/ })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: /Advanced settings/ }));
    const port = screen.getByLabelText('server-port');
    expect(port).toBeDisabled();
    expect(within(formItem('server-port')).getByText(/The panel sets this before every start, from your server’s address, ports or startup settings/)).toBeInTheDocument();
    expect(screen.getByLabelText('rcon.password')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('textbox', { name: 'File as text' })).toHaveValue(raw);
  });

  it('shows a Palworld settings file the game has not written yet: decimals, True/False switches, its own descriptions', async () => {
    const palworld: ConfigField[] = [
      { key: 'ExpRate', value: '1.000000', type: 'number', group: 'basic', min: 0.1, max: 10, default: '1.000000', known: true, managed: false, secret: false, description: 'x' },
      { key: 'bIsPvP', value: 'False', type: 'boolean', group: 'basic', default: 'False', known: true, managed: false, secret: false },
      { key: 'ServerPlayerMaxNum', value: '12', type: 'integer', group: 'basic', min: 1, max: 32, known: true, managed: true, secret: false },
      { key: 'AdminPassword', value: '', type: 'string', group: 'basic', known: true, managed: false, secret: true },
    ];
    const path = 'Pal/Saved/Config/LinuxServer/PalWorldSettings.ini';
    const fetch = renderConfig({ text: '', file: { path, format: 'palworld-options', title: 'World settings (PalWorldSettings.ini)', exists: false, fields: palworld } });
    expect(await screen.findByText(/This file does not exist yet/)).toBeInTheDocument();
    expect(screen.getByLabelText('ExpRate')).toHaveValue('1.000000');
    expect(screen.getByLabelText('ExpRate')).toHaveAttribute('inputmode', 'decimal');
    // The description comes from the client's dictionary for this file, not the server's English text.
    expect(within(formItem('ExpRate')).getByText(/Multiplier of the experience earned\./)).toBeInTheDocument();
    expect(within(formItem('ExpRate')).getByText(/From 0\.1 to 10/)).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'bIsPvP' })).not.toBeChecked();
    expect(screen.getByLabelText('ServerPlayerMaxNum')).toBeDisabled();
    expect(screen.getByLabelText('AdminPassword')).toHaveAttribute('type', 'password');
    const user = userEvent.setup();
    await fillIn(user, screen.getByLabelText('ExpRate'), '2.5');
    await user.click(screen.getByRole('switch', { name: 'bIsPvP' }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(fetch.requestsTo('PUT /api/v2/servers/s1/config/file')).toHaveLength(1));
    expect(fetch.requestsTo('PUT /api/v2/servers/s1/config/file').map((r) => [r.search, r.body])).toEqual([[`?path=${encodeURIComponent(path)}`, { values: { ExpRate: '2.5', bIsPvP: 'true' } }]]);
  });

  it('warns that ARK’s settings are saved while the server is offline', async () => {
    const path = 'ShooterGame/Saved/Config/LinuxServer/GameUserSettings.ini';
    const ark: ConfigField[] = [{ key: 'ServerSettings/XPMultiplier', value: '1', type: 'number', group: 'basic', min: 0, max: 1000, known: true, managed: false, secret: false }];
    renderConfig({ text: '[ServerSettings]\nXPMultiplier=1\n', file: { path, format: 'ini', title: 'Game user settings', exists: true, rewritten_on_stop: true, fields: ark } });
    expect(await screen.findByText(/The game writes this file back when it stops: stop the server before you save/)).toBeInTheDocument();
    expect(within(formItem('ServerSettings/XPMultiplier')).getByText(/Multiplier of the experience players and creatures earn\./)).toBeInTheDocument();
  });

  it('sends only changed values and shows the server’s message under the refused field', async () => {
    const fetch = renderConfig({
      save: {
        status: 422,
        body: {
          message: 'Some values are not accepted by the game.',
          errors: { 'values.max-players': ['Must be a whole number.'] },
        },
      },
    });
    const user = userEvent.setup();
    await fillIn(user, await screen.findByLabelText('max-players'), 'lots');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(within(formItem('max-players')).getByText('Must be a whole number.')).toBeInTheDocument());
    expect(fetch.requestsTo('PUT /api/v2/servers/s1/config/file').map((r) => [r.search, r.body])).toEqual([['?path=server.properties', { values: { 'max-players': 'lots' } }]]);
    // Not under other fields, and not in the raw editor.
    expect(within(formItem('motd')).queryByText('Must be a whole number.')).toBeNull();
  });

  it('brings the first refused field into view and focus, its messages under it', async () => {
    renderConfig({
      save: {
        status: 422,
        body: { message: 'Some values are not accepted by the game.', errors: { 'values.motd': ['Must be at most 59 characters.'] } },
      },
    });
    const user = userEvent.setup();
    await fillIn(user, await screen.findByLabelText('max-players'), '30');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await waitFor(() => expect(within(formItem('motd')).getByText('Must be at most 59 characters.')).toBeInTheDocument());
    await waitFor(() => expect(screen.getByLabelText('motd')).toHaveFocus());
  });

  it('offers a restart after saving while the server runs, asking first as the user wants', async () => {
    const fetch = renderConfig({
      save: { status: 200, body: { data: { restart_required: true } } },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('switch', { name: 'pvp' }));
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(await screen.findByText('Saved. The server is running: restart it to apply the changes.')).toBeInTheDocument();
    expect(fetch.requestsTo('PUT /api/v2/servers/s1/config/file')[0].body).toEqual({ values: { pvp: 'false' } });
    await user.click(screen.getByRole('button', { name: 'Restart now' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Restart' }));
    await waitFor(() => expect(fetch.requestsTo('POST /api/v2/servers/s1/power').map((r) => r.body)).toEqual([{ signal: 'restart' }]));
    expect(await screen.findByText('The server is restarting with the new settings.')).toBeInTheDocument();
  });

  it('saves the raw text, listing what the server refused', async () => {
    const fetch = renderConfig({
      save: {
        status: 422,
        body: {
          message: 'Some values are not accepted by the game.',
          errors: { 'values.view-distance': ['Must be between 3 and 32.'] },
        },
      },
    });
    const user = userEvent.setup();
    const editor = await screen.findByRole('textbox', { name: 'File as text' });
    await fillIn(user, editor, `${raw}view-distance=64\n`);
    // The form waits while the text has unsaved changes.
    expect(screen.getByLabelText('motd')).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Save text' }));
    expect(await screen.findByText('The game would not accept these values:')).toBeInTheDocument();
    expect(screen.getByText('Must be between 3 and 32.')).toBeInTheDocument();
    expect(fetch.requestsTo('PUT /api/v2/servers/s1/config/file')[0].body).toEqual({ raw: `${raw}view-distance=64\n` });
  });

  it('asks before Back drops unsaved form values: kept editing keeps them, discarding leaves', async () => {
    renderConfig({ browser: true });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Open the configuration' }));
    await fillIn(user, await screen.findByLabelText('motd'), 'Unsaved message');
    pressBack();
    await user.click(within(await screen.findByRole('dialog', { name: 'Discard unsaved changes?' })).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(window.location.pathname).toBe('/server/s1/config');
    expect(screen.getByLabelText('motd')).toHaveValue('Unsaved message');
    pressBack();
    await user.click(within(await screen.findByRole('dialog', { name: 'Discard unsaved changes?' })).getByRole('button', { name: 'Discard changes' }));
    expect(await screen.findByRole('link', { name: 'Open the configuration' })).toBeInTheDocument();
    expect(window.location.pathname).toBe('/server/s1');
  });

  it('lets Back leave without asking once the changes are saved', async () => {
    const fetch = renderConfig({ browser: true });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('link', { name: 'Open the configuration' }));
    await fillIn(user, await screen.findByRole('textbox', { name: 'File as text' }), `${raw}spawn-protection=0\n`);
    const leavingWarns = () => {
      const event = new Event('beforeunload', { cancelable: true });
      window.dispatchEvent(event);
      return event.defaultPrevented;
    };
    expect(leavingWarns()).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Save text' }));
    await waitFor(() => expect(fetch.requestsTo('PUT /api/v2/servers/s1/config/file')).toHaveLength(1));
    await waitFor(() => expect(leavingWarns()).toBe(false));
    pressBack();
    expect(await screen.findByRole('link', { name: 'Open the configuration' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows a CRLF file as unchanged text, and sends it with the browser’s line breaks', async () => {
    const fetch = renderConfig({ text: raw.replace(/\n/g, '\r\n') });
    const user = userEvent.setup();
    const editor = await screen.findByRole('textbox', { name: 'File as text' });
    expect(editor).toHaveValue(raw);
    expect(screen.getByRole('button', { name: 'Save text' })).toBeDisabled();
    await fillIn(user, editor, raw.replace('max-players=20', 'max-players=21'));
    await user.click(screen.getByRole('button', { name: 'Save text' }));
    await waitFor(() => expect(fetch.requestsTo('PUT /api/v2/servers/s1/config/file')).toHaveLength(1));
    // The server writes the file's own CRLF line breaks back.
    expect(fetch.requestsTo('PUT /api/v2/servers/s1/config/file')[0].body).toEqual({ raw: raw.replace('max-players=20', 'max-players=21') });
  });

  it('is read-only without config.update, and says so', async () => {
    renderConfig({ permissions: ['config.read'] });
    expect(await screen.findByText('You may see this configuration but not change it.')).toBeInTheDocument();
    expect(screen.getByLabelText('motd')).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Save settings' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Save text' })).toBeNull();
  });
});

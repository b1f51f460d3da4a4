import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { ConfigPage } from '../../../../../src/features/config/ConfigPage';
import { allowUpdatesOutsideAct } from '../../../helpers/liveUpdates';
import { loggedIn, makeUser } from '../../../helpers/fixtures';
import { mockFetch } from '../../../helpers/mockFetch';
import { makeServer } from '../../../helpers/serverFixture';
import { renderWithProviders } from '../../../renderWithProviders';

jest.setTimeout(60_000);
allowUpdatesOutsideAct();

const startup = {
  command: 'node echo.js --greeting {{GREETING}}',
  expanded: "node echo.js --greeting 'hello'",
  variables: [
    { env_variable: 'GREETING', name: 'Greeting', description: 'What the server says first.', value: 'hello', default_value: 'hello', rules: ['required', 'max:20'], editable: true },
    { env_variable: 'BUILD', name: 'Build', description: 'Build channel.', value: 'stable', default_value: 'stable', rules: ['in:stable,beta'], editable: false },
  ],
  images: [
    { label: 'Node 20', image: 'ghcr.io/example/node:20' },
    { label: 'Node 18', image: 'ghcr.io/example/node:18' },
  ],
  image: 'ghcr.io/example/node:20',
  startup_commands: [],
  startup_command: null,
};

it('shows the startup tab and puts a refused value’s message under its field', async () => {
  const fetch = mockFetch({
    'GET /api/v2/servers/s1': { status: 200, body: { data: makeServer({ state: 'offline', permissions: ['startup.read', 'startup.update'] }) } },
    'GET /api/v2/servers/s1/startup': { status: 200, body: { data: startup } },
    'PATCH /api/v2/servers/s1/startup': { status: 422, body: { message: 'The given data was invalid.', errors: { 'variables.GREETING': ['Must be at most 20 characters'] } } },
  });
  renderWithProviders(
    <Routes>
      <Route path="/server/:id/config" element={<ConfigPage />} />
    </Routes>,
    { route: '/server/s1/config', preloadedState: loggedIn(makeUser()) },
  );
  expect(await screen.findByText("node echo.js --greeting 'hello'")).toBeInTheDocument();
  expect(screen.getByLabelText('Build')).toBeDisabled();
  const greeting = screen.getByLabelText('Greeting');
  await userEvent.clear(greeting);
  await userEvent.type(greeting, 'a greeting far too long');
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(fetch.requestsTo('PATCH /api/v2/servers/s1/startup')).toHaveLength(1));
  expect(fetch.requestsTo('PATCH /api/v2/servers/s1/startup')[0].body).toEqual({ variables: { GREETING: 'a greeting far too long' } });
  expect(await screen.findByText('Must be at most 20 characters')).toBeInTheDocument();
});

it('offers an egg’s named startup commands and saves the one chosen', async () => {
  const commands = {
    ...startup,
    startup_commands: [
      { name: 'Default', command: 'node echo.js' },
      { name: 'Verbose', command: 'node echo.js --verbose' },
    ],
    startup_command: 'Default',
  };
  const fetch = mockFetch({
    'GET /api/v2/servers/s1': { status: 200, body: { data: makeServer({ state: 'offline', permissions: ['startup.read', 'startup.update'] }) } },
    'GET /api/v2/servers/s1/startup': { status: 200, body: { data: commands } },
    'PATCH /api/v2/servers/s1/startup': { status: 200, body: { data: { ...commands, startup_command: 'Verbose' } } },
  });
  renderWithProviders(
    <Routes>
      <Route path="/server/:id/config" element={<ConfigPage />} />
    </Routes>,
    { route: '/server/s1/config', preloadedState: loggedIn(makeUser()) },
  );
  await userEvent.click(await screen.findByLabelText('Startup command to run'));
  await userEvent.click(await screen.findByTitle('node echo.js --verbose'));
  await userEvent.click(screen.getByRole('button', { name: 'Save' }));
  await waitFor(() => expect(fetch.requestsTo('PATCH /api/v2/servers/s1/startup')).toHaveLength(1));
  expect(fetch.requestsTo('PATCH /api/v2/servers/s1/startup')[0].body).toEqual({ variables: { GREETING: 'hello' }, startup_command: 'Verbose' });
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { PowerState } from '../../../../src/api/servers';
import { PowerControls } from '../../../../src/features/console/PowerControls';
import { STOP_HANG_MS } from '../../../../src/features/console/powerButtonRules';
import { loggedIn } from '../../helpers/fixtures';
import { mockFetch, type MockRoute } from '../../helpers/mockFetch';
import { renderWithProviders } from '../../renderWithProviders';

jest.setTimeout(20_000);
afterEach(() => window.localStorage.clear());

const everything = ['control.console', 'control.start', 'control.stop', 'control.restart'];

function renderControls(props: { state: PowerState; stateSince?: number | null; confirmRestart?: boolean; permissions?: string[]; blocked?: boolean }, answer: MockRoute = { status: 204 }) {
  const fetch = mockFetch({ 'POST /api/v2/servers/s1/power': answer });
  renderWithProviders(
    <PowerControls
      serverId="s1"
      state={props.state}
      stateSince={props.stateSince ?? Date.now()}
      permissions={props.permissions ?? everything}
      blocked={props.blocked ?? false}
      confirmRestart={props.confirmRestart ?? true}
    />,
    { preloadedState: loggedIn() },
  );
  const signals = () => fetch.requestsTo('POST /api/v2/servers/s1/power').map((request) => (request.body as { signal: string }).signal);
  return { signals };
}

const button = (name: string | RegExp) => screen.getByRole('button', { name });

describe('the power buttons', () => {
  it('start an offline server; restart and stop wait until it runs', async () => {
    const { signals } = renderControls({ state: 'offline' });
    expect(button('Restart')).toBeDisabled();
    expect(button('Stop')).toBeDisabled();
    await userEvent.click(button('Start'));
    await waitFor(() => expect(signals()).toEqual(['start']));
  });

  it('stop a running server at once, without asking', async () => {
    const { signals } = renderControls({ state: 'running' });
    expect(button('Start')).toBeDisabled();
    await userEvent.click(button('Stop'));
    await waitFor(() => expect(signals()).toEqual(['stop']));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('ask before a restart when the user wants to confirm restarts', async () => {
    const { signals } = renderControls({ state: 'running', confirmRestart: true });
    await userEvent.click(button('Restart'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Restart the server?')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(signals()).toEqual([]);

    await userEvent.click(button('Restart'));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Restart' }));
    await waitFor(() => expect(signals()).toEqual(['restart']));
  });

  it('restart at once when the user switched restart confirmation off', async () => {
    const { signals } = renderControls({ state: 'running', confirmRestart: false });
    await userEvent.click(button('Restart'));
    await waitFor(() => expect(signals()).toEqual(['restart']));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('wait while a stop is under way, then offer kill once it hangs', async () => {
    // The stop began just under the threshold ago: the button turns into kill on its own.
    renderControls({ state: 'stopping', stateSince: Date.now() - STOP_HANG_MS + 300 });
    expect(button(/Stopping/)).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Kill' })).toBeNull();
    expect(await screen.findByRole('button', { name: 'Kill' }, { timeout: 3000 })).toBeEnabled();
    expect(screen.queryByRole('button', { name: /Stop/ })).toBeNull();
  });

  it('kill a hanging server only after confirmation', async () => {
    const { signals } = renderControls({ state: 'stopping', stateSince: Date.now() - STOP_HANG_MS - 1000 });
    await userEvent.click(button('Kill'));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Kill the server?')).toBeInTheDocument();
    expect(signals()).toEqual([]);
    await userEvent.click(within(dialog).getByRole('button', { name: 'Kill' }));
    await waitFor(() => expect(signals()).toEqual(['kill']));
  });

  it('offer nothing the user may not do', () => {
    renderControls({ state: 'running', permissions: ['control.console', 'control.stop'] });
    expect(button('Restart')).toBeDisabled();
    expect(button('Stop')).toBeEnabled();
  });

  it('offer nothing on a suspended server', () => {
    renderControls({ state: 'offline', blocked: true });
    expect(button('Start')).toBeDisabled();
  });

  it("show the panel's reason when an action is refused", async () => {
    renderControls({ state: 'offline' }, { status: 409, body: { message: 'The server is over its disk limit.' } });
    await userEvent.click(button('Start'));
    expect(await screen.findByText('The server is over its disk limit.')).toBeInTheDocument();
  });
});

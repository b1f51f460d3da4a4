import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { REPORT_PROBLEM_EVENT } from '../../../../src/components/reportProblem';
import { InstallFailedPanel } from '../../../../src/widgets/server/InstallFailedPanel';
import { installFailureKind } from '../../../../src/components/server/installFailure';
import { loggedIn } from '../../helpers/fixtures';
import { mockFetch } from '../../helpers/mockFetch';
import { renderWithProviders } from '../../renderWithProviders';

jest.setTimeout(30_000);

const RAW = 'Download of https://piston-meta.mojang.com/mc/game/version_manifest_v2.json failed: getaddrinfo ENOTFOUND piston-meta.mojang.com';

describe('a failed install', () => {
  it('is said in words, with the raw details behind a toggle', async () => {
    mockFetch({});
    const user = userEvent.setup();
    renderWithProviders(<InstallFailedPanel serverId="s1" error={RAW} isOwner />, { preloadedState: loggedIn() });
    expect(screen.getByText('The game files could not be downloaded')).toBeInTheDocument();
    expect(screen.queryByText(RAW)).not.toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'Show details' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(screen.getByText(RAW)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Hide details' }));
    expect(screen.queryByText(RAW)).not.toBeInTheDocument();
  });

  it('offers Retry install to the owner (POST …/reinstall) and Report a problem to everyone', async () => {
    const fetch = mockFetch({ 'POST /api/v2/servers/s1/reinstall': { status: 202, body: null } });
    const user = userEvent.setup();
    const reported = jest.fn();
    window.addEventListener(REPORT_PROBLEM_EVENT, reported);
    renderWithProviders(<InstallFailedPanel serverId="s1" error={RAW} isOwner />, { preloadedState: loggedIn() });
    await user.click(screen.getByRole('button', { name: 'Retry install' }));
    await waitFor(() => expect(fetch.requestsTo('POST /api/v2/servers/s1/reinstall')).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Report a problem' }));
    expect(reported).toHaveBeenCalledTimes(1);
    window.removeEventListener(REPORT_PROBLEM_EVENT, reported);
  });

  it('tells others that only the owner can install again, without the button', () => {
    mockFetch({});
    renderWithProviders(<InstallFailedPanel serverId="s1" error="exit code 1" isOwner={false} />, { preloadedState: loggedIn() });
    expect(screen.getByText('A step of the game installation failed')).toBeInTheDocument();
    expect(screen.getByText('Only the owner of the server can install it again.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Retry install' })).not.toBeInTheDocument();
  });

  it.each([
    [RAW, 'download'],
    ['SteamCMD download failed: fetch failed (EAI_AGAIN)', 'download'],
    ['ENOSPC: no space left on device, write', 'disk'],
    ['The install command exited with code 2', 'step'],
    ['Something else', 'other'],
    [null, 'other'],
  ])('%s is a %s failure', (error, kind) => {
    expect(installFailureKind(error)).toBe(kind);
  });
});

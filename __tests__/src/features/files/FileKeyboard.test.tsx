import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { currentLocation } from '../../helpers/renderApp';
import { makeFile, makeFolder } from './filesFixture';
import { renderFilesPage } from './renderFilesPage';

configure({ asyncUtilTimeout: 8000 });
jest.setTimeout(30_000);

const listing = [makeFolder('plugins'), makeFile('server.properties', { size: 1500 })];

describe('the file list by keyboard and on phones', () => {
  it('reaches each file name with Tab and opens a folder with Enter', async () => {
    const user = userEvent.setup();
    renderFilesPage('/server/s1/files', {
      'GET /api/v2/servers/s1/files/list': ({ query }) =>
        query.get('directory') === '/plugins' ? { status: 200, body: { data: [makeFile('config.yml')] } } : { status: 200, body: { data: listing } },
    });
    const name = await screen.findByRole('button', { name: 'plugins' });
    // Tab through the page until the folder's name has focus: it is in the tab order.
    for (let i = 0; i < 40 && document.activeElement !== name; i += 1) await user.tab();
    expect(name).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('button', { name: 'config.yml' })).toBeInTheDocument();
    expect(decodeURIComponent(currentLocation())).toBe('/server/s1/files?directory=/plugins');
  });

  it('keeps names and permission strings left to right', async () => {
    renderFilesPage('/server/s1/files', { 'GET /api/v2/servers/s1/files/list': { status: 200, body: { data: listing } } });
    const name = await screen.findByRole('button', { name: 'server.properties' });
    expect(within(name).getByText('server.properties').closest('bdi')).toHaveAttribute('dir', 'ltr');
    for (const mode of screen.getAllByText(/^[d-][rwx-]{9}$/)) expect(mode.closest('bdi')).toHaveAttribute('dir', 'ltr');
  });

  it("shows files as cards on a phone, with each one's actions in the card", async () => {
    renderFilesPage('/server/s1/files', { 'GET /api/v2/servers/s1/files/list': { status: 200, body: { data: listing } } }, undefined, 390);
    const cards = await screen.findByRole('list', { name: 'Files' });
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const card = within(cards).getByRole('listitem', { name: 'server.properties' });
    expect(within(card).getByRole('button', { name: 'Actions for server.properties' })).toBeInTheDocument();
    expect(within(card).getByRole('checkbox', { name: 'Select server.properties' })).toBeInTheDocument();
    expect(within(card).getByText('Permissions')).toBeInTheDocument();
  });
});

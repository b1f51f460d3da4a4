import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { allowUpdatesOutsideAct } from '../../helpers/liveUpdates';
import { deferred } from '../../helpers/mockFetch';
import { backupPermissions, listAnswer, makeBackup, renderBackupsPage, setUpBackupsPageTests } from './backupsFixture';

configure({ asyncUtilTimeout: 10_000 });
jest.setTimeout(60_000);
allowUpdatesOutsideAct();
setUpBackupsPageTests();

const row = (name: string) => screen.getByText(name).closest('tr') as HTMLElement;

describe('the backups list', () => {
  it('shows each backup with its state, size, date in the account’s clock, short checksum and lock, and the count against the plan', async () => {
    const failed = makeBackup({ uuid: '3f2b8a10-0000-4000-8000-000000000002', name: 'Nightly', state: 'failed', checksum: null, error: 'The disk is full.' });
    const locked = makeBackup({ uuid: '3f2b8a10-0000-4000-8000-000000000003', name: 'Keep forever', locked: true });
    await renderBackupsPage({ routes: { 'GET /api/v2/servers/s1/backups': listAnswer([makeBackup(), failed, locked]) }, timeFormat: 12 });

    expect(await screen.findByRole('heading', { level: 2, name: 'Backups' })).toBeInTheDocument();
    await screen.findByText('Before the update');
    // Failed backups do not count against the plan's two.
    expect(screen.getByText('2 of 2')).toBeInTheDocument();
    const done = within(row('Before the update'));
    expect(done.getByText('Completed')).toBeInTheDocument();
    expect(done.getByText('3 MiB')).toBeInTheDocument();
    expect(done.getByText('a1b2c3d4e5f6')).toBeInTheDocument();
    // The account uses a 12-hour clock: the date shows with am/pm, not 24-hour time.
    expect(done.getByText(/Mar 4, 2026.*(AM|PM)/)).toBeInTheDocument();
    expect(done.getByRole('button', { name: /Delete$/ })).toBeInTheDocument();

    const broken = within(row('Nightly'));
    expect(broken.getByText('Failed')).toBeInTheDocument();
    // A failed backup has no archive: nothing to download or restore.
    expect(broken.queryByRole('button', { name: /Download$/ })).toBeNull();
    expect(broken.queryByRole('button', { name: /Restore$/ })).toBeNull();

    const kept = within(row('Keep forever'));
    expect(kept.getByLabelText('Locked')).toBeInTheDocument();
    expect(kept.getByRole('button', { name: /Unlock$/ })).toBeInTheDocument();
    // A locked backup cannot be deleted.
    expect(kept.queryByRole('button', { name: /Delete$/ })).toBeNull();
  });

  it('shows a running backup’s progress from the console socket, and the list again once it is done', async () => {
    const running = makeBackup({ state: 'running', checksum: null, bytes: 0 });
    let lists = 0;
    const { socket } = await renderBackupsPage({
      state: 'running',
      routes: { 'GET /api/v2/servers/s1/backups': () => (++lists < 3 ? listAnswer([running]) : listAnswer([makeBackup()])) },
    });
    const progress = await screen.findByRole('progressbar', { name: 'Being made' });
    await socket.connection(0);
    await waitFor(() => expect(socket.connections[0].tickets).toHaveLength(1));
    socket.broadcast('backup progress', { backup: running.uuid, operation: 'backup', state: 'running', bytesDone: 150, bytesTotal: 200, error: null });
    await waitFor(() => expect(progress).toHaveAttribute('aria-valuenow', '75'));
    // The list is asked again while a backup runs, until it has ended.
    expect(await within(await waitFor(() => row('Before the update'))).findByText('Completed')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar', { name: 'Being made' })).toBeNull();
  });

  it('says so when the list cannot be loaded, and loads it again on request', async () => {
    let lists = 0;
    await renderBackupsPage({ routes: { 'GET /api/v2/servers/s1/backups': () => (++lists === 1 ? { status: 500, body: { message: 'Server Error' } } : listAnswer([makeBackup()])) } });
    expect(await screen.findByText('The server could not be loaded')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Before the update')).toBeInTheDocument();
  });

  it('tells a user without the read permission that the backups are not theirs to see, and asks for nothing', async () => {
    const { fetchMock } = await renderBackupsPage({ permissions: ['control.console'], routes: {} });
    expect(await screen.findByText('You may not see the backups of this server.')).toBeInTheDocument();
    expect(fetchMock.requestsTo('GET /api/v2/servers/s1/backups')).toHaveLength(0);
  });
});

describe('making a backup', () => {
  it('sends the name, patterns and lock, and the new backup appears in the list', async () => {
    const created = makeBackup({ uuid: '3f2b8a10-0000-4000-8000-000000000009', name: 'Before the nether', state: 'running', checksum: null });
    let listed = [makeBackup()];
    const { fetchMock } = await renderBackupsPage({
      routes: {
        'GET /api/v2/servers/s1/backups': () => listAnswer(listed),
        'POST /api/v2/servers/s1/backups': () => {
          listed = [...listed, created];
          return { status: 202, body: { data: created } };
        },
      },
    });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: /Create backup$/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a backup' });
    await user.type(within(dialog).getByLabelText('Name'), 'Before the nether');
    await user.type(within(dialog).getByLabelText('Files to leave out'), 'logs/');
    await user.click(within(dialog).getByRole('checkbox', { name: /Lock it/ }));
    await user.click(within(dialog).getByRole('button', { name: /Create backup$/ }));

    await waitFor(() => expect(fetchMock.requestsTo('POST /api/v2/servers/s1/backups')).toHaveLength(1));
    expect(fetchMock.requestsTo('POST /api/v2/servers/s1/backups')[0].body).toEqual({ name: 'Before the nether', ignored: 'logs/', locked: true });
    expect(await screen.findByText('Before the nether')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Create a backup' })).toBeNull());
  });

  it('keeps the dialog open with the server’s per-field message when the name is refused', async () => {
    await renderBackupsPage({
      routes: {
        'GET /api/v2/servers/s1/backups': listAnswer([]),
        'POST /api/v2/servers/s1/backups': { status: 422, body: { message: 'The given data was invalid.', errors: { name: ['The name is already taken.'] } } },
      },
    });
    const user = userEvent.setup();
    expect(await screen.findByText('No backups yet.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Create backup$/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Create a backup' });
    await user.type(within(dialog).getByLabelText('Name'), 'Taken');
    await user.click(within(dialog).getByRole('button', { name: /Create backup$/ }));
    expect(await within(dialog).findByText(/The name is already taken\./)).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Create a backup' })).toBeInTheDocument();
  });

  it('offers no creation when the plan includes no backups', async () => {
    await renderBackupsPage({ routes: { 'GET /api/v2/servers/s1/backups': listAnswer([], { limit: 0, rotate: false }) } });
    expect(await screen.findByText('The plan of this server includes no backups.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Create backup$/ })).toBeDisabled();
  });
});

describe('restoring a backup', () => {
  it('shows the restore running, then that it is done, and fetches the list again', async () => {
    const answer = deferred<void>();
    let lists = 0;
    const { fetchMock } = await renderBackupsPage({
      routes: {
        'GET /api/v2/servers/s1/backups': () => {
          lists += 1;
          return listAnswer([makeBackup()]);
        },
        'POST /api/v2/servers/s1/backups/3f2b8a10-0000-4000-8000-000000000001/restore': async () => {
          await answer.promise;
          return { status: 200, body: { data: makeBackup() } };
        },
      },
    });
    const user = userEvent.setup();
    await screen.findByText('Before the update');
    await user.click(within(row('Before the update')).getByRole('button', { name: /Restore$/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Restore “Before the update”?' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Delete every file that is not in the backup' }));
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }));

    expect(await within(dialog).findByRole('status')).toHaveTextContent('Restoring Before the update: checking the archive and replacing the files…');
    expect(fetchMock.requestsTo('POST /api/v2/servers/s1/backups/3f2b8a10-0000-4000-8000-000000000001/restore')[0].body).toEqual({ truncate: true });
    const listsBefore = lists;
    answer.resolve();
    expect(await screen.findByText('Restored Before the update')).toBeInTheDocument();
    await waitFor(() => expect(lists).toBeGreaterThan(listsBefore));
  });

  it('asks to stop a running server first and offers the stop', async () => {
    const { fetchMock } = await renderBackupsPage({
      state: 'running',
      routes: { 'GET /api/v2/servers/s1/backups': listAnswer([makeBackup()]), 'POST /api/v2/servers/s1/power': { status: 204 } },
    });
    const user = userEvent.setup();
    await screen.findByText('Before the update');
    await user.click(within(row('Before the update')).getByRole('button', { name: /Restore$/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('The server is running. Stop it before restoring: its files are replaced.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Restore' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Stop the server' }));
    await waitFor(() => expect(fetchMock.requestsTo('POST /api/v2/servers/s1/power')).toHaveLength(1));
    expect(fetchMock.requestsTo('POST /api/v2/servers/s1/power')[0].body).toEqual({ signal: 'stop' });
  });

  it('shows the server’s reason when the restore is refused, and changes nothing on the page', async () => {
    await renderBackupsPage({
      routes: {
        'GET /api/v2/servers/s1/backups': listAnswer([makeBackup()]),
        'POST /api/v2/servers/s1/backups/3f2b8a10-0000-4000-8000-000000000001/restore': { status: 409, body: { message: 'The archive does not match its checksum.' } },
      },
    });
    const user = userEvent.setup();
    await screen.findByText('Before the update');
    await user.click(within(row('Before the update')).getByRole('button', { name: /Restore$/ }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }));
    expect(await within(dialog).findByText('The archive does not match its checksum.')).toBeInTheDocument();
    expect(screen.queryByText('Restored Before the update')).toBeNull();
  });
});

describe('deleting a backup', () => {
  it('asks first: cancelling deletes nothing, confirming deletes it and the list follows', async () => {
    let listed = [makeBackup()];
    const deletion = 'DELETE /api/v2/servers/s1/backups/3f2b8a10-0000-4000-8000-000000000001';
    const { fetchMock } = await renderBackupsPage({
      routes: {
        'GET /api/v2/servers/s1/backups': () => listAnswer(listed),
        [deletion]: () => {
          listed = [];
          return { status: 204 };
        },
      },
    });
    const user = userEvent.setup();
    await screen.findByText('Before the update');
    await user.click(within(row('Before the update')).getByRole('button', { name: /Delete$/ }));
    const question = await screen.findByText('Delete this backup? Its archive is removed for good.');
    const popup = question.closest('.ant-popover') as HTMLElement;
    await user.click(within(popup).getByRole('button', { name: 'Cancel' }));
    expect(fetchMock.requestsTo(deletion)).toHaveLength(0);
    expect(screen.getByText('Before the update')).toBeInTheDocument();

    await user.click(within(row('Before the update')).getByRole('button', { name: /Delete$/ }));
    const again = (await screen.findByText('Delete this backup? Its archive is removed for good.')).closest('.ant-popover') as HTMLElement;
    await user.click(within(again).getByRole('button', { name: /Delete$/ }));
    await waitFor(() => expect(fetchMock.requestsTo(deletion)).toHaveLength(1));
    expect(await screen.findByText('No backups yet.')).toBeInTheDocument();
  });

  it('shows the server’s reason when the deletion is refused, and keeps the backup', async () => {
    const deletion = 'DELETE /api/v2/servers/s1/backups/3f2b8a10-0000-4000-8000-000000000001';
    await renderBackupsPage({
      routes: {
        'GET /api/v2/servers/s1/backups': listAnswer([makeBackup()]),
        [deletion]: { status: 409, body: { message: 'A restore of this backup is running.' } },
      },
    });
    const user = userEvent.setup();
    await screen.findByText('Before the update');
    await user.click(within(row('Before the update')).getByRole('button', { name: /Delete$/ }));
    const popup = (await screen.findByText('Delete this backup? Its archive is removed for good.')).closest('.ant-popover') as HTMLElement;
    await user.click(within(popup).getByRole('button', { name: /Delete$/ }));
    expect(await screen.findByText('A restore of this backup is running.')).toBeInTheDocument();
    expect(screen.getByText('Before the update')).toBeInTheDocument();
  });

  it('offers no deletion to a user without the delete permission', async () => {
    await renderBackupsPage({ permissions: backupPermissions.filter((key) => key !== 'backup.delete'), routes: { 'GET /api/v2/servers/s1/backups': listAnswer([makeBackup()]) } });
    await screen.findByText('Before the update');
    expect(within(row('Before the update')).queryByRole('button', { name: /Delete$/ })).toBeNull();
    expect(screen.getByRole('switch')).toBeDisabled();
  });
});

import { screen, waitFor, within } from '@testing-library/react';
import { SharingPage } from '../../../../src/features/sharing/SharingPage';
import { fillIn } from '../../helpers/fillIn';
import type { MockRoute } from '../../helpers/mockFetch';
import { makeRoles, makeSubusers, OPERATORS_UUID, renderSharingPage } from './sharingFixtures';

jest.setTimeout(30_000);
afterEach(() => window.localStorage.clear());

const created = { status: 201, body: { data: makeSubusers()[1] } };

function renderSharing(permissions?: string[], routes: Record<string, MockRoute> = {}) {
  return renderSharingPage(
    <SharingPage />,
    'sharing',
    {
      'GET /api/v2/servers/s1/users': { status: 200, body: { data: makeSubusers() } },
      'GET /api/v2/servers/s1/roles': { status: 200, body: { data: makeRoles() } },
      'POST /api/v2/servers/s1/users': created,
      ...routes,
    },
    permissions,
  );
}

async function openInvite(user: ReturnType<typeof renderSharing>['user']) {
  await user.click(await screen.findByRole('button', { name: 'Invite someone' }));
  const dialog = await screen.findByRole('dialog', { name: 'Invite someone' });
  await fillIn(user, within(dialog).getByLabelText('Email address'), 'new@example.com');
  return dialog;
}

describe('the sharing page', () => {
  it('lists each person with their status, role and last action', async () => {
    renderSharing();
    const alex = (await screen.findByText('alex')).closest('tr')!;
    expect(within(alex).getByText('alex@example.com')).toBeInTheDocument();
    expect(within(alex).getByText('Active')).toBeInTheDocument();
    expect(within(alex).getByText('Operators')).toBeInTheDocument();
    expect(within(alex).getByText((_, element) => element?.tagName === 'TIME' && element.getAttribute('datetime') === '2024-05-02T15:30:00.000Z')).toBeInTheDocument();
    const sam = screen.getByText('sam@example.com').closest('tr')!;
    expect(within(sam).getByText('Invitation pending')).toBeInTheDocument();
    expect(within(sam).getByText('Chosen permissions (1)')).toBeInTheDocument();
    expect(within(sam).getByText('Never')).toBeInTheDocument();
  });

  it('invites someone by email with a custom role', async () => {
    const { fetch, user } = renderSharing();
    const dialog = await openInvite(user);
    await user.click(within(dialog).getByLabelText('Role'));
    await user.click(await screen.findByText('Operators', { selector: '.ant-select-item-option-content *, .ant-select-item-option-content' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(fetch.requestsTo('POST /api/v2/servers/s1/users')).toHaveLength(1));
    expect(fetch.requestsTo('POST /api/v2/servers/s1/users')[0].body).toEqual({ email: 'new@example.com', role_uuid: OPERATORS_UUID });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('grants a built-in role as its keys, or explicitly chosen permissions', async () => {
    const { fetch, user } = renderSharing();
    let dialog = await openInvite(user);
    // The first role, Viewer (built-in), is preselected.
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(fetch.requestsTo('POST /api/v2/servers/s1/users')).toHaveLength(1));
    expect(fetch.requestsTo('POST /api/v2/servers/s1/users')[0].body).toEqual({ email: 'new@example.com', permissions: ['control.console'] });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    dialog = await openInvite(user);
    await user.click(within(dialog).getByRole('radio', { name: 'Chosen permissions' }));
    await user.click(await within(dialog).findByRole('checkbox', { name: 'All of Files' }));
    await user.click(within(dialog).getByRole('button', { name: 'Send invitation' }));
    await waitFor(() => expect(fetch.requestsTo('POST /api/v2/servers/s1/users')).toHaveLength(2));
    expect(fetch.requestsTo('POST /api/v2/servers/s1/users')[1].body).toEqual({ email: 'new@example.com', permissions: ['file.read', 'file.update'] });
  });

  it('changes a person’s access and removes a person after confirmation', async () => {
    const { fetch, user } = renderSharing(undefined, {
      'PATCH /api/v2/servers/s1/users/a1b2c3d4-0000-4000-8000-000000000002': { status: 200, body: { data: makeSubusers()[1] } },
      'DELETE /api/v2/servers/s1/users/a1b2c3d4-0000-4000-8000-000000000001': { status: 204 },
    });
    await user.click(await screen.findByRole('button', { name: 'Edit access of sam@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Access of sam@example.com' });
    expect(within(dialog).getByRole('checkbox', { name: 'List folders and see file details (names, sizes, dates).' })).toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Send commands to the server console.' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save access' }));
    await waitFor(() => expect(fetch.requestsTo('PATCH /api/v2/servers/s1/users/a1b2c3d4-0000-4000-8000-000000000002')).toHaveLength(1));
    expect(fetch.requestsTo('PATCH /api/v2/servers/s1/users/a1b2c3d4-0000-4000-8000-000000000002')[0].body).toEqual({ permissions: ['control.console', 'file.read'] });

    await user.click(screen.getByRole('button', { name: 'Remove alex' }));
    expect(await screen.findByText('They lose access to this server at once.')).toBeInTheDocument();
    expect(fetch.requestsTo('DELETE /api/v2/servers/s1/users/a1b2c3d4-0000-4000-8000-000000000001')).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(fetch.requestsTo('DELETE /api/v2/servers/s1/users/a1b2c3d4-0000-4000-8000-000000000001')).toHaveLength(1));
  });

  it('offers only the actions the caller holds the keys for', async () => {
    renderSharing(['user.read']);
    expect(await screen.findByText('alex')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Invite someone' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Edit access of/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^Remove / })).not.toBeInTheDocument();
  });

  it('says clearly when the caller may not see who the server is shared with', async () => {
    const { fetch } = renderSharing(['control.console']);
    expect(await screen.findByText('You do not have permission to see this')).toBeInTheDocument();
    expect(fetch.requestsTo('GET /api/v2/servers/s1/users')).toHaveLength(0);
  });

  it('shows the panel’s message when it refuses the list', async () => {
    renderSharing(undefined, { 'GET /api/v2/servers/s1/users': { status: 403, body: { message: 'You need the permission user.read.' } } });
    expect(await screen.findByText('You do not have permission to see this')).toBeInTheDocument();
    expect(screen.getAllByText('You need the permission user.read.').length).toBeGreaterThan(0);
  });
});

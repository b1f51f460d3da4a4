import { screen, waitFor, within } from '@testing-library/react';
import { SharingRolesPage } from '../../../../src/features/sharing/SharingRolesPage';
import { fillIn } from '../../helpers/fillIn';
import type { MockRoute } from '../../helpers/mockFetch';
import { HELPERS_UUID, makeRoles, OPERATORS_UUID, renderSharingPage } from './sharingFixtures';

jest.setTimeout(30_000);
afterEach(() => window.localStorage.clear());

function renderRoles(permissions?: string[], routes: Record<string, MockRoute> = {}) {
  return renderSharingPage(
    <SharingRolesPage />,
    'sharing-edit-roles',
    {
      'GET /api/v2/servers/s1/roles': { status: 200, body: { data: makeRoles() } },
      ...routes,
    },
    permissions,
  );
}

const row = async (name: string) => (await screen.findByText(name, { selector: 'strong, strong *, .ant-typography' })).closest('tr')!;

describe('the roles page', () => {
  it('shows built-in roles read-only and copies one into a new custom role', async () => {
    const { fetch, user } = renderRoles(undefined, { 'POST /api/v2/servers/s1/roles': { status: 201, body: { data: makeRoles()[1] } } });
    const viewer = await row('Viewer');
    expect(within(viewer).getByText('Built-in')).toBeInTheDocument();
    expect(within(viewer).queryByRole('button', { name: 'Edit Viewer' })).not.toBeInTheDocument();
    expect(within(viewer).queryByRole('button', { name: 'Delete Viewer' })).not.toBeInTheDocument();

    await user.click(within(viewer).getByRole('button', { name: 'Copy Viewer' }));
    const dialog = await screen.findByRole('dialog', { name: 'New role' });
    expect(within(dialog).getByLabelText('Name')).toHaveValue('Viewer (copy)');
    expect(within(dialog).getByRole('checkbox', { name: 'Send commands to the server console.' })).toBeChecked();
    await fillIn(user, within(dialog).getByLabelText('Name'), 'Console only');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Start the server when it is stopped.' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save role' }));
    await waitFor(() => expect(fetch.requestsTo('POST /api/v2/servers/s1/roles')).toHaveLength(1));
    expect(fetch.requestsTo('POST /api/v2/servers/s1/roles')[0].body).toEqual({
      name: 'Console only',
      description: 'Sees the console.',
      permissions: ['control.console', 'control.start'],
    });
  });

  it('edits a custom role', async () => {
    const { fetch, user } = renderRoles(undefined, { [`PATCH /api/v2/servers/s1/roles/${HELPERS_UUID}`]: { status: 200, body: { data: makeRoles()[2] } } });
    await user.click(within(await row('Helpers')).getByRole('button', { name: 'Edit Helpers' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit role Helpers' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Change, rename, move and copy files.' }));
    await user.click(within(dialog).getByRole('button', { name: 'Save role' }));
    await waitFor(() => expect(fetch.requestsTo(`PATCH /api/v2/servers/s1/roles/${HELPERS_UUID}`)).toHaveLength(1));
    expect(fetch.requestsTo(`PATCH /api/v2/servers/s1/roles/${HELPERS_UUID}`)[0].body).toEqual({ name: 'Helpers', description: '', permissions: ['file.read', 'file.update'] });
  });

  it('asks which role takes over the people of a role in use before deleting it', async () => {
    const { fetch, user } = renderRoles(undefined, { [`DELETE /api/v2/servers/s1/roles/${OPERATORS_UUID}`]: { status: 204 } });
    await user.click(within(await row('Operators')).getByRole('button', { name: 'Delete Operators' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the role Operators?' });
    expect(within(dialog).getByText('2 people have this role. Choose the role they get instead.')).toBeInTheDocument();
    const confirm = within(dialog).getByRole('button', { name: 'Delete role' });
    expect(confirm).toBeDisabled();
    await user.selectOptions(within(dialog).getByLabelText('Move its people to'), 'Helpers');
    await user.click(confirm);
    await waitFor(() => expect(fetch.requestsTo(`DELETE /api/v2/servers/s1/roles/${OPERATORS_UUID}`)).toHaveLength(1));
    expect(fetch.requestsTo(`DELETE /api/v2/servers/s1/roles/${OPERATORS_UUID}`)[0].search).toBe(`?reassign_to=${HELPERS_UUID}`);
  });

  it('hides changes from a caller who may only read roles, and refuses a caller who may not', async () => {
    const { unmount } = renderRoles(['role.read']);
    expect(await row('Operators')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'New role' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /^(Copy|Edit|Delete) / })).not.toBeInTheDocument();
    unmount();
    renderRoles(['control.console']);
    expect(await screen.findByText('You do not have permission to see this')).toBeInTheDocument();
  });
});

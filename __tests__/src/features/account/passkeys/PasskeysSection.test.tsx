import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fillIn } from '../../../helpers/fillIn';
import { loggedIn, makeUser } from '../../../helpers/fixtures';
import { mockFetch, type MockAnswer, type MockRoute } from '../../../helpers/mockFetch';
import { renderApp } from '../../../helpers/renderApp';

jest.setTimeout(30_000);
afterEach(() => window.localStorage.clear());

const laptop = { uuid: '00000000-0000-4000-8000-0000000000a1', name: 'Work laptop', created_at: '2024-05-01T08:00:00.000Z', last_used_at: null, synced: false };
const phone = { uuid: '00000000-0000-4000-8000-0000000000b2', name: 'Phone', created_at: '2024-04-01T08:00:00.000Z', last_used_at: '2024-05-02T15:30:00.000Z', synced: true };

function renderPasskeys(routes: Record<string, MockRoute> = {}) {
  const fetch = mockFetch({ 'GET /api/v2/account/sessions': { status: 200, body: { data: [] } }, 'GET /api/v2/account/passkeys': { status: 200, body: { data: [laptop, phone] } }, ...routes });
  renderApp('/account/edit', loggedIn(makeUser()));
  return { fetch, user: userEvent.setup({ delay: null }) };
}

// The account page is a lazy route: its first load in a test file takes a while on a busy machine.
const passkeysRegion = () => screen.findByRole('region', { name: 'Passkeys' }, { timeout: 15_000 });

describe('the passkeys of the account page', () => {
  it('lists each passkey with its name, when it was added and last used', async () => {
    renderPasskeys();
    const section = await passkeysRegion();
    const items = await within(section).findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('Work laptop');
    expect(items[0]).toHaveTextContent('Not used yet');
    expect(items[1]).toHaveTextContent('Synced');
    expect(items[1]).toHaveTextContent(/Last used .*2024/);
    // jsdom has no WebAuthn: the section says so instead of offering to add one.
    expect(within(section).getByText('This browser cannot create passkeys.')).toBeInTheDocument();
  });

  it('removes a passkey only with the password, showing a wrong one under the field', async () => {
    let answer: MockAnswer = { status: 422, body: { message: 'The password is incorrect', errors: { password: ['The password is incorrect'] } } };
    const { fetch, user } = renderPasskeys({ 'DELETE /api/v2/account/passkeys/00000000-0000-4000-8000-0000000000a1': () => answer });
    const section = await passkeysRegion();
    await user.click(await within(section).findByRole('button', { name: 'Remove the passkey Work laptop' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove the passkey “Work laptop”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove passkey' }));
    expect(await within(dialog).findByText('This field is required')).toBeInTheDocument();
    expect(fetch.requestsTo('DELETE /api/v2/account/passkeys/00000000-0000-4000-8000-0000000000a1')).toHaveLength(0);

    await fillIn(user, within(dialog).getByLabelText('Current password'), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: 'Remove passkey' }));
    expect(await within(dialog).findByRole('list', { name: 'Problems with Current password' })).toHaveTextContent('The password is incorrect');

    answer = { status: 204 };
    await fillIn(user, within(dialog).getByLabelText('Current password'), 'right password');
    await user.click(within(dialog).getByRole('button', { name: 'Remove passkey' }));
    expect(await screen.findByRole('status', { name: 'Saved' })).toHaveTextContent('The passkey was removed.');
    expect(fetch.requestsTo('DELETE /api/v2/account/passkeys/00000000-0000-4000-8000-0000000000a1').map((r) => r.body)).toEqual([{ password: 'wrong' }, { password: 'right password' }]);
    // The list is asked again after the change.
    await waitFor(() => expect(fetch.requestsTo('GET /api/v2/account/passkeys').length).toBeGreaterThan(1));
  });

  it('renames a passkey', async () => {
    const { fetch, user } = renderPasskeys({ 'PATCH /api/v2/account/passkeys/00000000-0000-4000-8000-0000000000b2': { status: 200, body: { data: { ...phone, name: 'Old phone' } } } });
    const section = await passkeysRegion();
    await user.click(await within(section).findByRole('button', { name: 'Rename the passkey Phone' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rename passkey' });
    await fillIn(user, within(dialog).getByLabelText('Name'), ' Old phone ');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('status', { name: 'Saved' })).toHaveTextContent('The passkey was renamed.');
    expect(fetch.requestsTo('PATCH /api/v2/account/passkeys/00000000-0000-4000-8000-0000000000b2')[0].body).toEqual({ name: 'Old phone' });
  });
});

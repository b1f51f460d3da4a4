import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { User } from '../../../../src/api/auth';
import { fillIn } from '../../helpers/fillIn';
import { loggedIn, makeUser } from '../../helpers/fixtures';
import { mockFetch, type MockRoute } from '../../helpers/mockFetch';
import { renderApp } from '../../helpers/renderApp';

jest.setTimeout(30_000);
afterEach(() => window.localStorage.clear());

const sessions = [
  {
    id: 1,
    ip: '203.0.113.5',
    user_agent: 'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36',
    created_at: '2024-05-01T08:00:00.000Z',
    last_used_at: '2024-05-02T15:30:00.000Z',
    expires_at: '2024-06-01T08:00:00.000Z',
    current: true,
  },
  {
    id: 2,
    ip: '198.51.100.7',
    user_agent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
    created_at: '2024-04-01T08:00:00.000Z',
    last_used_at: '2024-04-03T21:05:00.000Z',
    expires_at: '2024-05-01T08:00:00.000Z',
    current: false,
  },
];

function renderAccount(user: User = makeUser(), routes: Record<string, MockRoute> = {}, preloaded = {}) {
  const fetch = mockFetch({ 'GET /api/v2/account/sessions': { status: 200, body: { data: sessions } }, ...routes });
  const result = renderApp('/account/edit', { ...loggedIn(user), ...preloaded });
  return { ...result, fetch, user: userEvent.setup({ delay: null }) };
}

async function section(name: string) {
  return screen.findByRole('region', { name });
}

describe('the account page', () => {
  it('saves the name and shows the updated user', async () => {
    const updated = makeUser({ name_first: 'Alex', name_last: 'Smith' });
    const { fetch, store, user } = renderAccount(makeUser(), { 'PATCH /api/v2/account': { status: 200, body: { data: { user: updated } } } });
    const profile = await section('Profile');
    await fillIn(user, within(profile).getByLabelText('First name'), 'Alex');
    await fillIn(user, within(profile).getByLabelText('Last name'), 'Smith');
    await user.click(within(profile).getByRole('button', { name: 'Save name' }));

    expect(await screen.findByRole('status', { name: 'Saved' })).toHaveTextContent('Your name was updated.');
    expect(fetch.requestsTo('PATCH /api/v2/account')[0].body).toEqual({ name_first: 'Alex', name_last: 'Smith' });
    expect(store.getState().session.user?.name_first).toBe('Alex');
  });

  it('shows a form its own server messages, even when another form has a field of the same name', async () => {
    const { user } = renderAccount(makeUser(), {
      'PUT /api/v2/account/email': { status: 422, body: { message: 'The password is incorrect.', errors: { password: ['The password is incorrect.'] } } },
    });
    const email = await section('Email address');
    await fillIn(user, within(email).getByLabelText('Email'), 'new@example.com');
    await fillIn(user, within(email).getByLabelText('Current password'), 'wrong');
    await user.click(within(email).getByRole('button', { name: 'Change email' }));

    const list = await within(email).findByRole('list', { name: 'Problems with Current password' });
    expect(list).toHaveTextContent('The password is incorrect.');
    const password = await section('Password');
    expect(within(password).queryByRole('list')).not.toBeInTheDocument();
  });

  it('changes the password and empties the form', async () => {
    const { fetch, user } = renderAccount(makeUser(), { 'PUT /api/v2/account/password': { status: 200, body: { data: { user: makeUser() } } } });
    const password = await section('Password');
    await fillIn(user, within(password).getByLabelText('Current password'), 'old password');
    await fillIn(user, within(password).getByLabelText('New password'), 'brand new password');
    await fillIn(user, within(password).getByLabelText('Confirm new password'), 'brand new password');
    await user.click(within(password).getByRole('button', { name: 'Change password' }));

    expect(await screen.findByRole('status', { name: 'Saved' })).toHaveTextContent('Your other sessions have been logged out.');
    expect(fetch.requestsTo('PUT /api/v2/account/password')[0].body).toEqual({
      current_password: 'old password',
      password: 'brand new password',
      password_confirmation: 'brand new password',
    });
    await waitFor(() => expect(within(password).getByLabelText('New password')).toHaveValue(''));
  });

  it('saves the time format, restart confirmation and language', async () => {
    const { fetch, store, user } = renderAccount(
      makeUser(),
      { 'PATCH /api/v2/account': { status: 200, body: { data: { user: makeUser({ time_format: 12 }) } } } },
      {
        locale: {
          code: 'en',
          direction: 'ltr',
          languages: [
            { code: 'en', showInSelect: true },
            { code: 'de', showInSelect: true },
            { code: 'xx', showInSelect: false },
          ],
        },
      },
    );
    const preferences = await section('Preferences');
    await user.click(within(preferences).getByRole('radio', { name: '12-hour' }));
    await user.click(within(preferences).getByRole('switch', { name: 'Ask before restarting a server' }));
    // Only languages offered for selection are listed, each under its own name.
    const language = within(preferences).getByRole('combobox', { name: 'Language' });
    expect(
      within(language)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['English', 'Deutsch']);
    await user.selectOptions(language, 'Deutsch');
    await user.click(within(preferences).getByRole('button', { name: 'Save preferences' }));

    await screen.findByRole('status', { name: 'Saved' });
    expect(fetch.requestsTo('PATCH /api/v2/account')[0].body).toEqual({ language: 'de', time_format: 12, restart_confirmation: false });
    expect(store.getState().locale.code).toBe('de');
  });

  it("lists the sessions in the user's clock and revokes another one", async () => {
    let listed = 0;
    const { fetch, user } = renderAccount(makeUser({ time_format: 12 }), {
      'GET /api/v2/account/sessions': () => ({ status: 200, body: { data: listed++ === 0 ? sessions : sessions.slice(0, 1) } }),
      'DELETE /api/v2/account/sessions/2': { status: 204 },
    });
    const list = await screen.findByRole('list', { name: 'Sessions' });
    const current = await within(list).findByText('Chrome on Linux');
    expect(within(current.closest('li') as HTMLElement).getByText('This device')).toBeInTheDocument();
    expect(within(current.closest('li') as HTMLElement).queryByRole('button')).not.toBeInTheDocument();
    // 12-hour clock, as the user chose.
    expect(within(list).getAllByText(/Last used .*(AM|PM)/)).toHaveLength(2);

    await user.click(within(list).getByRole('button', { name: /^End the session on Safari on iOS/ }));
    expect(await screen.findByRole('status', { name: 'Saved' })).toHaveTextContent('The session was ended.');
    expect(fetch.requestsTo('DELETE /api/v2/account/sessions/2')).toHaveLength(1);
    await waitFor(() => expect(within(list).queryByText('Safari on iOS')).not.toBeInTheDocument());
  });
});

describe('two-factor authentication on the account page', () => {
  const recoveryCodes = Array.from({ length: 10 }, (_, i) => `code-${i}-abcd`);

  it('enrols with the QR code, shows the recovery codes once, then offers to turn it off', async () => {
    let totp = false;
    const { fetch, user } = renderAccount(makeUser(), {
      'GET /api/v2/account/two-factor': {
        status: 200,
        body: { data: { secret: 'JBSWY3DPEHPK3PXP', otpauth_uri: 'otpauth://totp/Panel:steve?secret=JBSWY3DPEHPK3PXP', qr_svg: '<svg xmlns="http://www.w3.org/2000/svg"/>' } },
      },
      'POST /api/v2/account/two-factor': () => {
        totp = true;
        return { status: 200, body: { data: { recovery_codes: recoveryCodes } } };
      },
      'GET /api/v2/auth/current': () => ({ status: 200, body: { data: { user: makeUser({ use_totp: totp }) } } }),
    });
    const twoFactor = await section('Two-factor authentication');
    await user.click(within(twoFactor).getByRole('button', { name: 'Set up two-factor authentication' }));

    const qr = await within(twoFactor).findByRole('img', { name: 'QR code for your authenticator app' });
    expect(qr.getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    expect(within(twoFactor).getByText('JBSWY3DPEHPK3PXP')).toBeInTheDocument();

    await fillIn(user, within(twoFactor).getByLabelText('Code from the app'), '123456');
    await fillIn(user, within(twoFactor).getByLabelText('Current password'), 'my password');
    await user.click(within(twoFactor).getByRole('button', { name: 'Turn on two-factor authentication' }));

    const codes = await within(twoFactor).findByRole('list', { name: 'Recovery codes' });
    expect(
      within(codes)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(recoveryCodes);
    // Each code stays whole (never wrapped inside) and reads left to right in every language.
    for (const item of within(codes).getAllByRole('listitem')) {
      expect(item).toHaveStyle({ whiteSpace: 'nowrap' });
      expect(item.querySelector('bdi')).toHaveAttribute('dir', 'ltr');
    }
    expect(fetch.requestsTo('POST /api/v2/account/two-factor')[0].body).toEqual({ code: '123456', password: 'my password' });
    // The user is refreshed (use_totp is now true), and the codes stay until the user has saved them.
    await waitFor(() => expect(fetch.requestsTo('GET /api/v2/auth/current').length).toBeGreaterThan(0));
    expect(within(twoFactor).getByRole('list', { name: 'Recovery codes' })).toBeInTheDocument();

    await user.click(within(twoFactor).getByRole('button', { name: 'I have saved them' }));
    expect(within(twoFactor).queryByRole('list', { name: 'Recovery codes' })).not.toBeInTheDocument();
    expect(await within(twoFactor).findByRole('button', { name: 'Turn off two-factor authentication' })).toBeInTheDocument();
    expect(screen.queryByText('code-0-abcd')).not.toBeInTheDocument();
  });

  it('turns two-factor off with the password', async () => {
    const { fetch, user } = renderAccount(makeUser({ use_totp: true }), {
      'POST /api/v2/account/two-factor/disable': { status: 204 },
      'GET /api/v2/auth/current': { status: 200, body: { data: { user: makeUser({ use_totp: false }) } } },
    });
    const twoFactor = await section('Two-factor authentication');
    await fillIn(user, within(twoFactor).getByLabelText('Current password'), 'my password');
    await user.click(within(twoFactor).getByRole('button', { name: 'Turn off two-factor authentication' }));

    expect(await screen.findByRole('status', { name: 'Saved' })).toHaveTextContent('Two-factor authentication is now off.');
    expect(fetch.requestsTo('POST /api/v2/account/two-factor/disable')[0].body).toEqual({ password: 'my password' });
    expect(await within(twoFactor).findByRole('button', { name: 'Set up two-factor authentication' })).toBeInTheDocument();
  });

  it('shows a wrong code under the code field', async () => {
    const { user } = renderAccount(makeUser(), {
      'GET /api/v2/account/two-factor': { status: 200, body: { data: { secret: 'S', otpauth_uri: 'otpauth://totp/x', qr_svg: '<svg xmlns="http://www.w3.org/2000/svg"/>' } } },
      'POST /api/v2/account/two-factor': { status: 422, body: { message: 'The code is not valid.', errors: { code: ['The code is not valid.'] } } },
    });
    const twoFactor = await section('Two-factor authentication');
    await user.click(within(twoFactor).getByRole('button', { name: 'Set up two-factor authentication' }));
    await fillIn(user, await within(twoFactor).findByLabelText('Code from the app'), '000000');
    await fillIn(user, within(twoFactor).getByLabelText('Current password'), 'my password');
    await user.click(within(twoFactor).getByRole('button', { name: 'Turn on two-factor authentication' }));
    expect(await within(twoFactor).findByRole('list', { name: 'Problems with Code from the app' })).toHaveTextContent('The code is not valid.');
  });
});

import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { playersApi } from '../../../../src/api/players';
import type { AppStore } from '../../../../src/app/store';
import { BanForm } from '../../../../src/features/players/forms/BanForm';
import { IpBanForm } from '../../../../src/features/players/forms/IpBanForm';
import { NameForm } from '../../../../src/features/players/forms/NameForm';
import { jsonResponse, mockFetch, type FetchMock } from '../../helpers/mockFetch';
import { makeStore } from '../../../../src/app/store';
import { renderWithProviders } from '../../renderWithProviders';

let fetchMock: FetchMock;
afterEach(() => fetchMock?.restore());

const invalid = (errors: Record<string, string[]>) => jsonResponse(422, { message: 'The given data was invalid.', errors });

/** Bans an address through the real API slice, as the players page does. */
const banIp = (store: AppStore) => async (ip: string, reason: string) => {
  const result = await store.dispatch(playersApi.endpoints.banServerIp.initiate({ id: 's1', body: { ip, ...(reason ? { reason } : {}) } }));
  return !('error' in result && result.error);
};

describe('the players forms show the server’s messages under their own fields', () => {
  it('a 422 on the IP ban shows under the IP field, and goes once the address is changed', async () => {
    fetchMock = mockFetch(() => invalid({ ip: ['Enter an IPv4 or IPv6 address.'] }));
    const store = makeStore();
    const user = userEvent.setup();
    renderWithProviders(<IpBanForm onSubmit={banIp(store)} />, { store });
    const ip = screen.getByLabelText('IP address');
    await user.type(ip, '300.1.1.1');
    await user.click(screen.getByRole('button', { name: 'Ban address' }));
    await waitFor(() => expect(ip).toHaveAttribute('aria-invalid', 'true'));
    expect(ip).toHaveAccessibleDescription('Enter an IPv4 or IPv6 address.');
    // The form keeps what was typed, so it can be corrected.
    expect(ip).toHaveValue('300.1.1.1');
    await user.type(ip, '{backspace}2');
    expect(ip).toHaveAttribute('aria-invalid', 'false');
    expect(screen.queryByText('Enter an IPv4 or IPv6 address.')).not.toBeInTheDocument();
  });

  it('a message about the reason shows under the reason', async () => {
    fetchMock = mockFetch(() => invalid({ reason: ['The reason may be 256 characters at most.'] }));
    const store = makeStore();
    const user = userEvent.setup();
    renderWithProviders(<IpBanForm onSubmit={banIp(store)} />, { store });
    await user.type(screen.getByLabelText('IP address'), '10.0.0.1');
    await user.type(screen.getByLabelText('Reason'), 'spam');
    await user.click(screen.getByRole('button', { name: 'Ban address' }));
    await waitFor(() => expect(screen.getByLabelText('Reason')).toHaveAccessibleDescription('The reason may be 256 characters at most.'));
  });

  it('only the form that was sent shows the messages, even where another form has a field of that name', async () => {
    fetchMock = mockFetch(() => invalid({ name: ['No Minecraft account is called Nobody_here.'] }));
    const store = makeStore();
    const user = userEvent.setup();
    const whitelistAdd = async (name: string) => {
      const result = await store.dispatch(playersApi.endpoints.addServerWhitelistPlayer.initiate({ id: 's1', body: { name } }));
      return !('error' in result && result.error);
    };
    renderWithProviders(
      <>
        <NameForm label="Add to the whitelist" onSubmit={whitelistAdd} />
        <BanForm onSubmit={async () => false} />
      </>,
      { store },
    );
    const [whitelistName, banName] = screen.getAllByLabelText('Name');
    await user.type(whitelistName, 'Nobody_here');
    await user.click(screen.getByRole('button', { name: 'Add to the whitelist' }));
    await waitFor(() => expect(whitelistName).toHaveAccessibleDescription('No Minecraft account is called Nobody_here.'));
    expect(banName).toHaveAttribute('aria-invalid', 'false');
  });
});

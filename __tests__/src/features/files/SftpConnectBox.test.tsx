import { StyleProvider, createCache } from '@ant-design/cssinjs';
import { configure, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SftpConnectBox } from '../../../../src/features/files/sftp/SftpConnectBox';
import { loggedIn, makeUser } from '../../helpers/fixtures';
import { renderWithProviders } from '../../renderWithProviders';

configure({ asyncUtilTimeout: 8000 });

const details = { host: 'sftp.example.com', port: 2022, username: 'alice.s1' };

describe('the "Connect with SFTP" box of the files page', () => {
  it('makes its copyable values on its first opening, and keeps them once opened', async () => {
    renderWithProviders(
      <StyleProvider mock="server" cache={createCache()}>
        <SftpConnectBox details={details} />
      </StyleProvider>,
      { preloadedState: loggedIn(makeUser()) },
    );
    const summary = screen.getByText('Connect with SFTP');
    expect(screen.queryByText('sftp.example.com')).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(summary);
    expect(await screen.findByText('sftp.example.com')).toBeInTheDocument();
    expect(screen.getByText('sftp://alice.s1@sftp.example.com:2022')).toBeInTheDocument();
    await user.click(summary);
    expect(screen.getByText('sftp.example.com')).toBeInTheDocument();
  });
});

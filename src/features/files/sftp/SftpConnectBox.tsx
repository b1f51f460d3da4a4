import { Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Ltr } from '../../../components/Ltr';

/** Where a user reaches the server's files over SFTP (the server's `sftp` details). */
export interface SftpDetails {
  host: string;
  port: number;
  username: string;
}

/** An `sftp://` address clients open directly (IPv6 hosts in brackets). */
export function sftpLink({ host, port, username }: SftpDetails): string {
  const bracketed = host.includes(':') ? `[${host}]` : host;
  return `sftp://${encodeURIComponent(username)}@${bracketed}:${port}`;
}

/**
 * "Connect with SFTP": address, port and username to type into an SFTP client (FileZilla,
 * WinSCP, OpenSSH's sftp), and a copyable sftp:// link. The password is the panel's, or an SSH key
 * from the account page.
 */
export function SftpConnectBox({ details }: { details: SftpDetails }) {
  const { t } = useTranslation();
  // Closed at first, and most visits of the files page never open it: its copyable values (antd's
  // Typography, a tooltip on each copy button) are made on the first opening, so that the page's
  // first render does not build them and their styles while the folder's listing is on its way.
  const [opened, setOpened] = useState(false);
  const link = sftpLink(details);
  const row = (label: string, value: string) => (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
      <dt style={{ opacity: 0.75, minWidth: 90 }}>{label}</dt>
      <dd style={{ margin: 0 }}>
        <Typography.Text copyable={{ text: value }}>
          <Ltr>{value}</Ltr>
        </Typography.Text>
      </dd>
    </div>
  );
  return (
    <section aria-labelledby="sftp-connect-title" style={{ border: '1px solid var(--panel-card-border)', borderRadius: 8, padding: '8px 12px', marginBlockEnd: 12 }}>
      <details onToggle={(event) => event.currentTarget.open && setOpened(true)}>
        <summary id="sftp-connect-title" style={{ cursor: 'pointer', fontWeight: 600 }}>
          {t('sftp.connect.title', 'Connect with SFTP')}
        </summary>
        {opened ? (
          <dl style={{ margin: '8px 0 0', display: 'grid', gap: 4 }}>
            {row(t('sftp.connect.host', 'Address'), details.host)}
            {row(t('sftp.connect.port', 'Port'), String(details.port))}
            {row(t('sftp.connect.username', 'Username'), details.username)}
            {row(t('sftp.connect.link', 'Link'), link)}
          </dl>
        ) : null}
        <p style={{ margin: '8px 0 0', opacity: 0.75, fontSize: 13 }}>{t('sftp.connect.help', 'Sign in with your panel password, or with an SSH key added on your account page.')}</p>
      </details>
    </section>
  );
}

import { Alert, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { InvitationCard } from './InvitationCard';
import { usePendingInvitations } from './usePendingInvitations';

/**
 * The invitations waiting on the dashboard, each naming its server and who sent it, with Accept
 * and Decline; they stay until answered. After an acceptance, a way straight to the server.
 */
export function PendingInvitations() {
  const { t } = useTranslation();
  const { pending, dead, dismissDead, answered } = usePendingInvitations();
  const [joined, setJoined] = useState<{ identifier: string; name: string } | null>(null);
  if (pending.length === 0 && !dead && !joined) return null;
  return (
    <section aria-label={t('dashboard.invitation.listLabel', 'Invitations')} style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      {joined && (
        <Alert
          type="success"
          showIcon
          closable
          onClose={() => setJoined(null)}
          title={t('dashboard.invitation.acceptedNamed', 'You joined {{server}}: it is now in your list.', { server: joined.name })}
          action={<Link to={`/server/${encodeURIComponent(joined.identifier)}`}>{t('dashboard.invitation.open', 'Open the server')}</Link>}
        />
      )}
      {dead && (
        <Alert
          type="warning"
          showIcon
          closable
          onClose={dismissDead}
          title={t('dashboard.invitation.gone', 'This invitation link no longer works')}
          description={t('dashboard.invitation.goneText', 'It was used already, withdrawn or has expired. Ask the person who invited you to send a new one.')}
        />
      )}
      <Flex vertical gap={12}>
        {pending.map(({ invitation, token }) => (
          <InvitationCard
            key={invitation.uuid}
            invitation={invitation}
            token={token}
            onAccepted={(identifier) => {
              setJoined({ identifier, name: invitation.server.name });
              answered(token);
            }}
            onDeclined={() => answered(token)}
          />
        ))}
      </Flex>
    </section>
  );
}

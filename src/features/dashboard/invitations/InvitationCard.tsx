import { MailOutlined } from '@ant-design/icons';
import { Alert, Button, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import { apiErrorMessage } from '../../../api/apiError';
import { useAcceptServerInvitationMutation, useDeclineServerInvitationMutation, type Invitation } from '../../../api/sharing';
import { SecondaryText } from '../../../components/PanelText';
import { useDateTime } from '../../../core/session/useDateTime';

/** Props of {@link InvitationCard}. */
export interface InvitationCardProps {
  invitation: Invitation;
  /** The mailed token, when its link was opened on this browser: only it can accept. */
  token: string | null;
  onAccepted: (serverIdentifier: string) => void;
  onDeclined: () => void;
}

/** One invitation: which server, from whom, with which role, until when; Accept and Decline. */
export function InvitationCard({ invitation, token, onAccepted, onDeclined }: InvitationCardProps) {
  const { t } = useTranslation();
  const when = useDateTime();
  const [accept, accepting] = useAcceptServerInvitationMutation();
  const [decline, declining] = useDeclineServerInvitationMutation();
  const inviter = invitation.invited_by?.username;
  const server = invitation.server.name;
  const error = accepting.error ?? declining.error;

  const acceptIt = async () => {
    if (!token) return;
    const result = await accept({ body: { token } });
    if ('data' in result && result.data) onAccepted(result.data.data.server_identifier);
  };
  const declineIt = async () => {
    const result = await decline({ body: token ? { token } : { uuid: invitation.uuid } });
    if (!('error' in result)) onDeclined();
  };

  return (
    <Alert
      type={error ? 'error' : 'info'}
      showIcon
      icon={<MailOutlined aria-hidden="true" />}
      role="region"
      aria-label={t('dashboard.invitation.regionLabel', 'Invitation to {{server}}', { server })}
      title={
        inviter
          ? t('dashboard.invitation.titleNamed', '{{inviter}} invited you to the server {{server}}', { inviter, server })
          : t('dashboard.invitation.titleServer', 'You have been invited to the server {{server}}', { server })
      }
      description={
        <Flex vertical gap={4}>
          <span>
            {invitation.role
              ? t('dashboard.invitation.withRole', 'You would join as {{role}}.', { role: invitation.role.name })
              : t('dashboard.invitation.withPermissions', 'You would get {{count}} permissions on it.', { count: invitation.permissions.length })}{' '}
            {t('dashboard.invitation.until', 'The invitation is valid until {{time}}.', { time: when(invitation.expires_at) })}
          </span>
          {!token && <SecondaryText>{t('dashboard.invitation.needsLink', 'To accept, open the link in the invitation mail sent to your address.')}</SecondaryText>}
          {error ? <span role="alert">{apiErrorMessage(error) ?? t('dashboard.invitation.failed', 'The invitation could not be accepted. It may have expired or been used already.')}</span> : null}
        </Flex>
      }
      action={
        <Flex gap={8} wrap>
          {token && (
            <Button type="primary" loading={accepting.isLoading} onClick={() => void acceptIt()}>
              {t('dashboard.invitation.accept', 'Accept invitation')}
            </Button>
          )}
          <Button danger loading={declining.isLoading} onClick={() => void declineIt()}>
            {t('dashboard.invitation.decline', 'Decline')}
          </Button>
        </Flex>
      }
    />
  );
}

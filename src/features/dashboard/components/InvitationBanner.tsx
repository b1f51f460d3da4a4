import { Alert, Button, Flex } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { apiErrorMessage } from '../../../api/apiError';
import { useAcceptServerInvitationMutation } from '../../../api/sharing';

/**
 * The invitation from an emailed link (`/?invitation=<token>`): offers to accept it, after which
 * the shared server joins the list below. The token leaves the address once used or dismissed.
 */
export function InvitationBanner() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const token = params.get('invitation');
  const [accept, { isLoading, error }] = useAcceptServerInvitationMutation();
  const [joined, setJoined] = useState<string | null>(null);

  const forgetToken = () =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('invitation');
        return next;
      },
      { replace: true },
    );

  if (joined) {
    return (
      <Alert
        type="success"
        showIcon
        closable
        onClose={() => setJoined(null)}
        title={t('dashboard.invitation.accepted', 'The invitation was accepted: the server is now in your list.')}
        action={<Link to={`/server/${encodeURIComponent(joined)}`}>{t('dashboard.invitation.open', 'Open the server')}</Link>}
      />
    );
  }
  if (!token) return null;

  const acceptInvitation = async () => {
    const result = await accept({ body: { token } });
    if ('data' in result && result.data) {
      setJoined(result.data.data.server_identifier);
      forgetToken();
    }
  };

  return (
    <Alert
      type={error ? 'error' : 'info'}
      showIcon
      title={t('dashboard.invitation.title', 'You have been invited to a server')}
      description={
        error
          ? apiErrorMessage(error) ?? t('dashboard.invitation.failed', 'The invitation could not be accepted. It may have expired or been used already.')
          : t('dashboard.invitation.text', 'Accept the invitation to see the server here and use it with the permissions you were given.')
      }
      action={
        <Flex gap={8} wrap>
          <Button type="primary" loading={isLoading} onClick={acceptInvitation}>
            {t('dashboard.invitation.accept', 'Accept invitation')}
          </Button>
          <Button onClick={forgetToken}>{t('dashboard.invitation.dismiss', 'Not now')}</Button>
        </Flex>
      }
    />
  );
}

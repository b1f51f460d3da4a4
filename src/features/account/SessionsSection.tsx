import { Button, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useListAccountSessionsQuery, useRevokeAccountSessionMutation, type AccountSession } from '../../api/account';
import { Ltr } from '../../components/Ltr';
import { useDateTime } from '../../core/session/useDateTime';
import { PullToRefresh } from '../../components/PullToRefresh';
import { describeUserAgent } from './describeUserAgent';
import { useSuccessNotice } from './useSuccessNotice';

function deviceName(session: AccountSession, t: TFunction): string {
  const { browser, system } = describeUserAgent(session.user_agent);
  if (browser && system) return t('account.sessions.device', '{{browser}} on {{system}}', { browser, system });
  return browser ?? system ?? t('account.sessions.unknownDevice', 'Unknown device');
}

/** The sessions (access tokens) of the account, with the place and time each was last used, and revoke. */
export function SessionsSection() {
  const { t } = useTranslation();
  const sessions = useListAccountSessionsQuery();
  const [revoke, revoking] = useRevokeAccountSessionMutation();
  const notice = useSuccessNotice();
  const when = useDateTime();

  const revokeSession = async (session: AccountSession) => {
    try {
      await revoke({ id: session.id }).unwrap();
      notice(t('account.sessions.revoked', 'The session was ended.'));
    } catch {
      // Shown by the listeners.
    }
  };

  const list = sessions.data?.data ?? [];
  return (
    <PullToRefresh onRefresh={() => sessions.refetch()}>
      {sessions.isError ? <p role="alert">{t('account.sessions.loadFailed', 'The sessions could not be loaded.')}</p> : null}
      <ul aria-label={t('account.sessions.list', 'Sessions')} aria-busy={sessions.isFetching} style={{ listStyle: 'none', margin: 0, padding: 0 }}>
        {list.map((session) => {
          const device = deviceName(session, t);
          return (
            <li key={session.id} style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 12, paddingBlock: 12, borderBlockEnd: '1px solid var(--panel-card-border)' }}>
              <div style={{ flex: '1 1 220px', minWidth: 0 }}>
                <div style={{ fontWeight: 600 }}>
                  {device} {session.current ? <Tag color="green">{t('account.sessions.current', 'This device')}</Tag> : null}
                </div>
                <div style={{ opacity: 0.75, fontSize: 13 }}>
                  {session.ip ? (
                    <>
                      <Ltr>{session.ip}</Ltr>
                      {' · '}
                    </>
                  ) : null}
                  {t('account.sessions.lastUsed', 'Last used {{time}}', { time: when(session.last_used_at) })}
                </div>
              </div>
              {session.current ? null : (
                <Button
                  danger
                  onClick={() => void revokeSession(session)}
                  loading={revoking.isLoading && revoking.originalArgs?.id === session.id}
                  aria-label={t('account.sessions.revokeLabel', 'End the session on {{device}}, last used {{time}}', { device, time: when(session.last_used_at) })}
                >
                  {t('account.sessions.revoke', 'Revoke')}
                </Button>
              )}
            </li>
          );
        })}
      </ul>
    </PullToRefresh>
  );
}

import { Button, Flex, Switch, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useGetServerQuery } from '../../api/servers';
import { useGetServerNotificationSettingsQuery, useUpdateServerNotificationSettingsMutation } from '../../api/notifications';
import { useClearValidationOnLeave } from '../../core/validation/useClearValidationOnLeave';
import { ServerLoadFailure } from '../../widgets/server/ServerLoadFailure';
import { ServerPageSection } from '../../components/server/ServerPageSection';
import { StatusResult } from '../../components/StatusResult';
import { webhookEventText } from '../../widgets/server/serverEventTexts';
import { PlainSkeleton } from '../../components/PlainSkeleton';

type Choice = { panel: boolean; mail: boolean };

const cell = { padding: '8px 12px', textAlign: 'start' } as const;

/**
 * /server/{id}/notifications: for each of the server's events, whether the signed-in user sees it
 * in their notification list and gets a mail. Changes are kept on the page until saved.
 */
export function ServerNotificationsPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  useClearValidationOnLeave();
  const server = useGetServerQuery({ id });
  const allowed = (server.data?.data.permissions ?? []).includes('notification.read');
  const settings = useGetServerNotificationSettingsQuery({ id }, { skip: !allowed });
  const [save, saving] = useUpdateServerNotificationSettingsMutation();
  const [edits, setEdits] = useState<Record<string, Choice>>({});
  const title = t('panelNotifications.settings.title', 'Notifications');

  if (server.data && !allowed) {
    return (
      <ServerPageSection title={title}>
        <StatusResult status="403" title={t('panelNotifications.settings.forbidden', 'You may not receive the notifications of this server.')} />
      </ServerPageSection>
    );
  }
  if (!server.data || !settings.data) {
    const failed = server.error ?? settings.error;
    return (
      <ServerPageSection title={title}>
        {failed ? <ServerLoadFailure error={failed} onRetry={() => void (server.data ? settings.refetch() : server.refetch())} /> : <PlainSkeleton rows={8} />}
      </ServerPageSection>
    );
  }

  const choices = settings.data.data.events.map((choice) => ({ ...choice, ...edits[choice.event] }));
  const changed = choices.filter((choice) => edits[choice.event]);
  const set = (event: string, current: Choice, change: Partial<Choice>) => setEdits((all) => ({ ...all, [event]: { ...current, ...change } }));
  const submit = async () => {
    const result = await save({ id, body: { events: changed.map(({ event, panel, mail }) => ({ event, panel, mail })) } });
    if ('data' in result) setEdits({});
  };

  return (
    <ServerPageSection
      title={title}
      actions={
        <Flex gap={12} align="center">
          {saving.isSuccess && changed.length === 0 ? <Typography.Text type="success">{t('panelNotifications.settings.saved', 'Saved')}</Typography.Text> : null}
          <Button type="primary" disabled={changed.length === 0} loading={saving.isLoading} onClick={() => void submit()}>
            {t('panelNotifications.settings.save', 'Save')}
          </Button>
        </Flex>
      }
    >
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t(
          'panelNotifications.settings.intro',
          'Choose what you are told about on this server: in the bell’s list at the top of the panel, and by mail (at most one mail per event every few minutes, so a server that keeps crashing does not fill your mailbox). These choices are yours alone.',
        )}
      </Typography.Paragraph>
      <div style={{ overflowX: 'auto' }}>
        <table style={{ borderCollapse: 'collapse', width: '100%' }}>
          <thead>
            <tr>
              <th style={cell}>{t('panelNotifications.settings.event', 'Event')}</th>
              <th style={cell}>{t('panelNotifications.settings.panel', 'In the panel')}</th>
              <th style={cell}>{t('panelNotifications.settings.mail', 'By mail')}</th>
            </tr>
          </thead>
          <tbody>
            {choices.map((choice) => {
              const label = webhookEventText(t, choice.event);
              return (
                <tr key={choice.event} style={{ borderTop: '1px solid var(--panel-border, rgba(255,255,255,0.08))' }}>
                  <th scope="row" style={{ ...cell, fontWeight: 'normal' }}>
                    {label}
                  </th>
                  <td style={cell}>
                    <Switch
                      checked={choice.panel}
                      aria-label={t('panelNotifications.settings.panelFor', '{{event}}: in the panel', { event: label })}
                      onChange={(panel) => set(choice.event, choice, { panel })}
                    />
                  </td>
                  <td style={cell}>
                    <Switch
                      checked={choice.mail}
                      aria-label={t('panelNotifications.settings.mailFor', '{{event}}: by mail', { event: label })}
                      onChange={(mail) => set(choice.event, choice, { mail })}
                    />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </ServerPageSection>
  );
}

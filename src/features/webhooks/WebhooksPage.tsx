import { DeleteOutlined, EditOutlined, PlusOutlined, SendOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Popconfirm, Skeleton, Space, Tag, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { useGetServerQuery } from '../../api/servers';
import { useDeleteServerWebhookMutation, useListServerWebhooksQuery, useTestServerWebhookMutation, type Webhook } from '../../api/webhooks';
import { useClearValidationOnLeave } from '../../core/validation/useClearValidationOnLeave';
import { ServerLoadFailure } from '../../widgets/server/ServerLoadFailure';
import { ServerPageSection } from '../../components/server/ServerPageSection';
import { StatusResult } from '../../components/StatusResult';
import { OnceOpened } from '../../components/OnceOpened';
import { Ltr } from '../../components/Ltr';
import { webhookEventText } from '../../widgets/server/serverEventTexts';
import { PlainSkeleton } from '../../components/PlainSkeleton';

// The dialog and the delivery log load when first opened: with them come antd's Modal, Form,
// Radio, Checkbox and Table, which would take the page over its size budget.
const WebhookDeliveriesTable = lazy(() => import('./WebhookDeliveriesTable').then((m) => ({ default: m.WebhookDeliveriesTable })));
const WebhookFormDialog = lazy(() => import('./WebhookFormDialog').then((m) => ({ default: m.WebhookFormDialog })));

/**
 * /server/{id}/webhooks: where the server's events go (Discord embeds or signed JSON): the list
 * with each hook's delivery log, add, change, send a test, delete. A generated signing secret is
 * shown once, right after saving, with a copy button.
 */
export function WebhooksPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  useClearValidationOnLeave();
  const server = useGetServerQuery({ id });
  const canManage = (server.data?.data.permissions ?? []).includes('webhook.manage');
  const hooks = useListServerWebhooksQuery({ id }, { skip: !canManage });
  const [dialog, setDialog] = useState<{ editing?: Webhook } | null>(null);
  const [secret, setSecret] = useState<{ name: string; secret: string } | null>(null);
  const [sendTest, testing] = useTestServerWebhookMutation();
  const [remove, removal] = useDeleteServerWebhookMutation();
  const [openLog, setOpenLog] = useState<string | null>(null);
  const [lastTest, setLastTest] = useState<{ name: string; ok: boolean; detail: string } | null>(null);
  const title = t('webhooks.title', 'Webhooks');

  if (server.data && !canManage) {
    return (
      <ServerPageSection title={title}>
        <StatusResult status="403" title={t('webhooks.forbidden', 'You may not manage the webhooks of this server.')} />
      </ServerPageSection>
    );
  }
  if (!server.data || !hooks.data) {
    const failed = server.error ?? hooks.error;
    return (
      <ServerPageSection title={title}>
        {failed ? <ServerLoadFailure error={failed} onRetry={() => void (server.data ? hooks.refetch() : server.refetch())} /> : <PlainSkeleton rows={6} />}
      </ServerPageSection>
    );
  }

  const { data: list, meta } = hooks.data;
  const test = async (hook: Webhook) => {
    const result = await sendTest({ id, webhook: hook.uuid });
    if ('data' in result && result.data) {
      const delivery = result.data.data;
      const ok = delivery.status === 'delivered';
      setLastTest({ name: hook.name, ok, detail: ok ? String(delivery.response_code) : (delivery.error ?? '') });
    }
  };
  return (
    <ServerPageSection
      title={title}
      badge={<Typography.Text type="secondary">{t('webhooks.count', '{{count}} of {{limit}}', { count: list.length, limit: meta.limit })}</Typography.Text>}
      actions={
        <Button type="primary" icon={<PlusOutlined aria-hidden="true" />} disabled={list.length >= meta.limit} onClick={() => setDialog({})}>
          {t('webhooks.add', 'Add webhook')}
        </Button>
      }
    >
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t(
          'webhooks.intro',
          'Tell Discord or your own service when something happens on this server: a crash, a finished backup, a player joining. JSON deliveries are signed (X-Panel-Signature) so your service can check they come from the panel.',
        )}
      </Typography.Paragraph>
      {secret ? (
        <Alert
          type="warning"
          showIcon
          closable
          onClose={() => setSecret(null)}
          title={t('webhooks.secretTitle', 'Signing secret of {{name}}', { name: secret.name })}
          description={
            <Space orientation="vertical">
              <span>{t('webhooks.secretOnce', 'Copy it now: it is not shown again. Your service checks each delivery’s signature with it.')}</span>
              <Typography.Text code copyable={{ text: secret.secret, tooltips: [t('webhooks.copy', 'Copy'), t('webhooks.copied', 'Copied')] }}>
                <Ltr>{secret.secret}</Ltr>
              </Typography.Text>
            </Space>
          }
        />
      ) : null}
      {lastTest ? (
        <Alert
          type={lastTest.ok ? 'success' : 'error'}
          showIcon
          closable
          onClose={() => setLastTest(null)}
          title={
            lastTest.ok
              ? t('webhooks.testDelivered', 'The test reached {{name}} (answer {{code}}).', { name: lastTest.name, code: lastTest.detail })
              : t('webhooks.testFailed', 'The test did not reach {{name}}: {{reason}}', { name: lastTest.name, reason: lastTest.detail })
          }
        />
      ) : null}
      {list.length === 0 ? <Typography.Text type="secondary">{t('webhooks.empty', 'No webhooks yet. Add one to hear about crashes, backups and more.')}</Typography.Text> : null}
      {list.map((hook) => (
        <Card
          key={hook.uuid}
          role="region"
          aria-label={t('webhooks.cardLabel', 'Webhook {{name}}', { name: hook.name })}
          size="small"
          title={hook.name}
          extra={
            <Space wrap size={4}>
              <Button size="small" icon={<SendOutlined aria-hidden="true" />} loading={testing.isLoading && testing.originalArgs?.webhook === hook.uuid} onClick={() => void test(hook)}>
                {t('webhooks.sendTest', 'Send test')}
              </Button>
              <Button
                size="small"
                icon={<EditOutlined aria-hidden="true" />}
                aria-label={t('webhooks.editLabel', 'Change {{name}}', { name: hook.name })}
                onClick={() => setDialog({ editing: hook })}
              />
              <Popconfirm
                title={t('webhooks.deleteConfirm', 'Delete this webhook? Its delivery log goes with it.')}
                okText={t('webhooks.delete', 'Delete')}
                cancelText={t('webhooks.cancel', 'Cancel')}
                okButtonProps={{ danger: true }}
                onConfirm={() => void remove({ id, webhook: hook.uuid })}
              >
                <Button
                  size="small"
                  danger
                  icon={<DeleteOutlined aria-hidden="true" />}
                  aria-label={t('webhooks.deleteLabel', 'Delete {{name}}', { name: hook.name })}
                  loading={removal.isLoading && removal.originalArgs?.webhook === hook.uuid}
                />
              </Popconfirm>
            </Space>
          }
        >
          <Space orientation="vertical" style={{ width: '100%' }}>
            <Space wrap>
              <Tag>{hook.kind === 'discord' ? t('webhooks.kind.discord', 'Discord') : t('webhooks.kind.json', 'JSON (signed)')}</Tag>
              <Typography.Text type="secondary" style={{ overflowWrap: 'anywhere' }}>
                <Ltr>{hook.url}</Ltr>
              </Typography.Text>
            </Space>
            <Typography.Text>
              {t('webhooks.eventsLabel', 'Events')}: {hook.events.map((name) => webhookEventText(t, name)).join(', ')}
            </Typography.Text>
            <Button type="link" style={{ padding: 0 }} aria-expanded={openLog === hook.uuid} onClick={() => setOpenLog(openLog === hook.uuid ? null : hook.uuid)}>
              {openLog === hook.uuid ? t('webhooks.hideDeliveries', 'Hide delivery log') : t('webhooks.showDeliveries', 'Show delivery log')}
            </Button>
            {openLog === hook.uuid ? (
              <Suspense fallback={<Skeleton active paragraph={{ rows: 3 }} />}>
                <WebhookDeliveriesTable serverId={id} webhook={hook.uuid} name={hook.name} />
              </Suspense>
            ) : null}
          </Space>
        </Card>
      ))}
      <OnceOpened open={dialog !== null}>
        <WebhookFormDialog
          key={dialog?.editing?.uuid ?? 'new'}
          serverId={id}
          editing={dialog?.editing}
          events={meta.events}
          open={dialog !== null}
          onClose={() => setDialog(null)}
          onSecret={(name, value) => setSecret({ name, secret: value })}
        />
      </OnceOpened>
    </ServerPageSection>
  );
}

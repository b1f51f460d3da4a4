import { isUpstreamFailure } from '../../api/apiError';
import { ServerFieldErrors } from '../../core/validation/ServerFieldErrors';
import { Alert, Button, Form, Input, Popconfirm, Skeleton, Space, Tag, Typography } from 'antd';
import { PlainCard } from '../../components/PlainCard';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSuccessNotification } from '../../core/notifications/useSuccessNotification';
import { useParams } from 'react-router-dom';
import {
  useCreateServerAllocationMutation,
  useDeleteServerAllocationMutation,
  useDeleteServerSubdomainMutation,
  useGetServerNetworkQuery,
  useSetServerPrimaryAllocationMutation,
  useSetServerSubdomainMutation,
  useUpdateServerAllocationMutation,
  type ServerPort,
} from '../../api/network';
import { useGetServerQuery } from '../../api/servers';
import { useClearValidationOnLeave } from '../../core/validation/useClearValidationOnLeave';
import { useFieldErrors } from '../../core/validation/useFieldErrors';
import { fieldErrorProps } from '../../components/fieldErrorProps';
import { PlainSelect } from '../../components/PlainSelect';
import { ResponsiveTable } from '../../components/ResponsiveTable';
import { CopyableAddress } from '../../components/server/CopyableAddress';
import { ServerLoadFailure } from '../../widgets/server/ServerLoadFailure';
import { ServerPageSection } from '../../components/server/ServerPageSection';
import { StatusResult } from '../../components/StatusResult';

/** The message of a failed change (409 and 502 are not raised as notifications). */
function messageOf(error: unknown): string | null {
  return (error as { data?: { message?: string } } | undefined)?.data?.message ?? null;
}

/**
 * /server/{id}/network: the server's ports (primary and extra ones within the plan's limit, with
 * notes) and its subdomain under one of the host's zones, with the addresses players type.
 */
export function NetworkPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  useClearValidationOnLeave();
  const server = useGetServerQuery({ id });
  const permissions = server.data?.data.permissions ?? [];
  const can = (key: string) => permissions.includes(`allocation.${key}`);
  const network = useGetServerNetworkQuery({ id }, { skip: !can('read') });
  const [addPort, adding] = useCreateServerAllocationMutation();
  const [removePort] = useDeleteServerAllocationMutation();
  const [makePrimary] = useSetServerPrimaryAllocationMutation();
  const [updatePort] = useUpdateServerAllocationMutation();
  const [setSubdomain, settingSubdomain] = useSetServerSubdomainMutation();
  const [deleteSubdomain] = useDeleteServerSubdomainMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const title = t('network.title', 'Network');

  const notifySuccess = useSuccessNotification();
  const run = async (change: () => Promise<unknown>): Promise<boolean> => {
    setFailure(null);
    const result = (await change()) as { error?: unknown };
    if (isUpstreamFailure(result.error)) setFailure(t('network.dnsUnreachable', 'The name service could not be reached. Nothing was changed; try again later.'));
    else if (result.error) setFailure(messageOf(result.error) ?? t('network.failed', 'The change could not be made.'));
    return !result.error;
  };

  if (server.data && !can('read')) {
    return (
      <ServerPageSection title={title}>
        <StatusResult status="403" title={t('network.forbidden', 'You may not see the network settings of this server.')} />
      </ServerPageSection>
    );
  }
  const failed = server.error ?? network.error;
  if (!server.data || !network.data) {
    return (
      <ServerPageSection title={title}>
        {failed ? <ServerLoadFailure error={failed} onRetry={() => void (server.data ? network.refetch() : server.refetch())} /> : <Skeleton active paragraph={{ rows: 6 }} />}
      </ServerPageSection>
    );
  }
  const data = network.data.data;
  const primary = data.ports.find((p) => p.primary);
  const full = data.extra_ports.used >= data.extra_ports.limit;

  return (
    <div style={{ maxWidth: '100%', overflowX: 'auto' }}>
      <ServerPageSection title={title}>
        {failure && <Alert type="error" showIcon closable message={failure} onClose={() => setFailure(null)} role="alert" />}

        <PlainCard title={t('network.connect', 'Connect')} size="small">
          <Space direction="vertical" style={{ maxWidth: '100%' }}>
            {data.subdomain && (
              <div>
                <Typography.Text type="secondary">{t('network.playersType', 'Players type')}: </Typography.Text>
                <CopyableAddress address={data.subdomain.address} />
              </div>
            )}
            {primary && (
              <div>
                <Typography.Text type="secondary">{t('network.directAddress', 'Direct address')}: </Typography.Text>
                <CopyableAddress address={`${primary.host}:${primary.port}`} />
              </div>
            )}
          </Space>
        </PlainCard>

        <PlainCard
          title={t('network.ports', 'Ports')}
          size="small"
          extra={<Tag>{t('network.extraUsed', '{{used}} of {{limit}} extra ports', { used: data.extra_ports.used, limit: data.extra_ports.limit })}</Tag>}
        >
          <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('network.primaryNote', 'A new primary port takes effect at the next start of the server.')} />
          {can('create') && (
            <Button type="primary" style={{ marginBottom: 12 }} loading={adding.isLoading} disabled={full} onClick={() => void run(() => addPort({ id }))}>
              {t('network.addPort', 'Add a port')}
            </Button>
          )}
          {full && data.extra_ports.limit > 0 && <Typography.Paragraph type="secondary">{t('network.limitReached', 'The plan’s extra ports are all in use.')}</Typography.Paragraph>}
          <ResponsiveTable<ServerPort>
            rowLabel={(p) => String(p.port)}
            size="small"
            rowKey="id"
            pagination={false}
            dataSource={data.ports}
            columns={[
              { title: t('network.port', 'Port'), key: 'port', render: (_, p) => <CopyableAddress address={`${p.host}:${p.port}`} /> },
              {
                title: t('network.kind', 'Kind'),
                key: 'kind',
                render: (_, p) => (p.primary ? <Tag color="blue">{t('network.primary', 'Primary')}</Tag> : p.purpose ? <Tag>{p.purpose}</Tag> : <Tag>{t('network.extra', 'Extra')}</Tag>),
              },
              {
                title: t('network.notes', 'Note'),
                key: 'notes',
                render: (_, p) => (
                  <NoteField
                    port={p}
                    editable={can('update')}
                    onSave={async (notes) => {
                      const saved = await run(() => updatePort({ id, allocation: String(p.id), body: { notes } }));
                      if (saved) notifySuccess(t('network.noteSaved.title', 'Note saved'), t('network.noteSaved.text', 'The note of the port {{port}} was saved.', { port: p.port }));
                      return saved;
                    }}
                  />
                ),
              },
              {
                title: t('network.actions', 'Actions'),
                key: 'actions',
                render: (_, p) =>
                  p.primary || p.purpose ? null : (
                    <Space wrap>
                      {can('update') && (
                        <Button
                          size="small"
                          onClick={() => void run(() => makePrimary({ id, allocation: String(p.id) }))}
                          aria-label={t('network.makePrimaryNamed', 'Make {{port}} the primary port', { port: p.port })}
                        >
                          {t('network.makePrimary', 'Make primary')}
                        </Button>
                      )}
                      {can('delete') && (
                        <Popconfirm
                          title={t('network.removeConfirm', 'Remove this port?')}
                          onConfirm={() => void run(() => removePort({ id, allocation: String(p.id) }))}
                          okText={t('network.remove', 'Remove')}
                          cancelText={t('network.cancel', 'Cancel')}
                        >
                          <Button size="small" danger aria-label={t('network.removeNamed', 'Remove the port {{port}}', { port: p.port })}>
                            {t('network.remove', 'Remove')}
                          </Button>
                        </Popconfirm>
                      )}
                    </Space>
                  ),
              },
            ]}
          />
        </PlainCard>

        <PlainCard title={t('network.subdomain', 'Subdomain')} size="small">
          {data.zones.length === 0 ? (
            <Typography.Paragraph>{t('network.noZones', 'The host has not set up DNS zones, so this server cannot have a subdomain yet.')}</Typography.Paragraph>
          ) : (
            <SubdomainForm
              zones={data.zones}
              current={data.subdomain}
              editable={can('subdomain')}
              saving={settingSubdomain.isLoading}
              onSave={(label, zone) => run(() => setSubdomain({ id, body: { label, zone } }))}
              onRemove={() => run(() => deleteSubdomain({ id }))}
            />
          )}
        </PlainCard>
      </ServerPageSection>
    </div>
  );
}

function NoteField({ port, editable, onSave }: { port: ServerPort; editable: boolean; onSave: (notes: string | null) => Promise<boolean> }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(port.notes ?? '');
  if (!editable) return <span>{port.notes}</span>;
  const changed = value.trim() !== (port.notes ?? '');
  return (
    <Space.Compact>
      <Input size="small" value={value} maxLength={255} onChange={(e) => setValue(e.target.value)} aria-label={t('network.noteFor', 'Note for the port {{port}}', { port: port.port })} />
      <Button size="small" disabled={!changed} onClick={() => void onSave(value.trim() || null)}>
        {t('network.save', 'Save')}
      </Button>
    </Space.Compact>
  );
}

interface SubdomainFormProps {
  zones: string[];
  current: { label: string; zone: string; address: string; srv_record: string } | null;
  editable: boolean;
  saving: boolean;
  onSave: (label: string, zone: string) => Promise<boolean>;
  onRemove: () => Promise<boolean>;
}

function SubdomainForm({ zones, current, editable, saving, onSave, onRemove }: SubdomainFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<{ label: string; zone: string }>();
  const label = Form.useWatch('label', form) ?? current?.label ?? '';
  const zone = Form.useWatch('zone', form) ?? current?.zone ?? zones[0];
  const labelText = t('network.name', 'Name');
  const zoneText = t('network.zone', 'Zone');
  const labelErrors = useFieldErrors('label');
  const zoneErrors = useFieldErrors('zone');
  return (
    <>
      {current && <Typography.Paragraph>{t('network.srvNote', 'The panel keeps the SRV record {{record}} pointing at the primary port.', { record: current.srv_record })}</Typography.Paragraph>}
      {editable ? (
        <Form
          form={form}
          name="subdomain"
          layout="vertical"
          initialValues={{ label: current?.label ?? '', zone: current?.zone ?? zones[0] }}
          onFinish={(values) => void onSave(values.label.trim(), values.zone)}
        >
          <ServerFieldErrors shownByItems={['label', 'zone']} />
          <Form.Item
            name="label"
            label={labelText}
            rules={[
              { required: true, message: t('validation.required', 'This field is required') },
              { pattern: /^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/, message: t('network.labelRule', 'Letters, digits and hyphens (not at the start or end), at most 63') },
            ]}
            {...fieldErrorProps(labelErrors, labelText)}
          >
            <Input maxLength={63} autoComplete="off" />
          </Form.Item>
          <Form.Item name="zone" label={zoneText} {...fieldErrorProps(zoneErrors, zoneText)}>
            <PlainSelect options={zones.map((z) => ({ value: z, label: `.${z}` }))} />
          </Form.Item>
          <Typography.Paragraph>
            {t('network.preview', 'Players will type')}: <Typography.Text code>{`${(label || '…').toLowerCase()}.${zone}`}</Typography.Text>
          </Typography.Paragraph>
          <Space wrap>
            <Button type="primary" htmlType="submit" loading={saving}>
              {t('network.saveSubdomain', 'Save subdomain')}
            </Button>
            {current && (
              <Popconfirm
                title={t('network.removeSubdomainConfirm', 'Remove the subdomain and its DNS records?')}
                onConfirm={() => void onRemove().then((ok) => ok && form.setFieldsValue({ label: '' }))}
                okText={t('network.remove', 'Remove')}
                cancelText={t('network.cancel', 'Cancel')}
              >
                <Button danger>{t('network.removeSubdomain', 'Remove subdomain')}</Button>
              </Popconfirm>
            )}
          </Space>
        </Form>
      ) : (
        !current && <Typography.Paragraph>{t('network.noSubdomain', 'This server has no subdomain.')}</Typography.Paragraph>
      )}
    </>
  );
}

import { Alert, Button, Input, Popconfirm, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateServerAllocationMutation, useDeleteServerAllocationMutation, useSetServerPrimaryAllocationMutation, useUpdateServerAllocationMutation, type ServerPort } from '../../../api/network';
import { useSuccessNotification } from '../../../core/notifications/useSuccessNotification';
import { PlainCard } from '../../../components/PlainCard';
import { ResponsiveTable } from '../../../components/ResponsiveTable';
import { CopyableAddress } from '../../../components/server/CopyableAddress';
import type { NetworkSectionProps } from './networkSection';

/** The ports: primary and extra ones within the plan's limit, their notes, adding, making primary and removing. */
export function PortsCard({ serverId: id, network: data, can, run }: NetworkSectionProps) {
  const { t } = useTranslation();
  const notifySuccess = useSuccessNotification();
  const [addPort, adding] = useCreateServerAllocationMutation();
  const [removePort] = useDeleteServerAllocationMutation();
  const [makePrimary] = useSetServerPrimaryAllocationMutation();
  const [updatePort] = useUpdateServerAllocationMutation();
  const full = data.extra_ports.used >= data.extra_ports.limit;
  return (
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
  );
}

/** A port's note: editable with its own save button, or shown as text. */
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

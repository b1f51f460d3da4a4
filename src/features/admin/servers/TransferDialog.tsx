import { Alert, Descriptions, Modal, Progress, Select, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGetAdminServerTransferQuery, useListAdminNodesQuery, useTransferAdminServerMutation, type GetAdminServerTransferApiResponse } from '../../../api/generated/admin.gen';
import { stateColour } from '../adminTexts';
import type { AdminServer } from './adminServerTypes';

type Transfer = GetAdminServerTransferApiResponse['data']['transfer'];

/** How often a running move is asked about: it copies files, so seconds matter, not milliseconds. */
const POLL_MS = 1_500;

/** A transfer's progress: its step, state, bytes copied of the total, the new address, or why it failed. */
function TransferProgress({ transfer }: { transfer: Transfer }) {
  const { t } = useTranslation();
  const steps: Record<Transfer['step'], string> = {
    stopping: t('admin.transfer.stopping', 'Stopping the server'),
    copying: t('admin.transfer.copying', 'Copying its files'),
    switching: t('admin.transfer.switching', 'Switching over'),
    starting: t('admin.transfer.starting', 'Starting it there'),
    done: t('admin.transfer.done', 'Done'),
  };
  const states: Record<Transfer['state'], string> = {
    running: t('admin.transfer.running', 'Moving'),
    completed: t('admin.transfer.completed', 'Moved'),
    failed: t('admin.transfer.failed', 'Failed: the server stays whole on its old node'),
  };
  // The total is the files as last measured on the source (it may count more than the copy moves):
  // a finished move is whole whatever the ratio says.
  const percent = transfer.state === 'completed' ? 100 : transfer.bytes_total ? Math.min(100, Math.round((transfer.bytes_copied / transfer.bytes_total) * 100)) : 0;
  return (
    <Descriptions column={1} size="small" bordered aria-live="polite">
      <Descriptions.Item label={t('admin.transfer.route', 'From → to')}>{`${transfer.from} → ${transfer.to}`}</Descriptions.Item>
      <Descriptions.Item label={t('admin.field.state', 'State')}>
        <Tag color={transfer.state === 'failed' ? 'red' : stateColour(transfer.state === 'completed' ? 'running' : 'starting')}>{states[transfer.state]}</Tag>
        {transfer.state === 'running' ? steps[transfer.step] : null}
      </Descriptions.Item>
      <Descriptions.Item label={t('admin.transfer.progress', 'Files copied')}>
        <Progress percent={percent} size="small" status={transfer.state === 'failed' ? 'exception' : undefined} />
      </Descriptions.Item>
      {transfer.address ? <Descriptions.Item label={t('admin.transfer.address', 'New address')}>{transfer.address}</Descriptions.Item> : null}
      {transfer.error ? (
        <Descriptions.Item label={t('admin.transfer.error', 'Why')}>
          <Alert type="error" title={transfer.error} />
        </Descriptions.Item>
      ) : null}
    </Descriptions>
  );
}

/** Moves a server to another node: the target chosen among the other online nodes, then the move followed until it ends. */
export function TransferDialog({ server, onClose }: { server: AdminServer; onClose: () => void }) {
  const { t } = useTranslation();
  const [target, setTarget] = useState<string | undefined>();
  const [polling, setPolling] = useState(false);
  const nodes = (useListAdminNodesQuery().data?.data ?? []).filter((node) => node.name !== server.node);
  const { data } = useGetAdminServerTransferQuery({ server: server.identifier }, { pollingInterval: polling ? POLL_MS : 0, skipPollingIfUnfocused: false });
  const transfer = data?.data.transfer;
  const moving = transfer?.state === 'running';
  const [startTransfer, { isLoading }] = useTransferAdminServerMutation();
  // Each new answer decides whether to ask again: while a move runs (this one or one started elsewhere), until it ends.
  const [seen, setSeen] = useState(transfer);
  if (transfer !== seen) {
    setSeen(transfer);
    setPolling(moving);
  }
  const start = () =>
    void startTransfer({ server: server.identifier, body: { node: target ?? '' } })
      .unwrap()
      .then(
        () => setPolling(true),
        () => undefined,
      );
  return (
    <Modal
      open
      title={t('admin.transfer.title', 'Transfer {{name}}', { name: server.name })}
      onCancel={onClose}
      onOk={start}
      okText={t('admin.transfer.start', 'Transfer')}
      cancelText={t('admin.transfer.close', 'Close')}
      confirmLoading={isLoading}
      okButtonProps={{ disabled: !target || moving }}
    >
      <div style={{ display: 'grid', gap: 12 }}>
        <label>
          {t('admin.transfer.target', 'Target node')}
          <Select
            style={{ width: '100%' }}
            aria-label={t('admin.transfer.target', 'Target node')}
            value={target}
            onChange={setTarget}
            options={nodes.map((node) => ({ value: node.name, label: node.location ? `${node.name} (${node.location})` : node.name, disabled: node.state !== 'online' }))}
          />
        </label>
        {transfer ? <TransferProgress transfer={transfer} /> : null}
      </div>
    </Modal>
  );
}

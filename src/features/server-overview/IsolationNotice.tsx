import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ServerResources } from '../../api/servers';

/** Props of {@link IsolationNotice}. */
export interface IsolationNoticeProps {
  isolation: ServerResources['isolation'];
}

/**
 * Says plainly when a server is kept apart less than it should be: it runs without its sandbox
 * (a host that allows unsandboxed servers), or its limits are held by the panel pausing it and
 * checking its memory, or checking its disk use, instead of by the kernel). Nothing when the
 * sandbox and kernel limits (disk quota included) hold.
 */
export function IsolationNotice({ isolation }: IsolationNoticeProps) {
  const { t } = useTranslation();
  if (isolation.sandboxed && isolation.kernel_limits && isolation.kernel_disk_quota) return null;
  const reasons: string[] = [];
  if (!isolation.sandboxed) {
    reasons.push(t('overview.isolation.unsandboxed', 'It runs without a sandbox: its programs run on the host as the panel’s own user, not in a user and file system of their own.'));
  }
  if (!isolation.kernel_limits) {
    reasons.push(
      t(
        'overview.isolation.polledLimits',
        'Its CPU and memory limits are not enforced by the kernel: the panel pauses the server when it uses too much CPU and checks its memory every few seconds, so it may briefly use more than its plan allows.',
      ),
    );
  }
  if (!isolation.kernel_disk_quota) {
    reasons.push(
      t('overview.isolation.polledDisk', 'Its disk space is not enforced by the kernel: the panel checks its disk use every few seconds, so it may briefly write more than its plan allows.'),
    );
  }
  if (!isolation.host_network_blocked) reasons.push(t('overview.isolation.hostNetwork', 'It can connect to services on the host itself.'));
  return (
    <Alert
      type="warning"
      showIcon
      role="status"
      data-testid="isolation-notice"
      title={isolation.sandboxed ? t('overview.isolation.pollingTitle', 'Limits held by the panel, not the kernel') : t('overview.isolation.unsandboxedTitle', 'This server runs without a sandbox')}
      description={
        <ul style={{ margin: 0, paddingInlineStart: 20 }}>
          {reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      }
    />
  );
}

import { Alert, Button, Flex, theme } from 'antd';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReinstallServerMutation } from '../../api/servers';
import { SecondaryText } from '../../components/PanelText';
import { requestReportProblem } from '../../components/reportProblem';
import { installFailureKind } from '../../components/server/installFailure';

/** Props of {@link InstallFailedPanel}. */
export interface InstallFailedPanelProps {
  /** The server's short id. */
  serverId: string;
  /** The raw reason the install failed, as the server recorded it. */
  error: string | null;
  /** Only the owner may install again. */
  isOwner: boolean;
}

/**
 * A failed install said in words (which kind of failure, what to do), the raw details behind a
 * toggle, and the ways forward: install again (owner only) and report the problem.
 */
export function InstallFailedPanel({ serverId, error, isOwner }: InstallFailedPanelProps) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const [showDetails, setShowDetails] = useState(false);
  const [reinstall, { isLoading, error: reinstallError }] = useReinstallServerMutation();
  const detailsId = useId();
  const kind = installFailureKind(error);
  const title = {
    download: t('overview.installFailure.download.title', 'The game files could not be downloaded'),
    disk: t('overview.installFailure.disk.title', 'There was not enough disk space to install the game'),
    step: t('overview.installFailure.step.title', 'A step of the game installation failed'),
    other: t('overview.installFailure.other.title', 'The game could not be installed'),
  }[kind];
  const hint = {
    download: t('overview.installFailure.download.hint', 'The machine this server runs on could not reach the download server of the game. This is often temporary: try the installation again later.'),
    disk: t('overview.installFailure.disk.hint', 'Free some space (delete old backups or files) and install again.'),
    step: t('overview.installFailure.step.hint', 'Install again; if it fails the same way, report the problem so that we can look at it.'),
    other: t('overview.installFailure.other.hint', 'Install again; if it fails the same way, report the problem so that we can look at it.'),
  }[kind];
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      title={title}
      description={
        <Flex vertical gap={8}>
          <span>{hint}</span>
          {!isOwner ? <SecondaryText>{t('overview.installFailure.ownerOnly', 'Only the owner of the server can install it again.')}</SecondaryText> : null}
          {reinstallError ? <span style={{ color: token.colorErrorText }}>{t('overview.installFailure.retryFailed', 'The installation could not be started again.')}</span> : null}
          <Flex gap={8} wrap>
            {isOwner ? (
              <Button type="primary" loading={isLoading} onClick={() => void reinstall({ id: serverId })}>
                {t('overview.installFailure.retry', 'Retry install')}
              </Button>
            ) : null}
            <Button onClick={requestReportProblem}>{t('support.reportProblem', 'Report a problem')}</Button>
            {error ? (
              <Button type="link" aria-expanded={showDetails} aria-controls={detailsId} onClick={() => setShowDetails((shown) => !shown)}>
                {showDetails ? t('overview.installFailure.hideDetails', 'Hide details') : t('overview.installFailure.showDetails', 'Show details')}
              </Button>
            ) : null}
          </Flex>
          {error && showDetails ? (
            <pre
              id={detailsId}
              dir="ltr"
              style={{
                margin: 0,
                whiteSpace: 'pre-wrap',
                wordBreak: 'break-word',
                fontFamily: token.fontFamilyCode,
                fontSize: '85%',
                padding: '4px 8px',
                background: token.colorFillTertiary,
                border: `1px solid ${token.colorBorderSecondary}`,
                borderRadius: token.borderRadiusSM,
              }}
            >
              {error}
            </pre>
          ) : null}
        </Flex>
      }
    />
  );
}

import { Button, Descriptions, Modal, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { AppThemeScope } from '../../core/theme/AppThemeScope';
import { actionLogText } from './buildActionLog';
import { downloadActionLog } from './downloadActionLog';
import { recordingToggled, selectRecordingEnabled } from './supportSlice';
import { useActionLog } from './useActionLog';

/** Props of {@link ReportProblemDialog}. */
export interface ReportProblemDialogProps {
  onClose: () => void;
}

/**
 * "Report a problem": says what the action log holds, shows the whole file before it is
 * downloaded, and lets the user turn recording off.
 */
export function ReportProblemDialog({ onClose }: ReportProblemDialogProps) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const recording = useAppSelector(selectRecordingEnabled);
  const file = useActionLog(recording);
  const footer = [
    <Button key="close" onClick={onClose}>
      {t('support.report.close', 'Close')}
    </Button>,
    <Button key="download" type="primary" disabled={!file} onClick={() => file && downloadActionLog(file)}>
      {t('support.report.download', 'Download the file')}
    </Button>,
  ];
  // It opens from any page, also those without antd's theme around them (log in, sign up).
  return (
    <AppThemeScope>
      <Modal open title={t('support.report.title', 'Report a problem')} onCancel={onClose} footer={footer} width={720}>
        <Typography.Paragraph>
          {t(
            'support.report.intro',
            'The panel keeps a record of your recent actions in this tab. Download it and send it to support: they can replay exactly what you saw. Passwords, tokens and codes are never in it.',
          )}
        </Typography.Paragraph>
        <label style={{ display: 'flex', gap: 8, alignItems: 'center', marginBlockEnd: 16 }}>
          <Switch checked={recording} onChange={(checked) => dispatch(recordingToggled(checked))} />
          {t('support.report.recording', 'Record my actions in this tab for support')}
        </label>
        {file ? (
          <>
            <Descriptions size="small" column={1} bordered>
              <Descriptions.Item label={t('support.report.actions', 'Actions')}>{file.actionCount}</Descriptions.Item>
              <Descriptions.Item label={t('support.report.build', 'Panel build')}>{file.buildId}</Descriptions.Item>
              <Descriptions.Item label={t('support.report.browser', 'Browser')}>{file.browser}</Descriptions.Item>
              <Descriptions.Item label={t('support.report.language', 'Language and theme')}>{`${file.locale} · ${file.theme}`}</Descriptions.Item>
              <Descriptions.Item label={t('support.report.page', 'Page')}>{file.location}</Descriptions.Item>
            </Descriptions>
            <Typography.Title level={5} style={{ marginBlockStart: 16 }}>
              {t('support.report.contents', 'What the file contains')}
            </Typography.Title>
            <textarea
              readOnly
              aria-label={t('support.report.contents', 'What the file contains')}
              value={actionLogText(file)}
              style={{ width: '100%', height: 260, fontFamily: 'monospace', fontSize: 12, background: 'var(--panel-input-bg)', color: 'var(--panel-input-text)' }}
            />
          </>
        ) : (
          <Typography.Paragraph type="secondary">{t('support.report.off', 'Recording is off, so there is nothing to send.')}</Typography.Paragraph>
        )}
      </Modal>
    </AppThemeScope>
  );
}

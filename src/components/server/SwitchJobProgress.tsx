import { Alert, Progress } from 'antd';
import { useTranslation } from 'react-i18next';

/** A version switch or setup job as the API answers it. */
export interface SwitchJobView {
  kind: 'switch' | 'setup' | 'modpack';
  software: string;
  version: string;
  step: string;
  state: 'running' | 'completed' | 'failed';
  percent: number;
  error: string | null;
}

/** A version switch or setup job: its step and progress while it runs, then how it ended. */
export function SwitchJobProgress({ job }: { job: SwitchJobView }) {
  const { t } = useTranslation();
  const target = job.version ? `${job.software} ${job.version}` : job.software;
  const steps: Record<string, string> = {
    queued: t('versions.step.queued', 'Waiting'),
    stop: t('versions.step.stop', 'Stopping the server'),
    backup: t('versions.step.backup', 'Making a backup'),
    download: t('versions.step.download', 'Downloading and verifying'),
    install: t('versions.step.install', 'Installing'),
    start: t('versions.step.start', 'Starting the server'),
    rollback: t('versions.step.rollback', 'Rolling back'),
    done: t('versions.step.done', 'Done'),
  };
  if (job.state === 'running') {
    return (
      <div role="status">
        <div>{t('versions.job.running', '{{step}} ({{target}})', { step: steps[job.step] ?? job.step, target })}</div>
        <Progress percent={job.percent} status="active" aria-label={steps[job.step] ?? job.step} />
      </div>
    );
  }
  if (job.state === 'completed') {
    return (
      <Alert
        role="status"
        type="success"
        showIcon
        title={job.kind === 'setup' ? t('versions.job.setupDone', 'The setup is in place ({{target}}).', { target }) : t('versions.job.done', 'The server now runs {{target}}.', { target })}
      />
    );
  }
  return <Alert role="status" type="error" showIcon title={t('versions.job.failed', 'The change to {{target}} failed and was rolled back: {{error}}', { target, error: job.error ?? '' })} />;
}

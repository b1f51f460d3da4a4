import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

/** A run's or task's result as a coloured tag. */
export function ResultTag({ result }: { result: 'running' | 'ok' | 'failed' | 'skipped' | 'missed' | null }) {
  const { t } = useTranslation();
  if (result === null) return <Tag>{t('tasks.result.never', 'Not run yet')}</Tag>;
  if (result === 'ok') return <Tag color="success">{t('tasks.result.ok', 'Succeeded')}</Tag>;
  if (result === 'failed') return <Tag color="error">{t('tasks.result.failed', 'Failed')}</Tag>;
  if (result === 'skipped') return <Tag color="warning">{t('tasks.result.skipped', 'Skipped')}</Tag>;
  if (result === 'missed') return <Tag color="default">{t('tasks.result.missed', 'Missed')}</Tag>;
  return <Tag color="processing">{t('tasks.result.running', 'Running')}</Tag>;
}

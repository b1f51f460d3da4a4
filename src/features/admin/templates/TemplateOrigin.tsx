import { Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AdminTemplate } from './adminTemplateTypes';

/** Where a template came from: built into the panel, or imported from an egg (its format, address or upload, author). */
export function TemplateOrigin({ template }: { template: AdminTemplate }) {
  const { t } = useTranslation();
  const { source } = template;
  if (!source) return <Tag>{t('admin.templates.builtIn', 'Built in')}</Tag>;
  return (
    <span>
      <Tag color="blue">{t('admin.templates.imported', 'Imported ({{format}})', { format: source.format })}</Tag>
      <Typography.Text type="secondary" style={{ wordBreak: 'break-all' }}>
        {source.url ?? t('admin.templates.uploaded', 'uploaded')}
        {source.author ? ` · ${source.author}` : ''}
      </Typography.Text>
    </span>
  );
}

import { Alert, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { serverAreas } from './serverAreas';

/** Props of {@link ServerAreaPage}. */
export interface ServerAreaPageProps {
  /** Key of the area in {@link serverAreas}. */
  areaKey: string;
}

/**
 * The page of one server area while its tools are being set up: it names the area and says what
 * it is for, and shows no made-up data.
 */
export function ServerAreaPage({ areaKey }: ServerAreaPageProps) {
  const { t } = useTranslation();
  const area = serverAreas.find((candidate) => candidate.key === areaKey);
  if (!area) throw new Error(`Unknown server area: ${areaKey}`);
  const title = area.title(t);
  return (
    <section aria-label={title} style={{ display: 'flex', flexDirection: 'column', gap: 16, maxWidth: 880 }}>
      <Typography.Title level={2} style={{ margin: 0 }}>
        <span aria-hidden="true" style={{ marginInlineEnd: 12, color: 'var(--panel-primary)' }}>
          {area.icon}
        </span>
        {title}
      </Typography.Title>
      <Typography.Paragraph style={{ margin: 0, opacity: 0.85 }}>{area.description(t)}</Typography.Paragraph>
      <Alert
        type="info"
        showIcon
        title={t('server.area.settingUpTitle', 'This area is being set up')}
        description={t('server.area.settingUpText', '{{area}} is part of your server. Its tools will appear here as soon as they are ready.', { area: title })}
      />
    </section>
  );
}

import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AuditDetailLine } from './auditDetails';

/** Props of {@link AuditEntryDetails}. */
export interface AuditEntryDetailsProps {
  lines: readonly AuditDetailLine[];
  /** Everything the entry recorded, as the API gave it. */
  properties: Record<string, unknown> | undefined;
}

/**
 * An audit entry's details: its readable lines, then everything it recorded folded away under
 * "Raw data" (uuids and all), for support and for the curious, without cluttering the log.
 */
export function AuditEntryDetails({ lines, properties }: AuditEntryDetailsProps) {
  const { t } = useTranslation();
  // Values may be names in any script: each is isolated (bdi) so it cannot reorder its label.
  const hasRaw = properties !== undefined && Object.keys(properties).length > 0;
  if (lines.length === 0 && !hasRaw) return <Typography.Text type="secondary">—</Typography.Text>;
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 4, maxWidth: 420 }}>
      {lines.length > 0 && (
        <dl style={{ display: 'grid', gridTemplateColumns: 'auto 1fr', gap: '2px 8px', margin: 0 }}>
          {lines.map((line) => [
            <dt key={`${line.key}-label`} style={{ opacity: 0.75 }}>
              {line.label}
            </dt>,
            <dd key={`${line.key}-value`} style={{ margin: 0, overflowWrap: 'anywhere' }}>
              <bdi>{line.value}</bdi>
            </dd>,
          ])}
        </dl>
      )}
      {hasRaw && (
        <details>
          <summary style={{ cursor: 'pointer', opacity: 0.75 }}>{t('sharing.audit.details.raw', 'Raw data')}</summary>
          <pre dir="ltr" style={{ margin: '4px 0 0', fontSize: 12, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            {JSON.stringify(properties, null, 2)}
          </pre>
        </details>
      )}
    </div>
  );
}

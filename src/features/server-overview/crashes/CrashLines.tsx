import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Props of {@link CrashLines}. */
export interface CrashLinesProps {
  lines: string[];
  label: string;
}

/** The console lines that led up to a crash, as the console showed them (left to right, monospace). */
export function CrashLines({ lines, label }: CrashLinesProps) {
  const { t } = useTranslation();
  if (lines.length === 0) return <Typography.Text type="secondary">{t('overview.crashes.noLines', 'The console was empty.')}</Typography.Text>;
  return (
    // Console output reads left to right, also in right-to-left languages.
    <pre
      dir="ltr"
      aria-label={label}
      tabIndex={0}
      style={{ maxHeight: 320, overflow: 'auto', margin: 0, padding: 8, fontSize: 12, whiteSpace: 'pre-wrap', wordBreak: 'break-all', background: 'rgba(0,0,0,0.25)' }}
    >
      {lines.join('\n')}
    </pre>
  );
}

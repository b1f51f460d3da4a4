import { CheckOutlined, CopyOutlined } from '@ant-design/icons';
import { Button, Tooltip, Typography } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Ltr } from '../../components/Ltr';

/** Props of {@link CopyValue}. */
export interface CopyValueProps {
  /** What is copied. */
  value: string;
  /** What it is, for the button's name ("Copy user"). */
  what: string;
  /** Shown instead of the value (e.g. dots for a hidden password); the button then stays off. */
  masked?: ReactNode;
}

/** A connection detail in code style with a button that copies it, confirming for a moment that it did. */
export function CopyValue({ value, what, masked }: CopyValueProps) {
  const { t } = useTranslation();
  const [result, setResult] = useState<'copied' | 'failed' | null>(null);
  useEffect(() => {
    if (!result) return undefined;
    const timer = setTimeout(() => setResult(null), 2000);
    return () => clearTimeout(timer);
  }, [result]);
  const tip = result === 'copied' ? t('databases.copied', 'Copied') : result === 'failed' ? t('databases.copyFailed', 'Could not copy; select the text instead') : t('databases.copy', 'Copy');
  return (
    <span style={{ display: 'inline-flex', alignItems: 'center', gap: 4, minWidth: 0, maxWidth: '100%' }}>
      <Typography.Text code style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
        {masked ?? <Ltr>{value}</Ltr>}
      </Typography.Text>
      {masked === undefined && (
        <Tooltip title={tip}>
          <Button
            type="text"
            size="small"
            aria-label={t('databases.copyLabel', 'Copy {{what}}', { what })}
            icon={result === 'copied' ? <CheckOutlined aria-hidden="true" /> : <CopyOutlined aria-hidden="true" />}
            onClick={() =>
              void navigator.clipboard.writeText(value).then(
                () => setResult('copied'),
                () => setResult('failed'),
              )
            }
          />
        </Tooltip>
      )}
    </span>
  );
}

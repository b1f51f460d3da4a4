import { Alert, Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Ltr } from '../../components/Ltr';
import { saveBlob } from '../../components/saveBlob';

/** Props of {@link RecoveryCodes}. */
export interface RecoveryCodesProps {
  codes: readonly string[];
  /** The user has saved the codes; they are not shown again. */
  onDone: () => void;
}

/** The recovery codes, shown once right after two-factor is turned on, to copy or download. */
export function RecoveryCodes({ codes, onDone }: RecoveryCodesProps) {
  const { t } = useTranslation();
  const text = codes.join('\n');
  const longest = Math.max(0, ...codes.map((code) => code.length));

  const download = () => saveBlob(new Blob([`${text}\n`], { type: 'text/plain' }), 'recovery-codes.txt');

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <Alert
        type="warning"
        showIcon
        title={t('account.recoveryCodes.title', 'Save your recovery codes')}
        description={t('account.recoveryCodes.text', 'Each code logs you in once if you lose your phone. They are shown only this once.')}
      />
      <ol
        aria-label={t('account.recoveryCodes.list', 'Recovery codes')}
        // Each code stays whole: columns as wide as the longest code (in ch of the monospace font), never wrapped inside.
        style={{
          display: 'grid',
          gridTemplateColumns: `repeat(auto-fill, minmax(${longest + 4}ch, 1fr))`,
          gap: 8,
          margin: 0,
          paddingInlineStart: 24,
          fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
          fontSize: 15,
        }}
      >
        {codes.map((code) => (
          <li key={code} style={{ whiteSpace: 'nowrap' }}>
            <Ltr>{code}</Ltr>
          </li>
        ))}
      </ol>
      <Space wrap>
        <Button onClick={() => void navigator.clipboard?.writeText(text)}>{t('account.recoveryCodes.copy', 'Copy')}</Button>
        <Button onClick={download}>{t('account.recoveryCodes.download', 'Download')}</Button>
        <Button type="primary" onClick={onDone}>
          {t('account.recoveryCodes.done', 'I have saved them')}
        </Button>
      </Space>
    </div>
  );
}

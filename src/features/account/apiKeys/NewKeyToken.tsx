import { Alert, Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Props of {@link NewKeyToken}. */
export interface NewKeyTokenProps {
  token: string;
  onDone: () => void;
}

/** The key just created, shown this once with a copy button: the panel keeps only its hash. */
export function NewKeyToken({ token, onDone }: NewKeyTokenProps) {
  const { t } = useTranslation();
  return (
    <div>
      <Alert type="warning" showIcon message={t('apiKeys.token.once', 'Copy this key now: it will not be shown again.')} style={{ marginBottom: 16 }} />
      <Typography.Paragraph>
        <Typography.Text
          code
          data-testid="new-api-key"
          style={{ wordBreak: 'break-all', direction: 'ltr', unicodeBidi: 'isolate' }}
          copyable={{ text: token, tooltips: [t('apiKeys.token.copy', 'Copy the key'), t('apiKeys.token.copied', 'Copied')] }}
        >
          {token}
        </Typography.Text>
      </Typography.Paragraph>
      <Typography.Paragraph type="secondary">{t('apiKeys.token.usage', 'Send it as the header “Authorization: Bearer <key>” to the panel’s API at /api/v2.')}</Typography.Paragraph>
      <Button type="primary" onClick={onDone}>
        {t('apiKeys.token.done', 'Done')}
      </Button>
    </div>
  );
}

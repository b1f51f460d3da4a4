import { CloudServerOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';

/** The panel's name and mark, linking home. */
export function PanelBrand() {
  const { t } = useTranslation();
  return (
    <Link
      to="/"
      style={{ display: 'inline-flex', alignItems: 'center', gap: 10, color: 'inherit', fontWeight: 700, fontSize: 18, textDecoration: 'none' }}
    >
      <CloudServerOutlined style={{ fontSize: 24, color: 'var(--panel-primary)' }} aria-hidden="true" />
      {t('app.name', 'Game Panel')}
    </Link>
  );
}

import CloudServerOutlined from '@ant-design/icons-svg/es/asn/CloudServerOutlined';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { PlainIcon } from '../../components/PlainIcon';

/** The panel's name and mark, linking home. */
export function PanelBrand() {
  const { t } = useTranslation();
  return (
    <Link to="/" style={{ display: 'inline-flex', alignItems: 'center', gap: 10, color: 'inherit', fontWeight: 700, fontSize: 18, textDecoration: 'none' }}>
      <PlainIcon icon={CloudServerOutlined} style={{ fontSize: 24, color: 'var(--panel-primary)' }} aria-hidden="true" />
      {t('app.name', 'Game Panel')}
    </Link>
  );
}

import CloudServerOutlined from '@ant-design/icons-svg/es/asn/CloudServerOutlined';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useGetPanelBrandingQuery } from '../../api/generated/branding.gen';
import { PlainIcon } from '../../components/PlainIcon';

/** The panel's name and mark, linking home: the host's brand from the admin settings, else "Game Panel" in the reader's language. */
export function PanelBrand() {
  const { t } = useTranslation();
  const { data } = useGetPanelBrandingQuery();
  return (
    <Link to="/" style={{ display: 'inline-flex', alignItems: 'center', gap: 10, color: 'inherit', fontWeight: 700, fontSize: 18, textDecoration: 'none' }}>
      {data?.brand_logo_url ? (
        <img src={data.brand_logo_url} alt="" width={24} height={24} style={{ objectFit: 'contain' }} />
      ) : (
        <PlainIcon icon={CloudServerOutlined} style={{ fontSize: 24, color: 'var(--panel-primary)' }} aria-hidden="true" />
      )}
      <span data-panel-brand>{data?.brand_name || t('app.name', 'Game Panel')}</span>
    </Link>
  );
}

import { CloudServerOutlined, ShoppingOutlined } from '@ant-design/icons';
import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { SecondaryText } from '../../components/PanelText';

/** The dashboard of an account with no server: what will appear there, and the ways to order one or see the plans. */
export function NoServersYet() {
  const { t } = useTranslation();
  return (
    <div
      style={{
        padding: 48,
        borderRadius: 12,
        background: 'var(--panel-card-gradient)',
        border: '1px solid var(--panel-card-border)',
        boxShadow: 'var(--panel-card-shadow)',
      }}
    >
      <Empty
        image={<CloudServerOutlined style={{ fontSize: 64, color: 'var(--panel-primary)' }} aria-hidden="true" />}
        description={
          <>
            <strong style={{ display: 'block', fontSize: 16 }}>{t('dashboard.empty.title', 'You have no servers yet')}</strong>
            <SecondaryText>{t('dashboard.empty.text', 'Servers you order, and servers other people share with you, appear here.')}</SecondaryText>
          </>
        }
      >
        {/* The way onward: order one (each game's plans in their look), or first see what there is. */}
        <Link to="/order" style={{ display: 'inline-flex', alignItems: 'center', gap: 8, padding: '8px 20px', borderRadius: 8, background: 'var(--panel-primary-solid)', color: '#fff' }}>
          <ShoppingOutlined aria-hidden="true" /> {t('dashboard.order', 'Order a server')}
        </Link>
        <div style={{ marginTop: 12 }}>
          <Link to="/plans">{t('dashboard.empty.cta', 'See plans and prices')}</Link>
        </div>
      </Empty>
    </div>
  );
}

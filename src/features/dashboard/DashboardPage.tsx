import { CloudServerOutlined, ShoppingOutlined } from '@ant-design/icons';
import { Link } from 'react-router-dom';
import { Alert, Button, Empty, Skeleton } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAppSelector } from '../../app/hooks';
import { selectCurrentUser } from '../../core/session/sessionSlice';
import { useListServersQuery } from '../../api/servers';
import { PullToRefresh } from '../../components/PullToRefresh';
import { PendingInvitations } from './invitations/PendingInvitations';
import { ServerCardList } from './components/ServerCardList';
import { PageHeading, SecondaryText } from '../../components/PanelText';

/**
 * The home page: the user's servers as cards with their live state. Until a server is ordered
 * (or shared with the user) the list is empty, and the page says so instead of showing a blank area.
 */
export function DashboardPage() {
  const { t } = useTranslation();
  const user = useAppSelector(selectCurrentUser);
  const name = user?.name_first || user?.username;
  // The list itself; each card follows its server's live state over the server's socket.
  const { data, error, isLoading, refetch } = useListServersQuery();
  const servers = data?.data ?? [];
  return (
    <section aria-labelledby="dashboard-title" style={{ display: 'flex', flexDirection: 'column', gap: 24 }}>
      <div>
        <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'space-between', gap: 8 }}>
          <PageHeading id="dashboard-title" level={1}>
            {t('dashboard.title', 'Your servers')}
          </PageHeading>
          {servers.length > 0 && (
            <Link to="/order" style={{ display: 'inline-flex', alignItems: 'center', gap: 8 }}>
              <ShoppingOutlined aria-hidden="true" /> {t('dashboard.order', 'Order a server')}
            </Link>
          )}
        </div>
        {name ? (
          <p style={{ margin: 0, opacity: 0.8 }}>
            {/* "Back" only from the second session on: right after sign-up the account is new. */}
            {user?.first_session ? t('dashboard.welcomeFirst', 'Welcome, {{name}}.', { name }) : t('dashboard.welcome', 'Welcome back, {{name}}.', { name })}
          </p>
        ) : null}
      </div>
      <PendingInvitations />
      {isLoading ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : error && !data ? (
        <Alert
          type="error"
          showIcon
          title={t('dashboard.loadFailed', 'Your servers could not be loaded.')}
          action={
            <Button size="small" onClick={refetch}>
              {t('dashboard.retry', 'Try again')}
            </Button>
          }
        />
      ) : servers.length > 0 ? (
        <PullToRefresh onRefresh={refetch}>
          <ServerCardList servers={servers} />
        </PullToRefresh>
      ) : (
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
      )}
    </section>
  );
}

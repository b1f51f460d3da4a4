import { ShoppingOutlined } from '@ant-design/icons';
import { Alert, Button } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useAppSelector } from '../../app/hooks';
import { selectCurrentUser } from '../../core/session/sessionSlice';
import { useListServersQuery } from '../../api/servers';
import { PullToRefresh } from '../../components/PullToRefresh';
import { PendingInvitations } from './invitations/PendingInvitations';
import { ServerCardList } from './components/ServerCardList';
import { PageHeading } from '../../components/PanelText';
import { PlainSkeleton } from '../../components/PlainSkeleton';

// The empty state (antd's Empty) loads only for an account without servers: most dashboards list some.
const NoServersYet = lazy(() => import('./NoServersYet').then((m) => ({ default: m.NoServersYet })));

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
        <PlainSkeleton rows={4} />
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
        <Suspense fallback={null}>
          <NoServersYet />
        </Suspense>
      )}
    </section>
  );
}

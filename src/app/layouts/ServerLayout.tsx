import { lazy, Suspense } from 'react';
import { useLocation, useParams } from 'react-router-dom';
import { isHttpApiError } from '../../api/apiError';
import { serversApi, useGetServerQuery } from '../../api/servers';
import { ServerHeader } from '../../features/server/ServerHeader';
import { ServerNavigation } from '../../features/server/ServerNavigation';
import { areaForPath } from '../../features/server/serverAreas';
import { AppThemeScope } from '../../core/theme/AppThemeScope';
import { themeForServer } from '../../themes/themeForServer';
import { useAppSelector } from '../hooks';
import { NavigationFrame } from './NavigationFrame';
import { usePageTheme } from './usePageTheme';

// "Server not found" with the main menu (its icons and the dashboard's navigation) loads only for
// a server that does not exist: every server page would otherwise carry it.
const ServerNotFoundLayout = lazy(() => import('./ServerNotFoundLayout').then((m) => ({ default: m.ServerNotFoundLayout })));

/** What the server layout knows about the server it shows. */
export interface ServerLayoutViewProps {
  serverId: string;
  /** The part of the address after /server/{id}/, naming the area. */
  areaPath: string;
  name?: string;
  /** The server's game and plan pick its theme; without them the theme of the other pages stays. */
  game?: string;
  plan?: string;
  /** The server is still being fetched: the header shows a placeholder, not a made-up name. */
  loading?: boolean;
  /** The server does not exist (or is not the user's): a not-found page without the server's menu. */
  notFound?: boolean;
  /** The user's permission keys on the server, once known: the navigation offers only what they may open. */
  permissions?: readonly string[];
}

/** The server layout for a given server: its theme, header and area navigation around the area's page. */
export function ServerLayoutView({ serverId, areaPath, name, game, plan, loading = false, notFound = false, permissions }: ServerLayoutViewProps) {
  const pageTheme = usePageTheme();
  const area = areaForPath(areaPath);
  if (notFound) {
    return (
      <Suspense fallback={null}>
        <ServerNotFoundLayout serverId={serverId} theme={pageTheme} />
      </Suspense>
    );
  }
  // Until the game is known, the theme of the page the user came from stays (no flash of another game's colours).
  const theme = game ? themeForServer(game, plan) : pageTheme;
  return (
    <AppThemeScope name={theme} global>
      <NavigationFrame
        contentImage="var(--panel-server-image)"
        header={<ServerHeader serverId={serverId} name={name} loading={loading && name === undefined} />}
        navigation={(close) => <ServerNavigation serverId={serverId} activeKey={area?.key} onNavigate={close} permissions={permissions} />}
      />
    </AppThemeScope>
  );
}

/**
 * The layout of /server/{id} and its areas. The server's details (name, game, plan) come from the
 * servers API, or at once from the dashboard's list when it holds the server; until then the
 * header shows a placeholder. A 404 shows "server not found" without the server's menu.
 */
export function ServerLayout() {
  const { id = '' } = useParams();
  const { pathname } = useLocation();
  // /server/{id}/a/b → "a/b"; the id segment is skipped by position, so encoded ids need no care.
  const areaPath = pathname.split('/').slice(3).join('/');
  const { data, error, isLoading } = useGetServerQuery({ id }, { skip: !id });
  // The cache entry of the dashboard's list (typed loosely: the selector wants the api slice only).
  const listed = useAppSelector((state) =>
    serversApi.endpoints.listServers
      .select()(state as unknown as Parameters<ReturnType<typeof serversApi.endpoints.listServers.select>>[0])
      .data?.data.find((server) => server.identifier === id || server.uuid === id),
  );
  const server = data?.data ?? listed;
  const notFound = isHttpApiError(error) && error.status === 404;
  return (
    <ServerLayoutView
      serverId={id}
      areaPath={areaPath}
      name={server?.name}
      game={server?.game.slug}
      plan={server?.plan.tier}
      loading={isLoading}
      notFound={notFound}
      permissions={server?.permissions}
    />
  );
}

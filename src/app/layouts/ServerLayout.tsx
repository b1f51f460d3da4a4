import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router-dom';
import { useGetServerQuery } from '../../api/servers';
import { ServerHeader } from '../../features/server/ServerHeader';
import { ServerNavigation } from '../../features/server/ServerNavigation';
import { areaForPath } from '../../features/server/serverAreas';
import { themeForServer } from '../../themes/themeForServer';
import { ThemeScope } from '../../themes/ThemeScope';
import { NavigationFrame } from './NavigationFrame';

/** What the server layout knows about the server it shows. */
export interface ServerLayoutViewProps {
  serverId: string;
  /** The part of the address after /server/{id}/, naming the area. */
  areaPath: string;
  name?: string;
  /** The server's game and plan pick its theme; without them the panel's default theme applies. */
  game?: string;
  plan?: string;
}

/** The server layout for a given server: its theme, header and area navigation around the area's page. */
export function ServerLayoutView({ serverId, areaPath, name, game, plan }: ServerLayoutViewProps) {
  const { t } = useTranslation();
  const area = areaForPath(areaPath);
  return (
    <ThemeScope name={themeForServer(game, plan)} global>
      <NavigationFrame
        contentImage="var(--panel-server-image)"
        header={<ServerHeader serverId={serverId} name={name} areaTitle={area ? area.title(t) : ''} />}
        navigation={(close) => <ServerNavigation serverId={serverId} activeKey={area?.key} onNavigate={close} />}
      />
    </ThemeScope>
  );
}

/**
 * The layout of /server/{id} and its areas. The server's details (name, game, plan) come from the
 * servers API; until that answers for a server, the header shows its id and the default theme.
 */
export function ServerLayout() {
  const { id = '' } = useParams();
  const { pathname } = useLocation();
  // /server/{id}/a/b → "a/b"; the id segment is skipped by position, so encoded ids need no care.
  const areaPath = pathname.split('/').slice(3).join('/');
  const { data } = useGetServerQuery({ id }, { skip: !id });
  const server = data?.data;
  return <ServerLayoutView serverId={id} areaPath={areaPath} name={server?.name} game={server?.game.slug} plan={server?.plan.tier} />;
}

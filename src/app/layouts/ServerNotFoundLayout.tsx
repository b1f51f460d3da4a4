import { ServerNotFound } from '../../features/server/ServerNotFound';
import { AppThemeScope } from '../../core/theme/AppThemeScope';
import type { ThemeName } from '../../themes/themeNames';
import { DashboardNavigation } from './DashboardNavigation';
import { NavigationFrame } from './NavigationFrame';

/** Props of {@link ServerNotFoundLayout}. */
export interface ServerNotFoundLayoutProps {
  serverId: string;
  theme: ThemeName;
}

/** /server/{id} of a server that does not exist (or is not the user's): the main menu, not the server's, around "not found". */
export function ServerNotFoundLayout({ serverId, theme }: ServerNotFoundLayoutProps) {
  return (
    <AppThemeScope name={theme} global>
      <NavigationFrame navigation={(close) => <DashboardNavigation onNavigate={close} />}>
        <ServerNotFound serverId={serverId} />
      </NavigationFrame>
    </AppThemeScope>
  );
}

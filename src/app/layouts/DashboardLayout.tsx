import { AppThemeScope } from '../../core/theme/AppThemeScope';
import { DashboardNavigation } from './DashboardNavigation';
import { NavigationFrame } from './NavigationFrame';
import { usePageTheme } from './usePageTheme';

/** The layout of the dashboard and the account pages: the panel's navigation around the page. */
export function DashboardLayout() {
  const theme = usePageTheme();
  return (
    <AppThemeScope name={theme} global>
      <NavigationFrame navigation={(close) => <DashboardNavigation onNavigate={close} />} />
    </AppThemeScope>
  );
}

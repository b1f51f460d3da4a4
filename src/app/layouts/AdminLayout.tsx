import { AppThemeScope } from '../../core/theme/AppThemeScope';
import { selectCurrentUser } from '../../core/session/sessionSlice';
import { adminAreaRefusal } from '../../features/admin/adminAccess';
import { AdminNavigation } from '../../features/admin/AdminNavigation';
import { AdminRefusal } from '../../features/admin/AdminRefusal';
import { useAppSelector } from '../hooks';
import { NavigationFrame } from './NavigationFrame';

/**
 * The admin area's layout, in its own chunk: the panel's default (neutral) theme whatever the
 * admin's game theme, the admin navigation, and instead of the page a refusal for customers and
 * for admins whose account has no second factor yet.
 */
export function AdminLayout() {
  const user = useAppSelector(selectCurrentUser);
  const refusal = adminAreaRefusal(user);
  return (
    <AppThemeScope name="minecraftDefault" global>
      <NavigationFrame navigation={(close) => <AdminNavigation onNavigate={close} />}>{refusal ? <AdminRefusal reason={refusal} /> : undefined}</NavigationFrame>
    </AppThemeScope>
  );
}

import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { RouteFallback } from '../../components/RouteFallback';
import { selectInitialised } from '../../core/app/appSlice';
import { selectIsAuthenticated } from '../../core/session/sessionSlice';
import { useAppSelector } from '../hooks';
import { loginLocationFor, type RedirectState } from '../../features/auth/redirectTarget';

/**
 * Guard of the login-required routes. Waits until the session is known, then sends a visitor who
 * is not logged in to /login, remembering where they were going.
 */
export function RequireAuth() {
  const initialised = useAppSelector(selectInitialised);
  const authenticated = useAppSelector(selectIsAuthenticated);
  const location = useLocation();
  if (!initialised) return <RouteFallback />;
  if (!authenticated) {
    const from = `${location.pathname}${location.search}${location.hash}`;
    const state: RedirectState = { from };
    return <Navigate to={loginLocationFor(from)} state={state} replace />;
  }
  return <Outlet />;
}

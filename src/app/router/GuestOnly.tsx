import { useState } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { RouteFallback } from '../../components/RouteFallback';
import { selectInitialised } from '../../core/app/appSlice';
import { selectIsAuthenticated } from '../../core/session/sessionSlice';
import { useAppSelector } from '../hooks';

/**
 * Guard of the guest-only routes (log in, sign up). Waits until the session is known; a logged-in
 * user opening one is sent to /, unless the address carries a `token` query parameter (single
 * sign-on links), in which case the page opens.
 *
 * The rule applies when a page is opened: a visitor who logs in on this page stays on it until the
 * page itself moves on (to where they were going), instead of being bounced to / mid-way.
 */
export function GuestOnly() {
  const initialised = useAppSelector(selectInitialised);
  const authenticated = useAppSelector(selectIsAuthenticated);
  const location = useLocation();
  const [openedAnonymously, setOpenedAnonymously] = useState<string | null>(null);

  // Remember, per location, that it was opened while not logged in (state adjusted during render,
  // so the very render in which a login completes already knows).
  if (initialised && !authenticated && openedAnonymously !== location.key) setOpenedAnonymously(location.key);

  if (!initialised) return <RouteFallback />;
  const hasToken = new URLSearchParams(location.search).has('token');
  if (authenticated && !hasToken && openedAnonymously !== location.key) return <Navigate to="/" replace />;
  return <Outlet />;
}

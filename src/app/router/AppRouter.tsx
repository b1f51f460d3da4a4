import { Suspense, useEffect, useRef, type ReactElement } from 'react';
import { Route, Routes, useLocation } from 'react-router-dom';
import { RouteFallback } from '../../components/RouteFallback';
import { firstNavigation } from '../../core/app/appSlice';
import { LocationRecorder } from '../../features/support/LocationRecorder';
import { PageErrorBoundary } from '../errors/PageErrorBoundary';
import { ReplayRouterContext } from '../replay/replayRouter';
import { useAppDispatch } from '../hooks';
import { GuestLayout } from '../layouts/GuestLayout';
import { AppChrome } from './AppChrome';
import { GuestOnly } from './GuestOnly';
import { listenBeforeTheRouter } from '../../components/navigationHold';
import { AdminLayout, BlankLayout, DashboardLayout, NotFoundPage, ServerLayout } from './lazyPages';
import { RequireAuth } from './RequireAuth';
import { routeTable, type RouteAccess, type RouteLayout } from './routeTable';
import { ScrollToTop } from './ScrollToTop';
import { useTextsReady } from './useTextsReady';

// Back and Forward reach the unsaved-changes guard before the BrowserRouter, which subscribes on mount.
listenBeforeTheRouter();

const layouts: Record<RouteLayout, ReactElement> = {
  dashboard: <DashboardLayout />,
  guest: <GuestLayout />,
  blank: <BlankLayout />,
  server: <ServerLayout />,
  admin: <AdminLayout />,
};

const guards: Record<RouteAccess, ReactElement | null> = {
  login: <RequireAuth />,
  guest: <GuestOnly />,
  public: null,
};

/** Nests the route table as guard → layout → page, one branch per access rule and layout. */
function routeTree() {
  return (Object.keys(guards) as RouteAccess[]).map((access) => {
    const forAccess = routeTable.filter((route) => route.access === access);
    const byLayout = (Object.keys(layouts) as RouteLayout[])
      .filter((layout) => forAccess.some((route) => route.layout === layout))
      .map((layout) => (
        <Route key={`${access}-${layout}`} element={layouts[layout]}>
          {forAccess
            .filter((route) => route.layout === layout)
            .map((route) => (
              <Route key={route.path} path={route.path} element={route.element} />
            ))}
        </Route>
      ));
    const guard = guards[access];
    return guard ? (
      <Route key={access} element={guard}>
        {byLayout}
      </Route>
    ) : (
      byLayout
    );
  });
}

/**
 * The panel's routes with their guards and layouts, plus the progress bar and notifications.
 * Expects a router (BrowserRouter in the app, MemoryRouter in tests) around it. On its first
 * render it announces the first navigation, which loads the current user; pages show once the
 * interface language's texts are there (see useTextsReady).
 */
export function AppRouter() {
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  const announced = useRef(false);
  const textsReady = useTextsReady();
  useEffect(() => {
    if (announced.current) return;
    announced.current = true;
    dispatch(firstNavigation());
  }, [dispatch]);

  return (
    // The support replay page renders customers' screens with this same router (passed in, not imported).
    <ReplayRouterContext.Provider value={AppRouter}>
      <ScrollToTop />
      <LocationRecorder />
      <AppChrome />
      {/* A layout whose own code fails to load has no menu to keep: the failure takes the page. */}
      <PageErrorBoundary resetKey={pathname}>
        <Suspense fallback={<RouteFallback />}>
          {textsReady ? (
            <Routes>
              {routeTree()}
              <Route element={<BlankLayout />}>
                <Route path="*" element={<NotFoundPage />} />
              </Route>
            </Routes>
          ) : (
            <RouteFallback />
          )}
        </Suspense>
      </PageErrorBoundary>
    </ReplayRouterContext.Provider>
  );
}

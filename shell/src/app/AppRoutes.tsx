import { AREAS, areaOfPath, audienceOf, signInPageOf, VERIFY_PATH } from '@dash/shared-core';
import type { AreaRoute } from '@dash/shared-ui';
import { Spinner, useHomePage, useSessionStore } from '@dash/shared-ui';
import { lazy, type ReactNode, Suspense } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router';
import { useAreaStore } from '../federation/areaStore';
import { AuthLayout } from '../layout/AuthLayout';
import { EmptyLayout, PrintLayout } from '../layout/PlainLayouts';
import { AreaFallback } from '../pages/AreaFallback';
import { LogoutPage } from '../pages/LogoutPage';
import { NotFoundPage } from '../pages/NotFoundPage';
import { AreaRouteElement } from './AreaRouteElement';

// The public certificate check: its own small chunk, loaded by no other page (and it loads no remote).
const VerifyPage = lazy(() => import('../pages/VerifyPage'));

// Both from one chunk, requested together by the first signed-in render (signedIn.ts).
const signedIn = () => import('./signedIn');
const QueryProvider = lazy(() => signedIn().then((module) => ({ default: module.QueryProvider })));
const DashboardLayout = lazy(() => signedIn().then((module) => ({ default: module.DashboardLayout })));

/** Signed-in pages only: otherwise to the sign-in page with a returnUrl. They get the server-data cache. */
function RequireSession({ children }: { children: ReactNode }) {
  const status = useSessionStore((state) => state.status);
  const location = useLocation();
  if (status !== 'authenticated') {
    const returnUrl = encodeURIComponent(`${location.pathname}${location.search}`);
    // A page of the licensee console sends to the licensee staff sign-in, every other one to the members'.
    const area = areaOfPath(location.pathname);
    const signIn = signInPageOf(area ? audienceOf(area) : 'member');
    return <Navigate to={`${signIn}?returnUrl=${returnUrl}`} replace />;
  }
  return (
    <Suspense fallback={<Spinner />}>
      <QueryProvider>{children}</QueryProvider>
    </Suspense>
  );
}

function RootRedirect() {
  const status = useSessionStore((state) => state.status);
  const home = useHomePage();
  return <Navigate to={status === 'authenticated' ? home : '/auth/login'} replace />;
}

/** /dashboard: the home page of whoever is signed in. */
function HomeRedirect() {
  return <Navigate to={useHomePage()} replace />;
}

/** The one router of the product: routes come from the areas' registrations, layouts from the shell. */
export function AppRoutes() {
  const areas = useAreaStore((state) => state.areas);
  const routes: AreaRoute[] = Object.values(areas).flatMap((entry) => entry.registration?.routes ?? []);
  const authRoutes = routes.filter((route) => route.layout === 'auth');
  const dashboardRoutes = routes.filter((route) => (route.layout ?? 'dashboard') === 'dashboard');
  const otherRoutes = routes.filter((route) => route.layout === 'empty' || route.layout === 'print');
  const areaPrefixes = AREAS.flatMap((area) => area.pathPrefixes);

  return (
    <Routes>
      <Route path="/" element={<RootRedirect />} />
      <Route path="/logout" element={<LogoutPage />} />
      <Route element={<AuthLayout />}>
        {authRoutes.map((route) => (
          <Route key={route.path} path={route.path} element={<AreaRouteElement route={route} />} />
        ))}
        <Route path="/auth/*" element={<AreaFallback />} />
        {[VERIFY_PATH, `${VERIFY_PATH}/:code`].map((path) => (
          <Route
            key={path}
            path={path}
            element={
              <Suspense fallback={<Spinner />}>
                <VerifyPage />
              </Suspense>
            }
          />
        ))}
      </Route>
      <Route
        element={
          <RequireSession>
            <DashboardLayout />
          </RequireSession>
        }
      >
        <Route path="/dashboard" element={<HomeRedirect />} />
        {dashboardRoutes.map((route) => (
          <Route key={route.path} path={route.path} element={<AreaRouteElement route={route} />} />
        ))}
        {areaPrefixes
          .filter((prefix) => prefix.startsWith('/dashboard'))
          .map((prefix) => (
            <Route key={prefix} path={`${prefix}/*`} element={<AreaFallback />} />
          ))}
        <Route path="/dashboard/*" element={<NotFoundPage />} />
      </Route>
      {otherRoutes.map((route) => (
        <Route
          key={route.path}
          path={route.path}
          element={
            <RequireSession>
              {route.layout === 'print' ? (
                <PrintLayout orientation={route.orientation ?? 'portrait'}>
                  <AreaRouteElement route={route} />
                </PrintLayout>
              ) : (
                <EmptyLayout footer={route.footer ?? false}>
                  <AreaRouteElement route={route} />
                </EmptyLayout>
              )}
            </RequireSession>
          }
        />
      ))}
      <Route path="*" element={<NotFoundPage standalone />} />
    </Routes>
  );
}

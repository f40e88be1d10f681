/**
 * Every route of the specification, generated from resources.tsx. Pages load lazily
 * (resource-page.tsx picks each one). Guards: /login is guest-only, everything else (unknown
 * paths too) needs a token, and each screen the area's permission.
 */
import { Authenticated, CanAccess } from '@refinedev/core';
import { CatchAllNavigate } from '@refinedev/react-router-v6';
import { Suspense, type ReactElement } from 'react';
import { Navigate, Outlet, Route, Routes } from 'react-router-dom';
import { lazyPage } from './lazy-page.js';
import { PageSpinner } from './page-spinner.js';
import { LOGIN_PATH } from './providers/auth-provider.js';
import { APP_RESOURCES, routesOf, type AppResource } from './resources.js';


// The login page is the first load: the layout (menu, drawer, popover) and the error pages
// (antd Result's pictures) arrive in their own chunks once they are needed.
const LoginPage = lazyPage(() => import('../features/auth/login.js'));
const AppLayout = lazyPage<object>(() => import('./layout/app-layout.js').then((module) => ({ default: module.AppLayout })));
const NotFoundPage = lazyPage<object>(() => import('../shared/components/error-page.js').then((module) => ({ default: module.NotFoundPage })));
const ForbiddenPage = lazyPage<object>(() => import('../shared/components/error-page.js').then((module) => ({ default: module.ForbiddenPage })));
const ResourcePage = lazyPage(() => import('./resource-page.js'));
// The home page (ダッシュボード): where everyone lands after signing in.
const DashboardPage = lazyPage<object>(() => import('../features/dashboard/dashboard.js'));

function routeElements(resource: AppResource): ReactElement[] {
  return routesOf(resource).map((route) => (
    <Route
      key={route.path}
      path={route.path}
      element={
        <CanAccess resource={resource.identifier} action={route.action} fallback={<ForbiddenPage />}>
          <ResourcePage resource={resource} route={route} />
        </CanAccess>
      }
    />
  ));
}

export function AppRoutes() {
  // One boundary for the lazy layout and login page; the layout has its own for the pages.
  return (
    <Suspense fallback={<PageSpinner />}>
      <Routes>
        <Route
          element={
            <Authenticated key="protected" fallback={<CatchAllNavigate to={LOGIN_PATH} />} loading={<PageSpinner />}>
              <AppLayout />
            </Authenticated>
          }
        >
          <Route index element={<DashboardPage />} />
          {APP_RESOURCES.flatMap(routeElements)}
          {/* Inside the layout: a signed-in user keeps the header and menu; a guest signs in first. */}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
        <Route
          element={
            <Authenticated key="guest" fallback={<Outlet />} loading={<PageSpinner />}>
              <Navigate to="/" replace />
            </Authenticated>
          }
        >
          <Route path={LOGIN_PATH} element={<LoginPage />} />
        </Route>
      </Routes>
    </Suspense>
  );
}

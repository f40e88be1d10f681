/**
 * Every route of the specification, generated from resources.tsx. Pages load lazily; a
 * resource without its own page yet shows the placeholder. Guards: /login is guest-only,
 * everything else needs a token and the area's permission.
 */
import { Authenticated, CanAccess } from '@refinedev/core';
import { CatchAllNavigate } from '@refinedev/react-router-v6';
import { Suspense, type ComponentType, type ReactElement } from 'react';
import { Navigate, Outlet, Route, Routes } from 'react-router-dom';
import { ForbiddenPage, NotFoundPage } from './components/error-page.js';
import { AppLayout } from './components/layout/app-layout.js';
import { lazyPage } from './components/lazy-page.js';
import { PageSpinner } from './components/page-spinner.js';
import { LOGIN_PATH } from './providers/auth-provider.js';
import { masterScreenOf, type MasterPage } from './masters/screens.js';
import { APP_RESOURCES, routesOf, type AppResource, type ResourceRoute } from './resources.js';

export const HOME_PATH = '/delivery';

const LoginPage = lazyPage(() => import('./pages/login.js'));
const Placeholder = lazyPage(() => import('./pages/placeholder.js'));

/** The generic master pages (masters/), one chunk each, serving every master. */
const MASTER_PAGES: Record<MasterPage, ComponentType<{ identifier: string; temporaryOnly?: boolean; title?: string }>> = {
  list: lazyPage(() => import('./masters/pages/list.js')),
  create: lazyPage(() => import('./masters/pages/create.js')),
  edit: lazyPage(() => import('./masters/pages/edit.js')),
  show: lazyPage(() => import('./masters/pages/show.js')),
  approval: lazyPage(() => import('./masters/pages/approval.js')),
};

/** A master's own screen, or a route another page is built for (none yet). */
function screenOf(resource: AppResource, route: ResourceRoute): ReactElement | undefined {
  const screen = masterScreenOf(resource, route);
  if (!screen) return undefined;
  const Page = MASTER_PAGES[screen.page];
  return <Page identifier={screen.master} temporaryOnly={screen.temporaryOnly} title={screen.title} />;
}

function pageOf(resource: AppResource, route: ResourceRoute): ReactElement {
  const page = screenOf(resource, route);
  if (!page) return <Placeholder label={route.label} action={route.action} />;
  // A built edit/show screen has nothing to open without an id: back to its list.
  if (route.withoutId && resource.list) return <Navigate to={resource.list} replace />;
  return page;
}

function routeElements(resource: AppResource): ReactElement[] {
  return routesOf(resource).map((route) => (
    <Route
      key={route.path}
      path={route.path}
      element={
        <CanAccess resource={resource.identifier} action={route.action} fallback={<ForbiddenPage />}>
          {pageOf(resource, route)}
        </CanAccess>
      }
    />
  ));
}

export function AppRoutes() {
  return (
    <Routes>
      <Route
        element={
          <Authenticated key="protected" fallback={<CatchAllNavigate to={LOGIN_PATH} />} loading={<PageSpinner />}>
            <AppLayout />
          </Authenticated>
        }
      >
        <Route index element={<Navigate to={HOME_PATH} replace />} />
        {APP_RESOURCES.flatMap(routeElements)}
      </Route>
      <Route
        element={
          <Authenticated key="guest" fallback={<Outlet />} loading={<PageSpinner />}>
            <Navigate to="/" replace />
          </Authenticated>
        }
      >
        <Route
          path={LOGIN_PATH}
          element={
            <Suspense fallback={<PageSpinner />}>
              <LoginPage />
            </Suspense>
          }
        />
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}

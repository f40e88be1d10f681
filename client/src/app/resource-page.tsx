/**
 * The page a route of resources.tsx shows: an area's own page (page-registry.ts), a generic master
 * page, or the placeholder of a screen not built yet. Loaded with the first signed-in page, so the masters' declarations stay out of
 * the login page's first load.
 */
import type { ComponentType } from 'react';
import { Navigate } from 'react-router-dom';
import { lazyPage } from './lazy-page.js';
import { masterScreenOf, type MasterPage } from '../features/masters/screens.js';
import { AREA_PAGES } from './page-registry.js';
import type { AppResource, ResourceRoute } from './resources.js';
import type { MessageKey } from '../../../common/locales/index.js';

const Placeholder = lazyPage(() => import('./placeholder.js'));

/** The generic master pages (masters/), one chunk each, serving every master. */
const MASTER_PAGES: Record<MasterPage, ComponentType<{ identifier: string; temporaryOnly?: boolean; title?: MessageKey }>> = {
  list: lazyPage(() => import('../features/masters/pages/list.js')),
  create: lazyPage(() => import('../features/masters/pages/create.js')),
  edit: lazyPage(() => import('../features/masters/pages/edit.js')),
  show: lazyPage(() => import('../features/masters/pages/show.js')),
  approval: lazyPage(() => import('../features/masters/pages/approval.js')),
};

export default function ResourcePage({ resource, route }: { resource: AppResource; route: ResourceRoute }) {
  const AreaPage = AREA_PAGES[route.path];
  if (AreaPage) return <AreaPage label={route.label} />;
  const screen = masterScreenOf(resource, route);
  if (!screen) return <Placeholder label={route.label} action={route.action} />;
  // A built edit/show screen has nothing to open without an id: back to its list.
  if (route.withoutId && resource.list) return <Navigate to={resource.list} replace />;
  const Page = MASTER_PAGES[screen.page];
  return <Page identifier={screen.master} temporaryOnly={screen.temporaryOnly} title={screen.title} />;
}

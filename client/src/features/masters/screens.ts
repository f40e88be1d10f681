/**
 * Which generic master page serves a route of resources.tsx: the master's own list/create/edit/show
 * routes, its approval screens (`…/temp/:id`), the temporary vehicles (`/vehicles/temp`),
 * and the unit prices shown on 初期単価設定 (`/download/set-init-price`).
 */
import type { AppResource, ResourceRoute } from '../../app/resources.js';
import { findMaster } from './declarations.js';
import type { MessageKey } from '../../../../common/locales/index.js';

export type MasterPage = 'list' | 'create' | 'edit' | 'show' | 'approval';

export interface MasterScreen {
  page: MasterPage;
  /** the master's identifier (declarations.ts) */
  master: string;
  /** the list shows only the temporary rows */
  temporaryOnly?: boolean;
  /** i18n key of a title other than the master's own */
  title?: MessageKey;
}

/** Screens showing a master that is not the route's own resource. */
const HOSTED: Record<string, MasterScreen> = {
  'report-set-init-price': { page: 'list', master: 'unit-prices', title: 'screens.setInitPrice' },
  'temporary-vehicles': { page: 'list', master: 'vehicles', temporaryOnly: true },
};

export function masterScreenOf(resource: AppResource, route: ResourceRoute): MasterScreen | undefined {
  const hosted = HOSTED[resource.identifier];
  if (hosted && route.page === 'list') return hosted;
  const master = findMaster(resource.identifier);
  if (!master) return undefined;
  if (route.page === 'list' || route.page === 'create' || route.page === 'edit' || route.page === 'show') {
    return { page: route.page, master: master.identifier };
  }
  if (master.temporary && route.path.endsWith('/temp/:id')) return { page: 'approval', master: master.identifier };
  return undefined;
}

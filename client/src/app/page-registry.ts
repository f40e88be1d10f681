/**
 * The pages of the areas that are more than masters (deliveries, allocation, …), by route path as
 * written in resources.tsx. Each loads lazily in its own chunk, so heavy libraries (dnd-kit, Leaflet)
 * reach only the routes that use them. A route of resources.tsx that is neither a master screen nor
 * listed here shows the placeholder.
 */
import { type ComponentType, createElement } from 'react';
import { lazyPage } from './lazy-page.js';
import type { MessageKey } from '../../../common/locales/index.js';
import { REPORT_SLUGS } from '../../../common/reports.js';

export type AreaPage = ComponentType<{ label: MessageKey }>;

export const AREA_PAGES: Record<string, AreaPage> = {};

// Allocation: the store-direct board, a trip's detail, transfers between centers, the calculator.
AREA_PAGES['/store-direct'] = lazyPage(() => import('../features/allocation/store-direct/board.js'));
AREA_PAGES['/store-direct/detail/:id'] = lazyPage(() => import('../features/allocation/trip-detail.js'));
AREA_PAGES['/between-centers-before'] = lazyPage(() => import('../features/allocation/between-centers-before.js'));
AREA_PAGES['/between-centers-today'] = lazyPage(() => import('../features/allocation/between-centers-today.js'));
AREA_PAGES['/debug/caculator_data_allocation'] = lazyPage(() => import('../features/allocation/calculator.js'));
// Deliveries (配送一覧): list, add, detail.
AREA_PAGES['/delivery'] = lazyPage(() => import('../features/deliveries/list.js'));
AREA_PAGES['/delivery/add'] = lazyPage(() => import('../features/deliveries/create.js'));
AREA_PAGES['/delivery/detail/:id'] = lazyPage(() => import('../features/deliveries/detail.js'));
AREA_PAGES['/delivery/detail'] = AREA_PAGES['/delivery/detail/:id'];

// Trips (配車一覧): list; add and edit share one form (one chunk).
AREA_PAGES['/vehicle-allocation'] = lazyPage(() => import('../features/allocation/trip-list.js'));
AREA_PAGES['/vehicle-allocation/add'] = lazyPage(() => import('../features/allocation/trip-form.js'));
AREA_PAGES['/vehicle-allocation/edit/:id'] = AREA_PAGES['/vehicle-allocation/add'];

// Maps: a trip's stops or a direction's destinations on the map (allocation); an address and the destinations near it (places).
AREA_PAGES['/check-map'] = lazyPage(() => import('../features/allocation/check-map.js'));
AREA_PAGES['/places'] = lazyPage(() => import('../features/places/places.js'));

// Address sharing (配送先情報共有): the list, a share's thread, one comment.
AREA_PAGES['/delivery-destination-share'] = lazyPage(() => import('../features/destination-shares/list.js'));
AREA_PAGES['/delivery-destination-share/:id/comments'] = lazyPage(() => import('../features/destination-shares/thread.js'));
AREA_PAGES['/delivery-destination-share/:id/comment/:idx'] = lazyPage(() => import('../features/destination-shares/comment.js'));

// Drivers' working times (出退勤): the day's sheet edited inline, attendance and departures against the plan.
AREA_PAGES['/driver-time-in-out'] = lazyPage(() => import('../features/driver-time/time-in-out.js'));
AREA_PAGES['/attendance-departure-of-the-driver'] = lazyPage(() => import('../features/driver-time/attendance.js'));

// システム情報 (/debug), 動作確認 (/test), the sign-in check (/auth).
AREA_PAGES['/debug'] = lazyPage(() => import('../features/system/status.js'));
AREA_PAGES['/test'] = lazyPage(() => import('../features/system/check.js'));
AREA_PAGES['/auth'] = lazyPage(() => import('../features/system/auth-check.js'));
// 監査ログ (/audit-log, super admins).
AREA_PAGES['/audit-log'] = lazyPage(() => import('../features/system/audit-log.js'));

// Reports (帳票): one page, one chunk, for every report of common/reports.ts, told which by its path.
const ReportPage = lazyPage(() => import('../features/reports/report-page.js'));
for (const slug of REPORT_SLUGS) {
  AREA_PAGES[`/download/${slug}`] = ({ label }) => createElement(ReportPage, { slug, label });
}

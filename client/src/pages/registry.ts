/**
 * The pages of the areas that are more than masters (deliveries, allocation, …), by route path as
 * written in resources.tsx. Each loads lazily in its own chunk, so heavy libraries (dnd-kit, Leaflet)
 * reach only the routes that use them. A route of resources.tsx that is neither a master screen nor
 * listed here shows the placeholder.
 */
import type { ComponentType } from 'react';
import { lazyPage } from '../components/lazy-page.js';

export type AreaPage = ComponentType<{ label: string }>;

export const AREA_PAGES: Record<string, AreaPage> = {};

// Deliveries (配送一覧): list, add, detail.
AREA_PAGES['/delivery'] = lazyPage(() => import('../deliveries/list.js'));
AREA_PAGES['/delivery/add'] = lazyPage(() => import('../deliveries/create.js'));
AREA_PAGES['/delivery/detail/:id'] = lazyPage(() => import('../deliveries/detail.js'));
AREA_PAGES['/delivery/detail'] = AREA_PAGES['/delivery/detail/:id'];

// Trips (配車一覧): list; add and edit share one form (one chunk).
AREA_PAGES['/vehicle-allocation'] = lazyPage(() => import('../trips/list.js'));
AREA_PAGES['/vehicle-allocation/add'] = lazyPage(() => import('../trips/form.js'));
AREA_PAGES['/vehicle-allocation/edit/:id'] = AREA_PAGES['/vehicle-allocation/add'];

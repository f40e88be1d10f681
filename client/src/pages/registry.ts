/**
 * The pages of the areas that are more than masters (deliveries, allocation, …), by route path as
 * written in resources.tsx. Each loads lazily in its own chunk, so heavy libraries (dnd-kit, Leaflet)
 * reach only the routes that use them. A route of resources.tsx that is neither a master screen nor
 * listed here shows the placeholder.
 */
import type { ComponentType } from 'react';

export type AreaPage = ComponentType<{ label: string }>;

export const AREA_PAGES: Record<string, AreaPage> = {};

import * as tilesOf from '../../../common/map-tiles.js';

/** The specification's constants (section 9). */
export const HEADER_HEIGHT = 85;
export const TOAST_DURATION_MS = 5000;
/** Bottom right: a toast never covers a screen's header or toolbar (the specification's top right hid 全便確定). */
export const TOAST_PLACEMENT = 'bottomRight' as const;
export const LOGO_TOGGLE_MS = 4500;
export const NOTIFICATION_PAGE_SIZE = 15;

/** Each press of "show more" asks page 1 again, larger: 15 × (presses so far + 2). */
export function notificationPageSize(pressesSoFar: number): number {
  return NOTIFICATION_PAGE_SIZE * (pressesSoFar + 2);
}

export { DEFAULT_TILE_URL } from '../../../common/map-tiles.js';

/** The map tiles of the trip maps: VITE_MAP_TILE_URL at build time (.env.example), else GSI (common/map-tiles.ts). */
export function tileUrl(configured: string | undefined = import.meta.env.VITE_MAP_TILE_URL as string | undefined): string {
  return tilesOf.tileUrl(configured);
}

/** The tiles the maps load, or null when VITE_MAP_TILE_URL is `none` or `off` (common/map-tiles.ts). */
export function mapTiles(configured: string | undefined = import.meta.env.VITE_MAP_TILE_URL as string | undefined): string | null {
  return tilesOf.mapTiles(configured);
}

/** The specification's constants (section 9). */
export const HEADER_HEIGHT = 85;
export const TOAST_DURATION_MS = 5000;
export const TOAST_PLACEMENT = 'topRight' as const;
export const LOGO_TOGGLE_MS = 4500;
export const NOTIFICATION_PAGE_SIZE = 15;

/** Each press of "show more" asks page 1 again, larger: 15 × (presses so far + 2). */
export function notificationPageSize(pressesSoFar: number): number {
  return NOTIFICATION_PAGE_SIZE * (pressesSoFar + 2);
}

/** GSI standard map tiles (地理院タイル), free and without a key. */
export const DEFAULT_TILE_URL = 'https://cyberjapandata.gsi.go.jp/xyz/std/{z}/{x}/{y}.png';

/** The map tiles of the trip maps: VITE_MAP_TILE_URL at build time (.env.example), else GSI. */
export function tileUrl(configured: string | undefined = import.meta.env.VITE_MAP_TILE_URL as string | undefined): string {
  const value = configured?.trim();
  return value && /^https?:\/\/.+\{z\}.*\{x\}.*\{y\}/.test(value) ? value : DEFAULT_TILE_URL;
}

/**
 * The tiles the maps load: `tileUrl()`, or none at all when VITE_MAP_TILE_URL is `none` or `off` (a
 * machine that cannot reach any tile server): the maps then say so and show the points on a plain
 * background, their coordinates in the page's list.
 */
export function mapTiles(configured: string | undefined = import.meta.env.VITE_MAP_TILE_URL as string | undefined): string | null {
  if (/^(none|off)$/i.test(configured?.trim() ?? '')) return null;
  return tileUrl(configured);
}

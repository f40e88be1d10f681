/**
 * The map tiles of the trip maps, from one setting (`VITE_MAP_TILE_URL`, .env.example): the client
 * loads them (read at build time), the server's content security policy lets them in (read at start).
 */

/** GSI standard map tiles (地理院タイル), free and without a key. */
export const DEFAULT_TILE_URL = 'https://cyberjapandata.gsi.go.jp/xyz/std/{z}/{x}/{y}.png';

/** The configured tile URL when it is an http(s) URL with {z}, {x} and {y}, else GSI's. */
export function tileUrl(configured: string | undefined): string {
  const value = configured?.trim();
  return value && /^https?:\/\/.+\{z\}.*\{x\}.*\{y\}/.test(value) ? value : DEFAULT_TILE_URL;
}

/**
 * The tiles the maps load: `tileUrl()`, or none at all when the setting is `none` or `off` (a machine
 * that cannot reach any tile server): the maps then say so and show the points on a plain background.
 */
export function mapTiles(configured: string | undefined): string | null {
  if (/^(none|off)$/i.test(configured?.trim() ?? '')) return null;
  return tileUrl(configured);
}

/** What a content security policy's img-src must allow for the tiles: scheme and host, a `{s}` subdomain as `*`; null without tiles. */
export function tileSource(configured: string | undefined): string | null {
  const url = mapTiles(configured);
  if (url === null) return null;
  const origin = /^https?:\/\/[^/]+/.exec(url)![0];
  return origin.replace('{s}', '*');
}

/** The nearest-destination search of /places: limits the server checks and the screen offers. */
export const NEAREST_LIMIT_DEFAULT = 10;
export const NEAREST_LIMIT_MAX = 20;
export const NEAREST_LIMIT_CHOICES = [5, 10, 20] as const;

/** The mean Earth radius (IUGG), in km: what the haversine distance of the search is measured with. */
export const EARTH_RADIUS_KM = 6371.0088;

/** A distance for people: two decimals of km (10 m), with the unit. */
export function formatKm(km: number): string {
  return `${km.toFixed(2)} km`;
}

/** Coordinates a map can place: both numbers, finite, within the latitude and longitude ranges. */
export function isLocated(latitude: unknown, longitude: unknown): boolean {
  return (
    typeof latitude === 'number' &&
    typeof longitude === 'number' &&
    Number.isFinite(latitude) &&
    Number.isFinite(longitude) &&
    Math.abs(latitude) <= 90 &&
    Math.abs(longitude) <= 180
  );
}

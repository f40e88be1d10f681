import { clockOf, formatDate, tokyoMinutes } from '../../../common/time.js';

/** HH:mm in Asia/Tokyo, '' for none. */
export const clock = (at: string | Date | null | undefined) => (at ? clockOf(tokyoMinutes(new Date(at))) : '');

/** Today in Asia/Tokyo as the API takes a day (YYYY-MM-DD). */
export const tokyoToday = (now = new Date()) => formatDate(now).replaceAll('/', '-');

/** A link that opens the phone's map app at the place (the maps site hands over to the app where one is installed). */
export const mapLink = (place: { latitude: number; longitude: number; address: string }) =>
  `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(`${place.latitude},${place.longitude}`)}`;

/** Where the phone is, when it may tell within a few seconds; null otherwise (the report goes without it). */
export function currentPosition(): Promise<{ latitude: number; longitude: number } | null> {
  if (!('geolocation' in navigator)) return Promise.resolve(null);
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      (position) => resolve({ latitude: position.coords.latitude, longitude: position.coords.longitude }),
      () => resolve(null),
      { timeout: 5_000, maximumAge: 60_000 },
    );
  });
}

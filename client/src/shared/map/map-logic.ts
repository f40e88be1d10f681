/** The map pages' points as the side list and the map both show them: numbered in order. Pure. */
import type { Stop, TripDetail } from '../trips/types.js';
import { isLocated } from '../../../../common/places.js';
import type { MapPoint } from './points-map.js';
import type { Destination, NearDestination } from './types.js';

export interface MapEntry {
  /** Unique on the page: the list row's key and the marker's. */
  key: string;
  /** The number on the marker and in the list, from 1 in order. */
  no: number;
  destinationId: number;
  code: string | null;
  name: string;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
  startTime: string | null;
  endingTime: string | null;
  specifiedTime: string | null;
  plannedArrival?: string | null;
  directionName?: string | null;
  distanceKm?: number;
}

/** A trip's stops in their order (seq). */
export function tripEntries(stops: Stop[]): MapEntry[] {
  return [...stops]
    .sort((a, b) => a.seq - b.seq)
    .map((stop, index) => ({
      key: `stop-${stop.seq}`,
      no: index + 1,
      destinationId: stop.delivery_destination_id,
      code: stop.delivery_code,
      name: stop.store_name ?? '',
      address: stop.address,
      latitude: stop.latitude,
      longitude: stop.longitude,
      startTime: stop.start_time,
      endingTime: stop.ending_time,
      specifiedTime: stop.specified_time,
      plannedArrival: stop.planned_arrival,
    }));
}

/** A destination of the masters or of the nearest search as the list's `no`-th entry. */
function destinationEntry(row: Omit<Destination, 'order'> & { distance_km?: number }, index: number): MapEntry {
  return {
    key: `destination-${row.id}`,
    no: index + 1,
    destinationId: row.id,
    code: row.delivery_code,
    name: row.customer_store_name,
    address: row.customer_address,
    latitude: row.latitude,
    longitude: row.longitude,
    startTime: row.start_time,
    endingTime: row.ending_time,
    specifiedTime: row.specified_time,
    directionName: row.direction_name,
    ...(row.distance_km === undefined ? {} : { distanceKm: row.distance_km }),
  };
}

/** A direction's destinations in their delivery order (配送順; unnumbered last), then by id. */
export function directionEntries(rows: Destination[]): MapEntry[] {
  const order = (row: Destination) => row.order ?? Number.POSITIVE_INFINITY;
  return [...rows].sort((a, b) => order(a) - order(b) || a.id - b.id).map(destinationEntry);
}

/** The destinations nearest a point, nearest first, as the server ordered them. */
export function nearestEntries(rows: NearDestination[]): MapEntry[] {
  return rows.map(destinationEntry);
}

/** The entries that have coordinates, as markers labelled with their number. */
export function entryPoints(entries: MapEntry[]): MapPoint[] {
  return entries.flatMap((entry) =>
    isLocated(entry.latitude, entry.longitude)
      ? [{ key: entry.key, latitude: entry.latitude!, longitude: entry.longitude!, label: String(entry.no), title: `${entry.no}. ${entry.name}` }]
      : [],
  );
}

/**
 * A trip's map: the center it starts from and returns to first, when located (the route leaves it and
 * comes back to it), then its located stops with their numbers. `origin` is the center's marker word
 * and tooltip.
 */
export function tripMapPoints(
  trip: Pick<TripDetail, 'origin_latitude' | 'origin_longitude'>,
  entries: MapEntry[],
  origin: { label: string; title: string },
): MapPoint[] {
  const { origin_latitude: latitude, origin_longitude: longitude } = trip;
  const start: MapPoint[] = isLocated(latitude, longitude) ? [{ key: 'origin', latitude: latitude!, longitude: longitude!, ...origin, kind: 'origin' }] : [];
  return [...start, ...entryPoints(entries)];
}

/** Coordinates as the list shows them: six decimals (about 10 cm). */
export function coordinatesText(latitude: number | null, longitude: number | null): string | null {
  return isLocated(latitude, longitude) ? `${latitude!.toFixed(6)}, ${longitude!.toFixed(6)}` : null;
}

const LAT_LNG = /^\s*(-?\d+(?:\.\d+)?)\s*,\s*(-?\d+(?:\.\d+)?)\s*$/;

/**
 * A delivery's 報告場所 as every screen shows it: the driver app's "lat,lng" as coordinates are shown
 * everywhere else (six decimals, a space after the comma); a place written as text, as it was written.
 */
export function reportLocationText(location: string | null): string {
  const [, latitude, longitude] = LAT_LNG.exec(location ?? '') ?? [];
  return (latitude !== undefined && coordinatesText(Number(latitude), Number(longitude))) || (location ?? '');
}

/**
 * Places on the map: the nearest-destination search of /places (limits the server checks and the
 * screen offers), distances, travel times and planned arrivals (the server's plans and the demo's trips),
 * and the rounds from a center (the demo's 配送順, the board's 近い順).
 */

/** The nearest search's result counts: by default, at most, and offered on the screen. */
export const NEAREST_LIMIT_DEFAULT = 10;
export const NEAREST_LIMIT_MAX = 20;
export const NEAREST_LIMIT_CHOICES = [5, 10, 20] as const;

/** The mean Earth radius (IUGG), in km: what the haversine distance of the search is measured with. */
export const EARTH_RADIUS_KM = 6371.0088;

/** A place on the map, in degrees. */
export interface Point {
  latitude: number;
  longitude: number;
}

/** Great-circle distance in km (the same as the SQL of the nearest search). */
export function haversineKm(a: Point, b: Point): number {
  const rad = Math.PI / 180;
  const dLat = (b.latitude - a.latitude) * rad;
  const dLng = (b.longitude - a.longitude) * rad;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.latitude * rad) * Math.cos(b.latitude * rad) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** Roads are longer than the straight line: the factor planning applies to the great-circle distance. */
export const ROAD_FACTOR = 1.3;

/** Average speed in town, km/h. */
export const AVERAGE_SPEED_KMH = 30;
/** Minutes spent at each stop (unloading, paperwork). */
export const STOP_MINUTES = 10;

/** Driving minutes between two points: distance × road factor at the average speed. */
export function travelMinutes(a: Point | null, b: Point): number {
  if (!a) return 0;
  return ((haversineKm(a, b) * ROAD_FACTOR) / AVERAGE_SPEED_KMH) * 60;
}

/**
 * Planned arrival at each stop: leave `origin` at `departure`, drive to each stop in order, and spend
 * STOP_MINUTES at every stop before driving on. Without a departure there is no estimate.
 */
export function plannedArrivals(departure: Date | null, origin: Point | null, stops: Point[]): (Date | null)[] {
  if (!departure) return stops.map(() => null);
  let clock = departure.getTime();
  let at: Point | null = origin;
  return stops.map((stop, i) => {
    if (i > 0) clock += STOP_MINUTES * 60_000;
    clock += travelMinutes(at, stop) * 60_000;
    at = stop;
    return new Date(Math.round(clock / 1000) * 1000);
  });
}

/** When the vehicle is back at `origin` after the last stop (the end of a new trip's planned window). */
export function plannedReturn(departure: Date, origin: Point | null, stops: Point[]): Date {
  const arrivals = plannedArrivals(departure, origin, stops);
  const last = arrivals.at(-1);
  if (!last || stops.length === 0) return new Date(departure.getTime() + STOP_MINUTES * 60_000);
  return new Date(last.getTime() + STOP_MINUTES * 60_000 + (origin ? travelMinutes(stops.at(-1)!, origin) : 0) * 60_000);
}

/** Road km of a trip as planning estimates it: from `start` through the stops in order and back, × ROAD_FACTOR. */
export function roundTripKm(start: Point, stops: readonly Point[]): number {
  let km = 0;
  let here = start;
  for (const stop of [...stops, start]) {
    km += haversineKm(here, stop);
    here = stop;
  }
  return km * ROAD_FACTOR;
}

/**
 * A round from `start`: each time the nearest point not yet visited (nearest neighbour). Returns the
 * points' indexes in visiting order; of equally near points, the earlier index goes first. The demo's
 * 配送順 and the board's 近い順 are made this way.
 */
export function roundOrder(start: Point, points: readonly Point[]): number[] {
  const visits: number[] = [];
  const left = new Set(points.keys());
  let here = start;
  while (left.size > 0) {
    let nearest = -1;
    let nearestKm = Number.POSITIVE_INFINITY;
    for (const i of left) {
      const km = haversineKm(here, points[i]!);
      if (km < nearestKm) [nearest, nearestKm] = [i, km];
    }
    visits.push(nearest);
    left.delete(nearest);
    here = points[nearest]!;
  }
  return visits;
}

/** Less than this is no shorter: rounding in the sums never reverses a stretch back and forth. */
const SHORTER_KM = 1e-9;

/**
 * The board's 近い順: the nearest-neighbour round (`roundOrder`), then untangled (2-opt): whenever
 * reversing a stretch of it makes the round from `start` and back shorter, it is reversed, until no
 * reversal does. Nearest neighbour alone often ends with a long way back across its own path; a round
 * without crossings is what a planner draws by hand. Returns the points' indexes in visiting order.
 */
export function shortRound(start: Point, points: readonly Point[]): number[] {
  const round = roundOrder(start, points);
  const at = (k: number) => (k < 0 || k >= round.length ? start : points[round[k]!]!);
  for (let improved = true; improved; ) {
    improved = false;
    for (let i = 0; i < round.length - 1; i++) {
      for (let j = i + 1; j < round.length; j++) {
        // The legs into the stretch i..j and out of it, against the same legs with the stretch reversed.
        const now = haversineKm(at(i - 1), at(i)) + haversineKm(at(j), at(j + 1));
        const reversed = haversineKm(at(i - 1), at(j)) + haversineKm(at(i), at(j + 1));
        if (reversed < now - SHORTER_KM) {
          round.splice(i, j - i + 1, ...round.slice(i, j + 1).reverse());
          improved = true;
        }
      }
    }
  }
  return round;
}

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

/** What a trip's km needs: where it starts and its stops' places. */
export interface TripPlaces {
  origin_latitude: number | null;
  origin_longitude: number | null;
  stops: readonly { seq: number; latitude: number | null; longitude: number | null }[];
}

/**
 * The trip's estimated road km from its center through its located stops in order and back (the
 * board shows it, the invoices charge it); null when its center or every stop is unlocated.
 */
export function tripKm(trip: TripPlaces): number | null {
  if (!isLocated(trip.origin_latitude, trip.origin_longitude)) return null;
  const points = [...trip.stops].sort((a, b) => a.seq - b.seq).filter((stop) => isLocated(stop.latitude, stop.longitude)) as Point[];
  return points.length === 0 ? null : roundTripKm({ latitude: trip.origin_latitude!, longitude: trip.origin_longitude! }, points);
}


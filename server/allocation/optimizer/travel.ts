// Travel between locations, as the optimizer reads it: a full matrix of distance and duration. The
// matrix comes from coordinates (great-circle distance times a detour factor over a speed, or the plane
// distance for benchmark instances) or is given as it is (a road-distance service's answer).

/** Plain data, so that a problem crosses to the worker thread as it is. */
export type TravelSpec =
  | {
      kind: 'haversine';
      /** [latitude, longitude] in degrees, one per location. */
      coordinates: [number, number][];
      /** Road distance over great-circle distance. */
      detour: number;
      /** Distance units (km) per time unit (minute). */
      speed: number;
    }
  | { kind: 'euclidean'; coordinates: [number, number][] }
  | { kind: 'matrix'; size: number; distance: ArrayLike<number>; duration: ArrayLike<number> };

export interface Travel {
  size: number;
  /** Row-major, `size` × `size`. */
  distance: Float64Array;
  duration: Float64Array;
}

const EARTH_RADIUS_KM = 6371.0088;
const RADIAN = Math.PI / 180;

export function haversineKm([lat1, lon1]: [number, number], [lat2, lon2]: [number, number]): number {
  const dLat = (lat2 - lat1) * RADIAN;
  const dLon = (lon2 - lon1) * RADIAN;
  const a = Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RADIAN) * Math.cos(lat2 * RADIAN) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(a)));
}

function fromCoordinates(coordinates: [number, number][], measure: (a: [number, number], b: [number, number]) => number): Float64Array {
  const size = coordinates.length;
  const matrix = new Float64Array(size * size);
  for (let a = 0; a < size; a++) {
    for (let b = a + 1; b < size; b++) matrix[a * size + b] = matrix[b * size + a] = measure(coordinates[a]!, coordinates[b]!);
  }
  return matrix;
}

export function travelOf(spec: TravelSpec): Travel {
  switch (spec.kind) {
    case 'haversine': {
      const distance = fromCoordinates(spec.coordinates, (a, b) => haversineKm(a, b) * spec.detour);
      return { size: spec.coordinates.length, distance, duration: distance.map((km) => km / spec.speed) };
    }
    case 'euclidean': {
      const distance = fromCoordinates(spec.coordinates, ([x1, y1], [x2, y2]) => Math.hypot(x1 - x2, y1 - y2));
      return { size: spec.coordinates.length, distance, duration: distance };
    }
    case 'matrix':
      return { size: spec.size, distance: Float64Array.from(spec.distance), duration: Float64Array.from(spec.duration) };
  }
}

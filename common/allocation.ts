/**
 * Capacity rules both the server (refusals) and the client (capacity bars) apply: how full a trip
 * is, and the colour thresholds of the bars (green, amber over 90 %, red over 100 %).
 */

/** Above this ratio a bar turns amber: the trip is nearly full. */
export const CAPACITY_WARN_RATIO = 0.9;
/** Above this ratio the load does not fit: red, and the server refuses the write. */
export const CAPACITY_OVER_RATIO = 1;

export type CapacityLevel = 'ok' | 'warn' | 'over';

/** load / capacity; a load on no capacity (unknown or 0) is over, nothing on nothing is empty. */
export function capacityRatio(load: number, capacity: number | null | undefined): number {
  if (!capacity || capacity <= 0) return load > 0 ? Number.POSITIVE_INFINITY : 0;
  return load / capacity;
}

export function capacityLevel(ratio: number): CapacityLevel {
  if (ratio > CAPACITY_OVER_RATIO) return 'over';
  if (ratio > CAPACITY_WARN_RATIO) return 'warn';
  return 'ok';
}

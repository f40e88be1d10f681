/** The trip API's rows (docs/api.md: GET /api/vehicle_allocation and /:id). */
import type { TripKind } from './types.js';

/** One shape of a trip for every screen: the board's (types.ts). */
export type { Trip, TripKind } from './types.js';
export const TRIP_KINDS: readonly TripKind[] = ['between_centers_before', 'between_centers_today', 'store_direct'];
/** 0 計画, 1 積込中, 2 配送中, 3 完了, 9 取消 */
export const TRIP_STATUSES = [0, 1, 2, 3, 9] as const;

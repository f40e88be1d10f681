/**
 * The delivery API as the screens read it (docs/api.md: GET /api/delivery and /api/delivery/:id): each
 * shape is the server's schema (server/deliveries/schemas.ts), imported as a type only.
 */
import type { DeliveryDetailWire, DeliveryRowWire } from '../../../../server/deliveries/schemas.js';

export type Delivery = DeliveryRowWire;
export type DeliveryDetail = DeliveryDetailWire;
export type DeliveryTrip = NonNullable<DeliveryDetail['trip']>;
export type DeliveryStop = NonNullable<DeliveryDetail['stop']>;

/** A delivery may be deleted only while on no trip (the server answers 409 otherwise). */
export function isUnassigned(row: Pick<Delivery, 'status' | 'vehicle_allocation_id'>): boolean {
  return row.status === 0 && row.vehicle_allocation_id === null;
}

/** The records the map pages read (the destination and direction masters, the nearest search). */
import type { NearDestination as NearDestinationWire } from '../../../../server/places/schemas.js';

export interface Destination {
  id: number;
  delivery_code: string;
  customer_company_name: string;
  customer_store_name: string;
  customer_address: string;
  direction_id: number | null;
  direction_name: string | null;
  order: number | null;
  latitude: number;
  longitude: number;
  start_time: string | null;
  ending_time: string | null;
  specified_time: string | null;
}

/** A destination near a point, with its distance (the server's schema, server/places/schemas.ts). */
export type NearDestination = NearDestinationWire;

export interface Direction {
  id: number;
  code: string;
  name: string;
  department_id: number;
}

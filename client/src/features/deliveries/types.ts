/** The delivery API's answers (docs/api.md: GET /api/delivery and /api/delivery/:id). */
import type { StopReport } from '../../shared/trips/types.js';

export interface Delivery {
  id: number;
  version: number;
  date: string;
  department_id: number;
  department_name: string | null;
  delivery_destination_id: number;
  delivery_code: string | null;
  store_name: string | null;
  customer_company_name: string | null;
  address: string | null;
  customer_id: number | null;
  order_number: string | null;
  slip_number: string;
  item_code: string | null;
  item_name: string | null;
  quantity: number;
  load_unit: number;
  volume: number | null;
  weight: number | null;
  status: number;
  vehicle_allocation_id: number | null;
  stop_seq: number | null;
  trip_no: number | null;
  /** the trip's route name as the planner gave it (null: unnamed) */
  route_name: string | null;
  delivery_route: string | null;
  vehicle_id: number | null;
  vehicle_number: string | null;
  driver_id: number | null;
  driver_name: string | null;
  delivery_company_id: number | null;
  delivery_company_name: string | null;
  /** the trip's 出発予定 */
  planned_departure: string | null;
  estimated_arrival_time: string | null;
  delivery_delay_status: number;
  report_time: string | null;
  report_location: string | null;
  handled_at: string | null;
  updated_at: string;
}

export interface DeliveryTrip {
  id: number;
  trip_no: number;
  route_name: string | null;
  status: number;
  vehicle_number: string | null;
  driver_name: string | null;
  planned_loading_start: string | null;
  planned_departure: string | null;
  planned_arrival: string | null;
  confirmed_at: string | null;
}

export interface DeliveryStop extends StopReport {
  seq: number;
  planned_arrival: string | null;
  arrival_latitude: number | null;
  arrival_longitude: number | null;
}

export interface DeliveryDetail extends Delivery {
  trip: DeliveryTrip | null;
  stop: DeliveryStop | null;
}

/** A delivery may be deleted only while on no trip (the server answers 409 otherwise). */
export function isUnassigned(row: Pick<Delivery, 'status' | 'vehicle_allocation_id'>): boolean {
  return row.status === 0 && row.vehicle_allocation_id === null;
}

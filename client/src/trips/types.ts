/** The trip API's rows (HELPERS.md contracts: GET /api/vehicle_allocation and /:id). */
export type TripKind = 'between_centers_before' | 'between_centers_today' | 'store_direct';
export const TRIP_KINDS: readonly TripKind[] = ['between_centers_before', 'between_centers_today', 'store_direct'];
/** 0 計画, 1 積込中, 2 配送中, 3 完了, 9 取消 */
export const TRIP_STATUSES = [0, 1, 2, 3, 9] as const;

export interface Trip {
  id: number;
  version: number;
  date: string;
  kind: TripKind;
  department_id: number;
  department_name: string | null;
  trip_no: number;
  route_name: string | null;
  origin_department_id: number | null;
  origin_department_name: string | null;
  destination_department_id: number | null;
  destination_department_name: string | null;
  direction_id: number | null;
  direction_name: string | null;
  delivery_company_id: number | null;
  delivery_company_name: string | null;
  vehicle_id: number | null;
  vehicle_number: string | null;
  vehicle_type_name: string | null;
  pallet_capacity: number | null;
  cage_cart_capacity: number | null;
  max_loading_capacity: number | null;
  driver_id: number | null;
  driver_name: string | null;
  trip_mode: number;
  load_unit: number;
  receive_timing: number | null;
  quantity: number;
  weight: number;
  volume: number;
  planned_loading_start: string | null;
  planned_departure: string | null;
  planned_arrival: string | null;
  status: number;
  handled_at: string | null;
  toll: number | null;
  parking: number | null;
  other_expense: number | null;
  pinned: boolean;
  confirmed_at: string | null;
  stop_count: number;
  updated_by_name: string | null;
  updated_at: string;
}

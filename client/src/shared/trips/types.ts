/** The trips API as the allocation screens read it (docs/api.md, Trips). */
export type TripKind = 'between_centers_before' | 'between_centers_today' | 'store_direct';

export interface Warning {
  code: string;
  params?: Record<string, string | number>;
}

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
  vehicle_type_id: number | null;
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
  loading_started_at: string | null;
  departed_at: string | null;
  completed_at: string | null;
  status: number;
  handled_at: string | null;
  toll: number | null;
  parking: number | null;
  other_expense: number | null;
  pinned: boolean;
  confirmed_at: string | null;
  warnings: Warning[];
  stop_count: number;
  updated_by_name: string | null;
  updated_at: string;
}

export interface StopDelivery {
  id: number;
  version: number;
  slip_number: string;
  item_name: string | null;
  quantity: number;
  load_unit: number;
  weight: number | null;
  status: number;
}

export interface Stop extends StopReport {
  seq: number;
  delivery_destination_id: number;
  delivery_code: string | null;
  store_name: string | null;
  address: string | null;
  latitude: number | null;
  longitude: number | null;
  start_time: string | null;
  ending_time: string | null;
  specified_time: string | null;
  planned_arrival: string | null;
  quantity: number;
  weight: number;
  warnings: Warning[];
  deliveries: StopDelivery[];
}

/** What a driver reports at a stop (server/allocation/schemas.ts `stopReport`), wherever a stop is shown. */
export interface StopReport {
  arrived_at: string | null;
  departed_at: string | null;
  wait_minutes: number | null;
  work_started_at: string | null;
  work_ended_at: string | null;
  work_content: string | null;
  consignee_confirmed: boolean | null;
}

export interface TripDetail extends Trip {
  /** The center the trip starts from and returns to (a transfer's origin, else the planning center); null: not located. */
  origin_latitude: number | null;
  origin_longitude: number | null;
  stops: Stop[];
}

export interface BoardDelivery {
  id: number;
  version: number;
  slip_number: string;
  store_name: string | null;
  delivery_destination_id: number;
  item_name: string | null;
  quantity: number;
  load_unit: number;
  weight: number | null;
  volume: number | null;
  start_time: string | null;
  ending_time: string | null;
  specified_time: string | null;
}

export interface DirectionGroup {
  direction_id: number | null;
  direction_name: string | null;
  /** The other center whose direction this is (its goods are a transfer); null for the board's own. */
  transfer_to: string | null;
  deliveries: BoardDelivery[];
}

export interface BoardVehicle {
  id: number;
  vehicle_number: string;
  vehicle_type_name: string | null;
  delivery_company_name: string | null;
  pallet_capacity: number | null;
  cage_cart_capacity: number | null;
  max_loading_capacity: number | null;
  busy: boolean;
}

export interface BoardDriver {
  id: number;
  name: string;
  delivery_company_id: number | null;
  /** the driver's regular vehicle (担当車両) */
  default_vehicle_id: number | null;
  /** on a live trip that day */
  busy: boolean;
}

export interface Board {
  unallocated: DirectionGroup[];
  trips: TripDetail[];
  vehicles: BoardVehicle[];
  drivers: BoardDriver[];
  /** The times a new trip starts with: the center's 稼働時間 (store delivery) that day. */
  new_trip: { planned_loading_start: string; planned_departure: string };
}

export interface TransferDemand {
  origin_department_id: number;
  origin_department_name: string | null;
  destination_department_id: number;
  destination_department_name: string | null;
  pallets: number;
  cage_carts: number;
  weight: number;
  covered_pallets: number;
  covered_cage_carts: number;
}

export interface Transfers {
  demand: TransferDemand[];
  trips: Trip[];
  /** The lanes' trips that another center plans: shown, not edited here. */
  others: Trip[];
  /** The day's other trips on the chart's vehicles (store rounds, the other transfer kind): read only. */
  busy: Trip[];
}

export interface CalculatorDirection {
  direction_id: number | null;
  direction_name: string | null;
  /** the center a direction of another center goes to (a transfer), else null */
  transfer_to: string | null;
  quantity: number;
  weight: number;
  pallets: number;
  cage_carts: number;
  /** rounds a vehicle runs the direction a day (its base's 回転数; 1 without a base) */
  trips_per_day: number;
  /** the recommended type: `trips` loads of it, `count` vehicles for them */
  vehicles_needed: { vehicle_type_id: number; vehicle_type_name: string; trips: number; count: number }[];
  /** per type of the calculator's `vehicle_types`: how many carry the load alone (null: that type cannot) */
  vehicles_by_type: { vehicle_type_id: number; count: number | null }[];
}

/** A type the calculator counts vehicles in, with how many of it the center has. */
export interface CalculatorVehicleType {
  id: number;
  name: string;
  vehicles: number;
}

export interface CalculatorProposal {
  vehicle_id: number;
  vehicle_number: string;
  vehicle_type_name: string;
  pallet_capacity: number | null;
  cage_cart_capacity: number | null;
  max_loading_capacity: number | null;
  load_unit: number;
  driver_id: number | null;
  /** what the vehicle's proposed trips bring its driver under the 2024 rules (on its first proposed trip) */
  work_rule_warnings: Warning[];
  direction_id: number | null;
  /** every direction the trip carries, its own first (more than one: 混載) */
  direction_ids: (number | null)[];
  delivery_ids: number[];
  quantity: number;
  weight: number;
  /** 1: the vehicle's first trip of the day; 2: the one it loads for when that one is back (2回転目), … */
  round: number;
  planned_loading_start: string;
  planned_departure: string;
  /** back at the center */
  planned_arrival: string;
}

export interface Calculator {
  vehicle_types: CalculatorVehicleType[];
  directions: CalculatorDirection[];
  proposal: CalculatorProposal[];
  unassigned_delivery_ids: number[];
  /** each delivery left out and why */
  unassigned: { delivery_id: number; reason: 'noVehicle' | 'lateForWindow' | 'overCapacity' }[];
}

/** A trip's deliveries in the shape `PUT …/stops` takes. */
export interface StopEntry {
  delivery_id: number;
  seq: number;
}

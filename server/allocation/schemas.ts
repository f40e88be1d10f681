import { Type } from 'typebox';
import { RUN_ID_PATTERN } from '../../common/realtime.js';
import { CalendarDate, CsvEncodingParam, errorResponses, Id, IdParams, Instant, INT4_MAX, Nullable, Text, Timestamp, type Wire } from '../http/schemas.js';

/** The wire shapes of trips (配車, 便): what each route accepts and answers (allow-lists). */

const Kind = Type.Union([Type.Literal('between_centers_before'), Type.Literal('between_centers_today'), Type.Literal('store_direct')]);
const TransferKind = Type.Union([Type.Literal('between_centers_before'), Type.Literal('between_centers_today')]);
const Version = Type.Integer({ minimum: 1, maximum: INT4_MAX });
const Amount = Type.Integer({ minimum: 0, maximum: 1_000_000_000 });
const Warning = Type.Object({ code: Type.String(), params: Type.Optional(Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]))) });
const NullableNumber = Nullable(Type.Number());
const NullableInt = Nullable(Type.Integer());
const NullableString = Nullable(Type.String());
const NullableTime = Nullable(Timestamp);

/**
 * What a driver reports at a stop (the driver app's arrival and departure): the same fields wherever a
 * stop is shown, on the board, a delivery's detail and the driver's own trips.
 */
export const stopReport = {
  arrived_at: NullableTime,
  departed_at: NullableTime,
  wait_started_at: NullableTime,
  wait_ended_at: NullableTime,
  wait_minutes: Nullable(Type.Integer()),
  work_started_at: NullableTime,
  work_ended_at: NullableTime,
  work_content: NullableString,
  consignee_confirmed: Nullable(Type.Boolean()),
};

/** Of a stop's report, where the driver is now: waiting, at work, and the consignee's confirmation (a delivery's list row). */
export const stopProgress = {
  wait_started_at: stopReport.wait_started_at,
  wait_ended_at: stopReport.wait_ended_at,
  work_started_at: stopReport.work_started_at,
  work_ended_at: stopReport.work_ended_at,
  consignee_confirmed: stopReport.consignee_confirmed,
};

export const Trip = Type.Object({
  id: Type.Integer(),
  version: Type.Integer(),
  date: Type.String(),
  kind: Kind,
  department_id: Type.Integer(),
  department_name: Type.String(),
  trip_no: Type.Integer(),
  route_name: NullableString,
  origin_department_id: NullableInt,
  origin_department_name: NullableString,
  destination_department_id: NullableInt,
  destination_department_name: NullableString,
  direction_id: NullableInt,
  direction_name: NullableString,
  delivery_company_id: NullableInt,
  delivery_company_name: NullableString,
  vehicle_id: NullableInt,
  vehicle_number: NullableString,
  vehicle_type_id: NullableInt,
  vehicle_type_name: NullableString,
  pallet_capacity: NullableInt,
  cage_cart_capacity: NullableInt,
  max_loading_capacity: NullableNumber,
  /** m³: the vehicle's 平均容積, shown against the trip's volume (never refused) */
  volume_capacity: NullableNumber,
  driver_id: NullableInt,
  driver_name: NullableString,
  trip_mode: Type.Integer(),
  load_unit: Type.Integer(),
  receive_timing: NullableInt,
  quantity: Type.Integer(),
  weight: Type.Number(),
  volume: Type.Number(),
  planned_loading_start: NullableTime,
  planned_departure: NullableTime,
  planned_arrival: NullableTime,
  loading_started_at: NullableTime,
  departed_at: NullableTime,
  completed_at: NullableTime,
  status: Type.Integer(),
  handled_at: NullableTime,
  toll: NullableInt,
  parking: NullableInt,
  other_expense: NullableInt,
  pinned: Type.Boolean(),
  confirmed_at: NullableTime,
  warnings: Type.Array(Warning),
  stop_count: Type.Integer(),
  updated_by_name: NullableString,
  updated_at: Timestamp,
});

const StopDelivery = Type.Object({
  id: Type.Integer(),
  version: Type.Integer(),
  slip_number: Type.String(),
  item_name: NullableString,
  quantity: Type.Integer(),
  load_unit: Type.Integer(),
  weight: NullableNumber,
  status: Type.Integer(),
});

const Stop = Type.Object({
  seq: Type.Integer(),
  delivery_destination_id: Type.Integer(),
  delivery_code: Type.String(),
  store_name: Type.String(),
  address: Type.String(),
  latitude: NullableNumber,
  longitude: NullableNumber,
  start_time: NullableString,
  ending_time: NullableString,
  specified_time: NullableString,
  planned_arrival: NullableTime,
  quantity: Type.Integer(),
  weight: Type.Number(),
  warnings: Type.Array(Warning),
  ...stopReport,
  deliveries: Type.Array(StopDelivery),
});

/** A trip with its stops and the coordinates of the center it starts from and returns to (null: not located). */
export const TripDetail = Type.Intersect([Trip, Type.Object({ origin_latitude: NullableNumber, origin_longitude: NullableNumber, stops: Type.Array(Stop) })]);

const tripFields = {
  vehicle_id: Type.Optional(Nullable(Id)),
  driver_id: Type.Optional(Nullable(Id)),
  route_name: Type.Optional(Nullable(Text({ maxLength: 100 }))),
  origin_department_id: Type.Optional(Nullable(Id)),
  destination_department_id: Type.Optional(Nullable(Id)),
  direction_id: Type.Optional(Nullable(Id)),
  trip_mode: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)])),
  load_unit: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
  receive_timing: Type.Optional(Nullable(Type.Union([Type.Literal(0), Type.Literal(1)]))),
  planned_loading_start: Type.Optional(Nullable(Instant)),
  planned_departure: Type.Optional(Nullable(Instant)),
  planned_arrival: Type.Optional(Nullable(Instant)),
  toll: Type.Optional(Nullable(Amount)),
  parking: Type.Optional(Nullable(Amount)),
  other_expense: Type.Optional(Nullable(Amount)),
  pinned: Type.Optional(Type.Boolean()),
  /** set directly on trips between centers only; a store trip's totals come from its deliveries */
  quantity: Type.Optional(Type.Integer({ minimum: 0, maximum: 100_000 })),
  weight: Type.Optional(Type.Number({ minimum: 0, maximum: 1_000_000 })),
  volume: Type.Optional(Type.Number({ minimum: 0, maximum: 1_000_000 })),
};

export const TripCreate = Type.Object({ date: CalendarDate, kind: Kind, department_id: Id, ...tripFields }, { additionalProperties: false });
/** date, kind and department are the trip's identity: accepted (a form sends them back) but never changed. */
export const TripUpdate = Type.Object(
  { version: Version, date: Type.Optional(CalendarDate), kind: Type.Optional(Kind), department_id: Type.Optional(Id), ...tripFields },
  { additionalProperties: false },
);
export type TripCreateBody = Type.Static<typeof TripCreate>;
export type TripUpdateBody = Type.Static<typeof TripUpdate>;
export type TripFields = Partial<Omit<TripCreateBody, 'date' | 'kind' | 'department_id'>>;

const Repeated = <T extends Parameters<typeof Type.Array>[0]>(item: T) => Type.Optional(Type.Array(item, { maxItems: 50 }));

/** The trip list's conditions, shared by its pages and its CSV export. */
const tripFilters = {
  date_from: CalendarDate,
  date_to: CalendarDate,
  department_id: Type.Optional(Id),
  kind: Type.Optional(Kind),
  delivery_company_id: Type.Optional(Id),
  vehicle_id: Type.Optional(Id),
  driver_id: Type.Optional(Id),
  status: Repeated(Type.Integer({ minimum: 0, maximum: 9 })),
};

export const tripListSchema = {
  querystring: Type.Object(
    {
      ...tripFilters,
      _start: Type.Optional(Type.Integer({ minimum: 0, maximum: INT4_MAX })),
      _end: Type.Optional(Type.Integer({ minimum: 0, maximum: INT4_MAX })),
      _sort: Type.Optional(
        Type.Union(['date', 'trip_no', 'department_name', 'vehicle_number', 'driver_name', 'planned_departure', 'status', 'updated_at'].map((s) => Type.Literal(s))),
      ),
      _order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc'), Type.Literal('ASC'), Type.Literal('DESC')])),
    },
    { additionalProperties: false },
  ),
  response: { 200: Type.Array(Trip), ...errorResponses },
};
export type TripListQuery = Type.Static<typeof tripListSchema.querystring>;

export const tripExportSchema = {
  querystring: Type.Object({ ...tripFilters, encoding: CsvEncodingParam }, { additionalProperties: false }),
  response: { 200: Type.String(), ...errorResponses },
};
export type TripFilters = Omit<Type.Static<typeof tripExportSchema.querystring>, 'encoding'>;

export const tripShowSchema = { params: IdParams, response: { 200: TripDetail, ...errorResponses } };
export const tripCreateSchema = { body: TripCreate, response: { 201: TripDetail, ...errorResponses } };
export const tripUpdateSchema = { params: IdParams, body: TripUpdate, response: { 200: TripDetail, ...errorResponses } };
export const tripDeleteSchema = {
  params: IdParams,
  querystring: Type.Object({ version: Type.Optional(Version) }, { additionalProperties: false }),
  body: Type.Optional(Type.Union([Type.Object({ version: Version }, { additionalProperties: false }), Type.Null()])),
  response: { 200: TripDetail, ...errorResponses },
};
export const tripVersionSchema = {
  params: IdParams,
  body: Type.Object({ version: Version }, { additionalProperties: false }),
  response: { 200: TripDetail, ...errorResponses },
};

export const StopsBody = Type.Object(
  {
    version: Version,
    stops: Type.Array(Type.Object({ delivery_id: Id, seq: Type.Integer({ minimum: 1, maximum: 999 }) }, { additionalProperties: false }), { maxItems: 500 }),
  },
  { additionalProperties: false },
);
export const tripStopsSchema = { params: IdParams, body: StopsBody, response: { 200: TripDetail, ...errorResponses } };

const TripRef = Type.Object({ id: Id, version: Version }, { additionalProperties: false });
export const tripMoveSchema = {
  body: Type.Object({ from: TripRef, to: TripRef, delivery_ids: Type.Array(Id, { minItems: 1, maxItems: 500 }) }, { additionalProperties: false }),
  response: { 200: Type.Object({ from: TripDetail, to: TripDetail }), ...errorResponses },
};

/** POST /vehicle_allocation/work_rules: the working-time warnings a trip would carry, before saving. */
export const tripWorkRulesSchema = {
  body: Type.Object(
    {
      date: CalendarDate,
      driver_id: Id,
      trip_id: Type.Optional(Nullable(Id)),
      planned_loading_start: Type.Optional(Nullable(Instant)),
      planned_departure: Type.Optional(Nullable(Instant)),
      planned_arrival: Type.Optional(Nullable(Instant)),
    },
    { additionalProperties: false },
  ),
  response: { 200: Type.Object({ warnings: Type.Array(Warning) }), ...errorResponses },
};

export const tripCopySchema = {
  body: Type.Object({ from_date: CalendarDate, to_date: CalendarDate, department_id: Id, kind: Type.Optional(Kind) }, { additionalProperties: false }),
  response: {
    200: Type.Object({
      created: Type.Integer(),
      /** trips not copied: their number is already taken that day (copied before) */
      skipped: Type.Integer(),
      /** trips copied without their vehicle or driver: busy at that window, or no longer visible */
      without_vehicle_or_driver: Type.Integer(),
    }),
    ...errorResponses,
  },
};

const CenterDay = Type.Object({ department_id: Id, date: CalendarDate }, { additionalProperties: false });

const BoardDelivery = Type.Object({
  id: Type.Integer(),
  version: Type.Integer(),
  slip_number: Type.String(),
  store_name: Type.String(),
  delivery_destination_id: Type.Integer(),
  item_name: NullableString,
  quantity: Type.Integer(),
  load_unit: Type.Integer(),
  weight: NullableNumber,
  volume: NullableNumber,
  start_time: NullableString,
  ending_time: NullableString,
  specified_time: NullableString,
  /** the store's coordinates (null: not located), for the board's map */
  latitude: NullableNumber,
  longitude: NullableNumber,
});

export const boardSchema = {
  querystring: CenterDay,
  response: {
    200: Type.Object({
      /** the center itself, for the board's map (coordinates null: not located) */
      center: Type.Object({ name: Type.String(), latitude: NullableNumber, longitude: NullableNumber }),
      unallocated: Type.Array(
        Type.Object({ direction_id: NullableInt, direction_name: NullableString, transfer_to: NullableString, deliveries: Type.Array(BoardDelivery) }),
      ),
      trips: Type.Array(TripDetail),
      vehicles: Type.Array(
        Type.Object({
          id: Type.Integer(),
          vehicle_number: Type.String(),
          vehicle_type_name: NullableString,
          delivery_company_name: NullableString,
          pallet_capacity: NullableInt,
          cage_cart_capacity: NullableInt,
          max_loading_capacity: NullableNumber,
          busy: Type.Boolean(),
          /** A vehicle out that day that may run another round after its last (2回転目): that round's number, times and driver; else null. */
          next_round: Type.Union([
            Type.Object({ round: Type.Integer(), planned_loading_start: Timestamp, planned_departure: Timestamp, driver_id: NullableInt }),
            Type.Null(),
          ]),
        }),
      ),
      /**
       * `default_vehicle_id`: the driver's regular vehicle (担当車両); `busy`: on a live trip that day;
       * `binding`: the most he may be bound that day under the 2024 rules (minutes) and his work that day
       * besides the board's trips (recorded or on other trips: first start, last end; null: none).
       */
      drivers: Type.Array(
        Type.Object({
          id: Type.Integer(),
          name: Type.String(),
          delivery_company_id: Type.Integer(),
          default_vehicle_id: NullableInt,
          busy: Type.Boolean(),
          binding: Type.Object({ minutes: Type.Integer(), start: NullableTime, end: NullableTime }),
        }),
      ),
      /** The times a new trip of the board starts with (the center's 稼働時間 for store delivery). */
      new_trip: Type.Object({ planned_loading_start: Timestamp, planned_departure: Timestamp, load_unit: Type.Integer() }),
    }),
    ...errorResponses,
  },
};

const ProposalTrip = Type.Object({
  vehicle_id: Type.Integer(),
  vehicle_number: Type.String(),
  vehicle_type_name: Type.String(),
  /** the vehicle's capacities, and the load unit its deliveries are counted in (as a trip's) */
  pallet_capacity: NullableInt,
  cage_cart_capacity: NullableInt,
  max_loading_capacity: Nullable(Type.Number()),
  load_unit: Type.Integer(),
  driver_id: NullableInt,
  /** what the vehicle's proposed trips (one working day) bring its driver under the 2024 rules, as a trip's warnings (`workRules.<rule>`) */
  work_rule_warnings: Type.Array(Warning),
  direction_id: NullableInt,
  /** every direction the trip carries, its own first (more than one: 混載) */
  direction_ids: Type.Array(NullableInt),
  delivery_ids: Type.Array(Type.Integer()),
  quantity: Type.Integer(),
  weight: Type.Number(),
  /** 1: the vehicle's first trip of the day; 2: its second, loaded when the first is back (2回転目), … */
  round: Type.Integer(),
  planned_loading_start: Timestamp,
  planned_departure: Timestamp,
  /** back at the center */
  planned_arrival: Timestamp,
  /** road km from the center through its stores and back */
  km: Type.Number(),
  /** the highest of its load over the vehicle's capacity in each measure (its load unit's, kg), 0-1 */
  load_rate: Type.Number(),
});

/** A plan's figures: vehicles used, road km, hours from loading to return, stops reached after their store's time */
const DayFigures = Type.Object({ vehicles: Type.Integer(), km: Type.Number(), hours: Type.Number(), late_stops: Type.Integer() });

export const calculatorSchema = {
  querystring: Type.Object(
    {
      department_id: Id,
      date: CalendarDate,
      /** the optimizer's time budget (5 s when absent) */
      seconds: Type.Optional(Type.Integer({ minimum: 1, maximum: 30 })),
      /** the optimizer's seed: the same seed and day give the same proposal at the same budget */
      seed: Type.Optional(Type.Integer({ minimum: 0, maximum: INT4_MAX })),
      /** the client's id of this calculation: the optimizer's progress goes to the caller's realtime sockets under it */
      run_id: Type.Optional(Type.String({ pattern: RUN_ID_PATTERN })),
    },
    { additionalProperties: false },
  ),
  response: {
    200: Type.Object({
      /** the types a direction's vehicles are counted in: the center's own vehicles' and any recommended, smallest first; `vehicles`: how many the center has */
      vehicle_types: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), vehicles: Type.Integer() })),
      directions: Type.Array(
        Type.Object({
          direction_id: NullableInt,
          direction_name: NullableString,
          /** the center a direction of another center goes to (a transfer), else null */
          transfer_to: NullableString,
          quantity: Type.Integer(),
          weight: Type.Number(),
          pallets: Type.Integer(),
          cage_carts: Type.Integer(),
          /** rounds a vehicle runs the direction a day (its base's 回転数; 1 without a base) */
          trips_per_day: Type.Integer(),
          /** the recommended type: `trips` loads of it, `count` vehicles for them at `trips_per_day` */
          vehicles_needed: Type.Array(Type.Object({ vehicle_type_id: Type.Integer(), vehicle_type_name: Type.String(), trips: Type.Integer(), count: Type.Integer() })),
          /** per type of `vehicle_types`, in its order: how many of it carry the direction's load alone at `trips_per_day` (null: that type cannot carry it) */
          vehicles_by_type: Type.Array(Type.Object({ vehicle_type_id: Type.Integer(), count: NullableInt })),
        }),
      ),
      proposal: Type.Array(ProposalTrip),
      /** the proposal's figures */
      summary: DayFigures,
      /** the same figures of the center's store trips of the day as they stand */
      current: DayFigures,
      unassigned_delivery_ids: Type.Array(Type.Integer()),
      /** each delivery left out and why: no vehicle with room for it, only trips with room that reach its store too late, or more than a vehicle of its own carries */
      unassigned: Type.Array(Type.Object({ delivery_id: Type.Integer(), reason: Type.Union([Type.Literal('noVehicle'), Type.Literal('lateForWindow'), Type.Literal('overCapacity')]) })),
    }),
    ...errorResponses,
  },
};

export const calculatorAcceptSchema = {
  body: Type.Object(
    {
      department_id: Id,
      date: CalendarDate,
      proposal: Type.Array(
        Type.Object(
          {
            vehicle_id: Id,
            driver_id: Type.Optional(Nullable(Id)),
            delivery_ids: Type.Array(Id, { minItems: 1, maxItems: 500 }),
            /** a later round's times as proposed; without them, the center's loading start and departure that day */
            planned_loading_start: Type.Optional(Instant),
            planned_departure: Type.Optional(Instant),
          },
          { additionalProperties: false },
        ),
        { minItems: 1, maxItems: 200 },
      ),
    },
    { additionalProperties: false },
  ),
  response: { 200: Type.Object({ created: Type.Integer() }), ...errorResponses },
};

export const transfersSchema = {
  querystring: Type.Object({ date: CalendarDate, kind: TransferKind, department_id: Type.Optional(Id) }, { additionalProperties: false }),
  response: {
    200: Type.Object({
      demand: Type.Array(
        Type.Object({
          origin_department_id: Type.Integer(),
          origin_department_name: Type.String(),
          destination_department_id: Type.Integer(),
          destination_department_name: Type.String(),
          pallets: Type.Integer(),
          cage_carts: Type.Integer(),
          weight: Type.Number(),
          covered_pallets: Type.Integer(),
          covered_cage_carts: Type.Integer(),
        }),
      ),
      trips: Type.Array(Trip),
      others: Type.Array(Trip),
      busy: Type.Array(Trip),
    }),
    ...errorResponses,
  },
};

/** A plan's figures with its trips' average load rate (0-1): the day before and after a 再最適化 */
const ReoptimizeFigures = Type.Object({ vehicles: Type.Integer(), km: Type.Number(), hours: Type.Number(), late_stops: Type.Integer(), load_rate: Type.Number() });

export const reoptimizeSchema = {
  querystring: calculatorSchema.querystring,
  response: {
    200: Type.Object({
      /** the state of the day the plan was made on: the apply refuses a day changed since */
      basis: Type.String(),
      /** the plan's trips; `replaces`: the movable trip of the same vehicle it takes the place of, null for a new trip */
      trips: Type.Array(Type.Intersect([ProposalTrip, Type.Object({ replaces: NullableInt })])),
      /** the deliveries that change vehicle: from a trip (`from_trip_id`) or the pool (null), to a trip of `trips` (its index) or left in the pool (null) */
      moves: Type.Array(
        Type.Object({
          delivery_id: Type.Integer(),
          slip_number: Type.String(),
          store_name: Type.String(),
          from_trip_id: NullableInt,
          from_trip_no: NullableInt,
          to_trip: NullableInt,
        }),
      ),
      /** movable trips whose vehicle gets no trip in the plan */
      emptied_trip_ids: Type.Array(Type.Integer()),
      unassigned: calculatorSchema.response[200].properties.unassigned,
      before: ReoptimizeFigures,
      after: ReoptimizeFigures,
    }),
    ...errorResponses,
  },
};

const ReoptimizeApplyBody = Type.Object(
  {
    department_id: Id,
    date: CalendarDate,
    basis: Type.String({ minLength: 64, maxLength: 64 }),
    proposal: Type.Array(calculatorAcceptSchema.body.properties.proposal.items, { maxItems: 200 }),
  },
  { additionalProperties: false },
);
export type ReoptimizeApplyBody = Type.Static<typeof ReoptimizeApplyBody>;

export const reoptimizeApplySchema = {
  body: ReoptimizeApplyBody,
  response: { 200: Type.Object({ id: Type.Integer(), created: Type.Integer(), replaced: Type.Integer() }), ...errorResponses },
};

export const reoptimizeLastSchema = {
  querystring: CenterDay,
  response: {
    200: Type.Object({
      /** the day's last applied 再最適化 while it can be undone (not undone, the day as it left it), else null */
      reoptimization: Nullable(Type.Object({ id: Type.Integer(), applied_at: Timestamp, replaced: Type.Integer(), created: Type.Integer() })),
    }),
    ...errorResponses,
  },
};

export const reoptimizeUndoSchema = {
  params: IdParams,
  response: { 200: Type.Object({ restored: Type.Integer() }), ...errorResponses },
};

/** Field labels, so that a refused input names the field as the screens do. */
export const tripLabels: Record<string, string> = {
  trip_id: 'workRules.fields.trip_id',
  date: 'allocation.fields.date',
  date_from: 'allocation.fields.date_from',
  date_to: 'allocation.fields.date_to',
  kind: 'allocation.fields.kind',
  department_id: 'allocation.fields.department_id',
  vehicle_id: 'allocation.fields.vehicle_id',
  driver_id: 'allocation.fields.driver_id',
  route_name: 'allocation.fields.route_name',
  origin_department_id: 'allocation.fields.origin_department_id',
  destination_department_id: 'allocation.fields.destination_department_id',
  direction_id: 'allocation.fields.direction_id',
  planned_loading_start: 'allocation.fields.planned_loading_start',
  planned_departure: 'allocation.fields.planned_departure',
  planned_arrival: 'allocation.fields.planned_arrival',
  delivery_ids: 'allocation.fields.delivery_ids',
  stops: 'allocation.fields.stops',
  version: 'allocation.fields.version',
  quantity: 'allocation.fields.quantity',
  weight: 'allocation.fields.weight',
  volume: 'allocation.fields.volume',
  from_date: 'allocation.fields.from_date',
  to_date: 'allocation.fields.to_date',
};

/** The answers and bodies as the client reads and writes them (timestamps as text): its types are these. */
export type TripWire = Wire<typeof Trip>;
export type TripDetailWire = Wire<typeof TripDetail>;
export type StopsWire = Wire<typeof StopsBody>;
export type BoardWire = Wire<(typeof boardSchema.response)[200]>;
export type CalculatorWire = Wire<(typeof calculatorSchema.response)[200]>;
export type ReoptimizeWire = Wire<(typeof reoptimizeSchema.response)[200]>;
export type ReoptimizeAppliedWire = Wire<(typeof reoptimizeApplySchema.response)[200]>;
export type ReoptimizeLastWire = Wire<(typeof reoptimizeLastSchema.response)[200]>;
export type TransfersWire = Wire<(typeof transfersSchema.response)[200]>;
export type CopyReportWire = Wire<(typeof tripCopySchema.response)[200]>;

import type { Transaction } from 'kysely';
import { closedRefusal, confirmationRefusal, overCapacity, TRIP_STATUS } from '../../common/allocation.js';
import { DELIVERY_STATUS } from '../../common/deliveries.js';
import type { MessageKey } from '../../common/locales/index.js';
import { plannedArrivals, plannedReturn } from '../../common/places.js';
import type { Database, TripKind } from '../../db/types.js';
import type { Actor } from '../auth/actor.js';
import { deadlineOf, expectedDelayStatus } from '../deliveries/delay.js';
import { AppError, invalid, notFound } from '../errors.js';
import type { Translate } from '../i18n.js';
import { departmentScope } from '../auth/scope.js';
import { tripsChanged } from './events.js';
import { startLoading } from './loading.js';
import { checkVersion, type LockedTrip, lockDriver, lockTrips, lockVehicle, overlappingTrip, takenTripNos } from './repository.js';
import {
  assignDeliveries,
  lockDeliveries,
  lockTripDeliveries,
  type Placement,
  planningInput,
  releaseDeliveries,
  writeStops,
} from './stops-repository.js';
import { buildStops, carriedBy, nextTripNo, plannedWindow, returnWarnings, tripWarnings, windowWarnings } from './rules.js';
import type { TripCreateBody, TripFields, TripUpdateBody } from './schemas.js';
import { checkTripWorkRules, workRuleWarningsOf } from './work-rules.js';

/** The write path of trips: every write runs inside the route's one transaction, locking what it checks. */

export interface WriteContext {
  db: Transaction<Database>;
  actor: Actor;
  t: Translate;
  now: Date;
}

const fieldError = (ctx: WriteContext, field: string, key: MessageKey, params: Record<string, unknown> = {}) =>
  invalid({ [field]: ctx.t(key, { field: ctx.t(`allocation.fields.${field}`), ...params }) });

/** A cancelled or completed trip takes no change; `strict` also refuses one in transit. */
function refuseClosed(trip: LockedTrip, stops = false) {
  const refusal = closedRefusal(trip, stops);
  if (refusal) throw new AppError(409, refusal);
}

const handledByApp = () => new AppError(409, 'errors.handledByApp');

/** Version check and the bump every write makes, with who made it. */
async function touch(ctx: WriteContext, tripId: number) {
  await ctx.db
    .updateTable('vehicle_allocations')
    .set((eb) => ({ version: eb('version', '+', 1), updated_at: ctx.now, updated_by: ctx.actor.id }))
    .where('id', '=', tripId)
    .execute();
}

const toDate = (value: string | null | undefined): Date | null | undefined => (value === undefined ? undefined : value === null ? null : new Date(value));

export interface Assignment {
  id: number | null;
  vehicle_id: number | null;
  driver_id: number | null;
  planned_loading_start: Date | null;
  planned_departure: Date | null;
  planned_arrival: Date | null;
}

/**
 * The vehicle and driver a trip is given: visible to the caller (400 naming the field), locked FOR
 * UPDATE (vehicle first, then driver) so that two writes putting the same one on overlapping trips run
 * one after the other, and not on another live trip whose planned window overlaps (409 naming it).
 */
export async function checkAssignment(ctx: WriteContext, trip: Assignment) {
  const vehicle = trip.vehicle_id === null ? null : await lockVehicle(ctx.db, ctx.actor, trip.vehicle_id);
  if (trip.vehicle_id !== null && !vehicle) throw fieldError(ctx, 'vehicle_id', 'errors.refNotFound');
  const driver = trip.driver_id === null ? null : await lockDriver(ctx.db, ctx.actor, trip.driver_id);
  if (trip.driver_id !== null && !driver) throw fieldError(ctx, 'driver_id', 'errors.refNotFound');
  const window = plannedWindow(trip);
  if (window && vehicle) {
    const other = await overlappingTrip(ctx.db, 'vehicle_id', vehicle.id, window, trip.id);
    if (other) throw new AppError(409, 'allocation.vehicleBusy', { trip_no: other.trip_no, date: other.date.replaceAll('-', '/') });
  }
  if (window && driver) {
    const other = await overlappingTrip(ctx.db, 'driver_id', driver.id, window, trip.id);
    if (other) throw new AppError(409, 'allocation.driverBusy', { trip_no: other.trip_no, date: other.date.replaceAll('-', '/') });
  }
  return { vehicle, driver };
}

/** The vehicle's capacities for the load check (no lock: the vehicle is not being assigned). */
async function capacitiesOf(ctx: WriteContext, vehicleId: number | null) {
  if (vehicleId === null) return null;
  const vehicle = await ctx.db
    .selectFrom('vehicles')
    .innerJoin('vehicle_types as vt', 'vt.id', 'vehicles.vehicle_type_id')
    .select(['vt.pallet_capacity', 'vt.cage_cart_capacity', 'vehicles.max_loading_capacity as own', 'vt.max_loading_capacity as type_max'])
    .where('vehicles.id', '=', vehicleId)
    .executeTakeFirst();
  return vehicle ? { ...vehicle, max_loading_capacity: vehicle.own ?? vehicle.type_max } : null;
}

/** Over capacity: 400 with the figures (exactly at the capacity is accepted). */
async function checkCapacity(ctx: WriteContext, tripId: number, known?: { vehicle_id: number | null; load_unit: number; quantity: number; weight: number }) {
  const trip = known ?? (await ctx.db.selectFrom('vehicle_allocations').select(['vehicle_id', 'load_unit', 'quantity', 'weight']).where('id', '=', tripId).executeTakeFirstOrThrow());
  const capacities = await capacitiesOf(ctx, trip.vehicle_id);
  if (!capacities) return;
  const over = overCapacity(trip, capacities);
  if (over) throw new AppError(400, 'allocation.overCapacity', over);
}

type PlanningDelivery = Awaited<ReturnType<typeof planningInput>>['deliveries'][number];

/**
 * A delivery at its stop: while 配車済, its 到着予定 is the stop's planned arrival, 遅延見込 when that
 * passes the store's deadline; once on the road the driver app's reports keep theirs.
 */
function placementOf(delivery: PlanningDelivery, seq: number, planned: Date | null, delayStatus: number): Placement {
  if (delivery.status !== DELIVERY_STATUS.allocated) {
    return { id: delivery.id, seq, estimated: delivery.estimated_arrival_time, delay_status: delivery.delivery_delay_status };
  }
  return { id: delivery.id, seq, estimated: planned, delay_status: delayStatus };
}

/** Only rows that change are written: each written row is a new version in every index of deliveries. */
const placementChanged = (delivery: PlanningDelivery, placed: Placement) =>
  delivery.stop_seq !== placed.seq ||
  delivery.delivery_delay_status !== placed.delay_status ||
  (delivery.estimated_arrival_time?.getTime() ?? null) !== (placed.estimated?.getTime() ?? null);

/**
 * Rebuilds a store trip's stops from its deliveries (in stop_seq order, one stop per store), the planned
 * arrival of each from the trip's planned departure and the stores' coordinates (its deliveries' 到着予定),
 * the time-window warnings of each stop and their summary on the trip, and the trip's totals.
 */
export async function planStops(ctx: WriteContext, tripId: number, { bumpVersion = false, deliveriesChanged = false } = {}) {
  const { deliveries, origin } = await planningInput(ctx.db, tripId);
  const built = buildStops(
    deliveries.map((d) => ({ ...d, delivery_id: d.id, seq: d.stop_seq ?? 1000 })),
    (d) => d.delivery_destination_id,
  );
  const originPoint = origin.latitude !== null && origin.longitude !== null ? { latitude: origin.latitude, longitude: origin.longitude } : null;
  const points = built.map((s) => s.entries[0]!);
  const arrivals = plannedArrivals(origin.planned_departure, originPoint, points);
  const estimatedReturn = origin.planned_departure && points.length ? plannedReturn(origin.planned_departure, originPoint, points) : null;
  const placements: Placement[] = [];
  const stops = built.map((stop, i) => {
    const first = stop.entries[0]!;
    const planned = arrivals[i] ?? null;
    const delayStatus = expectedDelayStatus(planned, deadlineOf(origin.date, first));
    for (const entry of stop.entries) placements.push(placementOf(entry, i + 1, planned, delayStatus));
    return {
      seq: i + 1,
      delivery_destination_id: stop.destinationId,
      planned_arrival: arrivals[i] ?? null,
      quantity: stop.entries.reduce((sum, e) => sum + e.quantity, 0),
      weight: stop.entries.reduce((sum, e) => sum + (e.weight ?? 0), 0),
      warnings: windowWarnings(arrivals[i] ?? null, first),
    };
  });
  const current = new Map(deliveries.map((d) => [d.id, d]));
  const changed = placements.filter((placed) => placementChanged(current.get(placed.id)!, placed));
  await writeStops(ctx.db, tripId, stops, changed, ctx.actor.id, ctx.now);
  const totals = {
    quantity: deliveries.reduce((sum, d) => sum + d.quantity, 0),
    weight: deliveries.reduce((sum, d) => sum + (d.weight ?? 0), 0),
    volume: deliveries.reduce((sum, d) => sum + (d.volume ?? 0), 0),
  };
  // A change of its deliveries brings the trip's 荷姿, 方面 and 便形態 along (rules.ts `carriedBy`).
  const carried = deliveriesChanged ? carriedBy(deliveries, origin) : { load_unit: origin.load_unit };
  await ctx.db
    .updateTable('vehicle_allocations')
    .set((eb) => ({
      ...totals,
      ...carried,
      warnings: JSON.stringify([
        ...tripWarnings(stops.map((s) => s.warnings)),
        ...returnWarnings(estimatedReturn, origin.planned_arrival),
        ...workRuleWarningsOf(origin.warnings),
      ]),
      ...(bumpVersion ? { version: eb('version', '+', 1), updated_at: ctx.now, updated_by: ctx.actor.id } : {}),
    }))
    .where('id', '=', tripId)
    .execute();
  return { ...totals, load_unit: carried.load_unit };
}

function checkFields(ctx: WriteContext, kind: TripKind, fields: TripFields, merged: Assignment) {
  if (kind === 'store_direct') {
    for (const field of ['quantity', 'weight', 'volume'] as const) {
      if (fields[field] !== undefined) throw invalid({ [field]: ctx.t('allocation.computedFromDeliveries') });
    }
  }
  const start = merged.planned_loading_start ?? merged.planned_departure;
  if (start && merged.planned_arrival && merged.planned_arrival.getTime() <= start.getTime()) {
    throw invalid({ planned_arrival: ctx.t('allocation.windowOrder') });
  }
  if (merged.planned_loading_start && merged.planned_departure && merged.planned_departure.getTime() < merged.planned_loading_start.getTime()) {
    throw invalid({ planned_departure: ctx.t('allocation.windowOrder') });
  }
}

/** Centers and the direction a trip names must exist (400 naming the field, rather than a foreign-key 409). */
async function checkReferences(ctx: WriteContext, fields: TripFields) {
  for (const field of ['origin_department_id', 'destination_department_id'] as const) {
    const id = fields[field];
    if (id === undefined || id === null) continue;
    const found = await ctx.db.selectFrom('departments').select('id').where('id', '=', id).where('deleted_at', 'is', null).executeTakeFirst();
    if (!found) throw fieldError(ctx, field, 'errors.refNotFound');
  }
  if (fields.direction_id !== undefined && fields.direction_id !== null) {
    const found = await ctx.db.selectFrom('directions').select('id').where('id', '=', fields.direction_id).where('deleted_at', 'is', null).executeTakeFirst();
    if (!found) throw fieldError(ctx, 'direction_id', 'errors.refNotFound');
  }
}

/** The columns of a trip's body as stored (instants as Dates). */
function columnsOf(fields: TripFields) {
  const { planned_loading_start, planned_departure, planned_arrival, ...rest } = fields;
  return {
    ...rest,
    ...(planned_loading_start !== undefined ? { planned_loading_start: toDate(planned_loading_start) } : {}),
    ...(planned_departure !== undefined ? { planned_departure: toDate(planned_departure) } : {}),
    ...(planned_arrival !== undefined ? { planned_arrival: toDate(planned_arrival) } : {}),
  };
}

/** A department the caller's scope holds; else 404. */
export async function refuseOutOfScopeDepartment(ctx: WriteContext, departmentId: number) {
  let query = ctx.db.selectFrom('departments').select('id').where('id', '=', departmentId).where('deleted_at', 'is', null);
  const scope = departmentScope(ctx.actor, 'departments.id');
  if (scope) query = query.where(scope);
  if (!(await query.executeTakeFirst())) throw notFound();
}

/** POST /vehicle_allocation: a draft trip with the next trip number of its day. */
export async function createTrip(ctx: WriteContext, body: TripCreateBody): Promise<number> {
  const { date, kind, department_id, ...fields } = body;
  await refuseOutOfScopeDepartment(ctx, department_id);
  if (kind !== 'store_direct') {
    const missing = (['origin_department_id', 'destination_department_id'] as const).filter((f) => fields[f] === undefined || fields[f] === null);
    if (missing.length) throw invalid(Object.fromEntries(missing.map((f) => [f, ctx.t('errors.requiredSelect', { field: ctx.t(`allocation.fields.${f}`) })])));
  }
  const columns = columnsOf(fields);
  const assignment: Assignment = {
    id: null,
    vehicle_id: fields.vehicle_id ?? null,
    driver_id: fields.driver_id ?? null,
    planned_loading_start: columns.planned_loading_start ?? null,
    planned_departure: columns.planned_departure ?? null,
    planned_arrival: columns.planned_arrival ?? null,
  };
  checkFields(ctx, kind, fields, assignment);
  await checkReferences(ctx, fields);
  const { vehicle, driver } = await checkAssignment(ctx, assignment);
  const tripNo = nextTripNo(await takenTripNos(ctx.db, department_id, date, kind));
  if (tripNo === null) throw new AppError(409, 'allocation.noTripNo');
  const row = await ctx.db
    .insertInto('vehicle_allocations')
    .values({
      ...columns,
      date,
      kind,
      department_id,
      trip_no: tripNo,
      delivery_company_id: vehicle?.delivery_company_id ?? driver?.delivery_company_id ?? null,
      created_by: ctx.actor.id,
      updated_by: ctx.actor.id,
      created_at: ctx.now,
      updated_at: ctx.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  tripsChanged(ctx.db, [row.id]);
  await checkCapacity(ctx, row.id);
  if (assignment.driver_id !== null) await checkTripWorkRules(ctx.db, row.id);
  return row.id;
}

const sameInstant = (a: Date | null, b: Date | null | undefined) => b === undefined || (a?.getTime() ?? null) === (b?.getTime() ?? null);

/** PUT/PATCH /vehicle_allocation/:id: fields, vehicle and driver (not once handled), times, 固定. */
export async function updateTrip(ctx: WriteContext, id: number, body: TripUpdateBody) {
  const { version, date, kind, department_id, ...fields } = body;
  const [trip] = await lockTrips(ctx.db, ctx.actor, [id]);
  await checkVersion(ctx.db, trip!, version);
  refuseClosed(trip!);
  for (const [field, value, current] of [['date', date, trip!.date], ['kind', kind, trip!.kind], ['department_id', department_id, trip!.department_id]] as const) {
    if (value !== undefined && value !== current) throw fieldError(ctx, field, 'allocation.identityFixed');
  }
  const columns = columnsOf(fields);
  const merged: Assignment = {
    id,
    vehicle_id: fields.vehicle_id === undefined ? trip!.vehicle_id : fields.vehicle_id,
    driver_id: fields.driver_id === undefined ? trip!.driver_id : fields.driver_id,
    planned_loading_start: columns.planned_loading_start === undefined ? trip!.planned_loading_start : columns.planned_loading_start,
    planned_departure: columns.planned_departure === undefined ? trip!.planned_departure : columns.planned_departure,
    planned_arrival: columns.planned_arrival === undefined ? trip!.planned_arrival : columns.planned_arrival,
  };
  const vehicleChanged = merged.vehicle_id !== trip!.vehicle_id;
  const driverChanged = merged.driver_id !== trip!.driver_id;
  if (trip!.handled_at !== null && (vehicleChanged || driverChanged)) throw handledByApp();
  checkFields(ctx, trip!.kind, fields, merged);
  await checkReferences(ctx, fields);
  const timesChanged =
    !sameInstant(trip!.planned_loading_start, columns.planned_loading_start) ||
    !sameInstant(trip!.planned_departure, columns.planned_departure) ||
    !sameInstant(trip!.planned_arrival, columns.planned_arrival);
  let company = trip!.delivery_company_id;
  if (vehicleChanged || driverChanged || timesChanged) {
    const { vehicle, driver } = await checkAssignment(ctx, merged);
    company = vehicle?.delivery_company_id ?? driver?.delivery_company_id ?? null;
  }
  await ctx.db
    .updateTable('vehicle_allocations')
    .set((eb) => ({ ...columns, delivery_company_id: company, version: eb('version', '+', 1), updated_at: ctx.now, updated_by: ctx.actor.id }))
    .where('id', '=', id)
    .execute();
  const roundTimesChanged = !sameInstant(trip!.planned_departure, columns.planned_departure) || !sameInstant(trip!.planned_arrival, columns.planned_arrival);
  if (trip!.kind === 'store_direct' && roundTimesChanged) await planStops(ctx, id);
  await checkCapacity(ctx, id);
  if (driverChanged || timesChanged) await checkTripWorkRules(ctx.db, id);
}

/** DELETE /vehicle_allocation/:id: cancels (status 9); its deliveries go back to 未配車. */
export async function cancelTrip(ctx: WriteContext, id: number, version: number) {
  const [trip] = await lockTrips(ctx.db, ctx.actor, [id]);
  await checkVersion(ctx.db, trip!, version);
  refuseClosed(trip!, true);
  const deliveries = await lockTripDeliveries(ctx.db, id);
  if (deliveries.length && (trip!.handled_at !== null || deliveries.some((d) => d.handled_at !== null))) throw handledByApp();
  const done = deliveries.find((d) => d.status >= DELIVERY_STATUS.inTransit);
  if (done) throw new AppError(409, 'allocation.deliveryDone', { slip: done.slip_number });
  await releaseDeliveries(ctx.db, deliveries.map((d) => d.id), ctx.actor.id, ctx.now);
  await ctx.db.deleteFrom('allocation_stops').where('vehicle_allocation_id', '=', id).execute();
  await ctx.db
    .updateTable('vehicle_allocations')
    .set((eb) => ({ status: TRIP_STATUS.cancelled, quantity: 0, weight: 0, volume: 0, warnings: '[]', version: eb('version', '+', 1), updated_at: ctx.now, updated_by: ctx.actor.id }))
    .where('id', '=', id)
    .execute();
}

/** New deliveries for a trip: in scope (else 404), unallocated, of the trip's date and center. */
async function takeDeliveries(ctx: WriteContext, trip: LockedTrip, ids: number[]) {
  const rows = await lockDeliveries(ctx.db, ctx.actor, ids);
  if (rows.length !== ids.length) {
    const found = new Set(rows.map((r) => r.id));
    throw new AppError(404, 'allocation.deliveryNotFound', { id: ids.find((id) => !found.has(id)) });
  }
  for (const delivery of rows) {
    if (delivery.date !== trip.date || delivery.department_id !== trip.department_id) throw invalid({ stops: ctx.t('allocation.deliveryOutOfDay', { slip: delivery.slip_number }) });
    if (delivery.status >= DELIVERY_STATUS.inTransit) throw new AppError(409, 'allocation.deliveryDone', { slip: delivery.slip_number });
    if (delivery.vehicle_allocation_id !== null && delivery.vehicle_allocation_id !== trip.id) {
      throw new AppError(409, 'allocation.deliveryOnOtherTrip', { slip: delivery.slip_number });
    }
  }
  return rows;
}

function refuseDeliveryChange(trip: LockedTrip) {
  if (trip.kind !== 'store_direct') throw new AppError(409, 'allocation.transferNoDeliveries');
  refuseClosed(trip, true);
}

/** PUT /vehicle_allocation/:id/stops: the complete new list of the trip's deliveries and their order. */
export async function setStops(ctx: WriteContext, id: number, version: number, entries: { delivery_id: number; seq: number }[]) {
  const [trip] = await lockTrips(ctx.db, ctx.actor, [id]);
  await checkVersion(ctx.db, trip!, version);
  refuseDeliveryChange(trip!);
  const requested = new Set(entries.map((e) => e.delivery_id));
  if (requested.size !== entries.length) throw invalid({ stops: ctx.t('allocation.duplicateDelivery') });
  const current = await lockTripDeliveries(ctx.db, id);
  const onTrip = new Set(current.map((d) => d.id));
  const added = await takeDeliveries(ctx, trip!, [...requested].filter((d) => !onTrip.has(d)));
  const removed = current.filter((d) => !requested.has(d.id));
  if ((added.length || removed.length) && (trip!.handled_at !== null || removed.some((d) => d.handled_at !== null))) throw handledByApp();
  const done = removed.find((d) => d.status >= DELIVERY_STATUS.inTransit);
  if (done) throw new AppError(409, 'allocation.deliveryDone', { slip: done.slip_number });
  await releaseDeliveries(ctx.db, removed.map((d) => d.id), ctx.actor.id, ctx.now);
  await assignDeliveries(ctx.db, id, entries, ctx.actor.id, ctx.now);
  const totals = await planStops(ctx, id, { bumpVersion: true, deliveriesChanged: true });
  await checkCapacity(ctx, id, { ...trip!, ...totals });
}

/** POST /vehicle_allocation/move: deliveries from one trip to the end of another, both locked in id order. */
export async function moveDeliveries(ctx: WriteContext, from: { id: number; version: number }, to: { id: number; version: number }, ids: number[]) {
  if (from.id === to.id) throw invalid({ delivery_ids: ctx.t('allocation.sameTrip') });
  const trips = await lockTrips(ctx.db, ctx.actor, [from.id, to.id]);
  const source = trips.find((t) => t.id === from.id)!;
  const target = trips.find((t) => t.id === to.id)!;
  await checkVersion(ctx.db, source, from.version);
  await checkVersion(ctx.db, target, to.version);
  refuseDeliveryChange(source);
  refuseDeliveryChange(target);
  const unique = [...new Set(ids)];
  const onSource = await lockTripDeliveries(ctx.db, source.id);
  const moving = onSource.filter((d) => unique.includes(d.id));
  if (moving.length !== unique.length) {
    const elsewhere = await lockDeliveries(ctx.db, ctx.actor, unique.filter((id) => !moving.some((d) => d.id === id)));
    if (!elsewhere.length) throw new AppError(404, 'allocation.deliveryNotFound', { id: unique.find((id) => !moving.some((d) => d.id === id)) });
    throw new AppError(409, 'allocation.deliveryNotOnTrip', { slip: elsewhere[0]!.slip_number });
  }
  if (source.handled_at !== null || target.handled_at !== null || moving.some((d) => d.handled_at !== null)) throw handledByApp();
  for (const delivery of moving) {
    if (delivery.date !== target.date || delivery.department_id !== target.department_id) {
      throw invalid({ delivery_ids: ctx.t('allocation.deliveryOutOfDay', { slip: delivery.slip_number }) });
    }
    if (delivery.status >= DELIVERY_STATUS.inTransit) throw new AppError(409, 'allocation.deliveryDone', { slip: delivery.slip_number });
  }
  const onTarget = await lockTripDeliveries(ctx.db, target.id);
  const last = Math.max(0, ...onTarget.map((d) => d.stop_seq ?? 0));
  await assignDeliveries(ctx.db, target.id, moving.map((d) => ({ delivery_id: d.id, seq: last + 1 })), ctx.actor.id, ctx.now);
  await planStops(ctx, source.id, { bumpVersion: true, deliveriesChanged: true });
  const totals = await planStops(ctx, target.id, { bumpVersion: true, deliveriesChanged: true });
  await checkCapacity(ctx, target.id, { ...target, ...totals });
}

/** POST /:id/confirm (確定: published to the driver app) and /:id/unconfirm (back to a draft). */
export async function setConfirmed(ctx: WriteContext, id: number, version: number, confirmed: boolean) {
  const [trip] = await lockTrips(ctx.db, ctx.actor, [id]);
  await checkVersion(ctx.db, trip!, version);
  const refusal = confirmationRefusal(trip!, confirmed);
  if (refusal) throw new AppError(409, refusal);
  await ctx.db
    .updateTable('vehicle_allocations')
    .set({ confirmed_at: confirmed ? (trip!.confirmed_at ?? ctx.now) : null })
    .where('id', '=', id)
    .execute();
  await touch(ctx, id);
}

/** POST /:id/loading_start: the version checked, then the same startLoading the driver app calls. */
export async function loadingStart(ctx: WriteContext, id: number, version: number) {
  const [trip] = await lockTrips(ctx.db, ctx.actor, [id]);
  await checkVersion(ctx.db, trip!, version);
  await startLoading(ctx.db, id, ctx.now, ctx.actor.id);
}

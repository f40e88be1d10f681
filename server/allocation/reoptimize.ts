import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { loadByMeasure, TRIP_STATUS } from '../../common/allocation.js';
import { DELIVERY_STATUS } from '../../common/deliveries.js';
import type { Executor } from '../../db/executor.js';
import type { ReplacedTrip } from '../../db/types.js';
import type { Actor } from '../auth/actor.js';
import { departmentScope } from '../auth/scope.js';
import { AppError, notFound } from '../errors.js';
import { acceptProposal, type CalculatorRun, planCenterDay } from './calculator.js';
import { centerInScope, centerVehicles, directionBases, storeTripIds } from './day-repository.js';
import { figures, type FigureTrip, proposedFigureTrips, storedFigureTrips } from './day-figures.js';
import { takenTripNos, tripDetails } from './repository.js';
import type { ReoptimizeApplyBody } from './schemas.js';
import { cancelTrip, checkAssignment, setStops, type WriteContext } from './service.js';

/**
 * 再最適化 on the store-direct board: the optimizer plans a center's day again from its pool and its
 * movable trips (`movableTrips`); every other trip stays as it is and takes its vehicle's time. The
 * planner first sees the plan (`reoptimizePreview`, nothing written), then applies it (`applyReoptimization`:
 * the movable trips cancelled, the plan's trips made as drafts, one transaction) or not; an apply is
 * undone in one step (`undoReoptimization`) while the day is as the apply left it, from any session: the
 * board asks for it after a reload (`undoableReoptimization`).
 */

/**
 * The trips a 再最適化 plans anew: the center's store trips of the day that are drafts not yet loading
 * (status planned, not confirmed), not pinned (固定), not handled by the driver app, with no delivery
 * handled or on the road. Pinned, confirmed, loading or handled trips stay as they are.
 */
function movableTrips(db: Executor, centerId: number, date: string) {
  return db
    .selectFrom('vehicle_allocations as va')
    .leftJoin('vehicles as v', 'v.id', 'va.vehicle_id')
    .select(['va.id', 'va.trip_no', 'va.version', 'va.status', 'va.warnings', 'va.vehicle_id', 'v.vehicle_number'])
    .where('va.department_id', '=', centerId)
    .where('va.date', '=', date)
    .where('va.kind', '=', 'store_direct')
    .where('va.deleted_at', 'is', null)
    .where('va.status', '=', TRIP_STATUS.planned)
    .where('va.pinned', '=', false)
    .where('va.confirmed_at', 'is', null)
    .where('va.handled_at', 'is', null)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('deliveries as d')
            .select('d.id')
            .whereRef('d.vehicle_allocation_id', '=', 'va.id')
            .where('d.deleted_at', 'is', null)
            .where((eb) => eb.or([eb('d.handled_at', 'is not', null), eb('d.status', '>=', DELIVERY_STATUS.inTransit)])),
        ),
      ),
    )
    .orderBy('va.trip_no')
    .execute();
}

/**
 * The state of a center's day as a digest of its trips' and deliveries' versions: a preview is applied,
 * and an apply undone, only while it is unchanged (every write bumps a version).
 */
async function dayState(db: Executor, centerId: number, date: string) {
  const trips = await db
    .selectFrom('vehicle_allocations')
    .select(['id', 'version', 'status'])
    .where('department_id', '=', centerId)
    .where('date', '=', date)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
  const deliveries = await db
    .selectFrom('deliveries')
    .select(['id', 'version', 'vehicle_allocation_id'])
    .where('department_id', '=', centerId)
    .where('date', '=', date)
    .where('deleted_at', 'is', null)
    .orderBy('id')
    .execute();
  return createHash('sha256').update(JSON.stringify({ trips, deliveries })).digest('hex');
}

/** The deliveries on these trips, each with its trip, in stop order. */
function tripDeliveries(db: Executor, tripIds: number[]) {
  if (tripIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('deliveries')
    .select(['id', 'vehicle_allocation_id', 'stop_seq'])
    .where('vehicle_allocation_id', 'in', tripIds)
    .where('deleted_at', 'is', null)
    .orderBy('vehicle_allocation_id')
    .orderBy(sql`stop_seq nulls last`)
    .orderBy('id')
    .execute();
}

/** A trip's load rate: the highest of its load over its vehicle's capacity in each measure (0 when none is known). */
const loadRateOf = (trip: Parameters<typeof loadByMeasure>[0] & Parameters<typeof loadByMeasure>[1]) =>
  Math.max(0, ...loadByMeasure(trip, trip).map((measure) => measure.ratio ?? 0));

/** A plan's figures with its average load rate (0-1, two decimals). */
function summary(trips: FigureTrip[], lateStops: number, loadRates: number[]) {
  const average = loadRates.length ? loadRates.reduce((sum, rate) => sum + rate, 0) / loadRates.length : 0;
  return { ...figures(trips, lateStops), load_rate: Math.round(average * 100) / 100 };
}

/**
 * GET /vehicle_allocation/reoptimize: the day planned anew, nothing written. Each proposed trip says
 * the movable trip of its vehicle it takes the place of (`replaces`, null: a new trip); `moves` lists
 * the deliveries that change vehicle (from a trip or the pool, to a proposed trip or left in the pool);
 * `emptied_trip_ids` the movable trips whose vehicle gets no trip; `before`/`after` the day's figures.
 * `basis` is the day's state the plan was made on: applying it refuses a day changed since.
 */
export async function reoptimizePreview(db: Executor, actor: Actor, centerId: number, date: string, now: Date, run: CalculatorRun) {
  const center = await centerInScope(db, actor, centerId);
  const basis = await dayState(db, centerId, date);
  const movable = await movableTrips(db, centerId, date);
  const bases = await directionBases(db, centerId);
  const roundsOf = (directionId: number | null) => bases.find((b) => b.direction_id === directionId)?.trips_per_day ?? 1;
  const fleet = await centerVehicles(db, actor, centerId, date);
  const { day, rows, deliveries } = await planCenterDay(db, actor, { center, date, fleet, roundsOf }, now, run, movable.map((trip) => trip.id));
  const movableIds = new Set(movable.map((trip) => trip.id));
  const stored = await tripDetails(db, await storeTripIds(db, centerId, date));
  const fixed = stored.filter((trip) => !movableIds.has(trip.id));
  const onTrip = new Map((await tripDeliveries(db, [...movableIds])).map((d) => [d.id, movable.find((trip) => trip.id === d.vehicle_allocation_id)!]));
  const replaces = matchReplaced(rows, movable);
  const trips = rows.map((row, i) => ({ ...row, km: Math.round(day.trips[i]!.km * 10) / 10, load_rate: day.trips[i]!.loadRate, replaces: replaces[i]! }));
  const toTrip = new Map(trips.flatMap((trip, i) => trip.delivery_ids.map((id) => [id, i] as const)));
  const moves = deliveries.flatMap((delivery) => {
    const from = onTrip.get(delivery.id) ?? null;
    const to = toTrip.get(delivery.id) ?? null;
    if (from !== null && to !== null && from.vehicle_id === trips[to]!.vehicle_id) return [];
    if (from === null && to === null) return [];
    return [{ delivery_id: delivery.id, slip_number: delivery.slip_number, store_name: delivery.store_name, from_trip_id: from?.id ?? null, from_trip_no: from?.trip_no ?? null, to_trip: to }];
  });
  const before = storedFigureTrips(stored);
  const kept = storedFigureTrips(fixed);
  const proposed = proposedFigureTrips(day);
  return {
    basis,
    trips,
    moves,
    emptied_trip_ids: movable.filter((trip) => !replaces.includes(trip.id)).map((trip) => trip.id),
    unassigned: day.unassigned,
    before: summary(before.trips, before.lateStops, stored.map(loadRateOf)),
    after: summary([...kept.trips, ...proposed.trips], kept.lateStops + proposed.lateStops, [...fixed.map(loadRateOf), ...day.trips.map((trip) => trip.loadRate)]),
  };
}

/** Per proposed trip, the movable trip of the same vehicle it takes the place of (in the order of both), else null. */
function matchReplaced(rows: { vehicle_id: number }[], movable: { id: number; vehicle_id: number | null }[]) {
  const left = [...movable];
  return rows.map((row) => {
    const match = left.find((trip) => trip.vehicle_id === row.vehicle_id);
    if (!match) return null;
    left.splice(left.indexOf(match), 1);
    return match.id;
  });
}

/** Serialises with every trip made on the center's day (the trip numbers' lock). */
const lockDay = (ctx: WriteContext, centerId: number, date: string) => takenTripNos(ctx.db, centerId, date, 'store_direct');

/**
 * POST /vehicle_allocation/reoptimize/apply: on the day the preview was made on (else 409), the movable
 * trips are cancelled and the plan's trips made as drafts through the calculator's accept (the same
 * write path and checks). What it replaced is kept for the undo.
 */
export async function applyReoptimization(ctx: WriteContext, body: ReoptimizeApplyBody) {
  const { department_id: centerId, date } = body;
  await centerInScope(ctx.db, ctx.actor, centerId);
  await lockDay(ctx, centerId, date);
  if ((await dayState(ctx.db, centerId, date)) !== body.basis) throw new AppError(409, 'allocation.reoptimize.dayChanged');
  const movable = await movableTrips(ctx.db, centerId, date);
  const onTrips = await tripDeliveries(ctx.db, movable.map((trip) => trip.id));
  const replaced: ReplacedTrip[] = movable.map((trip) => ({
    id: trip.id,
    status: trip.status,
    warnings: trip.warnings,
    stops: onTrips.filter((d) => d.vehicle_allocation_id === trip.id).map((d, i) => ({ delivery_id: d.id, seq: d.stop_seq ?? i + 1 })),
  }));
  const standing = new Set(await storeTripIds(ctx.db, centerId, date));
  for (const trip of movable) await cancelTrip(ctx, trip.id, trip.version);
  if (body.proposal.length) await acceptProposal(ctx, { department_id: centerId, date, proposal: body.proposal });
  const created = (await storeTripIds(ctx.db, centerId, date)).filter((id) => !standing.has(id));
  const row = await ctx.db
    .insertInto('allocation_reoptimizations')
    .values({
      department_id: centerId,
      date,
      replaced: JSON.stringify(replaced),
      created_trip_ids: JSON.stringify(created),
      day_state: await dayState(ctx.db, centerId, date),
      created_by: ctx.actor.id,
      created_at: ctx.now,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return { id: row.id, created: created.length, replaced: replaced.length };
}

/** The last 再最適化 applied to a center's day (undone or not). */
function lastApplied(db: Executor, centerId: number, date: string) {
  return db
    .selectFrom('allocation_reoptimizations')
    .selectAll()
    .where('department_id', '=', centerId)
    .where('date', '=', date)
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
}

type Applied = NonNullable<Awaited<ReturnType<typeof lastApplied>>>;

/** Whether the day is as the apply left it: no trip or delivery of it written since (their versions). */
const dayAsLeft = async (db: Executor, applied: Applied) => (await dayState(db, applied.department_id, applied.date)) === applied.day_state;

/**
 * GET /vehicle_allocation/reoptimize/last: the center's day's last 再最適化 while the undo would take it
 * back (not undone, the day as it left it), so that the board offers 元に戻す after a reload; else null.
 */
export async function undoableReoptimization(db: Executor, actor: Actor, centerId: number, date: string) {
  await centerInScope(db, actor, centerId);
  const last = await lastApplied(db, centerId, date);
  if (!last || last.undone_at !== null || !(await dayAsLeft(db, last))) return { reoptimization: null };
  return { reoptimization: { id: last.id, applied_at: last.created_at, replaced: last.replaced.length, created: last.created_trip_ids.length } };
}

/**
 * POST /vehicle_allocation/reoptimize/:id/undo: the last apply of its center's day only, while the day
 * is as that apply left it (else 409), the trips it made are cancelled and removed, and the trips it
 * replaced come back as they were: their status, warnings, vehicle, driver and times, and their
 * deliveries in the same order (their stops planned again from the same times, so as before).
 */
export async function undoReoptimization(ctx: WriteContext, id: number) {
  let query = ctx.db.selectFrom('allocation_reoptimizations').selectAll().where('id', '=', id);
  const scope = departmentScope(ctx.actor, 'allocation_reoptimizations.department_id');
  if (scope) query = query.where(scope);
  const applied = await query.forUpdate().executeTakeFirst();
  if (!applied) throw notFound();
  if (applied.undone_at !== null) throw new AppError(409, 'allocation.reoptimize.alreadyUndone');
  await lockDay(ctx, applied.department_id, applied.date);
  const last = await lastApplied(ctx.db, applied.department_id, applied.date);
  if (last?.id !== applied.id) throw new AppError(409, 'allocation.reoptimize.notLast');
  if (!(await dayAsLeft(ctx.db, applied))) throw new AppError(409, 'allocation.reoptimize.changedSince');
  await removeCreated(ctx, applied.created_trip_ids);
  for (const trip of applied.replaced) await restoreTrip(ctx, trip);
  await ctx.db.updateTable('allocation_reoptimizations').set({ undone_at: ctx.now }).where('id', '=', id).execute();
  return { restored: applied.replaced.length };
}

/** The trips an apply made: cancelled (their deliveries back in the pool), then removed from the day. */
async function removeCreated(ctx: WriteContext, ids: number[]) {
  const versions = ids.length ? await ctx.db.selectFrom('vehicle_allocations').select(['id', 'version']).where('id', 'in', ids).execute() : [];
  for (const trip of versions) await cancelTrip(ctx, trip.id, trip.version);
  if (ids.length) await ctx.db.updateTable('vehicle_allocations').set({ deleted_at: ctx.now, updated_by: ctx.actor.id }).where('id', 'in', ids).execute();
}

/** A replaced trip back as it was: its status and warnings, its vehicle and driver free at its times, its deliveries in order. */
async function restoreTrip(ctx: WriteContext, trip: ReplacedTrip) {
  const row = await ctx.db
    .updateTable('vehicle_allocations')
    .set((eb) => ({ status: trip.status, warnings: JSON.stringify(trip.warnings), version: eb('version', '+', 1), updated_at: ctx.now, updated_by: ctx.actor.id }))
    .where('id', '=', trip.id)
    .returning(['id', 'version', 'vehicle_id', 'driver_id', 'planned_loading_start', 'planned_departure', 'planned_arrival'])
    .executeTakeFirstOrThrow();
  await checkAssignment(ctx, row);
  await setStops(ctx, trip.id, row.version, trip.stops);
}
